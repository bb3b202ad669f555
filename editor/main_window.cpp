#include "editor/main_window.h"

#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"
#include "editor/track_canvas.h"

#include "formats/route_frames.h"
#include "formats/track_json.h"
#include "formats/validate.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace editor {

QString formatDiagnostics(const QString& file, const formats::Diagnostics& diagnostics) {
    QStringList lines;
    for (const formats::Diagnostic& d : diagnostics) {
        QString line = file;
        if (d.line) line += QString(":%1").arg(*d.line) + (d.column ? QString(":%1").arg(*d.column) : QString());
        line += QString(": %1[%2]: %3").arg(formats::severityName(d.severity), QString::fromStdString(d.code), QString::fromStdString(d.message));
        if (!d.jsonPath.empty()) line += QString(" (at %1)").arg(QString::fromStdString(d.jsonPath));
        lines << line;
    }
    return lines.join('\n');
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    m_canvas = new TrackCanvas(this);
    setCentralWidget(m_canvas);
    m_summaryLabel = new QLabel(this);
    m_cursorLabel = new QLabel(this);
    m_cursorLabel->setMinimumWidth(220);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_cursorLabel);
    connect(m_canvas, &TrackCanvas::cursorMoved, this, [this](QPointF world) {
        m_cursorLabel->setText(QString("x %1 m   y %2 m").arg(world.x(), 0, 'f', 1).arg(world.y(), 0, 'f', 1));
    });
    m_previewDock = new QDockWidget(tr("Preview"), this);
    m_previewDock->setObjectName("previewDock");
    m_previewDock->setAllowedAreas(Qt::AllDockWidgetAreas);
    addDockWidget(Qt::BottomDockWidgetArea, m_previewDock);
    m_previewDock->hide();
    createMenus();
    updateTitle();
    updateTrackSummary();
    resize(1280, 800);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* fit = view->addAction(tr("&Fit Track"), m_canvas, &TrackCanvas::fitToTrack);
    fit->setShortcut(Qt::Key_F);
    QAction* zoomIn = view->addAction(tr("Zoom &In"), m_canvas, &TrackCanvas::zoomIn);
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = view->addAction(tr("Zoom &Out"), m_canvas, &TrackCanvas::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    view->addSeparator();
    QAction* preview = view->addAction(tr("&Preview AI Laps"), this, &MainWindow::showPreview);
    preview->setShortcut(Qt::Key_F5);
}

void MainWindow::showPreview() {
    if (!m_preview) {
        // Made on first use: the Qt Quick 3D scene needs OpenGL, and most sessions never open it.
        m_preview = new preview::PreviewWidget(m_previewDock);
        m_previewDock->setWidget(m_preview);
        m_previewDock->resize(width(), height() / 2);
    }
    m_previewDock->show();
    m_previewDock->raise();
    if (!m_document) return;
    if (!m_preview->controller()->simulation().track()) {
        QString error;
        if (!m_preview->controller()->setDocument(*m_document, &error)) {
            statusBar()->showMessage(tr("The preview cannot bake this track: %1").arg(error), 8000);
            return;
        }
        for (const preview::PreviewCarSetup& car : preview::defaultField(4)) m_preview->controller()->addCar(car);
    }
    m_preview->controller()->play();
}

void MainWindow::refreshPreview() {
    if (m_preview && m_document && m_preview->controller()->simulation().track()) m_preview->controller()->rebakeInBackground(*m_document);
}

void MainWindow::showOpenDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Track"), QFileInfo(m_filePath).absolutePath(),
                                                      tr("Trackwright tracks (*.twtrack);;All files (*)"));
    if (!path.isEmpty()) openFileReportingErrors(path);
}

bool MainWindow::openFileReportingErrors(const QString& path) {
    QString error;
    if (openFile(path, &error)) return true;
    QMessageBox box(QMessageBox::Warning, tr("Cannot open track"), tr("%1 could not be opened.").arg(QFileInfo(path).fileName()),
                    QMessageBox::Ok, this);
    box.setInformativeText(error);
    box.setObjectName("openErrorBox");
    box.exec();
    return false;
}

bool MainWindow::openFile(const QString& path, QString* errorText) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(path.toStdString());
    // The loader's own errors (syntax, structure, schema) make the document untrustworthy even if
    // it produced one; validation findings do not: they are shown, and editing will fix them.
    if (!loaded.document || formats::hasErrors(loaded.diagnostics)) {
        if (errorText) {
            formats::Diagnostics reported = loaded.diagnostics;
            if (reported.empty()) {
                formats::Diagnostic unexplained;
                unexplained.code = "load";
                unexplained.message = "the file could not be loaded";
                reported.push_back(unexplained);
            }
            *errorText = formatDiagnostics(path, reported);
        }
        return false;
    }
    m_diagnostics = loaded.diagnostics;
    const formats::Diagnostics validation = formats::validate(*loaded.document);
    m_diagnostics.insert(m_diagnostics.end(), validation.begin(), validation.end());
    m_document = std::move(loaded.document);
    m_filePath = path;
    m_canvas->setDocument(*m_document);
    updateTitle();
    updateTrackSummary();
    if (m_preview && m_preview->controller()->simulation().track()) {
        // Another track: the preview starts over on it rather than carrying cars across.
        QString error;
        if (m_preview->controller()->setDocument(*m_document, &error)) m_preview->controller()->reset();
        else statusBar()->showMessage(tr("The preview cannot bake this track: %1").arg(error), 8000);
    }
    return true;
}

void MainWindow::updateTitle() {
    const QString name = m_filePath.isEmpty() ? tr("No track") : QFileInfo(m_filePath).fileName();
    setWindowTitle(QString("%1 — Trackwright").arg(name));
}

void MainWindow::updateTrackSummary() {
    if (!m_document) {
        m_summaryLabel->setText(tr("Open a track with File ▸ Open (Ctrl+O)"));
        return;
    }
    const double length = mainRouteLength(*m_document);
    const auto errors = formats::countSeverity(m_diagnostics, formats::Severity::Error);
    const auto warnings = formats::countSeverity(m_diagnostics, formats::Severity::Warning);
    m_summaryLabel->setText(tr("%1 · %2 nodes · %3 routes · %4 lines · main route %5 km · %6 errors, %7 warnings")
                                .arg(QString::fromStdString(m_document->name))
                                .arg(m_document->nodes.size())
                                .arg(m_document->routes.size())
                                .arg(m_document->lines.size())
                                .arg(length / 1000.0, 0, 'f', 2)
                                .arg(errors)
                                .arg(warnings));
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
