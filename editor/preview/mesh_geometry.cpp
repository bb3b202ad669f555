#include "editor/preview/mesh_geometry.h"

#include <QVector3D>

namespace editor::preview {

MeshGeometry::MeshGeometry(QQuick3DObject* parent) : QQuick3DGeometry(parent) {
    // The layout from the start: the renderer divides by the stride even before there is data.
    setMesh({});
}

void MeshGeometry::setMesh(const PreviewMesh& mesh) {
    clear();
    setStride(PreviewMesh::kFloatsPerVertex * sizeof(float));
    setPrimitiveType(mesh.lineList ? QQuick3DGeometry::PrimitiveType::Lines : QQuick3DGeometry::PrimitiveType::Triangles);
    addAttribute(QQuick3DGeometry::Attribute::PositionSemantic, 0, QQuick3DGeometry::Attribute::F32Type);
    addAttribute(QQuick3DGeometry::Attribute::NormalSemantic, 3 * sizeof(float), QQuick3DGeometry::Attribute::F32Type);
    addAttribute(QQuick3DGeometry::Attribute::ColorSemantic, 6 * sizeof(float), QQuick3DGeometry::Attribute::F32Type);
    addAttribute(QQuick3DGeometry::Attribute::IndexSemantic, 0, QQuick3DGeometry::Attribute::U32Type);
    setVertexData(QByteArray(reinterpret_cast<const char*>(mesh.vertices.data()), static_cast<qsizetype>(mesh.vertices.size() * sizeof(float))));
    setIndexData(QByteArray(reinterpret_cast<const char*>(mesh.indices.data()), static_cast<qsizetype>(mesh.indices.size() * sizeof(std::uint32_t))));
    if (!mesh.empty()) setBounds(QVector3D(mesh.boundsMin.x, mesh.boundsMin.y, mesh.boundsMin.z), QVector3D(mesh.boundsMax.x, mesh.boundsMax.y, mesh.boundsMax.z));
    update();
}

} // namespace editor::preview
