#pragma once

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QString>

namespace editor {

/// What the open track's file holds on disk, as this editor last read or wrote it, and whether
/// someone else (another editor, a pipeline, version control) has changed it since. Compares
/// contents, not times, so this editor's own saves and a touch without a change never count.
/// Reads through native_path.h, so a file whose name is not UTF-8 is compared too; Qt's
/// QFileSystemWatcher cannot name such a file, so its changes are noticed only at the next save.
class DiskFileWatch : public QObject {
    Q_OBJECT
public:
    explicit DiskFileWatch(QObject* parent = nullptr);

    /// The file is now `path` holding `contents` (just saved). An empty path stops watching.
    void remember(const QString& path, const QByteArray& contents);
    /// The file is now `path` holding what it holds on disk at this moment (just opened).
    void rememberAsOnDisk(const QString& path);
    /// The file is now `path`, its edits based on contents whose SHA-256 is `sha256` (a restored
    /// autosave's base, whatever the file holds now). Empty `sha256`: nothing known, so any
    /// contents count as changed.
    void rememberBase(const QString& path, const QByteArray& sha256);
    /// True when the file's contents differ from what was remembered (changed, or deleted).
    bool changedOnDisk() const;
    QString path() const { return m_path; }
    /// SHA-256 of the contents remembered: what the open track's edits are edits of.
    QByteArray baseHash() const { return m_hash; }

signals:
    /// The file changed on disk and its contents are no longer what this editor last read or wrote.
    void changedExternally(const QString& path);

private:
    void onFileChanged(const QString& path);

    QString m_path;
    QByteArray m_hash;  ///< of the contents remembered
    QFileSystemWatcher m_watcher;
};

} // namespace editor
