#include "editor/document/disk_file_watch.h"

#include "editor/native_path.h"

#include <QCryptographicHash>
#include <QFile>

#include <array>
#include <fstream>

namespace editor {
namespace {

/// Hash of a file's contents; empty when it cannot be read (deleted, moved away).
QByteArray hashOfFile(const QString& path) {
    std::ifstream file(nativePath(path), std::ios::binary);
    if (!file) return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    std::array<char, 1 << 16> chunk;
    while (file.read(chunk.data(), chunk.size()) || file.gcount() > 0) hash.addData(QByteArrayView(chunk.data(), file.gcount()));
    return file.bad() ? QByteArray() : hash.result();
}

/// Whether Qt's classes name the same file as `path`'s own bytes do (native_path.h).
bool qtCanName(const QString& path) { return QFile::encodeName(path) == nativeFromPath(path); }

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
    if (!m_path.isEmpty() && qtCanName(m_path)) m_watcher.addPath(m_path);
}

bool DiskFileWatch::changedOnDisk() const { return !m_path.isEmpty() && hashOfFile(m_path) != m_hash; }

void DiskFileWatch::onFileChanged(const QString& path) {
    if (path != m_path) return;
    // A save by rename (every atomic save, ours too) replaces the file the watch was on: watch the new one.
    if (!m_watcher.files().contains(m_path) && qtCanName(m_path)) m_watcher.addPath(m_path);
    if (changedOnDisk()) emit changedExternally(m_path);
}

} // namespace editor
