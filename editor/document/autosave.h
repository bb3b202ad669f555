#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QLockFile;

namespace editor {

/// What a crashed session left behind: the unsaved track, where it belonged, and what that file
/// held when the session last opened or saved it.
struct Recovery {
    QString sessionFolder;  ///< the crashed session's folder; empty for a recovery of an older version
    QString recoveryFile;   ///< the autosaved .twtrack
    QString originalPath;   ///< absolute path of the file it was an edit of; empty for a track never saved
    QDateTime savedAt;      ///< when it was autosaved
    /// SHA-256 of the original file as the crashed session last read or wrote it: what its edits
    /// are edits of. A save of the restored track asks first when the file holds anything else
    /// (another editor saved it meanwhile). Empty when unknown (an older version's autosave).
    QByteArray baseHash;
};

/// What an autosave writes: the track's text, the file it is an edit of (empty for a track never
/// saved) and that file's SHA-256 as this editor last read or wrote it (Recovery::baseHash).
struct AutosaveSnapshot {
    std::string text;
    QString originalPath;
    QByteArray baseHash;
};

/// Writes the open track to a recovery file every interval while it has unsaved changes, so a
/// crash loses at most that much work. Each write is atomic (temporary file, then rename): killed
/// mid-write, the last complete autosave stays. A clean save or close removes the file.
///
/// Every editor has a session folder of its own in the recovery folder (`session-PID-N/`), locked
/// with a QLockFile while it runs: two editors never share or delete each other's recovery, and a
/// recovery is offered only once its editor no longer runs (it crashed), however many crashed.
class Autosave : public QObject {
    Q_OBJECT
public:
    /// `folder`: where the session folders live (tests pass a temporary one). `snapshot` returns
    /// what to write when there are unsaved changes, nothing otherwise.
    Autosave(QString folder, std::function<std::optional<AutosaveSnapshot>()> snapshot, QObject* parent = nullptr);
    ~Autosave() override;

    void setInterval(int milliseconds) { m_timer.setInterval(milliseconds); }
    /// Writes now when there is something to save; false when a write failed.
    bool saveNow();
    /// After a save, a clean close or another track replacing this one: nothing to recover.
    void discard();
    /// This session's recovery file (it exists only while there are unsaved, autosaved changes).
    QString recoveryFile() const;
    /// Every file an autosave of this session writes (the recovery and what describes it); empty
    /// before the first autosave. What an export must not overwrite.
    QStringList files() const;
    /// The folder the session folders live in.
    QString folder() const { return m_folder; }

    /// The recoveries in `folder` whose editor no longer runs, newest first. A live editor's
    /// session is never listed.
    static std::vector<Recovery> findRecoveries(const QString& folder);
    /// The newest of findRecoveries, if any.
    static std::optional<Recovery> findRecovery(const QString& folder);
    /// Removes a crashed session's recovery (declined, or restored and autosaved again elsewhere).
    static void discardRecovery(const Recovery& recovery);
    /// The default folder: the application's data location.
    static QString defaultFolder();

signals:
    void saved(const QString& file);
    void failed(const QString& reason);

private:
    /// Creates and locks this session's folder before its first write.
    bool ensureSession(QString& error);

    QString m_folder;
    QString m_session;  ///< this session's folder
    std::unique_ptr<QLockFile> m_lock;
    std::function<std::optional<AutosaveSnapshot>()> m_snapshot;
    QTimer m_timer;
};

} // namespace editor
