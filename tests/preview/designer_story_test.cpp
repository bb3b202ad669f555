// The whole designer story of issue 29, with real mouse and key events under Xvfb: start the app,
// sketch a circuit of eight control points with a hairpin, close it, set widths on a selection,
// rotate the circuit 10°, paste a copied straight as a pit-lane branch, set the start line,
// optimise the lines, save, export, open the preview; then check the saved file and that undoing
// everything gives the empty track back.
#include "tests/editor/canvas_session.h"

#include "editor/canvas/node_selection.h"
#include "editor/document/selection_transform.h"
#include "editor/preview/preview_controller.h"
#include "editor/preview/preview_widget.h"

#include "trackwright/format/baked_reader.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QTest>

#include <cmath>
#include <cstring>
#include <numbers>

namespace {

constexpr double kSpacing = 8.0;  ///< m, typed into the Sketch tool's Spacing box

class DesignerStory : public tw::test::CanvasSession {
protected:
    void SetUp() override {
        // A first start on this machine: no recent file, no saved layout.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());
        tw::test::CanvasSession::SetUp();
        // Shortcuts reach only the active window.
        window->activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));
    }
    QPointF screen(double x, double y) { return canvas()->view().toScreen(QPointF(x, y)); }
    void typeInto(QDoubleSpinBox* box, const QString& text) {
        box->setFocus();
        QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(box, text);
        QTest::keyClick(box, Qt::Key_Return);
    }
    /// A shortcut typed with the canvas focused, as after a click on it.
    /// The window is made active first, as the designer's keypress finds it: a step before (the
    /// optimiser's progress, a save) can leave activation to come back asynchronously, and a
    /// shortcut sent meanwhile reached no window (seen once under ASan in CI).
    void key(QKeySequence sequence) {
        if (!window->isActiveWindow()) {
            window->activateWindow();
            ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));
        }
        canvas()->setFocus();
        QTest::keySequence(canvas(), sequence);
        QApplication::processEvents();
    }
    /// Box-selects with the Select tool the nodes inside the world rectangle (x0, y0)–(x1, y1).
    void boxSelect(double x0, double y0, double x1, double y1) {
        tool("select");
        drag(screen(x0, y0), screen(x1, y1));
    }
    QTemporaryDir settings;
};

double turnAt(const formats::TrackDocument& t, const formats::Route& route, std::size_t k) {
    const std::size_t n = route.nodes.size();
    const formats::Vec2 a = t.nodes[route.nodes[(k + n - 1) % n]].position.ground(), b = t.nodes[route.nodes[k]].position.ground(),
                        c = t.nodes[route.nodes[(k + 1) % n]].position.ground();
    return std::abs(std::remainder(std::atan2((c - b).y, (c - b).x) - std::atan2((b - a).y, (b - a).x), 2.0 * std::numbers::pi));
}

TEST_F(DesignerStory, SketchShapeBranchOptimiseSaveExportPreviewAndUndoAll) {
    // Start: an untitled empty track, the start panel offering to sketch.
    ASSERT_FALSE(window->openStartUpTrack()) << "no file from an earlier session: a new track";
    QApplication::processEvents();
    const std::string empty = formats::writeTrackJson(track());
    EXPECT_TRUE(track().nodes.empty());
    auto* sketchButton = window->findChild<QPushButton*>("startDraw");
    ASSERT_NE(sketchButton, nullptr);
    ASSERT_TRUE(sketchButton->isVisible());
    QTest::mouseClick(sketchButton, Qt::LeftButton);
    ASSERT_EQ(canvas()->tools().current()->id(), "sketch");
    typeInto(window->findChild<QDoubleSpinBox*>("sketchSpacing"), "8");
    ASSERT_DOUBLE_EQ(canvas()->sketchSpacing(), kSpacing);

    // Eight control points, a hairpin at the east end, then the first again to close the loop.
    const std::vector<QPointF> world{{0, 0}, {260, 0}, {320, 45}, {260, 90}, {130, 90}, {70, 170}, {-70, 150}, {-90, 50}};
    canvas()->setFocus();
    for (int i = 0; i < 40 && !canvas()->visibleWorldRect().contains(QRectF(-150, -60, 520, 290)); ++i) QTest::keyClick(canvas(), Qt::Key_Minus);
    ASSERT_TRUE(canvas()->visibleWorldRect().contains(QRectF(-150, -60, 520, 290))) << "zoomed out with the - key";
    for (const QPointF& p : world) click(screen(p.x(), p.y()));
    click(screen(0, 0));
    ASSERT_EQ(track().routes.size(), 1u);
    ASSERT_TRUE(track().routes[0].closed) << "clicking the first point closes the route";
    EXPECT_FALSE(formats::hasErrors(formats::validate(track())));

    // Widths on a selection: the main straight gets 7 m of tarmac each side.
    boxSelect(20, -40, 240, 30);
    const std::set<std::uint32_t> straight = window->selection()->nodes();
    ASSERT_GT(straight.size(), 10u);
    typeInto(window->findChild<QDoubleSpinBox*>("property3"), "7");
    typeInto(window->findChild<QDoubleSpinBox*>("property6"), "7");
    for (std::uint32_t n : straight) EXPECT_EQ(track().nodes[n].left.track, 7.0);

    // The whole circuit turned 10° with the rotate knob.
    key(QKeySequence::SelectAll);
    const formats::TrackDocument unturned = track();
    const formats::Vec2 pivot = editor::selectionCentre(unturned, window->selection()->nodes());
    const auto handles = canvas()->tools().find<editor::SelectTool>()->transformHandles();
    ASSERT_TRUE(handles);
    const QPointF c = handles->centre, knob = handles->rotate;
    const double r = QLineF(c, knob).length(), a0 = std::atan2(knob.y() - c.y(), knob.x() - c.x()), turn = 10.0 * std::numbers::pi / 180.0;
    drag(knob, c + QPointF(r * std::cos(a0 - turn), r * std::sin(a0 - turn)));
    const std::uint32_t far = track().routes[0].nodes[track().routes[0].nodes.size() / 2];
    const formats::Vec2 before = unturned.nodes[far].position.ground() - pivot, after = track().nodes[far].position.ground() - pivot;
    EXPECT_NEAR(std::remainder(std::atan2(after.y, after.x) - std::atan2(before.y, before.x), 2 * std::numbers::pi), turn, 0.004);
    const editor::SelectionTransform rotation{pivot, turn, 1.0, {}};

    // A pit lane: copy a stretch of the straight and paste it as a branch beside it.
    auto rotated = [&](double x, double y) { return rotation.apply({x, y}); };
    window->selection()->clear();
    tool("select");
    // The run of the main route from the node nearest (60, 0) to the one nearest (200, 0), turned.
    const auto& loop = track().routes[0].nodes;
    auto nearest = [&](formats::Vec2 p) {
        std::size_t best = 0;
        for (std::size_t k = 0; k < loop.size(); ++k)
            if (formats::length(track().nodes[loop[k]].position.ground() - p) < formats::length(track().nodes[loop[best]].position.ground() - p)) best = k;
        return best;
    };
    std::set<std::uint32_t> stretch;
    for (std::size_t k = nearest(rotated(60, 0)); k <= nearest(rotated(200, 0)); ++k) stretch.insert(loop[k]);
    ASSERT_GT(stretch.size(), 5u);
    // Shift-click each node of the stretch, as a designer picking them one by one would.
    for (std::uint32_t n : stretch) {
        mouse(QEvent::MouseButtonPress, canvas()->nodeOnScreen(n), Qt::LeftButton, Qt::ShiftModifier);
        mouse(QEvent::MouseButtonRelease, canvas()->nodeOnScreen(n), Qt::NoButton, Qt::ShiftModifier);
    }
    ASSERT_EQ(window->selection()->nodes(), stretch);
    key(QKeySequence::Copy);
    key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    ASSERT_EQ(track().routes.size(), 2u) << "pasted as a branch";
    const formats::Route& pit = track().routes[1];
    ASSERT_TRUE(pit.fork && pit.join);
    EXPECT_EQ(pit.fork->route, 0u);
    EXPECT_EQ(pit.join->route, 0u);
    EXPECT_GT(pit.nodes.size(), stretch.size()) << "the copied nodes, and ramps from the fork and to the join";

    // The start line on the straight, before the pit lane.
    const std::uint32_t startNode = *stretch.begin() == track().routes[0].nodes.front() ? *std::next(stretch.begin()) : *stretch.begin();
    click(canvas()->nodeOnScreen(startNode));
    ASSERT_EQ(window->selection()->nodes(), std::set<std::uint32_t>{startNode});
    action("actionSetStartLine");
    const formats::Diagnostics diagnostics = formats::validate(track());
    for (const formats::Diagnostic& d : diagnostics) EXPECT_NE(d.severity, formats::Severity::Error) << d.code << ": " << d.message;
    ASSERT_FALSE(formats::hasErrors(diagnostics));

    // Optimise the racing lines, save, export.
    action("actionOptimiseLines");
    ASSERT_FALSE(track().lines.empty()) << "the optimiser made the lines";
    const QString saved = dir.filePath("story.twtrack"), baked = dir.filePath("story.twbake");
    ASSERT_TRUE(window->saveTo(saved));
    QString error;
    ASSERT_TRUE(window->exportBaked(baked, &error)) << error.toStdString();

    // The preview: AI cars lap the new circuit.
    key(QKeySequence(Qt::Key_F5));
    ASSERT_NE(window->previewWidget(), nullptr);
    auto& controller = *window->previewWidget()->controller();
    ASSERT_EQ(controller.simulation().cars().size(), 4u);
    QTest::qWait(600);
    EXPECT_GT(controller.simulation().time(), 0.2);

    // The saved file, read back from disk.
    const formats::TrackLoadResult loaded = formats::loadTrackFile(saved.toStdString());
    ASSERT_TRUE(loaded.document);
    const formats::TrackDocument& file = *loaded.document;
    const formats::Route& main = file.routes[0];
    double length = 0.0, sharpest = 0.0;
    for (std::size_t k = 0; k < main.nodes.size(); ++k) {
        length += formats::length(file.nodes[main.nodes[(k + 1) % main.nodes.size()]].position.ground() - file.nodes[main.nodes[k]].position.ground());
        sharpest = std::max(sharpest, turnAt(file, main, k));
    }
    EXPECT_GE(static_cast<double>(main.nodes.size()), length / kSpacing) << "no link longer than the spacing";
    EXPECT_LE(static_cast<double>(main.nodes.size()), 2.0 * length / kSpacing) << "closer in bends only";
    EXPECT_LE(sharpest * 180.0 / std::numbers::pi, 5.0) << "a smooth road: no link turns more than 5°";
    ASSERT_EQ(file.routes.size(), 2u);
    ASSERT_TRUE(file.routes[1].fork && file.routes[1].join);
    EXPECT_NE(std::find(main.nodes.begin(), main.nodes.end(), file.routes[1].fork->node), main.nodes.end()) << "the pit lane forks from the main route";
    EXPECT_NE(std::find(main.nodes.begin(), main.nodes.end(), file.routes[1].join->node), main.nodes.end());
    const auto start = std::find_if(file.markers.begin(), file.markers.end(), [](const formats::Marker& m) { return m.kind == "start-finish"; });
    ASSERT_NE(start, file.markers.end());
    EXPECT_EQ(start->node, startNode);
    EXPECT_FALSE(formats::hasErrors(formats::validate(file)));
    QFile bakedFile(baked);
    ASSERT_TRUE(bakedFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = bakedFile.readAll();
    std::vector<std::uint64_t> aligned((static_cast<std::size_t>(bytes.size()) + 7) / 8);
    std::memcpy(aligned.data(), bytes.data(), static_cast<std::size_t>(bytes.size()));
    trackwright::format::BakedTrackView view;
    ASSERT_EQ(trackwright::format::readBakedTrack({reinterpret_cast<const std::byte*>(aligned.data()), static_cast<std::size_t>(bytes.size())}, view),
              trackwright::format::BakedLoadStatus::Ok);
    EXPECT_EQ(view.routes.size(), 2u) << "the export carries the pit lane";
    EXPECT_FALSE(view.markers.empty()) << "and the start line";

    // Undo everything: the empty track, byte for byte.
    while (undo()->canUndo()) undo()->undo();
    EXPECT_EQ(formats::writeTrackJson(track()), empty);
}

} // namespace
