// The level is the canvas (issue 49), as a designer uses it: File ▸ Import Level Mesh under a
// track, the level drawn under it, Track ▸ Drape on Level Mesh through its dialog as one undo
// step, nodes sketched and dragged onto the surface, the reference saved relative to the track and
// found again on reopening, and a re-exported level read again.
#include "editor/level/drape_dialog.h"
#include "editor/commands/replace_track_command.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/tools/trace_tool.h"
#include "formats/source/track_json.h"
#include "tests/editor/canvas_session.h"
#include "tests/support/level_scenes.h"

#include <QCheckBox>
#include <QDir>
#include <QPushButton>
#include <QDialogButtonBox>
#include <QFile>
#include <QListWidget>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <fstream>
#include <numbers>
#include <set>

namespace {

using tw::test::cleared;
using tw::test::rollingBankedCircle;

class LevelMeshSession : public tw::test::CanvasSession {
protected:
    /// The rolling banked circle, cleared of heights, banking and widths, saved in `dir`; its level
    /// as a glTF in `dir/levels/`.
    void SetUp() override {
        CanvasSession::SetUp();
        QDir(dir.path()).mkpath("levels");
        levelPath = dir.filePath("levels/circle.gltf");
        tw::test::writeGltfLevel(levelPath.toStdString(), tw::test::levelFor(rollingBankedCircle()).mesh);
        trackPath = dir.filePath("circle.twtrack");
        std::ofstream(trackPath.toStdString()) << formats::writeTrackJson(cleared(rollingBankedCircle()));
        ASSERT_TRUE(window->openFile(trackPath));
    }
    editor::LevelMeshLayer* layer() { return window->levelMesh(); }

    QString levelPath, trackPath;
};

TEST_F(LevelMeshSession, AnImportedLevelIsDrawnUnderTheTrackAndSavedRelativeToIt) {
    const QImage before = canvas()->grab().toImage();
    const int undoBefore = undo()->count();
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    EXPECT_EQ(undo()->count(), undoBefore + 1);
    EXPECT_EQ(undo()->undoText(), "Import Level Mesh");
    ASSERT_TRUE(layer()->loaded());
    // Undone, the level goes; redone, it is back.
    undo()->undo();
    EXPECT_FALSE(window->document()->editor.levelMesh);
    EXPECT_EQ(layer()->loaded(), nullptr);
    undo()->redo();
    layer()->waitForLoad();
    ASSERT_TRUE(layer()->loaded());
    EXPECT_EQ(layer()->loaded()->mesh.materials.size(), 3u);  // asphalt, grass, barrier
    // The level is drawn: the grass beside the tarmac is no longer the empty background.
    canvas()->fitToTrack();
    QApplication::processEvents();
    const QImage after = canvas()->grab().toImage();
    const QPoint onGrass = canvas()->view().toScreen(QPointF(80.0 + 4.0 + 1.5, 0.0)).toPoint();  // right of the tarmac, on the grass
    EXPECT_NE(before.pixel(onGrass), after.pixel(onGrass)) << "the level's grass is drawn under the track";
    // Hidden from the View menu, and back.
    action("actionShowLevelMesh");
    QApplication::processEvents();
    EXPECT_EQ(canvas()->grab().toImage().pixel(onGrass), before.pixel(onGrass));
    action("actionShowLevelMesh");

    // Saved: relative to the track's folder, with the level's hash; the schema says it.
    ASSERT_TRUE(window->saveTo(trackPath, &error)) << error.toStdString();
    QFile saved(trackPath);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    const QByteArray text = saved.readAll();
    EXPECT_TRUE(text.contains("\"file\": \"levels/circle.gltf\"")) << text.toStdString();
    EXPECT_TRUE(text.contains("\"schema\": 5"));
    EXPECT_TRUE(text.contains(layer()->loaded()->hash.toUtf8()));

    // Reopened: the level comes back from beside the track.
    window->newTrack(true);
    EXPECT_EQ(layer()->loaded(), nullptr) << "a new track leaves the old level behind";
    ASSERT_TRUE(window->openFile(trackPath));
    layer()->waitForLoad();
    ASSERT_TRUE(layer()->loaded()) << layer()->error().toStdString();
    EXPECT_EQ(QFileInfo(QString::fromStdString(window->document()->editor.levelMesh->file)).canonicalFilePath(), QFileInfo(levelPath).canonicalFilePath());

}

TEST_F(LevelMeshSession, ADrapeThroughItsDialogIsOneUndoStepGivingTheLevelsHeightsAndEdges) {
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    QAction* drape = window->findChild<QAction*>("actionDrape");
    ASSERT_TRUE(drape && drape->isEnabled());
    editor::DrapeDialog* dialog = window->showDrapeDialog();
    ASSERT_NE(dialog, nullptr);
    // The road is ticked for the designer (its name says asphalt); grass and barrier are not.
    QListWidget* materials = dialog->materialList();
    ASSERT_EQ(materials->count(), 3);
    for (int i = 0; i < materials->count(); ++i)
        EXPECT_EQ(materials->item(i)->checkState() == Qt::Checked, materials->item(i)->text() == "road_asphalt") << materials->item(i)->text().toStdString();
    EXPECT_TRUE(dialog->widthsBox()->isChecked());
    const int undoBefore = undo()->count();
    dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    QApplication::processEvents();
    EXPECT_EQ(undo()->count(), undoBefore + 1);
    EXPECT_EQ(undo()->undoText(), "Drape on Level Mesh");
    const formats::TrackDocument truth = rollingBankedCircle();
    for (std::size_t i = 0; i < truth.nodes.size(); ++i) {
        EXPECT_NEAR(track().nodes[i].position.z, truth.nodes[i].position.z, 0.005) << i;
        EXPECT_NEAR(track().nodes[i].banking, truth.nodes[i].banking, 0.001) << i;
        EXPECT_NEAR(track().nodes[i].left.track, 5.0, 0.01) << i;
        EXPECT_NEAR(track().nodes[i].right.runoff, 7.0, 0.01) << i;
    }
    EXPECT_FALSE(hasErrors());
    // The road materials are kept for next time.
    EXPECT_EQ(track().editor.levelMesh->roadMaterials, std::vector<std::string>{"road_asphalt"});
    // One undo gives the cleared track back.
    undo()->undo();
    EXPECT_EQ(track().nodes, cleared(rollingBankedCircle()).nodes);
}

TEST_F(LevelMeshSession, ANodeOffTheLevelKeepsItsValuesAndIsSelectedForTheDesigner) {
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    formats::TrackDocument moved = track();
    moved.nodes[5].position.x += 300.0;
    window->editorDocument()->undoStack()->push(new editor::ReplaceTrackCommand(window->editorDocument(), "Move far", moved));
    bake::DrapeOptions options;
    options.roadMaterials = {"road_*"};
    const auto report = window->drapeOnLevelMesh(options);
    ASSERT_TRUE(report);
    EXPECT_EQ(report->noSurface, std::vector<std::uint32_t>{5});
    EXPECT_EQ(window->selection()->nodes(), std::set<std::uint32_t>{5});
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("found no surface")) << window->statusBar()->currentMessage().toStdString();
    EXPECT_EQ(track().nodes[5].position.z, 0.0);
}

TEST_F(LevelMeshSession, SketchedAndDraggedNodesStandOnTheLevel) {
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    window->newTrack(true);  // a new track over... nothing: the level went with the old track
    EXPECT_EQ(layer()->loaded(), nullptr);
    ASSERT_TRUE(window->openFile(trackPath));
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error));
    canvas()->fitToTrack();
    QApplication::processEvents();
    // Drag node 12 along the road: it lands on the surface where it is dropped.
    const formats::TrackDocument truth = rollingBankedCircle();
    tool("select");
    const QPointF from = canvas()->nodeOnScreen(12);
    const QPointF to = canvas()->view().toScreen(QPointF(truth.nodes[13].position.x, truth.nodes[13].position.y));
    drag(from, to);
    ASSERT_GT(std::abs(track().nodes[12].position.x - truth.nodes[12].position.x), 1.0) << "the node moved";
    EXPECT_NEAR(track().nodes[12].position.z, truth.nodes[13].position.z, 0.3);
    // Sketch a new road on the level's grass inside... on the asphalt of the far side: the nodes stand on it.
    tool("sketch");
    const QPointF a = canvas()->view().toScreen(QPointF(-80.0, -8.0)), b = canvas()->view().toScreen(QPointF(-80.0, 8.0));
    click(a);
    click(b);
    const formats::TrackDocument& sketched = track();
    const formats::Route& route = sketched.routes.back();
    ASSERT_GE(route.nodes.size(), 2u);
    for (const std::uint32_t n : route.nodes) {
        const auto& p = sketched.nodes[n].position;
        const auto z = layer()->surfaceHeight(p.x, p.y, p.z);
        ASSERT_TRUE(z);
        EXPECT_NEAR(p.z, *z, 1e-9) << "node " << n;
        EXPECT_GT(p.z, 0.3) << "node " << n << " on the level, not at 0";
    }
}

TEST_F(LevelMeshSession, AReExportedLevelIsReadAgainAndSaidToHaveChanged) {
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    const QString firstHash = layer()->loaded()->hash;
    EXPECT_FALSE(layer()->changedSinceImport());
    QSignalSpy changed(layer(), &editor::LevelMeshLayer::changed);
    // The designer lifts the level by 2 m and exports it over the old file.
    tw::test::LevelBuilder lifted = tw::test::levelFor(rollingBankedCircle());
    for (auto& v : lifted.mesh.vertices) v.z += 2.0;
    const QString temporary = dir.filePath("levels/circle.gltf.new");
    tw::test::writeGltfLevel(temporary.toStdString(), lifted.mesh);
    QFile::remove(levelPath);
    QFile::rename(temporary, levelPath);
    for (int i = 0; i < 100 && (!layer()->loaded() || layer()->loaded()->hash == firstHash); ++i) {
        QTest::qWait(50);
        layer()->waitForLoad();
    }
    ASSERT_TRUE(layer()->loaded());
    EXPECT_NE(layer()->loaded()->hash, firstHash);
    EXPECT_TRUE(layer()->changedSinceImport());
    EXPECT_GE(changed.count(), 1);
    const auto z = layer()->surfaceHeight(rollingBankedCircle().nodes[0].position.x, rollingBankedCircle().nodes[0].position.y, 0.0);
    ASSERT_TRUE(z);
    EXPECT_NEAR(*z, rollingBankedCircle().nodes[0].position.z + 2.0, 0.01);
}

TEST_F(LevelMeshSession, AFileThatIsNoMeshIsRefusedNamingIt) {
    const QString bogus = dir.filePath("levels/notes.obj");
    QFile file(bogus);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("this is not a mesh\n");
    file.close();
    QString error;
    const int undoBefore = undo()->count();
    EXPECT_FALSE(window->importLevelMesh(bogus, {}, &error));
    EXPECT_TRUE(error.contains("notes.obj")) << error.toStdString();
    EXPECT_EQ(undo()->count(), undoBefore);
    EXPECT_FALSE(window->document()->editor.levelMesh);
}

} // namespace

namespace {

TEST_F(LevelMeshSession, TraceProposesTheRoadUnderAClickAndLaysItAsOneRoute) {
    QString error;
    ASSERT_TRUE(window->importLevelMesh(levelPath, {}, &error)) << error.toStdString();
    layer()->waitForLoad();
    canvas()->fitToTrack();
    QApplication::processEvents();
    const formats::TrackDocument before = track();
    const int undoBefore = undo()->count();
    tool("trace");
    auto* trace = canvas()->tools().find<editor::TraceTool>();
    ASSERT_NE(trace, nullptr);
    // A click on the grass proposes nothing and says why; the road's material was never named, so
    // the road is what is clicked: the far side's asphalt, 1.5 m off its centre.
    click(canvas()->view().toScreen(QPointF(0.0, 0.0)));
    EXPECT_FALSE(trace->proposal());
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("no level surface")) << window->statusBar()->currentMessage().toStdString();
    click(canvas()->view().toScreen(QPointF(-80.0 + 1.5, 0.0)));
    ASSERT_TRUE(trace->proposal()) << window->statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(trace->proposal()->closed);
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("a loop of")) << window->statusBar()->currentMessage().toStdString();
    EXPECT_EQ(track(), before) << "a proposal changes nothing until laid";
    // Escape drops it; a second click proposes it again; Enter lays it.
    QTest::keyClick(canvas(), Qt::Key_Escape);
    EXPECT_FALSE(trace->proposal());
    click(canvas()->view().toScreen(QPointF(-80.0 + 1.5, 0.0)));
    ASSERT_TRUE(trace->proposal());
    QTest::keyClick(canvas(), Qt::Key_Return);
    EXPECT_FALSE(trace->proposal());
    ASSERT_EQ(undo()->count(), undoBefore + 1);
    EXPECT_EQ(undo()->undoText(), "Trace Road");
    ASSERT_EQ(track().routes.size(), before.routes.size() + 1);
    const formats::Route& laid = track().routes.back();
    EXPECT_TRUE(laid.closed);
    EXPECT_NEAR(static_cast<double>(laid.nodes.size()), 2.0 * std::numbers::pi * 79.5 / canvas()->sketchSpacing(), 3.0);
    for (const std::uint32_t n : laid.nodes) {
        const formats::TrackNode& node = track().nodes[n];
        EXPECT_NEAR(formats::length(node.position.ground()), 79.4, 0.2) << "on the road's centre, node " << n;
        EXPECT_NEAR(node.left.track, 4.5, 0.15);  // 4.5 m a side, measured across a 48-gon's corners
        const auto z = layer()->surfaceHeight(node.position.x, node.position.y, node.position.z);
        ASSERT_TRUE(z);
        EXPECT_NEAR(node.position.z, *z, 1e-6) << "on the surface, node " << n;
    }
    EXPECT_EQ(window->selection()->nodes(), std::set<std::uint32_t>(laid.nodes.begin(), laid.nodes.end())) << "the new route selected";
    undo()->undo();
    EXPECT_EQ(track(), before);
}

} // namespace
