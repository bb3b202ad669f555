// A designer's session driven through the real widgets: a track built from nothing by clicks,
// width handles dragged, nodes inserted and deleted, a racing line optimised and dragged, a branch
// made; then everything undone back to the original bytes, redone, saved, reopened.
#include "tests/editor/canvas_session.h"

#include "editor/docks/properties_dock.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"
#include "editor/canvas/measurement.h"
#include "editor/canvas/snapping.h"
#include "editor/canvas/track_canvas.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using EditingSession = tw::test::CanvasSession;

TEST_F(EditingSession, BuildEditUndoRedoSaveReopen) {
    ASSERT_TRUE(window->newTrack(true));
    const std::string empty = formats::writeTrackJson(track());

    // Twelve clicks round an ellipse with the Add Node tool: a route grows from nothing.
    tool("add-node");
    const QPointF centre(canvas()->width() / 2.0, canvas()->height() / 2.0);
    for (int i = 0; i < 12; ++i) {
        const double a = -2.0 * M_PI * i / 12.0;
        click(centre + QPointF(330.0 * std::cos(a), 230.0 * std::sin(a)));
    }
    ASSERT_EQ(track().routes.size(), 1u);
    ASSERT_EQ(track().routes[0].nodes.size(), 12u);
    action("actionCloseRoute");
    ASSERT_TRUE(track().routes[0].closed);
    EXPECT_FALSE(hasErrors()) << formats::validate(track()).front().message;
    canvas()->fitToTrack();
    QApplication::processEvents();

    // Select a node and drag its left tarmac handle outwards: the tarmac widens, the runoff and
    // wall make room; the whole drag is one undo step.
    tool("select");
    const std::uint32_t node = track().routes[0].nodes[3];
    click(canvas()->nodeOnScreen(node));
    ASSERT_EQ(window->selection()->nodes(), (std::set<std::uint32_t>{node}));
    const double before = track().nodes[node].left.track;
    const QPointF handle = canvas()->widthHandleOnScreen(node, true, 0);
    const QPointF outwards = handle + (handle - canvas()->nodeOnScreen(node)) * 2.5;
    const int steps = undo()->count();
    drag(handle, outwards);
    EXPECT_GT(track().nodes[node].left.track, before + 3.0);
    EXPECT_LE(track().nodes[node].left.track, track().nodes[node].left.runoff);
    EXPECT_LE(track().nodes[node].left.runoff, track().nodes[node].left.wall);
    EXPECT_EQ(undo()->count(), steps + 1);
    // The properties dock shows the new width and edits it on all selected nodes.
    EXPECT_NEAR(window->propertiesDock()->field(editor::PropertiesDock::LeftTrack)->value(), track().nodes[node].left.track, 0.01);

    // Drag a node; double-click a link to insert one; delete a node with the key.
    const QPointF nodeAt = canvas()->nodeOnScreen(track().routes[0].nodes[6]);
    drag(nodeAt, nodeAt + QPointF(12, -9));
    EXPECT_EQ(undo()->count(), steps + 2);
    const QPointF a = canvas()->nodeOnScreen(track().routes[0].nodes[8]), b = canvas()->nodeOnScreen(track().routes[0].nodes[9]);
    QTest::mouseDClick(canvas(), Qt::LeftButton, {}, ((a + b) / 2.0).toPoint());
    ASSERT_EQ(track().routes[0].nodes.size(), 13u);
    click(canvas()->nodeOnScreen(track().routes[0].nodes[1]));
    QTest::keyClick(canvas(), Qt::Key_Delete);
    ASSERT_EQ(track().routes[0].nodes.size(), 12u);
    EXPECT_FALSE(hasErrors());

    // Racing and alternate lines from the optimiser; one dragged sideways with the Line tool.
    action("actionOptimiseLines");
    ASSERT_GE(track().lines.size(), 1u);
    tool("line");
    const std::vector<formats::Line> linesBefore = track().lines;
    const std::uint32_t lineNode = track().routes[0].nodes[5];
    const QPointF grab = canvas()->nodeOnScreen(lineNode);  // every line passes within the tarmac, a few pixels away
    drag(grab, grab + (canvas()->widthHandleOnScreen(lineNode, true, 2) - grab) * 1.0);
    std::size_t moved = 0;
    for (std::size_t l = 0; l < linesBefore.size(); ++l) moved += track().lines[l].offsets != linesBefore[l].offsets;
    EXPECT_EQ(moved, 1u) << "one line moved";

    // A branch from one node to another.
    tool("branch");
    click(canvas()->nodeOnScreen(track().routes[0].nodes[0]));
    click(canvas()->nodeOnScreen(track().routes[0].nodes[2]));
    ASSERT_EQ(track().routes.size(), 2u);
    EXPECT_TRUE(track().routes[1].fork && track().routes[1].join);

    // Undo everything: the original (empty) document, byte for byte; redo it all.
    const std::string edited = formats::writeTrackJson(track());
    EXPECT_TRUE(window->isWindowModified());
    while (undo()->canUndo()) undo()->undo();
    EXPECT_EQ(formats::writeTrackJson(track()), empty);
    while (undo()->canRedo()) undo()->redo();
    EXPECT_EQ(formats::writeTrackJson(track()), edited);

    // Save, reopen in a fresh window, compare.
    const QString file = dir.filePath("built.twtrack");
    QString error;
    ASSERT_TRUE(window->saveTo(file, &error)) << error.toStdString();
    EXPECT_FALSE(window->isWindowModified());
    EXPECT_TRUE(window->windowTitle().startsWith("built.twtrack"));
    editor::MainWindow reopened(nullptr, dir.filePath("recovery2"));
    ASSERT_TRUE(reopened.openFile(file, &error)) << error.toStdString();
    // The untitled track took its file's name as it was saved; nothing else changed.
    EXPECT_EQ(track().name, "built");
    EXPECT_EQ(formats::writeTrackJson(*reopened.document()), formats::writeTrackJson(track()));
    formats::TrackDocument renamedBack = track();
    renamedBack.name = "Untitled";
    EXPECT_EQ(formats::writeTrackJson(renamedBack), edited);
}

TEST_F(EditingSession, BoxSelectionShiftAddsAndArrowsNudgeAsOneStep) {
    ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    QApplication::processEvents();
    const auto& nodes = track().routes[0].nodes;
    // A box round the whole view selects every node; a shift-click takes one out again.
    drag(QPointF(4, 4), QPointF(canvas()->width() - 4, canvas()->height() - 4));
    EXPECT_EQ(window->selection()->nodes().size(), track().nodes.size());
    mouse(QEvent::MouseButtonPress, canvas()->nodeOnScreen(nodes[40]), Qt::LeftButton, Qt::ShiftModifier);
    mouse(QEvent::MouseButtonRelease, canvas()->nodeOnScreen(nodes[40]), Qt::NoButton, Qt::ShiftModifier);
    EXPECT_EQ(window->selection()->nodes().size(), track().nodes.size() - 1);
    click(canvas()->nodeOnScreen(nodes[40]));
    EXPECT_EQ(window->selection()->nodes(), (std::set<std::uint32_t>{nodes[40]}));
    const double x = track().nodes[nodes[40]].position.x;
    const int steps = undo()->count();
    for (int i = 0; i < 5; ++i) QTest::keyClick(canvas(), Qt::Key_Right);
    EXPECT_NEAR(track().nodes[nodes[40]].position.x, x + 0.5, 1e-9);
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_TRUE(window->isWindowModified());
}

// View ▸ Snap: links added at a route's end keep 15° steps and whole grid steps, a dragged node
// lands on the grid, and the grid follows the zoom.
TEST_F(EditingSession, SnappingKeepsLinksAt15DegreesAndDraggedNodesOnTheGrid) {
    EXPECT_EQ(editor::snapGridStep(1.0), 10.0);   // 1 px a metre: 10 m
    EXPECT_EQ(editor::snapGridStep(4.0), 5.0);    // 2.5 m would be under 10 px
    EXPECT_EQ(editor::snapGridStep(30.0), 0.5);
    ASSERT_TRUE(window->newTrack(true));
    QAction* snap = window->findChild<QAction*>("actionSnap");
    ASSERT_NE(snap, nullptr);
    if (!snap->isChecked()) snap->trigger();
    ASSERT_TRUE(canvas()->snapping());
    tool("add-node");  // Add Node
    const QPointF start(300.0, 400.0);
    click(start);
    click(start + QPointF(200.0, -15.0));  // about 4° up from east
    click(start + QPointF(330.0, -150.0));
    ASSERT_EQ(track().nodes.size(), 3u);
    const double grid = editor::snapGridStep(canvas()->view().scale());
    for (std::size_t k = 0; k < 3; ++k) {
        const formats::Vec2 p = track().nodes[k].position.ground();
        if (k == 0) {
            EXPECT_NEAR(std::remainder(p.x, grid), 0.0, 1e-9);
            EXPECT_NEAR(std::remainder(p.y, grid), 0.0, 1e-9);
            continue;
        }
        const formats::Vec2 link = p - track().nodes[k - 1].position.ground();
        const double degrees = std::atan2(link.y, link.x) * 180.0 / std::numbers::pi;
        EXPECT_NEAR(std::remainder(degrees, 15.0), 0.0, 1e-6) << k;
        EXPECT_NEAR(std::remainder(formats::length(link), grid), 0.0, 1e-6) << k;
    }
    EXPECT_NEAR(std::atan2(track().nodes[1].position.y - track().nodes[0].position.y,
                           track().nodes[1].position.x - track().nodes[0].position.x), 0.0, 1e-9) << "4° snaps to east";

    tool("select");  // Select, and drag the middle node somewhere off the grid
    const QPointF middle = canvas()->nodeOnScreen(1);
    drag(middle, middle + QPointF(33.3, 21.7));
    const formats::Vec2 moved = track().nodes[1].position.ground();
    EXPECT_NEAR(std::remainder(moved.x, grid), 0.0, 1e-9);
    EXPECT_NEAR(std::remainder(moved.y, grid), 0.0, 1e-9);
    snap->trigger();
    EXPECT_FALSE(canvas()->snapping());
}

// The Sketch tool: eight control points with a hairpin, closed on the first, give a smooth loop of
// ordinary nodes at the spacing; dragging one control point moves only the nodes it shapes.
TEST_F(EditingSession, SketchingASmoothLoopAndReshapingItLocally) {
    ASSERT_TRUE(window->newTrack(true));
    tool("sketch");  // Sketch
    ASSERT_EQ(canvas()->tools().current()->id(), "sketch");
    window->findChild<QDoubleSpinBox*>("sketchSpacing")->setValue(8.0);
    // Screen points of a long oval whose right end is a tight hairpin.
    const QPointF points[] = {{200, 500}, {450, 540}, {700, 520}, {860, 470}, {880, 420}, {700, 380}, {450, 330}, {220, 360}};
    for (const QPointF& p : points) click(p);
    ASSERT_EQ(canvas()->tools().find<editor::SketchTool>()->controls().size(), 8u);
    click(points[0]);  // close
    ASSERT_EQ(track().routes.size(), 1u);
    const formats::Route& route = track().routes[0];
    ASSERT_TRUE(route.closed);
    EXPECT_FALSE(hasErrors());
    // Ordinary nodes, no link longer than the spacing, no kink: at most ~5° between links.
    const std::size_t n = route.nodes.size();
    double perimeter = 0.0, sharpest = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const formats::Vec2 a = track().nodes[route.nodes[k]].position.ground();
        const formats::Vec2 b = track().nodes[route.nodes[(k + 1) % n]].position.ground();
        const formats::Vec2 c = track().nodes[route.nodes[(k + 2) % n]].position.ground();
        const double link = formats::length(b - a);
        perimeter += link;
        EXPECT_LE(link, 8.0 * 1.3) << k;
        sharpest = std::max(sharpest, std::abs(std::atan2(formats::cross(b - a, c - b), formats::dot(b - a, c - b))));
    }
    EXPECT_GE(static_cast<double>(n), perimeter / 8.0);
    EXPECT_LT(sharpest * 180.0 / std::numbers::pi, 7.0) << "a smooth curve, not a polygon";

    // Reshape: drag control point 1; the far side of the loop (segments 4 and 5) does not move.
    std::vector<formats::Vec2> before;
    for (std::uint32_t node : route.nodes) before.push_back(track().nodes[node].position.ground());
    const std::vector<std::uint32_t> nodesBefore = route.nodes;
    const int undoBefore = undo()->index();
    // Half way through the drag, before the button is let go, the road already follows the point.
    mouse(QEvent::MouseButtonPress, points[1], Qt::LeftButton);
    mouse(QEvent::MouseMove, points[1] + QPointF(0, 30), Qt::LeftButton);
    EXPECT_NE(track().nodes[nodesBefore[nodesBefore.size() / 8]].position.ground(), before[nodesBefore.size() / 8]) << "the road follows while dragging";
    for (int i = 1; i <= 6; ++i) mouse(QEvent::MouseMove, points[1] + QPointF(0, 30 + 5 * i), Qt::LeftButton);
    mouse(QEvent::MouseButtonRelease, points[1] + QPointF(0, 60), Qt::NoButton);
    EXPECT_EQ(undo()->index(), undoBefore + 1) << "a drag is one step";
    std::size_t unmoved = 0;
    for (std::size_t k = 0; k < nodesBefore.size(); ++k) {
        const std::uint32_t node = nodesBefore[k];
        if (node < track().nodes.size() && track().nodes[node].position.ground() == before[k]) ++unmoved;
    }
    EXPECT_GT(unmoved, nodesBefore.size() / 4) << "only the segments the point shapes are laid again";
    EXPECT_LT(unmoved, nodesBefore.size());
    undo()->undo();
    for (std::size_t k = 0; k < nodesBefore.size(); ++k) EXPECT_EQ(track().nodes[track().routes[0].nodes[k]].position.ground(), before[k]);
    EXPECT_TRUE(canvas()->tools().find<editor::SketchTool>()->controls().empty()) << "an undo ends the sketch; its nodes stay";
}

// The Measure tool: a drag reads a distance and a bearing off the canvas, a third click the radius of
// the circle through the three points.
TEST_F(EditingSession, MeasuringADistanceABearingAndARadius) {
    const editor::Measurement none = editor::measure({{0.0, 0.0}});
    EXPECT_EQ(none.distance, 0.0);
    const editor::Measurement arc = editor::measure({{10.0, 0.0}, {0.0, 10.0}, {-10.0, 0.0}});
    EXPECT_NEAR(arc.distance, std::sqrt(200.0), 1e-12);
    EXPECT_NEAR(arc.bearing, 135.0, 1e-12);
    ASSERT_TRUE(arc.radius);
    EXPECT_NEAR(*arc.radius, 10.0, 1e-12);
    EXPECT_FALSE(editor::measure({{0.0, 0.0}, {1.0, 1.0}, {2.0, 2.0}}).radius) << "points in line have no circle";

    ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    const formats::TrackDocument before = track();
    tool("measure");  // Measure
    ASSERT_EQ(canvas()->tools().current()->id(), "measure");
    const double scale = canvas()->view().scale();
    drag({300.0, 300.0}, {300.0 + 100.0, 300.0 - 100.0});  // up and right on screen: north-east
    ASSERT_EQ(canvas()->tools().find<editor::MeasureTool>()->points().size(), 2u);
    const editor::Measurement m = editor::measure(canvas()->tools().find<editor::MeasureTool>()->points());
    EXPECT_NEAR(m.distance, std::sqrt(2.0) * 100.0 / scale, 1e-6);
    EXPECT_NEAR(m.bearing, 45.0, 1e-6);
    click({300.0 + 200.0, 300.0});
    ASSERT_EQ(canvas()->tools().find<editor::MeasureTool>()->points().size(), 3u);
    ASSERT_TRUE(editor::measure(canvas()->tools().find<editor::MeasureTool>()->points()).radius);
    EXPECT_NEAR(*editor::measure(canvas()->tools().find<editor::MeasureTool>()->points()).radius, 100.0 / scale, 1e-6);
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("radius")) << window->statusBar()->currentMessage().toStdString();
    EXPECT_EQ(track(), before) << "measuring changes nothing";
    click({100.0, 100.0});
    EXPECT_EQ(canvas()->tools().find<editor::MeasureTool>()->points().size(), 1u) << "a fourth click starts over";
}

} // namespace
