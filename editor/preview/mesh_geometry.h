#pragma once

#include "editor/preview/track_meshes.h"

#include <QQuick3DGeometry>

namespace editor::preview {

/// A PreviewMesh handed to Qt Quick 3D: triangles with normals and vertex colours. Registered for
/// QML as Trackwright.Preview/MeshGeometry; the preview controller fills it.
class MeshGeometry : public QQuick3DGeometry {
    Q_OBJECT
public:
    explicit MeshGeometry(QQuick3DObject* parent = nullptr);
    void setMesh(const PreviewMesh& mesh);
};

} // namespace editor::preview
