#include "editor/main_window.h"

#include "editor/document/autosave.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/backdrop/backdrop_dialog.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/commands/change_line_offsets_command.h"
#include "editor/docks/diagnostics_dock.h"
#include "editor/docks/profiles_dock.h"
#include "editor/display_path.h"
#include "editor/native_path.h"
#include "editor/shortcuts_dialog.h"
#include "editor/start_panel.h"
#include "editor/with_progress.h"
#include "editor/document/live_bake.h"
#include "editor/docks/outline_dock.h"
#include "editor/docks/properties_dock.h"
#include "editor/docks/zones_dock.h"
#include "editor/document/editor_document.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"
#include "editor/canvas/track_canvas.h"
#include "editor/tools/sketch_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/document/node_clipboard.h"
#include "editor/document/track_edits.h"

#include "bake/pipeline/bake_track.h"
#include "bake/lines/racing_lines.h"
#include "formats/geometry/route_frames.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <QAction>
#include <QMimeData>
#include <QGuiApplication>
#include <QClipboard>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDoubleSpinBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoView>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace editor {
namespace {

constexpr int kMaxRecentFiles = 8;

/// A first start's window: 1280×800, or nine tenths of a larger screen, so a desktop's room goes
/// to the canvas and the preview rather than to the desktop.
QSize defaultWindowSize() {
    const QSize laptop(1280, 800);
    const QScreen* screen = QGuiApplication::primaryScreen();
    if (!screen) return laptop;
    const QSize room = screen->availableSize();
    if (room.width() <= laptop.width() || room.height() <= laptop.height()) return laptop;
    return laptop.expandedTo(room * 0.9);
}

} // namespace

MainWindow::MainWindow(QWidget* parent, const QString& recoveryFolder) : QMainWindow(parent) {
    m_canvas = new TrackCanvas(this);
    setCentralWidget(m_canvas);
    m_startPanel = new StartPanel(m_canvas);
    m_startPanel->hide();
    connect(m_startPanel, &StartPanel::drawRequested, this, [this] { m_canvas->tools().action(m_canvas->tools().find<SketchTool>())->trigger(); });
    connect(m_startPanel, &StartPanel::openDialogRequested, this, &MainWindow::showOpenDialog);
    connect(m_startPanel, &StartPanel::openRequested, this, &MainWindow::openFileReportingErrors);
    connect(m_startPanel, &StartPanel::importTumCsvRequested, this, [this] { showImportDialog(ImportKind::TumCsv); });
    connect(m_startPanel, &StartPanel::importWaypointsRequested, this, [this] { showImportDialog(ImportKind::Waypoints); });
    connect(m_startPanel, &StartPanel::importTorcsRequested, this, [this] { showImportDialog(ImportKind::Torcs); });
    m_summaryLabel = new QLabel(this);
    m_cursorLabel = new QLabel(this);
    m_cursorLabel->setMinimumWidth(220);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_cursorLabel);
    connect(m_canvas, &TrackCanvas::cursorMoved, this, [this](QPointF world) {
        m_cursorLabel->setText(QString("x %1 m   y %2 m").arg(world.x(), 0, 'f', 1).arg(world.y(), 0, 'f', 1));
    });
    connect(m_canvas, &TrackCanvas::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    m_documents = new DocumentManager(recoveryFolder, this);
    connect(m_documents, &DocumentManager::aboutToReplace, this, [this] {
        // The views let go of the old document before it goes.
        m_selection.clear();
        detachViews();
    });
    connect(m_documents, &DocumentManager::replaced, this, &MainWindow::attachDocument);
    connect(m_documents, &DocumentManager::fileUsed, this, &MainWindow::addRecentFile);
    connect(m_documents, &DocumentManager::changedExternally, this, &MainWindow::onFileChangedExternally);
    connect(m_documents, &DocumentManager::autosaveFailed, this, [this](const QString& why) { statusBar()->showMessage(tr("Autosave failed: %1").arg(why), 8000); });
    m_liveBake = new LiveBake(this);
    m_levelMesh = new LevelMeshLayer(this);
    m_canvas->setLevelMesh(m_levelMesh);
    m_canvas->setLiveBake(m_liveBake);
    createDocks();
    connect(m_profilesDock, &ProfilesDock::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // A diagnostic clicked: its node (both, for a pair such as a crossing) selected by the dock and shown here.
    connect(m_diagnosticsDock, &DiagnosticsDock::nodesActivated, this, [this](const std::set<std::uint32_t>& nodes) { m_canvas->frameNodes(nodes); });
    createMenus();
    updateTitle();
    updateTrackSummary();
    resize(defaultWindowSize());
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    m_defaultLayoutPending = !restoreState(settings.value("window/state").toByteArray());
    m_previewDock->hide();  // made on demand (F5), whatever the last session left
}

MainWindow::~MainWindow() { detachViews(); }

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, [this] { newTrack(); });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::showOpenDialog);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName("recentFilesMenu");
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    // Spelled out: QKeySequence::SaveAs is empty on platforms without a theme that names it.
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs)->setObjectName("actionSaveAs");
    QAction* revertAction = file->addAction(tr("Re&vert"), this, [this] { revert(); });
    revertAction->setObjectName("actionRevert");
    revertAction->setToolTip(tr("Go back to the file as it is on disk, dropping every unsaved change"));
    file->addSeparator();
    file->addAction(tr("Import TUM &CSV…"), this, [this] { showImportDialog(ImportKind::TumCsv); });
    file->addAction(tr("Import &Waypoints…"), this, [this] { showImportDialog(ImportKind::Waypoints); });
    file->addAction(tr("Import T&ORCS Track…"), this, [this] { showImportDialog(ImportKind::Torcs); });
    addLevelMeshFileActions(file);
    file->addAction(tr("&Export Baked…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
        if (!m_document) return;
        const QString base = filePath().isEmpty() ? QString("track.twbake") : QFileInfo(filePath()).path() + "/" + QFileInfo(filePath()).completeBaseName() + ".twbake";
        const QString path = QFileDialog::getSaveFileName(this, tr("Export baked track"), base, tr("Baked tracks (*.twbake)"));
        QString error;
        if (!path.isEmpty() && !exportBaked(path, &error)) warnPlainly(this, tr("Cannot export"), error);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);

    createEditMenu();
    createTrackMenu();
    QToolBar* tools = addToolBar(tr("Tools"));
    tools->setObjectName("toolsToolBar");
    tools->addActions(m_canvas->tools().actions()->actions());
    connect(&m_canvas->tools(), &ToolManager::currentChanged, this, [this](CanvasTool* tool) {
        // A drawing tool picked from the tool bar or by its key means the same as the panel's Draw.
        if (tool != m_canvas->tools().defaultTool() && m_startPanel->isVisible()) {
            m_startPanelDismissed = true;
            updateStartPanel();
        }
    });

    // The Sketch tool's node spacing, beside the tools.
    auto* spacing = new QDoubleSpinBox(tools);
    spacing->setObjectName("sketchSpacing");
    spacing->setRange(1.0, 200.0);
    spacing->setDecimals(1);
    spacing->setSuffix(tr(" m"));
    spacing->setValue(m_canvas->sketchSpacing());
    spacing->setToolTip(tr("Sketch: the longest link between laid nodes (closer in bends)"));
    tools->addSeparator();
    tools->addWidget(new QLabel(tr("Spacing "), tools));
    tools->addWidget(spacing);
    connect(spacing, &QDoubleSpinBox::valueChanged, m_canvas, &TrackCanvas::setSketchSpacing);
    // Soft selection's reach, beside the tools: a drag's neighbours follow within it.
    auto* falloff = new QDoubleSpinBox(tools);
    falloff->setObjectName("softFalloff");
    falloff->setRange(0.0, 1000.0);
    falloff->setDecimals(0);
    falloff->setSingleStep(10.0);
    falloff->setSuffix(tr(" m"));
    falloff->setSpecialValueText(tr("off"));
    falloff->setToolTip(tr("Falloff: dragged nodes, width handles and a banking typed in carry their neighbours along the track within this distance, "
                           "less the farther they are (off: the grabbed nodes alone)"));
    falloff->setValue(QSettings().value("softFalloff", 0.0).toDouble());
    m_canvas->setSoftFalloff(falloff->value());
    m_propertiesDock->setSoftFalloff(falloff->value());
    tools->addWidget(new QLabel(tr(" Falloff "), tools));
    tools->addWidget(falloff);
    connect(falloff, &QDoubleSpinBox::valueChanged, this, [this](double metres) {
        m_canvas->setSoftFalloff(metres);
        m_propertiesDock->setSoftFalloff(metres);
        QSettings().setValue("softFalloff", metres);
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Fit Track"), Qt::Key_F, m_canvas, &TrackCanvas::fitToTrack);
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_canvas, &TrackCanvas::zoomIn);
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_canvas, &TrackCanvas::zoomOut);
    QAction* snap = view->addAction(tr("&Snap to Grid and 15°"));
    snap->setObjectName("actionSnap");
    snap->setCheckable(true);
    snap->setShortcut(QKeySequence(Qt::Key_Percent));  // Inkscape's key for snapping
    snap->setChecked(QSettings().value("snapping", false).toBool());
    m_canvas->setSnapping(snap->isChecked());
    connect(snap, &QAction::toggled, this, [this](bool on) {
        m_canvas->setSnapping(on);
        QSettings().setValue("snapping", on);
        statusBar()->showMessage(on ? tr("Snapping: dragged nodes land on the grid, added links keep 15° steps") : tr("Snapping off"), 5000);
    });
    QAction* scaleWidths = view->addAction(tr("Scale &Widths with Selection"));
    scaleWidths->setObjectName("actionScaleWidths");
    scaleWidths->setCheckable(true);
    scaleWidths->setChecked(QSettings().value("scaleWidths", false).toBool());
    m_canvas->setScaleWidths(scaleWidths->isChecked());
    connect(scaleWidths, &QAction::toggled, this, [this](bool on) {
        m_canvas->setScaleWidths(on);
        QSettings().setValue("scaleWidths", on);
    });
    view->addSeparator();
    view->addAction(tr("&Preview AI Laps"), Qt::Key_F5, this, &MainWindow::showPreview);
    QMenu* workspaces = view->addMenu(tr("&Workspaces"));
    workspaces->addAction(tr("&Editing"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] { setWorkspace(Workspace::Editing); })
        ->setObjectName("actionWorkspaceEditing");
    workspaces->addAction(tr("&Preview"), QKeySequence(Qt::CTRL | Qt::Key_2), this, [this] { setWorkspace(Workspace::Preview); })
        ->setObjectName("actionWorkspacePreview");
    QMenu* colour = view->addMenu(tr("&Colour Lines"));
    auto* colouring = new QActionGroup(this);
    const std::pair<QString, TrackCanvas::Colouring> kColourings[] = {{tr("&None"), TrackCanvas::Colouring::None},
                                                                      {tr("By &Curvature"), TrackCanvas::Colouring::Curvature},
                                                                      {tr("By &Speed Hint"), TrackCanvas::Colouring::Speed},
                                                                      {tr("By &Height"), TrackCanvas::Colouring::Height}};
    for (const auto& [text, mode] : kColourings) {
        QAction* a = colour->addAction(text);
        a->setCheckable(true);
        a->setChecked(mode == TrackCanvas::Colouring::None);
        a->setObjectName(mode == TrackCanvas::Colouring::Curvature ? "actionColourCurvature"
                         : mode == TrackCanvas::Colouring::Speed   ? "actionColourSpeed"
                         : mode == TrackCanvas::Colouring::Height  ? "actionColourHeight"
                                                                   : "actionColourNone");
        colouring->addAction(a);
        connect(a, &QAction::triggered, this, [this, mode] { m_canvas->setColouring(mode); });
    }
    view->addAction(tr("&Backdrop…"), this, [this] {
        if (!m_document) return;
        auto* dialog = new BackdropDialog(m_document->track().editor.backdrop, QFileInfo(filePath()).path(), m_canvas, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] { setBackdrop(dialog->backdrop()); });
        dialog->show();
    })->setObjectName("actionBackdrop");
    addLevelMeshViewActions(view);
    view->addSeparator();
    for (QDockWidget* dock : {static_cast<QDockWidget*>(m_propertiesDock), static_cast<QDockWidget*>(m_outlineDock),
                              static_cast<QDockWidget*>(m_diagnosticsDock), static_cast<QDockWidget*>(m_profilesDock),
                              static_cast<QDockWidget*>(m_zonesDock), m_historyDock})
        view->addAction(dock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence::HelpContents, this, [this, tools] {
        auto* dialog = new ShortcutsDialog(menuBar(), tools, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    })->setObjectName("actionKeyboardShortcuts");
}

void MainWindow::detachViews() {
    m_canvas->setEditing(nullptr, nullptr);
    m_diagnosticsDock->setDocument(nullptr);
    m_propertiesDock->setDocument(nullptr);
    m_outlineDock->setDocument(nullptr);
    m_profilesDock->setDocument(nullptr);
    m_zonesDock->setDocument(nullptr);
    if (m_document) m_undoGroup->removeStack(m_document->undoStack());
}

void MainWindow::attachDocument(EditorDocument* document) {
    m_document = document;
    if (m_document) {
        m_undoGroup->addStack(m_document->undoStack());
        m_undoGroup->setActiveStack(m_document->undoStack());
        connect(m_document, &EditorDocument::modificationChanged, this, &MainWindow::updateTitle);
        connect(m_document, &EditorDocument::filePathChanged, this, &MainWindow::updateTitle);
        connect(m_document, &EditorDocument::diagnosticsChanged, this, &MainWindow::updateTrackSummary);
        connect(m_document, &EditorDocument::changed, this, &MainWindow::refreshPreview);
        connect(m_document, &EditorDocument::changed, this, &MainWindow::updateStartPanel);
        connect(m_document, &EditorDocument::changed, this, [this] { m_liveBake->request(m_document->track()); });
        connect(m_document, &EditorDocument::filePathChanged, this, [this](const QString& path) { m_canvas->setBackdropFolder(QFileInfo(path).path()); });
        m_canvas->setBackdropFolder(QFileInfo(m_document->filePath()).path());
        followLevelMesh();
        connect(m_document, &EditorDocument::changed, this, &MainWindow::followLevelMesh);
        m_liveBake->forget();  // the last track's bake (its grid, its start glyph) is not this one's
        m_liveBake->request(m_document->track());
    }
    m_canvas->setEditing(m_document, &m_selection);
    updateStartPanel();
    m_diagnosticsDock->setDocument(m_document);
    m_propertiesDock->setDocument(m_document);
    m_outlineDock->setDocument(m_document);
    m_profilesDock->setDocument(m_document);
    m_zonesDock->setDocument(m_document);
    if (m_document) connect(m_document, &EditorDocument::changed, this, &MainWindow::updateZoneActions);
    updateZoneActions();
    updateTitle();
    updateTrackSummary();
    if (m_preview && m_document && m_preview->controller()->simulation().track()) {
        // Another track: the preview starts over on it rather than carrying cars across.
        QString error;
        if (m_preview->controller()->setDocument(m_document->track(), &error)) {
            m_preview->controller()->reset();
        } else {
            // Never the discarded track's cars on a new one: the preview empties until this one bakes.
            m_preview->controller()->clearTrack();
            statusBar()->showMessage(tr("The preview has nothing to lap until this track bakes (F5 then): %1").arg(error), 8000);
        }
    }
}

void MainWindow::pushEdit(const QString& text, const TrackEdit& edit) {
    if (!edit.track) {
        statusBar()->showMessage(tr("%1 refused: %2").arg(text, QString::fromStdString(edit.refusal)), 8000);
        return;
    }
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, text, *edit.track));
    std::set<std::uint32_t> kept;
    if (!edit.newNodes.empty()) kept.insert(edit.newNodes.begin(), edit.newNodes.end());
    else
        for (std::uint32_t n : m_selection.nodes())
            if (n < m_document->track().nodes.size()) kept.insert(n);
    m_selection.set(kept);
}

std::optional<std::uint32_t> MainWindow::selectedRoute() const {
    if (!m_document) return std::nullopt;
    if (m_selection.empty()) return m_document->track().routes.empty() ? std::nullopt : std::optional<std::uint32_t>(0);
    const auto at = locateNode(m_document->track(), *m_selection.nodes().begin());
    return at ? std::optional<std::uint32_t>(at->first) : std::nullopt;
}

void MainWindow::previewResample(double spacing, bool adaptive) {
    const auto route = selectedRoute();
    if (!route) return;
    const TrackEdit edit = resampleRoute(m_document->track(), *route, spacing, adaptive);
    std::vector<QPointF> points;
    if (edit.track)
        for (std::uint32_t n : edit.track->routes[*route].nodes) points.emplace_back(edit.track->nodes[n].position.x, edit.track->nodes[n].position.y);
    else statusBar()->showMessage(tr("Resample refused: %1").arg(QString::fromStdString(edit.refusal)), 8000);
    m_canvas->setPreviewPoints(std::move(points));
}

void MainWindow::applyResample(double spacing, bool adaptive) {
    m_canvas->setPreviewPoints({});
    const auto route = selectedRoute();
    if (route) pushEdit(tr("Resample Route"), resampleRoute(m_document->track(), *route, spacing, adaptive));
}

void MainWindow::cancelResample() { m_canvas->setPreviewPoints({}); }

bool MainWindow::resetLineToOptimiser(const QString& name) {
    if (!m_document) return false;
    const formats::TrackDocument input = m_document->track();
    if (formats::hasErrors(formats::validate(input))) {
        statusBar()->showMessage(tr("Fix the errors in Diagnostics first: the optimiser needs a valid track"), 8000);
        return false;
    }
    const bake::RacingLineResult result = withProgress<bake::RacingLineResult>(
        this, tr("Optimising…"), [input](const bake::BakeContext& context) { return bake::optimiseRacingLines(input, {}, context); });
    if (result.cancelled) return false;
    const std::string wanted = name.toStdString();
    bool changed = false;
    for (std::size_t l = 0; l < input.lines.size(); ++l) {
        if (input.lines[l].name != wanted) continue;
        for (const formats::Line& fresh : result.document.lines)
            if (fresh.name == wanted && fresh.route == input.lines[l].route && fresh.vehicleClass == input.lines[l].vehicleClass &&
                fresh.offsets.size() == input.lines[l].offsets.size()) {
                m_document->undoStack()->push(new ChangeLineOffsetsCommand(m_document, tr("Reset %1 to Optimiser").arg(name), l, fresh.offsets));
                changed = true;
            }
    }
    if (!changed) statusBar()->showMessage(tr("The optimiser makes no line called %1").arg(name), 8000);
    return changed;
}

void MainWindow::setBackdrop(const std::optional<formats::Backdrop>& backdrop) {
    if (!m_document) return;
    formats::TrackDocument track = m_document->track();
    track.editor.backdrop = backdrop;
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, backdrop ? tr("Set Backdrop") : tr("Remove Backdrop"), std::move(track)));
}

const formats::TrackDocument* MainWindow::document() const { return m_document ? &m_document->track() : nullptr; }

const formats::Diagnostics& MainWindow::diagnostics() const {
    static const formats::Diagnostics kNone;
    return m_document ? m_document->diagnostics() : kNone;
}

QString MainWindow::filePath() const { return m_document ? m_document->filePath() : QString(); }

void MainWindow::showOpenDialog() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Track"), QFileInfo(filePath()).absolutePath(),
                                                      tr("Trackwright tracks (*.twtrack);;All files (*)"));
    if (!path.isEmpty()) openFileReportingErrors(path);
}

bool MainWindow::openFileReportingErrors(const QString& path) {
    QString error;
    if (openFile(path, &error)) return true;
    QMessageBox box(QMessageBox::Warning, tr("Cannot open track"), tr("%1 could not be opened.").arg(displayPath(QFileInfo(path).fileName())),
                    QMessageBox::Ok, this);
    box.setInformativeText(displayText(error));
    box.setObjectName("openErrorBox");
    showPlainText(box);
    box.exec();
    return false;
}

bool MainWindow::openFile(const QString& path, QString* errorText) { return m_documents->open(path, errorText); }

bool MainWindow::newTrack(bool force) {
    if (!force && !maybeSave()) return false;
    m_documents->newTrack();
    return true;
}

bool MainWindow::importFile(const QString& path, ImportKind kind, QString* errorText) { return m_documents->import(path, kind, errorText); }

bool MainWindow::revert(bool force) {
    if (!m_document || filePath().isEmpty()) {
        statusBar()->showMessage(tr("Nothing to revert to: this track has never been saved"), 8000);
        return false;
    }
    if (!force && m_document->isModified()) {
        QMessageBox box(QMessageBox::Question, tr("Revert"),
                        tr("Discard your changes to %1 and go back to the file as it is on disk?").arg(displayPath(QFileInfo(filePath()).fileName())),
                        QMessageBox::NoButton, this);
        box.setObjectName("revertBox");
        box.setInformativeText(tr("Your unsaved changes are lost; this cannot be undone."));
        QPushButton* revert = box.addButton(tr("Revert"), QMessageBox::DestructiveRole);
        box.addButton(QMessageBox::Cancel);
        box.setDefaultButton(QMessageBox::Cancel);
        showPlainText(box);
        box.exec();
        if (box.clickedButton() != revert) return false;
    }
    QString error;
    if (m_documents->revert(&error)) {
        statusBar()->showMessage(tr("Reverted to %1 as it is on disk").arg(displayPath(QFileInfo(filePath()).fileName())), 6000);
        return true;
    }
    warnPlainly(this, tr("Cannot revert"), error);
    return false;
}

bool MainWindow::saveTo(const QString& path, QString* errorText) {
    if (!m_documents->saveTo(path, errorText)) return false;
    statusBar()->showMessage(tr("Saved %1").arg(displayPath(path)), 4000);
    return true;
}

bool MainWindow::save() {
    if (!m_document) return false;
    if (filePath().isEmpty()) return saveAs();
    if (!confirmOverwriteOfExternalChange()) return false;
    QString error;
    if (saveTo(filePath(), &error)) return true;
    warnPlainly(this, tr("Cannot save"), error);
    return false;
}

bool MainWindow::saveAs() {
    if (!m_document) return false;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Track As"), filePath(), tr("Trackwright tracks (*.twtrack)"));
    if (path.isEmpty()) return false;
    QString error;
    if (saveTo(path, &error)) return true;
    warnPlainly(this, tr("Cannot save"), error);
    return false;
}

bool MainWindow::exportBaked(const QString& path, QString* errorText) {
    const auto bakeWithProgress = [this, &path](const formats::TrackDocument& track) -> std::optional<bake::BakeResult> {
        struct Outcome {
            bake::BakeResult result;
            bool cancelled = false;
        };
        Outcome outcome = withProgress<Outcome>(this, tr("Baking %1…").arg(displayPath(QFileInfo(path).fileName())), [track](const bake::BakeContext& context) {
            Outcome o;
            o.result = bake::bakeTrack(track, {}, context);
            o.cancelled = context.shouldStop();
            return o;
        });
        if (outcome.cancelled) return std::nullopt;
        return std::move(outcome.result);
    };
    const std::optional<std::size_t> bytes = m_documents->exportBaked(path, bakeWithProgress, errorText);
    if (!bytes) return false;
    statusBar()->showMessage(tr("Exported %1 (%2 bytes)").arg(displayPath(path)).arg(*bytes), 6000);
    return true;
}

bool MainWindow::restoreRecovery() { return m_documents->restoreRecovery(); }

Autosave* MainWindow::autosave() const { return m_documents->autosave(); }

bool MainWindow::confirmOverwriteOfExternalChange() {
    if (!m_documents->changedOnDisk()) return true;
    // Another editor or program saved this file since it was opened here: saving now would throw
    // its changes away without a word (two editors on one file lost the first one's save).
    QMessageBox box(QMessageBox::Warning, tr("File changed on disk"),
                    tr("%1 was changed on disk since you opened it, by another editor or program.").arg(displayPath(QFileInfo(filePath()).fileName())),
                    QMessageBox::NoButton, this);
    box.setObjectName("changedOnDiskBox");
    box.setInformativeText(tr("Keep yours (overwrite the other changes), save yours under another name, or reload the file "
                              "as it is now (your unsaved changes are lost)?"));
    QPushButton* overwrite = box.addButton(tr("Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* saveAs = box.addButton(tr("Save As…"), QMessageBox::AcceptRole);
    QPushButton* reload = box.addButton(tr("Reload"), QMessageBox::ResetRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(saveAs);
    showPlainText(box);
    box.exec();
    if (box.clickedButton() == overwrite) return true;
    if (box.clickedButton() == saveAs) this->saveAs();
    if (box.clickedButton() == reload) {
        QString error;
        if (!openFile(filePath(), &error)) warnPlainly(this, tr("Cannot reload"), error);
    }
    return false;
}

void MainWindow::onFileChangedExternally(const QString& path) {
    if (!m_document || path != filePath()) return;
    if (!m_document->isModified()) {
        // Nothing here to lose: show what is on disk now, as other editors do.
        QString error;
        if (openFile(path, &error)) statusBar()->showMessage(tr("Reloaded %1: it changed on disk").arg(displayPath(QFileInfo(path).fileName())), 8000);
        return;
    }
    statusBar()->showMessage(tr("%1 changed on disk; saving will ask before overwriting it").arg(displayPath(QFileInfo(path).fileName())), 15000);
}

bool MainWindow::copySelection() {
    const TrackEdit clip = copyNodes(m_document->track(), m_selection.nodes());
    if (!clip.track) {
        statusBar()->showMessage(tr("Copy refused: %1").arg(QString::fromStdString(clip.refusal)), 8000);
        return false;
    }
    const QByteArray json = QByteArray::fromStdString(formats::writeTrackJson(*clip.track));
    auto* mime = new QMimeData;
    mime->setData(kNodesMimeType, json);
    mime->setText(QString::fromUtf8(json));
    QGuiApplication::clipboard()->setMimeData(mime);
    statusBar()->showMessage(tr("Copied %n node(s)", nullptr, static_cast<int>(clip.track->nodes.size())), 4000);
    return true;
}

bool MainWindow::transformSelectionBy(const SelectionTransform& transform, bool scaleWidths) {
    const TrackEdit edit = transformSelection(m_document->track(), m_selection.nodes(), transform, scaleWidths);
    if (!edit.track) {
        statusBar()->showMessage(tr("Transform refused: %1").arg(QString::fromStdString(edit.refusal)), 8000);
        return false;
    }
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Transform Selection"), *edit.track));
    return true;
}

void MainWindow::pasteClipboard(PasteAs as) {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    const QByteArray json = mime && mime->hasFormat(kNodesMimeType) ? mime->data(kNodesMimeType) : (mime ? mime->text().toUtf8() : QByteArray());
    const formats::TrackLoadResult clip = formats::parseTrackJson(json.toStdString());
    if (!clip.document) {
        statusBar()->showMessage(tr("Paste: the clipboard holds no copied nodes"), 8000);
        return;
    }
    const formats::TrackDocument& run = *clip.document;
    switch (as) {
    case PasteAs::Route: {
        // Beside the original, not on it: 40 pixels down and right at the current zoom.
        const double shift = 40.0 / m_canvas->view().scale();
        pushEdit(tr("Paste Nodes"), pasteRoute(m_document->track(), run, {shift, -shift}));
        break;
    }
    case PasteAs::Branch: {
        // To the right of the original, wall to wall, as a pit lane sits beside its straight.
        if (run.routes.empty() || run.routes.front().nodes.size() < 2 || run.routes.front().nodes[1] >= run.nodes.size()) {
            statusBar()->showMessage(tr("Paste: the clipboard holds no run of nodes"), 8000);
            return;
        }
        const formats::TrackNode& first = run.nodes[run.routes.front().nodes[0]];
        const formats::Vec2 along = run.nodes[run.routes.front().nodes[1]].position.ground() - first.position.ground();
        const double length = std::max(formats::length(along), 1e-9);
        const formats::Vec2 right{along.y / length, -along.x / length};
        pushEdit(tr("Paste as Branch"), pasteBranch(m_document->track(), run, right * (first.left.wall + first.right.wall)));
        break;
    }
    case PasteAs::IntoRoute:
        if (m_selection.nodes().size() != 1) {
            statusBar()->showMessage(tr("Paste into Route: select the one node the pasted nodes follow"), 8000);
            return;
        }
        pushEdit(tr("Paste into Route"), pasteIntoRoute(m_document->track(), run, *m_selection.nodes().begin()));
        break;
    }
}

bool MainWindow::goToNode(std::uint32_t node) {
    if (!m_document || node >= m_document->track().nodes.size()) return false;
    m_selection.set({node});
    m_canvas->frameNodes({node});
    return true;
}

void MainWindow::showImportDialog(ImportKind kind) {
    if (!maybeSave()) return;
    const QString title = kind == ImportKind::TumCsv ? tr("Import TUM racetrack CSV")
                        : kind == ImportKind::Waypoints ? tr("Import waypoints") : tr("Import TORCS track");
    const QString filter = kind == ImportKind::Torcs ? tr("TORCS track (*.xml);;All files (*)") : tr("CSV (*.csv);;All files (*)");
    const QString path = QFileDialog::getOpenFileName(this, title, {}, filter);
    QString error;
    if (!path.isEmpty() && !importFile(path, kind, &error)) warnPlainly(this, tr("Cannot import"), error);
}

void MainWindow::updateStartPanel() {
    // Over the empty canvas of a new track until the designer picks something; once they choose to
    // draw, the canvas's own hint says how.
    const bool empty = m_document && m_document->track().nodes.empty();
    if (!empty) m_startPanelDismissed = false;
    const bool show = empty && !m_startPanelDismissed;
    if (show && !m_startPanel->isVisible())
        m_startPanel->setFiles(QSettings().value("recentFiles").toStringList(), StartPanel::bundledSamples());
    m_startPanel->setVisible(show);
    m_canvas->setEmptyHintShown(!show);
}

bool MainWindow::openStartUpTrack() {
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    if (!recent.isEmpty() && isNativeFile(recent.front()) && openFile(recent.front())) return true;
    newTrack(true);
    return false;
}

bool MainWindow::maybeSave() {
    if (!m_document || !m_document->isModified()) return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"), tr("The track has unsaved changes. Save them?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_documents->autosave()->discard();
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    // The Preview workspace is a moment's view: the next session starts from the editing layout.
    settings.setValue("window/state", m_workspace == Workspace::Preview && !m_editingState.isEmpty() ? m_editingState : saveState());
    event->accept();
}

void MainWindow::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value("recentFiles").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    settings.setValue("recentFiles", files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = QSettings().value("recentFiles").toStringList();
    for (const QString& f : files)
        m_recentMenu->addAction(menuText(displayPath(QFileInfo(f).fileName())), this, [this, f] {
            if (maybeSave()) openFileReportingErrors(f);
        })->setToolTip(toolTipText(displayPath(f)));
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle() {
    if (!m_document) {
        setWindowTitle(tr("No track — Trackwright"));
        return;
    }
    const QString name = filePath().isEmpty() ? tr("Untitled") : windowTitleText(displayPath(QFileInfo(filePath()).fileName()));
    setWindowTitle(QString("%1[*] — Trackwright").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateTrackSummary() {
    if (!m_document) {
        m_summaryLabel->setText(tr("Open a track with File ▸ Open (Ctrl+O)"));
        return;
    }
    const formats::TrackDocument& track = m_document->track();
    const double length = mainRouteLength(track);
    const auto errors = formats::countSeverity(m_document->diagnostics(), formats::Severity::Error);
    const auto warnings = formats::countSeverity(m_document->diagnostics(), formats::Severity::Warning);
    m_summaryLabel->setText(tr("%1 · %2 nodes · %3 routes · %4 lines · main route %5 km · %6 errors, %7 warnings")
                                .arg(QString::fromStdString(track.name))
                                .arg(track.nodes.size())
                                .arg(track.routes.size())
                                .arg(track.lines.size())
                                .arg(length / 1000.0, 0, 'f', 2)
                                .arg(errors)
                                .arg(warnings));
}

void MainWindow::refreshPreview() {
    if (m_preview && m_document && m_preview->controller()->simulation().track()) m_preview->controller()->rebakeInBackground(m_document->track());
}

double mainRouteLength(const formats::TrackDocument& document) {
    if (document.routes.empty()) return 0.0;
    const formats::Route& route = document.routes.front();
    for (std::uint32_t n : route.nodes)
        if (n >= document.nodes.size()) return 0.0;
    const std::vector<formats::Vec2> p = formats::routeGroundPositions(document, route);
    double length = 0.0;
    for (std::size_t i = 1; i < p.size(); ++i) length += formats::length(p[i] - p[i - 1]);
    if (route.closed && p.size() > 2) length += formats::length(p.front() - p.back());
    return length;
}

} // namespace editor
