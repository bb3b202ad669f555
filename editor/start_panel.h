#pragma once

#include <QFrame>
#include <QStringList>

class QVBoxLayout;

namespace editor {

/// What a designer can start from, over the empty canvas of a new track: drawing, opening a file, a
/// recent file, a bundled sample, importing a centre line. Shown while the track has no nodes.
class StartPanel : public QFrame {
    Q_OBJECT
public:
    explicit StartPanel(QWidget* parent = nullptr);

    /// Rebuilds the recent files and samples lists (missing files are left out).
    void setFiles(const QStringList& recentFiles, const QStringList& samples);

    /// The bundled samples: *.twtrack in the build's samples folder, or in share/trackwright/samples
    /// beside an installed executable.
    static QStringList bundledSamples();

signals:
    void drawRequested();
    void openDialogRequested();
    void openRequested(const QString& path);
    void importTumCsvRequested();
    void importWaypointsRequested();
    void importTorcsRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void centreOnParent();
    QVBoxLayout* m_files = nullptr;
};

} // namespace editor
