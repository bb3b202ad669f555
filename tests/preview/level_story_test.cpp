// A designer's story over a game level (issue 49), with real clicks under Xvfb: a new track, the
// level's mesh imported under it, a circuit sketched on the level's road with snapping, draped, the
// 3D preview lapping it among the level's own ground, saved; the saved track names the level
// beside it and reopens with it.
#include "tests/editor/canvas_session.h"

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
