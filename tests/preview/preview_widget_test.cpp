#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"
#include "editor/preview/preview_panel.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"

#include "formats/source/track_json.h"

#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QQuickWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

namespace {

using editor::preview::PreviewController;
using editor::preview::PreviewWidget;

formats::TrackDocument kart() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    if (!loaded.document) throw std::runtime_error("cannot load kart.twtrack");
    return *loaded.document;
}

/// The car colours the cars' roofs are drawn in, unlit: car 1 red, car 2 blue.
const QColor kCarColours[] = {QColor("#e53935"), QColor("#1e88e5")};

bool near(QColor a, QColor b, int tolerance) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance && std::abs(a.blue() - b.blue()) <= tolerance;
}

struct Blob {
    int pixels = 0;
    QPointF centre;
};

Blob find(const QImage& image, QColor colour) {
    Blob b;
    double x = 0, y = 0;
    for (int r = 0; r < image.height(); ++r)
        for (int c = 0; c < image.width(); ++c)
            if (near(image.pixelColor(c, r), colour, 12)) ++b.pixels, x += c, y += r;
    if (b.pixels) b.centre = QPointF(x / b.pixels, y / b.pixels);
    return b;
}

/// Shows a top-down preview of the kart track with two cars, `seconds` into the race.
class ShownPreview : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(widget.sceneErrors().isEmpty()) << widget.sceneErrors().toStdString();
        QString error;
        ASSERT_TRUE(controller().setDocument(kart(), &error)) << error.toStdString();
        for (const auto& car : editor::preview::defaultField(2)) controller().addCar(car);
        controller().setCameraMode(PreviewController::TopDown);
        widget.resize(1100, 700);
        widget.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    }
    PreviewController& controller() { return *widget.controller(); }
    QImage sceneAfter(double seconds) {
        controller().simulateFor(seconds);
        QTest::qWait(200);
        return widget.grabScene().convertToFormat(QImage::Format_RGB32);
    }
    PreviewWidget widget;
};

TEST_F(ShownPreview, TheSceneShowsTheTrackAndEveryCar) {
    const QImage image = sceneAfter(12.0);
    ASSERT_FALSE(image.isNull());
    int grey = 0, green = 0;
    for (int r = 0; r < image.height(); r += 2) {
        for (int c = 0; c < image.width(); c += 2) {
            const QColor p = image.pixelColor(c, r);
            grey += std::abs(p.red() - p.green()) < 10 && std::abs(p.green() - p.blue()) < 14 && p.value() > 40 && p.value() < 170;
            green += p.green() > p.red() + 20 && p.green() > p.blue() + 20;
        }
    }
    const int samples = (image.width() / 2) * (image.height() / 2);
    EXPECT_GT(grey, samples / 20) << "tarmac";
    EXPECT_GT(green, samples / 10) << "ground";
    for (const QColor& colour : kCarColours) EXPECT_GT(find(image, colour).pixels, 20) << colour.name().toStdString();
}

TEST_F(ShownPreview, TwoMomentsDifferWhereTheCarsAre) {
    const QImage before = sceneAfter(10.0);
    const QImage after = sceneAfter(3.0);
    const Blob car = find(before, kCarColours[0]), moved = find(after, kCarColours[0]);
    ASSERT_GT(car.pixels, 20);
    ASSERT_GT(moved.pixels, 20);
    EXPECT_GT(std::hypot(car.centre.x() - moved.centre.x(), car.centre.y() - moved.centre.y()), 10.0) << "the car moved on screen";
    int changed = 0, changedAtTheCar = 0;
    for (int r = 0; r < before.height(); ++r) {
        for (int c = 0; c < before.width(); ++c) {
            if (near(before.pixelColor(c, r), after.pixelColor(c, r), 6)) continue;
            ++changed;
            changedAtTheCar += std::hypot(c - car.centre.x(), r - car.centre.y()) < 30.0;
        }
    }
    EXPECT_GT(changedAtTheCar, car.pixels / 2) << "where the car was is different now";
    EXPECT_LT(changed, before.width() * before.height() / 10) << "the track stays put";
}

TEST_F(ShownPreview, ACarCompletesALapAtEightTimesSpeed) {
    controller().setSpeedFactor(8.0);
    controller().play();
    QElapsedTimer wall;
    wall.start();
    const auto& car = *controller().simulation().cars()[0].car;
    while (car.totals().lapTimes.empty() && wall.elapsed() < 30000) QTest::qWait(50);
    ASSERT_EQ(car.totals().lapTimes.size(), 1u) << "no lap in 30 s of wall time";
    EXPECT_GT(car.totals().lapTimes[0], 20.0);
    EXPECT_GT(controller().simulation().time() / (static_cast<double>(wall.elapsed()) / 1000.0), 5.0) << "about eight simulated seconds a second";
    controller().pause();
    EXPECT_FALSE(controller().playing());
}

TEST_F(ShownPreview, ClickingACarSelectsIt) {
    const QImage image = sceneAfter(8.0);
    const Blob second = find(image, kCarColours[1]);
    ASSERT_GT(second.pixels, 20);
    const QPoint at = second.centre.toPoint() * (widget.sceneView()->width() / static_cast<double>(image.width()));
    QTest::mouseClick(widget.sceneView(), Qt::LeftButton, {}, at);
    QTest::qWait(100);
    EXPECT_EQ(controller().selectedCar(), 1);
    EXPECT_NE(controller().hudText().indexOf("Car 2"), -1) << controller().hudText().toStdString();
}

TEST_F(ShownPreview, TheCarPanelChangesACarsFollowerAndTheMetricsFollowTheRace) {
    auto* follower = qobject_cast<QComboBox*>(widget.panel()->carTable()->cellWidget(1, 2));
    ASSERT_NE(follower, nullptr);
    follower->setCurrentText("predictive");
    EXPECT_EQ(controller().simulation().cars()[1].setup.follower, trackwright::FollowerKind::Predictive);
    QTest::mouseClick(widget.panel()->addCarButton(), Qt::LeftButton);
    EXPECT_EQ(controller().simulation().cars().size(), 3u);
    controller().simulateFor(5.0);
    widget.panel()->refreshMetrics();
    QTableWidget* metrics = widget.panel()->metricsTable();
    ASSERT_EQ(metrics->rowCount(), 3);
    EXPECT_GT(metrics->item(0, editor::preview::PreviewPanel::SpeedColumn)->text().toDouble(), 10.0);
    QTest::mouseClick(widget.panel()->stepButton(), Qt::LeftButton);
    EXPECT_NEAR(controller().simulation().time(), 5.0 + 1.0 / 60.0, 1e-9);
}

// A live edit: the document changes while the cars drive; the preview re-bakes off the UI thread
// and swaps the new data in, and the cars drive on with the laps they have.
TEST_F(ShownPreview, AnEditWhilePlayingRebakesInTheBackgroundAndTheCarsDriveOn) {
    controller().simulateFor(30.0);
    const std::size_t laps = controller().simulation().cars()[0].car->totals().lapTimes.size();
    formats::TrackDocument edited = kart();
    edited.nodes[edited.routes[0].nodes[40]].position.x += 0.8;
    QSignalSpy swapped(&controller(), &PreviewController::trackSwapped);
    const auto before = controller().simulation().track();
    controller().rebakeInBackground(edited);
    ASSERT_TRUE(swapped.wait(5000));
    EXPECT_NE(controller().simulation().track(), before);
    const double progress = controller().simulation().cars()[0].car->progress();
    controller().simulateFor(5.0);
    EXPECT_GT(controller().simulation().cars()[0].car->progress(), progress + 30.0);
    EXPECT_GE(controller().simulation().cars()[0].car->totals().lapTimes.size(), laps);
}

TEST(PreviewCommandLine, WritesAScreenshotAfterSimulatingAndRefusesBadInput) {
    QTemporaryDir dir;
    const QString png = dir.filePath("preview.png");
    QProcess app;
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--after", "5", "--cars", "3",
                                           "--size", "800x500", "--screenshot", png});
    ASSERT_TRUE(app.waitForFinished(60000));
    EXPECT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    const QImage image(png);
    EXPECT_EQ(image.size(), QSize(800, 500));

    QProcess bad;
    bad.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", dir.filePath("missing.twtrack"), "--screenshot", png});
    ASSERT_TRUE(bad.waitForFinished(60000));
    EXPECT_EQ(bad.exitCode(), 3);
    EXPECT_NE(QString(bad.readAllStandardError()).indexOf("missing.twtrack"), -1);
    QProcess usage;
    usage.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--camera", "sideways"});
    ASSERT_TRUE(usage.waitForFinished(60000));
    EXPECT_EQ(usage.exitCode(), 2);
}

} // namespace

namespace {

TEST(EditorPreviewDock, F5ShowsAIcarsLappingTheOpenTrackInsideTheEditorWindow) {
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    window.resize(1200, 900);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    EXPECT_EQ(window.previewWidget(), nullptr) << "made on first use only";
    QTest::keyClick(&window, Qt::Key_F5);
    ASSERT_NE(window.previewWidget(), nullptr);
    EXPECT_TRUE(window.previewDock()->isVisible());
    editor::preview::PreviewController& controller = *window.previewWidget()->controller();
    EXPECT_EQ(controller.simulation().cars().size(), 4u);
    EXPECT_TRUE(controller.playing());
    QTest::qWait(700);
    EXPECT_GT(controller.simulation().time(), 0.2);

    // The window's own grab includes the 3D scene (a QQuickWidget): the dock is not blank.
    const QImage shot = window.grab().toImage();
    const QRect dock = window.previewWidget()->sceneView()->geometry().translated(window.previewWidget()->sceneView()->mapTo(&window, QPoint(0, 0)) -
                                                                                   window.previewWidget()->sceneView()->pos());
    QSet<QRgb> colours;
    for (int y = dock.top(); y < dock.bottom(); y += 7)
        for (int x = dock.left(); x < dock.right(); x += 7) colours.insert(shot.pixel(x, y));
    EXPECT_GT(colours.size(), 50);

    // Opening another track starts the preview over on it.
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/harbour_sprint.twtrack"));
    EXPECT_LT(controller.simulation().time(), 0.1);
    EXPECT_EQ(controller.simulation().cars().size(), 4u);
}

} // namespace

namespace {

// Live edit: a node dragged in the editor while the preview plays re-bakes in the background and
// the cars drive on over the new data.
TEST(EditorPreviewDock, AnEditInTheEditorHotSwapsThePreviewsTrack) {
    QTemporaryDir dir;
    editor::MainWindow window(nullptr, dir.path());
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
    window.show();
    window.showPreview();
    editor::preview::PreviewController& controller = *window.previewWidget()->controller();
    QTest::qWait(300);
    QSignalSpy swapped(&controller, &PreviewController::trackSwapped);
    const auto before = controller.simulation().track();
    editor::EditorDocument* document = window.editorDocument();
    formats::TrackNode node = document->track().nodes[20];
    node.position.x += 0.7;
    document->undoStack()->push(new editor::ChangeNodesCommand(document, "Move Nodes", {{20, node}}, editor::nextMergeKey()));
    ASSERT_TRUE(swapped.wait(5000));
    EXPECT_NE(controller.simulation().track(), before);
    const double time = controller.simulation().time();
    QTest::qWait(300);
    EXPECT_GT(controller.simulation().time(), time) << "still playing";
}

} // namespace
