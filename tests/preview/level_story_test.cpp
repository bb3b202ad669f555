// A designer's story over a game level (issue 49), with real clicks under Xvfb: a new track, the
// level's mesh imported under it, a circuit sketched on the level's road with snapping, draped, the
// 3D preview lapping it among the level's own ground, a lap driven with the keys kept as the racing
// line, saved; the saved track names the level beside it and reopens with it.
#include "tests/editor/canvas_session.h"
#include "tests/editor/prompt_script.h"

#include "editor/level/drape_dialog.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/preview/level_mesh_preview.h"
#include "editor/preview/preview_controller.h"
#include "editor/preview/preview_widget.h"
#include "formats/source/track_json.h"
#include "tests/support/level_scenes.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QQuickWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QTest>

#include <cmath>
#include <numbers>

namespace {

TEST(LevelMeshPreview, TheLevelsTrianglesFaceUpInTheirMaterialsColoursJustUnderTheRoad) {
    const tw::test::LevelBuilder level = tw::test::levelFor(tw::test::rollingBankedCircle());
    const editor::preview::PreviewMesh mesh = editor::preview::levelMeshPreview(level.mesh);
    ASSERT_EQ(mesh.indices.size(), level.mesh.triangles.size() * 3);
    std::size_t up = 0;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        // Wound counter-clockwise seen from the side the normal faces (Qt Quick 3D draws it black otherwise).
        const float* a = &mesh.vertices[mesh.indices[i] * editor::preview::PreviewMesh::kFloatsPerVertex];
        const float* b = &mesh.vertices[mesh.indices[i + 1] * editor::preview::PreviewMesh::kFloatsPerVertex];
        const float* c = &mesh.vertices[mesh.indices[i + 2] * editor::preview::PreviewMesh::kFloatsPerVertex];
        const float ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2], vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
        const float nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        EXPECT_GT(nx * a[3] + ny * a[4] + nz * a[5], 0.0f) << "triangle " << i / 3;
        up += a[4] > 0.5f;
    }
    EXPECT_GT(up, mesh.indices.size() / 3 * 2 / 3) << "the ground faces up";
    // Sunk just under the level's own heights.
    const auto& v0 = level.mesh.vertices[level.mesh.triangles[0][0]];
    EXPECT_NEAR(mesh.vertices[1], v0.z - editor::preview::kLevelMeshSink, 1e-4);
}

class LevelStory : public tw::test::CanvasSession {};

TEST_F(LevelStory, ImportTheLevelSketchOnItsRoadDrapePreviewAndSave) {
    const formats::TrackDocument circle = tw::test::rollingBankedCircle();
    QDir(dir.path()).mkpath("levels");
    const QString levelPath = dir.filePath("levels/circuit.glb.gltf");
    tw::test::writeGltfLevel(levelPath.toStdString(), tw::test::levelFor(circle).mesh);
    ASSERT_TRUE(window->newTrack(true));
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    QApplication::processEvents();
    // Framed on the level: the circle's 160 m is in view.
    EXPECT_TRUE(canvas()->visibleWorldRect().contains(QRectF(-85, -85, 170, 170)));

    // A circuit sketched on the level's road: six control points on the circle, then the first again.
    tool("sketch");
    for (int k = 0; k <= 6; ++k) {
        const double angle = 2.0 * std::numbers::pi * (k % 6) / 6.0;
        click(canvas()->view().toScreen(QPointF(80.0 * std::cos(angle), 80.0 * std::sin(angle))));
    }
    ASSERT_EQ(track().routes.size(), 1u);
    ASSERT_TRUE(track().routes[0].closed);
    // Snapped: every sketched node stands on the level (the road rolls 0.5 to 3.5 m).
    for (const std::uint32_t n : track().routes[0].nodes) {
        const auto& p = track().nodes[n].position;
        ASSERT_TRUE(window->levelMesh()->surfaceHeight(p.x, p.y, p.z)) << n;
        EXPECT_NEAR(p.z, *window->levelMesh()->surfaceHeight(p.x, p.y, p.z), 1e-9) << n;
    }

    // Draped through its dialog: the widths and banking of the level's road.
    editor::DrapeDialog* dialog = window->showDrapeDialog();
    ASSERT_NE(dialog, nullptr);
    dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    QApplication::processEvents();
    for (const std::uint32_t n : track().routes[0].nodes) {
        EXPECT_NEAR(track().nodes[n].left.track + track().nodes[n].right.track, 9.0, 0.3) << n;
        EXPECT_GT(track().nodes[n].banking, 1.5 * std::numbers::pi / 180.0) << n;
    }
    EXPECT_FALSE(hasErrors()) << "the draped circuit bakes";

    // The preview laps it among the level's own ground.
    window->showPreview();
    ASSERT_NE(window->previewWidget(), nullptr);
    auto& controller = *window->previewWidget()->controller();
    EXPECT_TRUE(controller.showsLevelMesh());
    QTest::qWait(300);
    EXPECT_GT(controller.simulation().cars().size(), 0u);

    // A lap recorded by driving: Drive, then the arrow keys as a person holds them — Up below
    // 11 m/s, Left or Right toward the road's centre (a circle of 79.5 m) and along it — for a lap
    // and a bit; Drive again keeps it as the racing line.
    auto* drive = window->findChild<QToolButton*>("driveButton");
    ASSERT_NE(drive, nullptr);
    drive->click();
    ASSERT_TRUE(controller.driving());
    controller.pause();
    QWidget* scene = window->previewWidget()->sceneView();
    const std::size_t car = *controller.simulation().drivenCar();
    int held = 0;  // the steering key down: 1 Left, -1 Right
    bool throttle = false;
    double turned = 0.0, lastAngle = 0.0;
    for (int tick = 0; tick < 4000 && std::abs(turned) < 2.0 * std::numbers::pi + 0.5; ++tick) {
        const trackwright::VehicleState& s = controller.simulation().cars()[car].car->body().state;
        const formats::Vec3 origin = controller.simulation().track()->track.origin();
        const double x = s.position.x + origin.x, y = s.position.y + origin.y, angle = std::atan2(y, x);
        if (tick > 0) turned += std::remainder(angle - lastAngle, 2.0 * std::numbers::pi);
        lastAngle = angle;
        const double way = std::cos(s.heading) * -y + std::sin(s.heading) * x >= 0.0 ? 1.0 : -1.0;  // counter-clockwise: 1
        const double along = angle + way * std::numbers::pi / 2.0;
        const double off = std::remainder(along - s.heading, 2.0 * std::numbers::pi) + way * 0.05 * (std::hypot(x, y) - 79.5);
        const int want = off > 0.01 ? 1 : off < -0.01 ? -1 : 0;
        if (want != held) {
            if (held != 0) QTest::keyRelease(scene, held > 0 ? Qt::Key_Left : Qt::Key_Right);
            if (want != 0) QTest::keyPress(scene, want > 0 ? Qt::Key_Left : Qt::Key_Right);
            held = want;
        }
        if ((s.speed < 11.0) != throttle) {
            throttle = !throttle;
            throttle ? QTest::keyPress(scene, Qt::Key_Up) : QTest::keyRelease(scene, Qt::Key_Up);
        }
        controller.simulateFor(editor::preview::PreviewSimulation::kStep);
    }
    EXPECT_GT(std::abs(turned), 2.0 * std::numbers::pi) << "a whole lap driven";
    PromptScript keep({"Racing Line"});
    drive->click();
    QTest::qWait(100);
    ASSERT_EQ(keep.asked().size(), 1u);
    const formats::Line& racing = track().lines[0];
    ASSERT_EQ(racing.name, "racing");
    for (std::size_t k = 0; k < racing.offsets.size(); ++k) {
        const formats::TrackNode& n = track().nodes[track().routes[0].nodes[k]];
        EXPECT_LT(racing.offsets[k], n.left.track) << "the recorded line on the tarmac, node " << k;
        EXPECT_GT(racing.offsets[k], -n.right.track) << "the recorded line on the tarmac, node " << k;
    }
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(QStringLiteral("%1 of %1 nodes").arg(racing.offsets.size())))
        << window->statusBar()->currentMessage().toStdString();

    // Saved beside the level, and reopened with it.
    const QString path = dir.filePath("circuit.twtrack");
    ASSERT_TRUE(window->saveTo(path, &error)) << error.toStdString();
    QFile saved(path);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_TRUE(saved.readAll().contains("\"file\": \"levels/circuit.glb.gltf\""));
    ASSERT_TRUE(window->newTrack(true));
    EXPECT_FALSE(controller.showsLevelMesh()) << "the old level leaves with its track";
    ASSERT_TRUE(window->openFile(path));
    window->levelMesh()->waitForLoad();
    EXPECT_TRUE(window->levelMesh()->loaded());
}

} // namespace
