// MainWindow's level mesh (issue 49): importing the game level's mesh under the track, showing it,
// snapping to it and draping the track on it.

#include "editor/main_window.h"

#include "editor/canvas/track_canvas.h"
#include "editor/commands/replace_track_command.h"
#include "editor/display_path.h"
#include "editor/document/editor_document.h"
#include "editor/level/drape_dialog.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/native_path.h"
#include "editor/preview/preview_controller.h"
#include "editor/preview/preview_widget.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

namespace editor {
namespace {

/// Level meshes by their extensions, for the file dialog.
const char* const kLevelMeshFilter = QT_TRANSLATE_NOOP("MainWindow", "Level meshes (*.gltf *.glb *.obj *.fbx *.ac *.acc);;All files (*)");

/// The opacities View ▸ Level Mesh Opacity offers.
constexpr int kOpacities[] = {25, 50, 70, 100};

/// How many missed nodes a status message names.
constexpr std::size_t kNodesNamed = 6;

} // namespace

void MainWindow::addLevelMeshFileActions(QMenu* file) {
    file->addAction(tr("Import Level &Mesh…"), this, &MainWindow::showImportLevelMeshDialog)->setObjectName("actionImportLevelMesh");
}

void MainWindow::addLevelMeshViewActions(QMenu* view) {
    QAction* shown = view->addAction(tr("Level &Mesh"));
    shown->setObjectName("actionShowLevelMesh");
    shown->setCheckable(true);
    shown->setChecked(QSettings().value("levelMesh/shown", true).toBool());
    shown->setToolTip(tr("Show the level mesh under the track (File ▸ Import Level Mesh)"));
    m_canvas->setLevelMeshShown(shown->isChecked());
    connect(shown, &QAction::toggled, this, [this](bool on) {
        m_canvas->setLevelMeshShown(on);
        QSettings().setValue("levelMesh/shown", on);
    });
    QMenu* opacity = view->addMenu(tr("Level Mesh &Opacity"));
    auto* opacities = new QActionGroup(this);
    const int chosen = QSettings().value("levelMesh/opacity", 70).toInt();
    for (const int percent : kOpacities) {
        QAction* a = opacity->addAction(tr("%1 %").arg(percent));
        a->setObjectName(QStringLiteral("actionLevelMeshOpacity%1").arg(percent));
        a->setCheckable(true);
        a->setChecked(percent == chosen);
        opacities->addAction(a);
        connect(a, &QAction::triggered, this, [this, percent] {
            m_canvas->setLevelMeshOpacity(percent / 100.0);
            QSettings().setValue("levelMesh/opacity", percent);
        });
    }
    m_canvas->setLevelMeshOpacity(chosen / 100.0);
    QAction* snap = view->addAction(tr("Snap Nodes to Level &Surface"));
    snap->setObjectName("actionSnapToLevel");
    snap->setCheckable(true);
    snap->setChecked(QSettings().value("levelMesh/snap", true).toBool());
    snap->setToolTip(tr("Nodes laid by Sketch or Add Node, and nodes dragged, stand on the level mesh's surface under them"));
    m_canvas->setSnapToLevel(snap->isChecked());
    connect(snap, &QAction::toggled, this, [this](bool on) {
        m_canvas->setSnapToLevel(on);
        QSettings().setValue("levelMesh/snap", on);
    });
    m_removeLevelMesh = view->addAction(tr("&Remove Level Mesh"), this, [this] {
        if (!m_document || !m_document->track().editor.levelMesh) return;
        formats::TrackDocument track = m_document->track();
        track.editor.levelMesh.reset();
        m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Remove Level Mesh"), std::move(track)));
    });
    m_removeLevelMesh->setObjectName("actionRemoveLevelMesh");
    connect(m_levelMesh, &LevelMeshLayer::changed, this, &MainWindow::updateLevelMeshActions);
    connect(m_levelMesh, &LevelMeshLayer::changed, this, &MainWindow::showLevelMeshInPreview);
}

void MainWindow::showLevelMeshInPreview() {
    if (!m_preview) return;
    const std::shared_ptr<const LoadedLevelMesh> loaded = m_levelMesh->loaded();
    // Aliased: the preview holds the mesh alive through the loaded level it belongs to.
    m_preview->controller()->setLevelMesh(loaded ? std::shared_ptr<const formats::LevelMesh>(loaded, &loaded->mesh) : nullptr);
}

void MainWindow::addLevelMeshTrackActions(QMenu* track) {
    m_drapeAction = track->addAction(tr("&Drape on Level Mesh…"), this, [this] { showDrapeDialog(); });
    m_drapeAction->setObjectName("actionDrape");
    updateLevelMeshActions();
}

void MainWindow::followLevelMesh() {
    if (!m_document) return;
    m_levelMesh->setReference(m_document->track().editor.levelMesh, QFileInfo(m_document->filePath()).path());
}

void MainWindow::updateLevelMeshActions() {
    const bool loaded = m_levelMesh && m_levelMesh->loaded() != nullptr;
    if (m_drapeAction) {
        m_drapeAction->setEnabled(loaded);
        m_drapeAction->setToolTip(loaded ? tr("Each node's height, banking and widths from the level mesh under it")
                                         : tr("To drape, import the level's mesh first (File ▸ Import Level Mesh)"));
    }
    if (m_removeLevelMesh) m_removeLevelMesh->setEnabled(m_document && m_document->track().editor.levelMesh);
    if (!m_levelMesh->error().isEmpty()) statusBar()->showMessage(tr("Level mesh not shown: %1").arg(m_levelMesh->error()), 10000);
    else if (m_levelMesh->changedSinceImport())
        statusBar()->showMessage(tr("The level mesh %1 changed since the track was laid over it: drape again where the road moved")
                                     .arg(displayPath(m_levelMesh->path())),
                                 10000);
}

bool MainWindow::importLevelMesh(const QString& path, const formats::LevelMeshOptions& options, QString* errorText) {
    if (!m_document) return false;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const std::shared_ptr<const LoadedLevelMesh> loaded = LevelMeshLayer::read(path, options, error);
    QApplication::restoreOverrideCursor();
    if (!loaded) {
        if (errorText) *errorText = error;
        return false;
    }
    formats::TrackDocument track = m_document->track();
    formats::LevelMeshReference reference;
    if (track.editor.levelMesh) reference.roadMaterials = track.editor.levelMesh->roadMaterials;
    reference.file = QFileInfo(path).absoluteFilePath().toStdString();
    reference.hash = loaded->hash.toStdString();
    reference.up = options.up == formats::MeshUpAxis::Z ? "z" : "y";
    reference.metresPerUnit = options.metresPerUnit;
    track.editor.levelMesh = reference;
    m_levelMesh->adopt(reference, QFileInfo(filePath()).path(), loaded);
    const bool empty = track.nodes.empty();
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Import Level Mesh"), std::move(track)));
    // A designer starting from the level sees all of it.
    if (empty) m_canvas->frameWorldRect(loaded->world);
    statusBar()->showMessage(tr("Level mesh %1: %2 triangles, %3 materials").arg(displayPath(path)).arg(loaded->mesh.triangles.size()).arg(loaded->mesh.materials.size()), 8000);
    return true;
}

void MainWindow::showImportLevelMeshDialog() {
    if (!m_document) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import level mesh"), QFileInfo(filePath()).path(), tr(kLevelMeshFilter));
    if (path.isEmpty()) return;
    formats::LevelMeshOptions options;
    // glTF is y-up by its specification and AC3D by convention; OBJ and FBX depend on the exporter.
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "obj" || suffix == "fbx") {
        const QStringList axes = {tr("Y up (Blender, Maya and most exporters)"), tr("Z up (3ds Max, Unreal, CAD)")};
        bool ok = false;
        const QString axis = QInputDialog::getItem(this, tr("Import level mesh"), tr("Which of the file's axes points up?"), axes, 0, false, &ok);
        if (!ok) return;
        options.up = axis == axes[1] ? formats::MeshUpAxis::Z : formats::MeshUpAxis::Y;
    }
    QString error;
    if (!importLevelMesh(path, options, &error)) warnPlainly(this, tr("Cannot import the level mesh"), error);
}

std::optional<bake::DrapeReport> MainWindow::drapeOnLevelMesh(const bake::DrapeOptions& options) {
    if (!m_document) return std::nullopt;
    const std::shared_ptr<const LoadedLevelMesh> loaded = m_levelMesh->loaded();
    if (!loaded) {
        statusBar()->showMessage(tr("To drape, import the level's mesh first (File ▸ Import Level Mesh)"), 8000);
        return std::nullopt;
    }
    formats::TrackDocument track = m_document->track();
    const bake::DrapeReport report = bake::drapeTrack(track, loaded->mesh, *loaded->bvh, options);
    if (track.editor.levelMesh) track.editor.levelMesh->roadMaterials = options.roadMaterials;
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Drape on Level Mesh"), std::move(track)));
    if (!report.noSurface.empty()) {
        // The designer sees which: they stay selected, named in the status bar.
        m_selection.set({report.noSurface.begin(), report.noSurface.end()});
        QStringList named;
        for (std::size_t i = 0; i < std::min(report.noSurface.size(), kNodesNamed); ++i) named << QString::number(report.noSurface[i]);
        statusBar()->showMessage(tr("Draped %1 node(s); %2 found no surface under them and kept their values (selected): %3%4")
                                     .arg(report.draped)
                                     .arg(report.noSurface.size())
                                     .arg(named.join(", "), report.noSurface.size() > kNodesNamed ? tr(", …") : QString()),
                                 15000);
    } else {
        statusBar()->showMessage(tr("Draped %1 node(s)%2").arg(report.draped).arg(report.offRoad.empty() ? QString()
                                     : tr("; %1 stand on no road material (their widths from the road either side)").arg(report.offRoad.size())),
                                 8000);
    }
    return report;
}

DrapeDialog* MainWindow::showDrapeDialog() {
    if (!m_document || !m_levelMesh->loaded()) return nullptr;
    const auto& reference = m_document->track().editor.levelMesh;
    auto* dialog = new DrapeDialog(m_levelMesh->loaded()->mesh.materials, reference ? reference->roadMaterials : std::vector<std::string>{},
                                   !m_selection.nodes().empty(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        bake::DrapeOptions options = dialog->options();
        if (dialog->selectedOnly()) options.nodes.assign(m_selection.nodes().begin(), m_selection.nodes().end());
        drapeOnLevelMesh(options);
    });
    dialog->show();
    return dialog;
}

} // namespace editor
