#include "editor/preview/level_mesh_preview.h"

#include "editor/preview/scene_frame.h"

#include <QColor>
#include <QHash>
#include <QString>

#include <cmath>

namespace editor::preview {

Rgba levelMaterialColour(const std::string& material) {
    const QString lower = QString::fromStdString(material).toLower();
    QColor colour;
    if (lower.contains("asphalt") || lower.contains("road") || lower.contains("tarmac")) colour = QColor::fromHsv(220, 25, 150);
    else if (lower.contains("grass")) colour = QColor::fromHsv(100, 120, 150);
    else if (lower.contains("sand") || lower.contains("gravel")) colour = QColor::fromHsv(45, 110, 190);
    else colour = QColor::fromHsv(static_cast<int>(qHash(lower) % 360u), 90, 170);
    return {static_cast<float>(colour.redF()), static_cast<float>(colour.greenF()), static_cast<float>(colour.blueF()), 1.0f};
}

PreviewMesh levelMeshPreview(const formats::LevelMesh& mesh) {
    PreviewMesh out;
    std::vector<Rgba> colours;
    colours.reserve(mesh.materials.size());
    for (const std::string& m : mesh.materials) colours.push_back(levelMaterialColour(m));
    out.vertices.reserve(mesh.triangles.size() * 3 * PreviewMesh::kFloatsPerVertex);
    out.indices.reserve(mesh.triangles.size() * 3);
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        const auto& a = mesh.vertices[tri[0]];
        const auto& b = mesh.vertices[tri[1]];
        const auto& c = mesh.vertices[tri[2]];
        trackwright::format::Vec3 n = formats::faceNormal(mesh, t);
        if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0) continue;
        // Facing up (a level's ground is seen from above), and wound counter-clockwise seen from the
        // side the normal faces, or Qt Quick 3D draws the triangle black.
        const bool flip = n.z < 0.0;
        if (flip) n = {-n.x, -n.y, -n.z};
        const ScenePoint normal = toScene(n.x, n.y, n.z);
        const Rgba colour = colours[mesh.triangleMaterial[t]];
        const auto corner = [&](const trackwright::format::Vec3& p) { return out.addVertex(toScene(p.x, p.y, p.z - kLevelMeshSink), normal, colour); };
        const std::uint32_t i0 = corner(a), i1 = corner(flip ? c : b), i2 = corner(flip ? b : c);
        out.indices.insert(out.indices.end(), {i0, i1, i2});
    }
    return out;
}

} // namespace editor::preview
