#include "editor/document/disk_file_watch.h"

#include <QCryptographicHash>
#include <QFile>

namespace editor {
namespace {

/// Hash of a file's contents; empty when it cannot be read (deleted, moved away).
QByteArray hashOfFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result();
}

} // namespace

DiskFileWatch::DiskFileWatch(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &DiskFileWatch::onFileChanged);
}

void DiskFileWatch::remember(const QString& path, const QByteArray& contents) {
    rememberBase(path, path.isEmpty() ? QByteArray() : QCryptographicHash::hash(contents, QCryptographicHash::Sha256));
}

void DiskFileWatch::rememberAsOnDisk(const QString& path) { rememberBase(path, path.isEmpty() ? QByteArray() : hashOfFile(path)); }

void DiskFileWatch::rememberBase(const QString& path, const QByteArray& sha256) {
    if (!m_path.isEmpty() && m_watcher.files().contains(m_path)) m_watcher.removePath(m_path);
    m_path = path;
    m_hash = path.isEmpty() ? QByteArray() : sha256;
    if (!m_path.isEmpty()) m_watcher.addPath(m_path);
}

bool DiskFileWatch::changedOnDisk() const { return !m_path.isEmpty() && hashOfFile(m_path) != m_hash; }

void DiskFileWatch::onFileChanged(const QString& path) {
    if (path != m_path) return;
    // A save by rename (every atomic save, ours too) replaces the file the watch was on: watch the new one.
    if (!m_watcher.files().contains(m_path)) m_watcher.addPath(m_path);
    if (changedOnDisk()) emit changedExternally(m_path);
}

} // namespace editor
