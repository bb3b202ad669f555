#pragma once

#include "formats/mesh/level_mesh.h"
#include "formats/mesh/mesh_bvh.h"
#include "formats/source/track_document.h"

#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QImage>
#include <QObject>
#include <QRectF>
#include <QString>

#include <memory>
#include <optional>

namespace editor {

/// A level mesh as read: the triangles, their ray-cast hierarchy and the top-down picture of them.
/// Shared and immutable, so a drape keeps using one while the next is read.
struct LoadedLevelMesh {
    formats::LevelMesh mesh;
    std::unique_ptr<formats::MeshBvh> bvh;  ///< over `mesh`
    QImage underlay;                        ///< top-down, shaded by height and coloured by material
    QRectF world;                           ///< the world rectangle (x, y; y up) the image spans
    QString hash;                           ///< formats::levelMeshFileHash of the bytes read
};

/// The game level's mesh the open track is laid over (its `editor.level_mesh`): read off the UI
/// thread from the file the reference names (relative to the track's folder), drawn under the
/// track on the canvas, cast into for the drape and for snapping, and read again when the file
/// changes on disk — a designer re-exports the level and sees it at once.
class LevelMeshLayer : public QObject {
    Q_OBJECT
public:
    explicit LevelMeshLayer(QObject* parent = nullptr);

    /// Follows the document's reference; reads the mesh when the file or its settings changed.
    void setReference(const std::optional<formats::LevelMeshReference>& reference, const QString& trackFolder);
    /// Takes a mesh read already (the import read it to check it), for the reference it was read for.
    void adopt(const formats::LevelMeshReference& reference, const QString& trackFolder, std::shared_ptr<const LoadedLevelMesh> loaded);

    /// The mesh shown, or null while none is (no reference, still reading, or unreadable).
    std::shared_ptr<const LoadedLevelMesh> loaded() const { return m_loaded; }
    /// The file the reference names, resolved; empty without one.
    QString path() const { return m_path; }
    /// Why the reference's mesh is not shown (unreadable, missing), or empty.
    QString error() const { return m_error; }
    /// The file's bytes differ from those the track was laid over (the reference's hash).
    bool changedSinceImport() const;
    /// The surface under (x, y) nearest in height to `nearZ`, or nothing (no mesh there).
    std::optional<double> surfaceHeight(double x, double y, double nearZ) const;
    /// Blocks until a read in progress is in (screenshots, tests).
    void waitForLoad();

    /// Reads `path` and draws its picture: what the background read runs. Null with `error` set
    /// when the file does not read.
    static std::shared_ptr<const LoadedLevelMesh> read(const QString& path, const formats::LevelMeshOptions& options, QString& error);

signals:
    /// A mesh came in, went, or failed to read: repaint, re-check.
    void changed();

private:
    struct Result {
        QString path;
        std::shared_ptr<const LoadedLevelMesh> loaded;
        QString error;
    };
    void startLoad();
    void finishLoad(const Result& result);

    std::optional<formats::LevelMeshReference> m_reference;
    QString m_path;
    std::shared_ptr<const LoadedLevelMesh> m_loaded;
    QString m_error;
    QFutureWatcher<Result> m_load;
    bool m_loadPending = false;  ///< a read started whose result is not in yet
    QFileSystemWatcher m_watcher;
};

/// In memory the editor names the level mesh by its absolute path, so an undo or a Save As into
/// another folder still names the same file; in the file, relative to the track's folder (a
/// project moved or checked out elsewhere keeps its level). These two convert at open and save.
void resolveLevelMeshFile(formats::TrackDocument& track, const QString& trackFolder);
formats::TrackDocument withLevelMeshRelativeTo(formats::TrackDocument track, const QString& trackFolder);

/// The options a reference reads its mesh with.
formats::LevelMeshOptions levelMeshOptions(const formats::LevelMeshReference& reference);
/// The reference's file resolved against the track's folder.
QString resolveLevelMeshPath(const formats::LevelMeshReference& reference, const QString& trackFolder);

} // namespace editor
