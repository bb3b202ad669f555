// Turning a route round and moving its start line: the edits a designer makes from the Edit menu.
#include "editor/document/node_clipboard.h"
#include "editor/document/track_edits.h"
#include "editor/canvas/track_canvas.h"
#include "editor/main_window.h"

#include "formats/validate/validate.h"
#include "tests/support/test_tracks.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

#include <algorithm>

#include <gtest/gtest.h>

namespace {

TEST(TrackEdits, ReversingALoopKeepsItsFirstNodeAndMirrorsWidthsAndLines) {
    formats::TrackDocument track = tw::test::circleTrack(12);
    track.nodes[3].left.track = 7.0;  // an asymmetric node
    const editor::TrackEdit edit = editor::reverseRoute(track, 0);
    ASSERT_TRUE(edit.track) << edit.refusal;
    const formats::TrackDocument& reversed = *edit.track;
    const std::vector<std::uint32_t>& nodes = reversed.routes[0].nodes;
    EXPECT_EQ(nodes.front(), 0u);
    EXPECT_EQ(nodes[1], 11u);
    EXPECT_EQ(nodes.back(), 1u);
    // Driving the other way, the left side is the old right one.
    EXPECT_EQ(reversed.nodes[3].right.track, 7.0);
    EXPECT_EQ(reversed.nodes[3].left.track, track.nodes[3].right.track);
    // The racing line runs through the same points: at each node, mirrored.
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        const std::size_t before = std::find(track.routes[0].nodes.begin(), track.routes[0].nodes.end(), nodes[k]) - track.routes[0].nodes.begin();
        EXPECT_DOUBLE_EQ(reversed.lines[0].offsets[k], -track.lines[0].offsets[before]) << k;
    }
    EXPECT_FALSE(formats::hasErrors(formats::validate(reversed)));
    // Twice is the original.
    EXPECT_EQ(*editor::reverseRoute(reversed, 0).track, track);
    EXPECT_FALSE(editor::reverseRoute(track, 4).track);
}

TEST(TrackEdits, BranchesAndRoutesWithBranchesAreNotReversed) {
    formats::TrackDocument track = tw::test::circleTrack(24);
    const editor::TrackEdit branched = editor::makeBranch(track, 2, 8);
    ASSERT_TRUE(branched.track) << branched.refusal;
    const editor::TrackEdit main = editor::reverseRoute(*branched.track, 0);
    EXPECT_FALSE(main.track);
    EXPECT_NE(main.refusal.find("branches"), std::string::npos) << main.refusal;
    EXPECT_FALSE(editor::reverseRoute(*branched.track, 1).track);
}

TEST(TrackEdits, TheStartLineMovesWithItsLabelAndIsOnlyEverOne) {
    const formats::TrackDocument track = tw::test::circleTrack(12);  // "start-finish" at node 0, labelled "Start"
    const editor::TrackEdit moved = editor::setStartLine(track, 5);
    ASSERT_TRUE(moved.track) << moved.refusal;
    int starts = 0;
    for (const formats::Marker& m : moved.track->markers)
        if (m.kind == "start-finish" || m.kind == "start") {
            ++starts;
            EXPECT_EQ(m.node, 5u);
            EXPECT_EQ(m.kind, "start-finish");
            EXPECT_EQ(m.label, "Start");
        }
    EXPECT_EQ(starts, 1);
    EXPECT_FALSE(editor::setStartLine(*moved.track, 5).track) << "already there";
    EXPECT_FALSE(editor::setStartLine(track, 999).track);

    formats::TrackDocument sprint = track;
    sprint.routes[0].closed = false;
    sprint.markers.clear();
    const editor::TrackEdit start = editor::setStartLine(sprint, 2);
    ASSERT_TRUE(start.track);
    ASSERT_EQ(start.track->markers.size(), 1u);
    EXPECT_EQ(start.track->markers[0].kind, "start") << "an open route starts, it does not finish where it starts";
}

// The menu's Go to Node selects the node and brings it into view.
TEST(MainWindow, GoToNodeSelectsAndFramesTheNode) {
    editor::MainWindow window;
    window.resize(1000, 700);
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack"));
    window.show();
    QApplication::processEvents();
    ASSERT_NE(window.findChild<QAction*>("actionGoToNode"), nullptr);
    EXPECT_EQ(window.findChild<QAction*>("actionGoToNode")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_G));
    ASSERT_TRUE(window.goToNode(700));
    EXPECT_EQ(window.selection()->nodes(), std::set<std::uint32_t>{700});
    const QPointF onScreen = window.canvas()->nodeOnScreen(700);
    EXPECT_TRUE(window.canvas()->rect().contains(onScreen.toPoint()));
    EXPECT_FALSE(window.goToNode(1000000));
}

// Copy a run of nodes, paste it as a new route beside the original, duplicate it, cut it: through the
// menu's actions and the real clipboard, as a designer building a pit lane from a copied section would.
TEST(MainWindow, CopiedNodesPasteAsANewRouteBesideTheOriginal) {
    editor::MainWindow window;
    window.resize(1000, 700);
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    window.show();
    QApplication::processEvents();
    const formats::TrackDocument before = *window.document();
    const std::vector<std::uint32_t>& main = before.routes[0].nodes;
    window.selection()->set({main[10], main[11], main[12], main[13], main[14]});
    window.findChild<QAction*>("actionCopy")->trigger();
    EXPECT_TRUE(QGuiApplication::clipboard()->mimeData()->hasFormat(editor::kNodesMimeType));
    EXPECT_TRUE(QGuiApplication::clipboard()->text().contains("\"routes\"")) << "the clip is .twtrack JSON a text editor can read";

    window.findChild<QAction*>("actionPaste")->trigger();
    const formats::TrackDocument& pasted = *window.document();
    ASSERT_EQ(pasted.routes.size(), before.routes.size() + 1);
    const formats::Route& copy = pasted.routes.back();
    ASSERT_EQ(copy.nodes.size(), 5u);
    EXPECT_FALSE(copy.closed);
    const formats::Vec2 shift = pasted.nodes[copy.nodes[0]].position.ground() - before.nodes[main[10]].position.ground();
    EXPECT_GT(formats::length(shift), 0.5) << "beside the original, not on it";
    for (std::size_t k = 0; k < 5; ++k) {
        const formats::TrackNode& a = before.nodes[main[10 + k]];
        const formats::TrackNode& b = pasted.nodes[copy.nodes[k]];
        EXPECT_NEAR(b.position.x - a.position.x, shift.x, 1e-9);
        EXPECT_EQ(b.left, a.left);
        EXPECT_EQ(b.right, a.right);
    }
    EXPECT_EQ(window.selection()->nodes(), std::set<std::uint32_t>(copy.nodes.begin(), copy.nodes.end())) << "the pasted nodes are selected";

    window.findChild<QAction*>("actionDuplicate")->trigger();
    EXPECT_EQ(window.document()->routes.size(), before.routes.size() + 2);
    EXPECT_EQ(window.document()->nodes.size(), before.nodes.size() + 10);
    // Cut three nodes out of the main route; they paste back as a route of their own.
    window.selection()->set({main[20], main[21], main[22]});
    window.findChild<QAction*>("actionCut")->trigger();
    EXPECT_EQ(window.document()->nodes.size(), before.nodes.size() + 7);
    EXPECT_EQ(window.document()->routes[0].nodes.size(), main.size() - 3);
    window.findChild<QAction*>("actionPaste")->trigger();
    EXPECT_EQ(window.document()->routes.size(), before.routes.size() + 3);
    EXPECT_EQ(window.document()->routes.back().nodes.size(), 3u);

    // One node is not a run: refused, nothing copied over the clipboard.
    window.selection()->set({main[3]});
    QGuiApplication::clipboard()->setText("unrelated");
    window.findChild<QAction*>("actionCopy")->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), "unrelated");
    window.findChild<QAction*>("actionPaste")->trigger();
    EXPECT_EQ(window.document()->routes.size(), before.routes.size() + 3) << "text that is not a track pastes nothing";
}

} // namespace
