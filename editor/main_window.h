#pragma once

#include "formats/diagnostic.h"
#include "formats/track_document.h"

#include <QMainWindow>

#include <optional>

class QDockWidget;
class QLabel;

namespace editor {

class TrackCanvas;
namespace preview {
class PreviewWidget;
}

/// The editor's main window: the track canvas in the centre, the 3D preview in a dock (made when
/// first shown), menus, and a status bar with the track's figures and the cursor position.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    /// Loads and shows a track. On failure the current track stays, and `errorText` lists the
    /// problems one per line ("FILE: error[code]: message (at path)").
    bool openFile(const QString& path, QString* errorText = nullptr);
    /// openFile, telling the user why in a message box when it fails. For the menu and drops.
    bool openFileReportingErrors(const QString& path);

    const std::optional<formats::TrackDocument>& document() const { return m_document; }
    const formats::Diagnostics& diagnostics() const { return m_diagnostics; }
    TrackCanvas* canvas() const { return m_canvas; }
    QString filePath() const { return m_filePath; }
    QDockWidget* previewDock() const { return m_previewDock; }
    /// The preview, once the dock has been shown; null before.
    preview::PreviewWidget* previewWidget() const { return m_preview; }

public slots:
    void showOpenDialog();
    /// Shows the preview dock with a few AI cars on the current track, and starts them.
    void showPreview();

private:
    void createMenus();
    void updateTitle();
    void updateTrackSummary();
    /// The track was edited: a running preview re-bakes it in the background and carries on.
    void refreshPreview();

    TrackCanvas* m_canvas = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_cursorLabel = nullptr;
    QDockWidget* m_previewDock = nullptr;
    preview::PreviewWidget* m_preview = nullptr;
    std::optional<formats::TrackDocument> m_document;
    formats::Diagnostics m_diagnostics;
    QString m_filePath;
};

/// Length of route 0's centre line, metres, including the closing link of a loop; 0 when the route
/// is missing or refers to nodes that do not exist.
double mainRouteLength(const formats::TrackDocument& document);

/// "FILE: error[code]: message (at path)", one diagnostic per line.
QString formatDiagnostics(const QString& file, const formats::Diagnostics& diagnostics);

} // namespace editor
