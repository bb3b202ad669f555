#pragma once

#include "editor/canvas/node_selection.h"
#include "editor/document/document_manager.h"
#include "editor/document/selection_transform.h"

#include "bake/drape/drape_track.h"
#include "formats/mesh/level_mesh.h"
#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <QList>
#include <QMainWindow>
#include <QPointF>

#include <functional>
#include <memory>
#include <optional>

class QDockWidget;
class QLabel;
class QMenu;
class QUndoGroup;

namespace editor {

class Autosave;
class DiagnosticsDock;
class DrapeDialog;
class LevelMeshLayer;
class LiveBake;
class ProfilesDock;
class EditorDocument;
class OutlineDock;
class PropertiesDock;
class RaceSettingsDialog;
class StartPanel;
class ZonesDock;
class TrackCanvas;
struct TrackEdit;
namespace preview {
class PreviewWidget;
}

/// The editor's main window: the track canvas in the centre with its tools, docks for the
/// selection's properties, the outline, live diagnostics, the undo history and the 3D preview,
/// menus with standard shortcuts, autosave and crash recovery. The title shows the file and `*`
/// while there are unsaved changes; closing with unsaved changes asks first.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// `settingsGroup` and `recoveryFolder` let tests keep their settings and recovery files apart.
    explicit MainWindow(QWidget* parent = nullptr, const QString& recoveryFolder = {});
    ~MainWindow() override;

    /// Loads and shows a track. On failure the current track stays, and `errorText` lists the
    /// problems one per line ("FILE: error[code]: message (at path)").
    bool openFile(const QString& path, QString* errorText = nullptr);
    /// openFile, telling the user why in a message box when it fails. For the menu and drops.
    bool openFileReportingErrors(const QString& path);
    /// Writes the track to `path` through the output-path policy (formats::writeOutputFile: atomic,
    /// the old file's mode and, as root, owner kept, links followed, a read-only file refused) and
    /// makes it the document's file. `path` may carry a non-UTF-8 name (native_path.h).
    bool saveTo(const QString& path, QString* errorText = nullptr);
    /// A new, empty track (asks first when there are unsaved changes, unless `force`).
    bool newTrack(bool force = false);
    /// Edit ▸ Go to Node: selects `node` and frames it; false for a node the track does not have.
    bool goToNode(std::uint32_t node);
    /// Edit ▸ Select Along Route (Ctrl+Shift+A): two or more selected nodes of one route become
    /// every node of the route from the first to the last in driving order (on a loop, the run that
    /// leaves out the longest unselected stretch). False, saying why in the status bar, otherwise.
    bool selectAlongRoute();
    /// Edit ▸ Copy: the selected run of nodes to the clipboard (node_clipboard.h); false, with the
    /// reason in the status bar, when there is no run to copy.
    bool copySelection();
    /// Edit ▸ Paste as Route (a new open route beside the original), Paste as Branch (a branch to
    /// its right, forking and joining the nearest nodes behind and ahead) and Paste into Route
    /// (after the one selected node): see node_clipboard.h.
    enum class PasteAs { Route, Branch, IntoRoute };
    void pasteClipboard(PasteAs as);
    /// Edit ▸ Transform Selection: moves, turns and scales the selected nodes as one undo step.
    bool transformSelectionBy(const SelectionTransform& transform, bool scaleWidths);
    /// File ▸ Import: a TUM racetrack CSV, a waypoint CSV or a TORCS track XML (its default surfaces
    /// found beside it, as `twbake import --from torcs` finds them), as a new, unsaved track.
    using ImportKind = DocumentManager::ImportKind;
    bool importFile(const QString& path, ImportKind kind, QString* errorText = nullptr);
    /// Bakes the track off the UI thread with a progress dialog and writes the .twbake. Refuses,
    /// before baking, a `path` that is the open track's file or its autosave (DocumentManager::exportConflict).
    bool exportBaked(const QString& path, QString* errorText = nullptr);
    /// Restores the autosave a crashed session left, if any; true when one was restored.
    bool restoreRecovery();
    /// File ▸ Revert: the file as it is on disk, every unsaved change dropped (asks first, unless
    /// `force`). False for a track never saved, or when the designer cancels.
    bool revert(bool force = false);
    /// What the editor shows when it starts without a file: the file open last time, when it still
    /// opens; else a new, untitled track, so the tools work from the first click. True when the
    /// last file was reopened.
    bool openStartUpTrack();

    /// The track shown, or null before one is opened.
    const formats::TrackDocument* document() const;
    EditorDocument* editorDocument() const { return m_document; }
    DocumentManager* documents() const { return m_documents; }
    const formats::Diagnostics& diagnostics() const;
    TrackCanvas* canvas() const { return m_canvas; }
    NodeSelection* selection() { return &m_selection; }
    Autosave* autosave() const;
    QString filePath() const;
    QDockWidget* previewDock() const { return m_previewDock; }
    DiagnosticsDock* diagnosticsDock() const { return m_diagnosticsDock; }
    PropertiesDock* propertiesDock() const { return m_propertiesDock; }
    OutlineDock* outlineDock() const { return m_outlineDock; }
    ProfilesDock* profilesDock() const { return m_profilesDock; }
    LiveBake* liveBake() const { return m_liveBake; }
    /// The resample of the selection's route at `spacing` m, previewed on the canvas until
    /// `applyResample` or `cancelResample` (the Resample dialog drives these).
    void previewResample(double spacing, bool adaptive = false);
    void applyResample(double spacing, bool adaptive = false);
    void cancelResample();
    /// Replaces one generated line (racing, defending, overtaking-left/right) with the optimiser's.
    bool resetLineToOptimiser(const QString& name);
    /// Sets (or with nullopt removes) the backdrop image, as an undo step.
    void setBackdrop(const std::optional<formats::Backdrop>& backdrop);
    /// File ▸ Import Level Mesh: reads the game level's mesh at `path` (glTF, OBJ, FBX, AC3D) and
    /// lays the track over it as one undo step (the track's `editor.level_mesh` names it, relative
    /// to the track's folder when saved, with the hash of its bytes). An empty track is framed on
    /// the level. Refused, with the reason, for a file that does not read.
    bool importLevelMesh(const QString& path, const formats::LevelMeshOptions& options = {}, QString* errorText = nullptr);
    void showImportLevelMeshDialog();
    /// Track ▸ Drape on Level Mesh: each node (or each of `options.nodes`) takes its height,
    /// banking and with `options.widths` its widths from the level (bake::drapeTrack), as one undo
    /// step that also keeps the road materials for next time. The nodes that found no surface keep
    /// their values and are selected, named in the status bar. Nothing without a level mesh read.
    std::optional<bake::DrapeReport> drapeOnLevelMesh(const bake::DrapeOptions& options);
    /// Opens the drape's dialog (window-modal, not blocking); OK drapes. Null without a level mesh.
    DrapeDialog* showDrapeDialog();
    LevelMeshLayer* levelMesh() const { return m_levelMesh; }
    /// Track ▸ Add Overtaking Zone / Add No-Overtaking Zone: a zone over the selected nodes of one
    /// route, from the first to the last in driving order, as one undo step. False, with the reason
    /// in the status bar, for any other selection (the actions are disabled then, saying why).
    bool addZoneFromSelection(bool overtaking);
    /// Record a line by driving: the main route's line `name` ("racing", "alternate" …) through the
    /// path the designer drove in the preview (editor/document/recorded_line.h: where it crossed
    /// each node, smoothed), as one undo step; a line of that name is made when there is none. Nodes
    /// the drive never crossed keep their offsets. False, saying why, when it crossed none.
    bool keepDrivenLine(const std::vector<formats::Vec2>& path, const QString& name);
    /// Asks whether to keep a drive as the racing line, an alternate line, or not at all.
    void offerDrivenLine(const QList<QPointF>& path);
    /// Track ▸ Race Settings: opens the dialog (window-modal, not blocking) on the track's settings;
    /// OK applies them as one undo step, Cancel changes nothing. Null without a track.
    RaceSettingsDialog* showRaceSettings();
    ZonesDock* zonesDock() const { return m_zonesDock; }
    /// The preview, once the dock has been shown; null before.
    preview::PreviewWidget* previewWidget() const { return m_preview; }

public slots:
    void showOpenDialog();
    /// File ▸ Import TUM CSV / Import Waypoints: asks for the file, reports a failure.
    void showImportDialog(ImportKind kind);
    /// Shows the start panel over the canvas while the track is empty (see StartPanel).
    void updateStartPanel();
    bool save();
    bool saveAs();
    /// Shows the preview dock with a few AI cars on the current track, and starts them.
    void showPreview();

public:
    /// View ▸ Workspaces: Editing (the docks as the designer arranged them) or Preview (the 3D view
    /// takes most of the window, the canvas a strip beside it; the other docks hidden until Editing).
    enum class Workspace { Editing, Preview };
    void setWorkspace(Workspace workspace);
    Workspace workspace() const { return m_workspace; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createMenus();
    /// The Edit menu, made once (main_window_edit.cpp).
    void createEditMenu();
    /// Adds to `menu` an action named `name` (for tests and scripts, whatever the language) that
    /// runs `run` when a track is open.
    QAction* addTrackAction(QMenu* menu, const QString& text, const QKeySequence& key, const char* name, std::function<void()> run);
    /// The Track menu: zones and race settings (main_window_race.cpp).
    void createTrackMenu();
    /// The level mesh's actions (main_window_level.cpp), in the File, View and Track menus.
    void addLevelMeshFileActions(QMenu* file);
    void addLevelMeshViewActions(QMenu* view);
    void addLevelMeshTrackActions(QMenu* track);
    /// The layer follows the open track's level mesh; the drape is enabled when one is read.
    void followLevelMesh();
    void updateLevelMeshActions();
    /// The 3D preview draws the level mesh read (when there is one and a preview) in place of its terrain.
    void showLevelMeshInPreview();
    /// Enables the zone actions for a selection that makes a zone, else says what to select.
    void updateZoneActions();
    void createDocks();
    /// `document` is the open track now: the views, menus and preview follow it.
    void attachDocument(EditorDocument* document);
    void detachViews();
    void updateTitle();
    void updateTrackSummary();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    /// Unsaved changes: save, discard or cancel. True when it is fine to go on.
    bool maybeSave();
    /// The file changed on disk since it was opened or saved here: overwrite, save as, or cancel.
    /// True when saving over it may go on.
    bool confirmOverwriteOfExternalChange();
    /// Another program changed the open file: reload it when nothing here is unsaved, else warn.
    void onFileChangedExternally(const QString& path);
    void pushEdit(const QString& text, const TrackEdit& edit);
    /// The track was edited: a running preview re-bakes it in the background and carries on.
    void refreshPreview();
    std::optional<std::uint32_t> selectedRoute() const;

    TrackCanvas* m_canvas = nullptr;
    StartPanel* m_startPanel = nullptr;
    bool m_startPanelDismissed = false;  ///< the designer chose to draw on this empty track
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_cursorLabel = nullptr;
    NodeSelection m_selection;
    DocumentManager* m_documents = nullptr;  ///< owns the open track
    EditorDocument* m_document = nullptr;    ///< the open track, as m_documents has it

    QDockWidget* m_historyDock = nullptr;
    DiagnosticsDock* m_diagnosticsDock = nullptr;
    PropertiesDock* m_propertiesDock = nullptr;
    OutlineDock* m_outlineDock = nullptr;
    ProfilesDock* m_profilesDock = nullptr;
    ZonesDock* m_zonesDock = nullptr;
    QAction* m_addOvertakingZone = nullptr;
    QAction* m_addNoOvertakingZone = nullptr;
    QAction* m_raceSettings = nullptr;
    LiveBake* m_liveBake = nullptr;
    LevelMeshLayer* m_levelMesh = nullptr;
    QAction* m_drapeAction = nullptr;
    QAction* m_removeLevelMesh = nullptr;
    QDockWidget* m_previewDock = nullptr;
    preview::PreviewWidget* m_preview = nullptr;
    QUndoGroup* m_undoGroup = nullptr;  ///< Undo and Redo follow the open document's stack
    QMenu* m_recentMenu = nullptr;
    Workspace m_workspace = Workspace::Editing;
    QByteArray m_editingState;            ///< the Editing workspace's docks, kept while in Preview
    bool m_defaultLayoutPending = false;  ///< no saved layout: size the docks at the first show
    bool m_previewSized = false;          ///< the docked preview got its first-time room
};

/// Length of route 0's centre line, metres, including the closing link of a loop; 0 when the route
/// is missing or refers to nodes that do not exist.
double mainRouteLength(const formats::TrackDocument& document);


} // namespace editor
