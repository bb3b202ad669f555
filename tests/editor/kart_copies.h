#pragma once

// The kart sample as the editor's file tests use it: copies to save over, an edit to tell versions
// apart by (node 0 moved east), and the bytes of a file.
#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"

#include "formats/source/track_json.h"

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace tw::test {

inline const QString kKart = QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

/// Moves node 0 `metres` east as one undoable edit.
inline void nudge(editor::MainWindow& window, double metres) {
    editor::EditorDocument* document = window.editorDocument();
    formats::TrackNode node = document->track().nodes[0];
    node.position.x += metres;
    document->undoStack()->push(new editor::ChangeNodesCommand(document, "nudge", {{0, node}}));
}

/// Node 0's x in the track file `path`, metres.
inline double firstNodeX(const QString& path) { return formats::loadTrackFile(path.toStdString()).document->nodes[0].position.x; }

/// Copies the kart sample to `folder`/`name` (0600), so a test may save over it.
inline QString copyOfKart(const QTemporaryDir& folder, const QString& name) {
    const QString path = folder.filePath(name);
    QFile::copy(kKart, path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

/// The whole file, or nothing when it cannot be read.
inline QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Writes `bytes` to `path`, replacing what is there; false when it cannot.
inline bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

} // namespace tw::test
