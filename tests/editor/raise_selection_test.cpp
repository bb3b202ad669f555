// Raising and lowering a selection with a falloff: the shares by hand, a drag in the Profiles
// dock's elevation panel (one undo step, whatever the wheel does to the falloff meanwhile), the
// dock's buttons and Edit ▸ Raise/Lower Selection.
#include "tests/editor/canvas_session.h"
#include "tests/editor/figure_eight.h"

#include "editor/docks/profiles_dock.h"
#include "editor/docks/raise_selection_dialog.h"
#include "editor/document/height_edits.h"

#include "formats/source/track_json.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QWheelEvent>

namespace {

// Smoothstep falloff 1 − (3u² − 2u³) at u = ¼, ½, ¾.
constexpr double kSmoothQuarter = 0.84375, kSmoothHalf = 0.5, kSmoothThreeQuarters = 0.15625;

double zOf(const formats::TrackDocument& track, std::uint32_t node) { return track.nodes[node].position.z; }

TEST(HeightEdits, FalloffSharesByHand) {
    const editor::HeightFalloff smooth{40.0, editor::FalloffShape::Smooth};
    EXPECT_DOUBLE_EQ(editor::falloffWeight(0.0, smooth), 1.0);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(10.0, smooth), kSmoothQuarter);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(20.0, smooth), kSmoothHalf);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(30.0, smooth), kSmoothThreeQuarters);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(40.0, smooth), 0.0);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(10.0, {40.0, editor::FalloffShape::Linear}), 0.75);
    EXPECT_DOUBLE_EQ(editor::falloffWeight(5.0, {0.0, editor::FalloffShape::Smooth}), 0.0) << "no falloff: the selection alone";

    // Nodes 10 m apart, node 10 raised 2 m: 9 and 11 by 2 × 0.84375, 8 and 12 by 1, 7 and 13 by
    // 0.3125, and nothing from 6 and 14 out.
    const formats::TrackDocument road = tw::test::straightRoad();
    const auto shares = editor::falloffWeights(road, {10}, smooth);
    const auto raised = editor::raisedNodes(road, shares, 2.0);
    ASSERT_EQ(raised.size(), 7u);
    std::map<std::uint32_t, double> z;
    for (const auto& [n, node] : raised) z[n] = node.position.z;
    EXPECT_DOUBLE_EQ(z[10], 2.0);
    EXPECT_DOUBLE_EQ(z[9], 2.0 * kSmoothQuarter);
    EXPECT_DOUBLE_EQ(z[11], 2.0 * kSmoothQuarter);
    EXPECT_DOUBLE_EQ(z[8], 2.0 * kSmoothHalf);
    EXPECT_DOUBLE_EQ(z[13], 2.0 * kSmoothThreeQuarters);
    EXPECT_EQ(z.count(6) + z.count(14), 0u);
    formats::TrackDocument after = road;
    for (const auto& [n, node] : raised) after.nodes[n] = node;
    EXPECT_NEAR(editor::steepestGradientAround(after, {9, 10, 11}), 2.0 * (kSmoothQuarter - kSmoothHalf) / 10.0, 1e-12)
        << "the links from the quarter to the half share: 6.9 %";

    // A branch forking at node 10 is raised along it too: its first node 10 m on gets the quarter share.
    formats::TrackDocument forked = road;
    formats::Route spur{"spur", false, {}, formats::RouteAttachment{0, 10}, std::nullopt};
    for (int i = 1; i <= 3; ++i) {
        formats::TrackNode node = road.nodes[10];
        node.position.y = 10.0 * i;
        spur.nodes.push_back(static_cast<std::uint32_t>(forked.nodes.size()));
        forked.nodes.push_back(node);
    }
    forked.routes.push_back(spur);
    const auto branched = editor::falloffWeights(forked, {10}, smooth);
    std::map<std::uint32_t, double> share(branched.begin(), branched.end());
    EXPECT_DOUBLE_EQ(share[spur.nodes[0]], kSmoothQuarter);
    EXPECT_DOUBLE_EQ(share[spur.nodes[2]], kSmoothThreeQuarters);
}

class Raise : public tw::test::CanvasSession {
protected:
    void SetUp() override {
        CanvasSession::SetUp();
        const QString file = dir.filePath("straight.twtrack");
        ASSERT_TRUE(tw::test::writeTrack(file, tw::test::straightRoad()));
        ASSERT_TRUE(window->openFile(file));
        dock = window->profilesDock();
        dock->raise();  // its tab in front: it plots only then
        window->resizeDocks({dock}, {420}, Qt::Vertical);
        QApplication::processEvents();
        window->selection()->set({10});
        dock->setFalloff({40.0, editor::FalloffShape::Smooth});
        QApplication::processEvents();
        before = formats::writeTrackJson(track());
    }
    void plotMouse(QEvent::Type type, QPointF at, Qt::MouseButtons buttons) {
        editor::ProfilePlot* plot = dock->plot();
        QMouseEvent event(type, at, plot->mapToGlobal(at), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
        QApplication::sendEvent(plot, &event);
    }
    void plotWheel(QPointF at, int notches) {
        editor::ProfilePlot* plot = dock->plot();
        QWheelEvent event(at, plot->mapToGlobal(at), {}, QPoint(0, 120 * notches), Qt::LeftButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &event);
    }
    /// Raised `dz` at node 10 with a 40 m smooth falloff, by hand.
    void expectSmoothRaise(double dz) {
        EXPECT_NEAR(zOf(track(), 10), dz, 1e-9);
        EXPECT_NEAR(zOf(track(), 9), dz * kSmoothQuarter, 1e-9);
        EXPECT_NEAR(zOf(track(), 11), dz * kSmoothQuarter, 1e-9);
        EXPECT_NEAR(zOf(track(), 8), dz * kSmoothHalf, 1e-9);
        EXPECT_NEAR(zOf(track(), 12), dz * kSmoothHalf, 1e-9);
        EXPECT_NEAR(zOf(track(), 7), dz * kSmoothThreeQuarters, 1e-9);
        EXPECT_EQ(zOf(track(), 6), 0.0);
        EXPECT_EQ(zOf(track(), 14), 0.0);
    }
    editor::ProfilesDock* dock = nullptr;
    std::string before;
};

// A drag up the elevation panel by 2 m at its scale (a flat route's panel spans 10 m, at most 5 cm
// a pixel) raises node 10 by 2 m and its neighbours by the smooth falloff's shares, in one step.
TEST_F(Raise, DraggingTheElevationCurveRaisesTheSelectionWithFalloffAsOneUndoStep) {
    const std::optional<QRectF> panel = dock->plot()->heightsPanelRect();
    ASSERT_TRUE(panel) << "a flat route with a selection still gets a curve to drag";
    const QPointF press = panel->center();
    const int steps = undo()->count();
    plotMouse(QEvent::MouseButtonPress, press, Qt::LeftButton);
    const double metresPerPixel = std::min(0.05, 10.0 / panel->height());
    const double pixels = std::round(2.0 / metresPerPixel);
    for (int i = 1; i <= 6; ++i) plotMouse(QEvent::MouseMove, press - QPointF(0.0, pixels * i / 6.0), Qt::LeftButton);
    plotMouse(QEvent::MouseButtonRelease, press - QPointF(0.0, pixels), Qt::NoButton);
    const double dz = std::round(pixels * metresPerPixel / 0.01) * 0.01;
    EXPECT_NEAR(dz, 2.0, 0.05);
    expectSmoothRaise(dz);
    EXPECT_EQ(undo()->count(), steps + 1) << "one drag, one step";
    const QString status = window->statusBar()->currentMessage();
    EXPECT_TRUE(status.contains(QString::asprintf("Δz %+.2f m", dz))) << status.toStdString();
    EXPECT_TRUE(status.contains("falloff 40.0 m (smooth)")) << status.toStdString();
    undo()->undo();
    EXPECT_EQ(formats::writeTrackJson(track()), before) << "byte for byte";
}

// The wheel during a drag lengthens the falloff: more nodes move, still one undo step, and the
// undo gives every one of them back.
TEST_F(Raise, TheWheelChangesTheFalloffMidDrag) {
    const QRectF panel = *dock->plot()->heightsPanelRect();
    const QPointF press = panel.center();
    const int steps = undo()->count();
    plotMouse(QEvent::MouseButtonPress, press, Qt::LeftButton);
    plotMouse(QEvent::MouseMove, press - QPointF(0.0, 30.0), Qt::LeftButton);
    EXPECT_EQ(zOf(track(), 6), 0.0);
    plotWheel(press - QPointF(0.0, 30.0), 3);  // 40 m × 1.2³ = 69.1 m
    EXPECT_NEAR(dock->falloff().radius, 69.12, 1e-9);
    EXPECT_GT(zOf(track(), 6), 0.0) << "reached by the longer falloff";
    plotWheel(press - QPointF(0.0, 30.0), -6);  // and back, shorter than it started
    EXPECT_EQ(zOf(track(), 7), 0.0) << "no longer reached: back where it was";
    plotMouse(QEvent::MouseButtonRelease, press - QPointF(0.0, 30.0), Qt::NoButton);
    EXPECT_EQ(undo()->count(), steps + 1);
    undo()->undo();
    EXPECT_EQ(formats::writeTrackJson(track()), before);
}

TEST_F(Raise, TheDockButtonsStepTheSelectionUpAndDown) {
    dock->findChild<QToolButton*>("raiseSelection")->click();
    expectSmoothRaise(editor::ProfilesDock::kRaiseStep);
    dock->findChild<QToolButton*>("lowerSelection")->click();
    EXPECT_EQ(formats::writeTrackJson(track()), before) << "up and down again";
    window->selection()->clear();
    QApplication::processEvents();
    EXPECT_FALSE(dock->findChild<QToolButton*>("raiseSelection")->isEnabled()) << "nothing to raise";
}

// Edit ▸ Raise/Lower Selection: 1.5 m down with a 20 m linear falloff; the dock keeps that falloff.
TEST_F(Raise, TheDialogLowersTheSelectionByExactNumbers) {
    const int steps = undo()->count();
    bool shown = false;
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<editor::RaiseSelectionDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        shown = true;
        EXPECT_DOUBLE_EQ(dialog->falloff().radius, 40.0) << "starts from the dock's falloff";
        dialog->findChild<QDoubleSpinBox*>("dz")->setValue(-1.5);
        dialog->findChild<QDoubleSpinBox*>("falloffRadius")->setValue(20.0);
        auto* shape = dialog->findChild<QComboBox*>("falloffShape");
        shape->setCurrentIndex(shape->findText("Linear"));
        dialog->accept();
    });
    action("actionRaiseSelection");
    ASSERT_TRUE(shown);
    EXPECT_DOUBLE_EQ(zOf(track(), 10), -1.5);
    EXPECT_DOUBLE_EQ(zOf(track(), 9), -0.75);
    EXPECT_DOUBLE_EQ(zOf(track(), 11), -0.75);
    EXPECT_EQ(zOf(track(), 8), 0.0);
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_EQ(dock->falloff(), (editor::HeightFalloff{20.0, editor::FalloffShape::Linear}));
    undo()->undo();
    EXPECT_EQ(formats::writeTrackJson(track()), before);

    window->selection()->clear();
    action("actionRaiseSelection");  // nothing selected: says so, no dialog
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("Select the nodes")) << window->statusBar()->currentMessage().toStdString();
}

} // namespace
