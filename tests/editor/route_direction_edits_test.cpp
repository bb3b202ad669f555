// Turning a route round and moving its start line: the edits a designer makes from the Edit menu.
#include "editor/document/track_edits.h"
#include "editor/canvas/track_canvas.h"
#include "editor/main_window.h"

#include "formats/validate/validate.h"
#include "tests/support/test_tracks.h"

#include <QAction>
#include <QApplication>

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

} // namespace
