// MainWindow's docks and workspaces: where each dock goes, the sizes a first start gives them on
// the screen at hand, and View ▸ Workspaces (Editing, and Preview, where the 3D view takes most of
// the window).
#include "editor/main_window.h"

#include "editor/canvas/track_canvas.h"
#include "editor/docks/diagnostics_dock.h"
#include "editor/docks/outline_dock.h"
#include "editor/docks/profiles_dock.h"
#include "editor/docks/properties_dock.h"
#include "editor/docks/zones_dock.h"
#include "editor/document/editor_document.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"

#include <QDockWidget>
#include <QShowEvent>
#include <QStatusBar>
#include <QUndoView>

#include <algorithm>

namespace editor {
namespace {

// Shares of the window the docks get on a first start (a restored layout keeps the designer's own).
constexpr double kSideDocksShare = 0.26;        ///< properties and outline, of the width
constexpr double kBottomDocksShare = 0.18;      ///< diagnostics and profiles, of the height
constexpr double kDockedPreviewHeight = 0.46;   ///< the docked preview, of the height
constexpr double kPreviewWorkspaceShare = 0.78; ///< the preview in its workspace, of the width

int share(int whole, double fraction) { return static_cast<int>(whole * fraction); }

} // namespace

void MainWindow::createDocks() {
    m_propertiesDock = new PropertiesDock(&m_selection, this);
    addDockWidget(Qt::RightDockWidgetArea, m_propertiesDock);
    m_outlineDock = new OutlineDock(&m_selection, this);
    addDockWidget(Qt::RightDockWidgetArea, m_outlineDock);
    m_diagnosticsDock = new DiagnosticsDock(&m_selection, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    m_profilesDock = new ProfilesDock(&m_selection, m_liveBake, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_profilesDock);
    tabifyDockWidget(m_diagnosticsDock, m_profilesDock);
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName("historyDock");
    m_historyDock->setWidget(new QUndoView(m_historyDock));
    addDockWidget(Qt::RightDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_outlineDock, m_historyDock);
    m_zonesDock = new ZonesDock(&m_selection, this);
    addDockWidget(Qt::RightDockWidgetArea, m_zonesDock);
    tabifyDockWidget(m_outlineDock, m_zonesDock);
    connect(m_zonesDock, &ZonesDock::zoneHighlighted, m_canvas, &TrackCanvas::setHighlightedZone);
    m_previewDock = new QDockWidget(tr("Preview"), this);
    m_previewDock->setObjectName("previewDock");
    // A tab beside Diagnostics and Profiles: the 3D view gets the window's whole width, and the
    // status bar keeps the error count in sight while it shows.
    addDockWidget(Qt::BottomDockWidgetArea, m_previewDock);
    tabifyDockWidget(m_diagnosticsDock, m_previewDock);
    m_previewDock->hide();
    // Diagnostics in front: Profiles replots every node on every edit, too much to show unasked.
    m_diagnosticsDock->raise();
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // resizeDocks takes effect only on a laid-out window: the first show is the earliest moment.
    if (!m_defaultLayoutPending) return;
    m_defaultLayoutPending = false;
    resizeDocks({m_propertiesDock}, {share(width(), kSideDocksShare)}, Qt::Horizontal);
    resizeDocks({m_diagnosticsDock}, {share(height(), kBottomDocksShare)}, Qt::Vertical);
}

void MainWindow::setWorkspace(Workspace workspace) {
    if (workspace == m_workspace) return;
    if (workspace == Workspace::Preview) {
        m_editingState = saveState();
        m_workspace = workspace;
        showPreview();
        for (QDockWidget* dock : {static_cast<QDockWidget*>(m_propertiesDock), static_cast<QDockWidget*>(m_outlineDock),
                                  static_cast<QDockWidget*>(m_diagnosticsDock), static_cast<QDockWidget*>(m_profilesDock),
                                  static_cast<QDockWidget*>(m_zonesDock), m_historyDock})
            dock->hide();
        // The canvas keeps a strip on the left to see where on the track the cars are.
        addDockWidget(Qt::RightDockWidgetArea, m_previewDock);
        m_previewDock->show();
        resizeDocks({m_previewDock}, {share(width(), kPreviewWorkspaceShare)}, Qt::Horizontal);
        statusBar()->showMessage(tr("Preview workspace: View ▸ Workspaces ▸ Editing (Ctrl+1) brings the editing docks back"), 8000);
        return;
    }
    m_workspace = workspace;
    restoreState(m_editingState);
    if (m_preview && !m_previewDock->isVisible()) m_preview->controller()->pause();
}

void MainWindow::showPreview() {
    if (!m_preview) {
        // Made on first use: the Qt Quick 3D scene needs OpenGL, and most sessions never open it.
        m_preview = new preview::PreviewWidget(m_previewDock);
        m_previewDock->setWidget(m_preview);
        showLevelMeshInPreview();
        // A drive stopped: its path offered as a line (main_window_drive.cpp). Queued, so the
        // question comes after the preview has finished handing the car back.
        connect(m_preview->controller(), &preview::PreviewController::drivenPathRecorded, this, &MainWindow::offerDrivenLine, Qt::QueuedConnection);
    }
    const bool firstShow = !m_previewSized;
    m_previewDock->show();
    m_previewDock->raise();
    if (firstShow && m_workspace == Workspace::Editing && isVisible()) {
        // The first time, the preview gets room to see the cars; later the designer's sizes stay.
        m_previewSized = true;
        resizeDocks({m_previewDock}, {share(height(), kDockedPreviewHeight)}, Qt::Vertical);
    }
    if (!m_document) return;
    if (!m_preview->controller()->simulation().track()) {
        QString error;
        if (!m_preview->controller()->setDocument(m_document->track(), &error)) {
            statusBar()->showMessage(tr("The preview cannot bake this track: %1").arg(error), 8000);
            return;
        }
        for (const preview::PreviewCarSetup& car : preview::defaultField(4)) m_preview->controller()->addCar(car);
    }
    m_preview->controller()->play();
}

} // namespace editor
