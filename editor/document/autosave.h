#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace editor {

/// What a crash left behind: the unsaved track and where it belonged.
struct Recovery {
    QString recoveryFile;  ///< the autosaved .twtrack
    QString originalPath;  ///< the file it was an edit of; empty for a track never saved
};

/// Writes the open track to a recovery file every interval while it has unsaved changes, so a
/// crash loses at most that much work. Each write is atomic (temporary file, then rename): killed
/// mid-write, the last complete autosave stays. A clean save or close removes the file; one still
/// there at the next start is offered back.
class Autosave : public QObject {
    Q_OBJECT
public:
    /// `folder`: where recovery files live (tests pass a temporary one). `snapshot` returns the
    /// track's text and its path when there are unsaved changes, nothing otherwise.
    Autosave(QString folder, std::function<std::optional<std::pair<std::string, QString>>()> snapshot, QObject* parent = nullptr);

    void setInterval(int milliseconds) { m_timer.setInterval(milliseconds); }
    /// Writes now when there is something to save; false when a write failed.
    bool saveNow();
    /// After a save or a clean close: nothing to recover.
    void discard();
    QString recoveryFile() const;

    /// The recovery left in `folder` by a session that did not end cleanly, if any.
    static std::optional<Recovery> findRecovery(const QString& folder);
    /// The default folder: the application's data location.
    static QString defaultFolder();

signals:
    void saved(const QString& file);
    void failed(const QString& reason);

private:
    QString m_folder;
    std::function<std::optional<std::pair<std::string, QString>>()> m_snapshot;
    QTimer m_timer;
};

} // namespace editor
