// What the editor shows beyond the track itself: a calibrated backdrop, red zones where
// registration is undefined, colour along the lines, profile plots, an edit's preview.
#include "editor/backdrop/backdrop_calibration.h"
#include "editor/commands/change_line_offsets_command.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/docks/profiles_dock.h"
#include "editor/document/editor_document.h"
#include "editor/document/live_bake.h"
#include "editor/main_window.h"
#include "editor/canvas/track_canvas.h"

#include "formats/source/track_json.h"

#include <QAction>
#include <QApplication>
#include <QImage>
#include <QTemporaryDir>

#include <QFile>
#include <numbers>
#include <gtest/gtest.h>

#include <QElapsedTimer>

#include <sys/stat.h>

#include <cmath>

namespace {

TEST(BackdropCalibration, TwoPointsFixScaleRotationAndOffset) {
    formats::Backdrop base;
    base.image = "circuit.png";
    const auto b = editor::calibrateBackdrop(base, {100, 200}, {10, 20}, {600, 200}, {10, 270});
    ASSERT_TRUE(b);
    EXPECT_NEAR(b->metresPerPixel, 0.5, 1e-12);
    EXPECT_NEAR(b->rotation, M_PI / 2.0, 1e-12) << "the image's x axis points north";
    const QTransform toWorld = editor::backdropToWorld(*b);
    EXPECT_NEAR(toWorld.map(QPointF(100, 200)).x(), 10, 1e-9);
    EXPECT_NEAR(toWorld.map(QPointF(100, 200)).y(), 20, 1e-9);
    EXPECT_NEAR(toWorld.map(QPointF(600, 200)).y(), 270, 1e-9);
    // Image y runs down the picture: 90° clockwise of its x axis, so east here.
    EXPECT_GT(toWorld.map(QPointF(100, 300)).x(), 10.0);
    EXPECT_EQ(b->image, "circuit.png");
    EXPECT_FALSE(editor::calibrateBackdrop(base, {1, 1}, {0, 0}, {1, 1}, {5, 5})) << "one point twice fixes nothing";
}

class EditorOverlays : public ::testing::Test {
protected:
    void SetUp() override {
        window = std::make_unique<editor::MainWindow>(nullptr, dir.filePath("recovery"));
        window->resize(1200, 800);
        window->show();
        ASSERT_TRUE(window->openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack"));
        QApplication::processEvents();
    }
    int countPixels(bool (*match)(QColor)) {
        const QImage image = window->canvas()->grab().toImage();
        int n = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) n += match(image.pixelColor(x, y));
        return n;
    }
    QTemporaryDir dir;
    std::unique_ptr<editor::MainWindow> window;
};

bool undefinedRed(QColor c) { return c.red() > 150 && c.green() < 90 && c.blue() < 90; }

TEST_F(EditorOverlays, TheBackdropImageLiesUnderTheTrackWhereItIsCalibrated) {
    QImage picture(200, 100, QImage::Format_RGB32);
    picture.fill(QColor(255, 0, 255));
    const QString file = dir.filePath("backdrop.png");
    ASSERT_TRUE(picture.save(file));
    auto magenta = [](QColor c) { return c.red() > 120 && c.blue() > 120 && c.green() < 80; };
    EXPECT_EQ(countPixels(magenta), 0);
    formats::Backdrop b;
    b.image = file.toStdString();  // absolute: found whatever the track's folder
    b.opacity = 1.0;
    // Pixel (0, 0) at the first node, 200 px spanning 100 m east.
    const formats::Vec2 first = window->document()->nodes[0].position.ground();
    const auto placed = editor::calibrateBackdrop(b, {0, 0}, {first.x, first.y}, {200, 0}, {first.x + 100, first.y});
    ASSERT_TRUE(placed);
    window->setBackdrop(placed);
    window->canvas()->waitForBackdrop();  // read off the UI thread
    QApplication::processEvents();
    EXPECT_GT(countPixels(magenta), 500);
    window->editorDocument()->undoStack()->undo();
    QApplication::processEvents();
    EXPECT_EQ(countPixels(magenta), 0) << "the backdrop is an undo step like any edit";
}

TEST_F(EditorOverlays, ABackdropPathThatIsNoFileNeverHangsTheEditor) {
    // A backdrop naming a FIFO hung the editor on open: the image was read on the UI thread.
    const QString fifo = dir.filePath("backdrop.fifo");
    ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    for (const QString& path : {fifo, QString("/dev/zero"), dir.path()}) {
        formats::Backdrop b;
        b.image = path.toStdString();
        b.opacity = 1.0;
        b.metresPerPixel = 0.5;
        QElapsedTimer timer;
        timer.start();
        window->setBackdrop(b);
        window->canvas()->repaint();
        window->canvas()->waitForBackdrop();
        EXPECT_LT(timer.elapsed(), 2000) << path.toStdString();
    }
}

TEST_F(EditorOverlays, ZonesWhereRegistrationIsUndefinedShowInRed) {
    const int before = countPixels(undefinedRed);
    // Walls 40 m out on a hairpin node: its perpendicular crosses its neighbours' within the walls.
    editor::EditorDocument* document = window->editorDocument();
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> wide;
    for (std::uint32_t n : document->track().routes[0].nodes) {
        formats::TrackNode node = document->track().nodes[n];
        node.left.wall = node.right.wall = 40.0;
        wide.emplace_back(n, node);
    }
    document->undoStack()->push(new editor::ChangeNodesCommand(document, "walls", wide));
    document->validateNow();
    QApplication::processEvents();
    EXPECT_GT(countPixels(undefinedRed), before + 200);
}

TEST_F(EditorOverlays, ColourAlongTheLinesByCurvatureAndBySpeedHint) {
    auto rampColour = [](QColor c) { return c.green() > 120 && c.red() > 200 && c.blue() < 80; };  // yellow to orange
    const int plain = countPixels(rampColour);
    window->findChild<QAction*>("actionColourCurvature")->trigger();
    const int curvature = countPixels(rampColour);
    EXPECT_GT(curvature, plain + 50);
    window->findChild<QAction*>("actionColourSpeed")->trigger();
    window->liveBake()->waitForIdle();
    ASSERT_TRUE(window->liveBake()->latest());
    QApplication::processEvents();
    EXPECT_GT(countPixels([](QColor c) { return c.green() > 150 && c.red() < 150 && c.blue() < 90; }), 50) << "fast stretches green";
}

// View ▸ Colour Lines ▸ By Height on a figure-eight with a bridge: the bridge is red and drawn over
// the blue pass it crosses, so the crossing's pixel is the bridge's colour.
TEST_F(EditorOverlays, ColourByHeightDrawsABridgeOverThePassItCrosses) {
    EXPECT_EQ(editor::heightColour(0.0).hueF() > 0.5, true) << "low is blue";
    EXPECT_LT(editor::heightColour(1.0).hueF(), 0.05) << "high is red";
    formats::TrackDocument eight;
    formats::Route route{"eight", true, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < 96; ++i) {
        const double t = 2.0 * std::numbers::pi * (i + 0.5) / 96.0;
        formats::TrackNode node;
        // The bridge is the middle of the route (t = π): in route order it would be drawn first.
        node.position = {150.0 * std::sin(t), 150.0 * std::sin(t) * std::cos(t), 3.0 * (1.0 - std::cos(t))};
        node.left = node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        eight.nodes.push_back(node);
    }
    eight.routes.push_back(route);
    const QString file = dir.filePath("eight.twtrack");
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(formats::writeTrackJson(eight)));
    out.close();
    ASSERT_TRUE(window->openFile(file));
    window->findChild<QAction*>("actionColourHeight")->trigger();
    QApplication::processEvents();
    const QImage image = window->canvas()->grab().toImage();
    const QPoint crossing = window->canvas()->view().toScreen(QPointF(0.0, 0.0)).toPoint();
    const QColor atCrossing = image.pixelColor(crossing);
    EXPECT_GT(atCrossing.red(), 180) << "the bridge, drawn last, covers the crossing";
    EXPECT_LT(atCrossing.blue(), 120);
}

TEST_F(EditorOverlays, ProfilesPlotCurvatureWidthsAndSpeedHintsPerClass) {
    window->liveBake()->waitForIdle();
    const editor::RouteProfiles p = editor::routeProfiles(*window->document(), 0, &window->liveBake()->latest()->track, {5});
    ASSERT_EQ(p.panels.size(), 3u);
    EXPECT_EQ(p.distance.size(), window->document()->routes[0].nodes.size());
    EXPECT_EQ(p.panels[1].series.size(), 6u);
    EXPECT_EQ(p.panels[2].series.size(), window->document()->vehicleClasses.size()) << "a speed curve per class";
    EXPECT_EQ(p.marks.size(), 1u);
    double tightest = 0.0;
    for (double k : p.panels[0].series[0].values) tightest = std::max(tightest, std::abs(k));
    EXPECT_GT(tightest, 0.05) << "the kart's hairpins";
}

// Elevation and banking panels appear for a route that has them, in metres and degrees.
TEST_F(EditorOverlays, ProfilesShowElevationAndBankingWhereTheRouteHasThem) {
    formats::TrackDocument track = *window->document();
    const auto flat = editor::routeProfiles(track, 0, nullptr, {});
    for (const editor::ProfilePanel& panel : flat.panels) EXPECT_FALSE(panel.title.startsWith("Banking")) << "the kart is not banked";
    const std::vector<std::uint32_t>& main = track.routes[0].nodes;
    track.nodes[main[7]].position.z = 3.5;
    track.nodes[main[9]].banking = 6.0 * std::numbers::pi / 180.0;
    const auto hilly = editor::routeProfiles(track, 0, nullptr, {});
    auto panel = [&](const QString& title) -> const editor::ProfilePanel* {
        for (const editor::ProfilePanel& p : hilly.panels)
            if (p.title.startsWith(title)) return &p;
        return nullptr;
    };
    ASSERT_NE(panel("Elevation"), nullptr);
    ASSERT_NE(panel("Banking"), nullptr);
    EXPECT_DOUBLE_EQ(panel("Elevation")->series[0].values[7], 3.5);
    EXPECT_NEAR(panel("Banking")->series[0].values[9], 6.0, 1e-12) << "in degrees";
}

TEST_F(EditorOverlays, AResampleIsPreviewedBeforeItAppliesAndCancelLeavesTheTrack) {
    const std::string before = formats::writeTrackJson(*window->document());
    window->previewResample(10.0);
    window->cancelResample();
    EXPECT_EQ(formats::writeTrackJson(*window->document()), before);
    window->applyResample(10.0);
    EXPECT_LT(window->document()->routes[0].nodes.size(), 70u);
}

TEST_F(EditorOverlays, ALineDraggedAwayResetsToTheOptimisersResult) {
    window->findChild<QAction*>("actionOptimiseLines")->trigger();
    editor::EditorDocument* document = window->editorDocument();
    std::size_t racing = 0;
    for (std::size_t l = 0; l < document->track().lines.size(); ++l)
        if (document->track().lines[l].name == "racing") racing = l;
    const std::vector<double> optimised = document->track().lines[racing].offsets;
    std::vector<double> dragged = optimised;
    dragged[7] += 1.5;
    document->undoStack()->push(new editor::ChangeLineOffsetsCommand(document, "drag", racing, dragged));
    ASSERT_TRUE(window->resetLineToOptimiser("racing"));
    EXPECT_EQ(document->track().lines[racing].offsets, optimised);
}

} // namespace
