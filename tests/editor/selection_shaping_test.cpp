// Shaping a selection as a designer does: the transform handles dragged with the mouse, Edit ▸
// Transform Selection's exact numbers, a copied section pasted as a branch or into a route, and a
// whole route cut away.
#include "tests/editor/canvas_session.h"

#include "editor/document/node_clipboard.h"
#include "editor/document/selection_transform.h"
#include "editor/document/track_edits.h"
#include "editor/docks/properties_dock.h"

#include <QDoubleSpinBox>

#include "tests/support/test_tracks.h"

#include <cmath>
#include <numbers>

namespace {

using ShapingSession = tw::test::CanvasSession;
constexpr double kDegree = std::numbers::pi / 180.0;

double bearing(formats::Vec2 v) { return std::atan2(v.y, v.x); }

TEST(SelectionTransform, TurnsAndScalesAboutThePivotAndKeepsHeights) {
    const formats::TrackDocument track = tw::test::circleTrack(12);
    const std::set<std::uint32_t> nodes{0, 1, 2, 3};
    editor::SelectionTransform quarter;
    quarter.pivot = editor::selectionCentre(track, nodes);
    quarter.angle = 90.0 * kDegree;
    quarter.scale = 2.0;
    const editor::TrackEdit turned = editor::transformSelection(track, nodes, quarter, false);
    ASSERT_TRUE(turned.track) << turned.refusal;
    for (std::uint32_t n : nodes) {
        const formats::Vec2 before = track.nodes[n].position.ground() - quarter.pivot;
        const formats::Vec2 after = turned.track->nodes[n].position.ground() - quarter.pivot;
        EXPECT_NEAR(after.x, -2.0 * before.y, 1e-9);
        EXPECT_NEAR(after.y, 2.0 * before.x, 1e-9);
        EXPECT_EQ(turned.track->nodes[n].position.z, track.nodes[n].position.z) << "heights stay";
        EXPECT_EQ(turned.track->nodes[n].left, track.nodes[n].left) << "widths kept unless asked";
    }
    EXPECT_EQ(turned.track->nodes[4], track.nodes[4]) << "unselected nodes stay";
    EXPECT_EQ(turned.track->lines, track.lines);

    const editor::TrackEdit scaled = editor::transformSelection(track, nodes, quarter, true);
    ASSERT_TRUE(scaled.track);
    EXPECT_DOUBLE_EQ(scaled.track->nodes[2].right.wall, 2.0 * track.nodes[2].right.wall);
    EXPECT_DOUBLE_EQ(scaled.track->lines[0].offsets[3], 2.0 * track.lines[0].offsets[3]) << "the line keeps its place on the scaled road";
    EXPECT_DOUBLE_EQ(scaled.track->lines[0].offsets[5], track.lines[0].offsets[5]);

    editor::SelectionTransform bad;
    bad.scale = 0.0;
    EXPECT_FALSE(editor::transformSelection(track, nodes, bad, false).track);
    bad.scale = std::nan("");
    EXPECT_FALSE(editor::transformSelection(track, nodes, bad, false).track);
    EXPECT_FALSE(editor::transformSelection(track, {}, {}, false).track);
    EXPECT_FALSE(editor::transformSelection(track, {99}, {}, false).track);
}

TEST(TrackEdits, DeletingEveryNodeOfARouteRemovesTheRouteAndItsLines) {
    formats::TrackDocument track = tw::test::circleTrack(12);
    const editor::TrackEdit branched = editor::makeBranch(track, 2, 6);
    ASSERT_TRUE(branched.track) << branched.refusal;
    track = *branched.track;
    formats::Route spur{"spur", false, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < 3; ++i) {
        spur.nodes.push_back(static_cast<std::uint32_t>(track.nodes.size()));
        track.nodes.push_back(track.nodes[0]);
        track.nodes.back().position.x += 200.0 + 10.0 * i;
    }
    track.routes.insert(track.routes.begin() + 1, spur);  // the branch is route 2 now
    track.routes[2].fork->route = 0;
    track.lines.push_back({"spur line", 1, "", {0.0, 0.5, 0.0}});

    const editor::TrackEdit cut = editor::deleteNodes(track, {spur.nodes.begin(), spur.nodes.end()});
    ASSERT_TRUE(cut.track) << cut.refusal;
    ASSERT_EQ(cut.track->routes.size(), 2u);
    EXPECT_EQ(cut.track->routes[1].fork->node, 2u) << "the branch, now route 1, still forks at node 2";
    ASSERT_EQ(cut.track->lines.size(), 1u) << "the spur's line went with it";
    EXPECT_FALSE(formats::hasErrors(formats::validate(*cut.track)));
    // Part of a loop down to two nodes is still refused, and so is a junction node.
    EXPECT_FALSE(editor::deleteNodes(track, {0, 1, 3, 4, 5, 6, 7, 8, 9, 10}).track);
    EXPECT_FALSE(editor::deleteNodes(track, {2}).track);
}

TEST(NodeClipboard, ACopiedStraightPastesAsABranchBesideItAndIntoARoute) {
    const formats::TrackDocument track = tw::test::circleTrack(36, 120.0);
    const editor::TrackEdit clip = editor::copyNodes(track, {10, 11, 12, 13, 14});
    ASSERT_TRUE(clip.track);
    const editor::TrackEdit branch = editor::pasteBranch(track, *clip.track, {0.0, 0.0});
    ASSERT_TRUE(branch.track) << branch.refusal;
    const formats::Route& lane = branch.track->routes.back();
    ASSERT_TRUE(lane.fork && lane.join);
    EXPECT_EQ(lane.fork->node, 9u) << "forks from the node behind the run's start, not the one beside it";
    EXPECT_EQ(lane.join->node, 15u);
    EXPECT_GT(branch.newNodes.size(), 5u) << "the pasted nodes and the ramps in and out";
    EXPECT_FALSE(formats::hasErrors(formats::validate(*branch.track)));

    const editor::TrackEdit inserted = editor::pasteIntoRoute(track, *clip.track, 20);
    ASSERT_TRUE(inserted.track) << inserted.refusal;
    const auto& main = inserted.track->routes[0].nodes;
    ASSERT_EQ(main.size(), 41u);
    EXPECT_EQ(main[20], 20u);
    EXPECT_EQ(main[21], inserted.newNodes.front());
    EXPECT_EQ(main[26], 21u);
    EXPECT_EQ(inserted.track->lines[0].offsets.size(), main.size()) << "the line has an offset at every new node";
    const formats::Vec2 firstLink = track.nodes[11].position.ground() - track.nodes[10].position.ground();
    const formats::Vec2 carriedOn = inserted.track->nodes[main[21]].position.ground() - track.nodes[20].position.ground();
    EXPECT_NEAR(carriedOn.x, firstLink.x, 1e-9);
    EXPECT_NEAR(carriedOn.y, firstLink.y, 1e-9);
    EXPECT_FALSE(editor::pasteIntoRoute(track, *clip.track, 999).track);
}

// The handles with the mouse: the knob turns the selection 10°, a corner scales it 1.5 times, the
// centre moves it; each drag one undo step.
TEST_F(ShapingSession, TransformHandlesTurnScaleAndMoveTheSelection) {
    ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    QApplication::processEvents();
    tool("select");
    const std::vector<std::uint32_t> main = track().routes[0].nodes;
    const std::set<std::uint32_t> picked{main[4], main[5], main[6], main[7], main[8]};
    window->selection()->set(picked);
    canvas()->frameNodes(picked, 40.0);
    QApplication::processEvents();
    const formats::TrackDocument before = track();
    const formats::Vec2 pivot = editor::selectionCentre(before, picked);
    auto handles = canvas()->tools().find<editor::SelectTool>()->transformHandles();
    ASSERT_TRUE(handles);

    // Turn: drag the knob round the centre by 10° (counter-clockwise in the world is clockwise on
    // a screen whose y points down).
    const QPointF centre = handles->centre, knob = handles->rotate;
    const double r = QLineF(centre, knob).length(), a0 = std::atan2(knob.y() - centre.y(), knob.x() - centre.x());
    const QPointF turned = centre + QPointF(r * std::cos(a0 - 10.0 * kDegree), r * std::sin(a0 - 10.0 * kDegree));
    const int steps = undo()->count();
    drag(knob, turned);
    EXPECT_EQ(undo()->count(), steps + 1) << "one drag, one undo step";
    for (std::uint32_t n : picked) {
        if (formats::length(before.nodes[n].position.ground() - pivot) < 1.0) continue;  // at the pivot: no bearing to turn
        const double turn = bearing(track().nodes[n].position.ground() - pivot) - bearing(before.nodes[n].position.ground() - pivot);
        EXPECT_NEAR(std::remainder(turn, 2.0 * std::numbers::pi), 10.0 * kDegree, 0.2 * kDegree) << n;
        EXPECT_NEAR(formats::length(track().nodes[n].position.ground() - pivot), formats::length(before.nodes[n].position.ground() - pivot), 1e-6);
    }
    EXPECT_EQ(track().nodes[main[20]], before.nodes[main[20]]);
    undo()->undo();
    EXPECT_EQ(track(), before);

    // Scale by a corner, widths kept; then with View ▸ Scale Widths with Selection, widths too.
    handles = canvas()->tools().find<editor::SelectTool>()->transformHandles();
    const QPointF corner = handles->corners[2];
    drag(corner, centre + (corner - centre) * 1.5);
    for (std::uint32_t n : picked) {
        EXPECT_NEAR(formats::length(track().nodes[n].position.ground() - pivot), 1.5 * formats::length(before.nodes[n].position.ground() - pivot), 0.05);
        EXPECT_EQ(track().nodes[n].left, before.nodes[n].left);
    }
    undo()->undo();
    action("actionScaleWidths");
    drag(corner, centre + (corner - centre) * 1.5);
    EXPECT_NEAR(track().nodes[main[6]].right.track, 1.5 * before.nodes[main[6]].right.track, 0.05);
    undo()->undo();
    action("actionScaleWidths");
    EXPECT_EQ(track(), before);

    // Move by the centre handle: every node by the same world distance.
    handles = canvas()->tools().find<editor::SelectTool>()->transformHandles();
    drag(handles->centre, handles->centre + QPointF(30.0, 0.0));
    const double moved = track().nodes[main[4]].position.x - before.nodes[main[4]].position.x;
    EXPECT_NEAR(moved, 30.0 / canvas()->view().scale(), 1e-6);
    EXPECT_NEAR(track().nodes[main[8]].position.x - before.nodes[main[8]].position.x, moved, 1e-9);
}

TEST_F(ShapingSession, CutTakesAWholeRouteAway) {
    ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    QApplication::processEvents();
    const formats::TrackDocument before = track();
    const std::vector<std::uint32_t>& main = before.routes[0].nodes;
    window->selection()->set({main[10], main[11], main[12], main[13]});
    action("actionCopy");
    action("actionPaste");
    ASSERT_EQ(track().routes.size(), before.routes.size() + 1);
    // The pasted nodes are selected: cutting them takes the whole pasted route away.
    action("actionCut");
    EXPECT_EQ(track(), before);
}

// Banking and grip in the Properties dock, on several nodes at once: banking typed in degrees is
// kept in radians, differing values show a dash, and each edit is one undo step.
TEST_F(ShapingSession, PropertiesSetBankingInDegreesAndGripOnASelection) {
    ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    QApplication::processEvents();
    const std::vector<std::uint32_t> main = track().routes[0].nodes;
    window->selection()->set({main[3], main[4], main[5]});
    QDoubleSpinBox* banking = window->propertiesDock()->field(editor::PropertiesDock::Banking);
    QDoubleSpinBox* grip = window->propertiesDock()->field(editor::PropertiesDock::Grip);
    EXPECT_EQ(banking->value(), 0.0);
    EXPECT_EQ(grip->value(), 1.0);
    const int steps = undo()->count();
    banking->setValue(8.0);
    grip->setValue(0.7);
    EXPECT_EQ(undo()->count(), steps + 2);
    for (std::uint32_t n : {main[3], main[4], main[5]}) {
        EXPECT_NEAR(track().nodes[n].banking, 8.0 * std::numbers::pi / 180.0, 1e-12);
        EXPECT_DOUBLE_EQ(track().nodes[n].grip, 0.7);
    }
    EXPECT_EQ(track().nodes[main[6]].banking, 0.0);
    EXPECT_FALSE(formats::hasErrors(formats::validate(track())));
    window->selection()->set({main[5], main[6]});
    EXPECT_EQ(banking->text(), QStringLiteral("—")) << "differing values show a dash";
    EXPECT_GE(banking->maximum(), 35.0);
    EXPECT_LE(banking->maximum(), 35.0) << "no more than validation allows";
    window->selection()->set({});
    EXPECT_EQ(grip->text().trimmed(), QString()) << "nothing selected: blank, not grip's minimum read as a surface";
    EXPECT_EQ(banking->text().trimmed(), QString());
    window->selection()->set({main[3]});
    EXPECT_EQ(grip->value(), 0.7) << "a selection shows its values again";
}

} // namespace
