#include "formats/mesh/mesh_bvh.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace formats {
namespace {

using trackwright::format::Vec3;

constexpr std::uint32_t kLeafTriangles = 4;

/// A point exactly on a shared edge belongs to both triangles: the barycentric test keeps a
/// little of the edge on each side.
constexpr double kEdgeTolerance = 1e-9;

} // namespace

MeshBvh::MeshBvh(const LevelMesh& mesh) : m_mesh(mesh) {
    m_order.resize(mesh.triangles.size());
    for (std::uint32_t t = 0; t < m_order.size(); ++t) m_order[t] = t;
    if (!m_order.empty()) {
        m_nodes.reserve(2 * m_order.size() / kLeafTriangles + 1);
        build(0, static_cast<std::uint32_t>(m_order.size()));
    }
}

std::uint32_t MeshBvh::build(std::uint32_t begin, std::uint32_t end) {
    const auto index = static_cast<std::uint32_t>(m_nodes.size());
    m_nodes.push_back({std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                       -std::numeric_limits<double>::infinity(), begin, end - begin});
    double cMinX = std::numeric_limits<double>::infinity(), cMinY = cMinX, cMaxX = -cMinX, cMaxY = -cMinX;
    for (std::uint32_t i = begin; i < end; ++i) {
        double cx = 0.0, cy = 0.0;
        for (const std::uint32_t v : m_mesh.triangles[m_order[i]]) {
            const auto& p = m_mesh.vertices[v];
            Node& n = m_nodes[index];
            n.minX = std::min(n.minX, p.x), n.minY = std::min(n.minY, p.y), n.maxX = std::max(n.maxX, p.x), n.maxY = std::max(n.maxY, p.y);
            cx += p.x, cy += p.y;
        }
        cMinX = std::min(cMinX, cx), cMaxX = std::max(cMaxX, cx), cMinY = std::min(cMinY, cy), cMaxY = std::max(cMaxY, cy);
    }
    if (end - begin <= kLeafTriangles) return index;
    // Split at the median centroid along the longer side of the centroids' box.
    const bool alongX = cMaxX - cMinX >= cMaxY - cMinY;
    const auto centroid = [&](std::uint32_t t) {
        const auto& tri = m_mesh.triangles[t];
        const auto& a = m_mesh.vertices[tri[0]];
        const auto& b = m_mesh.vertices[tri[1]];
        const auto& c = m_mesh.vertices[tri[2]];
        return alongX ? a.x + b.x + c.x : a.y + b.y + c.y;
    };
    const std::uint32_t middle = begin + (end - begin) / 2;
    std::nth_element(m_order.begin() + begin, m_order.begin() + middle, m_order.begin() + end,
                     [&](std::uint32_t l, std::uint32_t r) { return centroid(l) < centroid(r); });
    m_nodes[index].count = 0;
    build(begin, middle);  // the left child is the next node
    const std::uint32_t right = build(middle, end);
    m_nodes[index].first = right;
    return index;
}

std::optional<SurfaceHit> MeshBvh::hit(std::uint32_t triangle, double x, double y) const {
    const auto& tri = m_mesh.triangles[triangle];
    const auto& a = m_mesh.vertices[tri[0]];
    const auto& b = m_mesh.vertices[tri[1]];
    const auto& c = m_mesh.vertices[tri[2]];
    // Barycentric coordinates in plan; a vertical (wall) face has no plan area and is never under a point.
    const double d = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    if (std::abs(d) < 1e-12) return std::nullopt;
    const double u = ((b.y - c.y) * (x - c.x) + (c.x - b.x) * (y - c.y)) / d;
    const double v = ((c.y - a.y) * (x - c.x) + (a.x - c.x) * (y - c.y)) / d;
    const double w = 1.0 - u - v;
    if (u < -kEdgeTolerance || v < -kEdgeTolerance || w < -kEdgeTolerance) return std::nullopt;
    SurfaceHit h;
    h.z = u * a.z + v * b.z + w * c.z;
    const Vec3 n = faceNormal(m_mesh, triangle);
    h.normal = n.z < 0.0 ? Vec3{-n.x, -n.y, -n.z} : n;
    h.triangle = triangle;
    h.material = m_mesh.triangleMaterial[triangle];
    return h;
}

std::vector<SurfaceHit> MeshBvh::surfacesAt(double x, double y) const {
    std::vector<SurfaceHit> hits;
    if (m_nodes.empty()) return hits;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[stack[--top]];
        if (x < n.minX || x > n.maxX || y < n.minY || y > n.maxY) continue;
        if (n.count > 0) {
            for (std::uint32_t i = n.first; i < n.first + n.count; ++i)
                if (auto h = hit(m_order[i], x, y)) hits.push_back(*h);
            continue;
        }
        // Median splits halve every level: 64 levels hold any mesh that fits in memory.
        const auto self = static_cast<std::uint32_t>(&n - m_nodes.data());
        stack[top++] = n.first;
        stack[top++] = self + 1;
    }
    std::sort(hits.begin(), hits.end(), [](const SurfaceHit& l, const SurfaceHit& r) { return l.z > r.z || (l.z == r.z && l.triangle < r.triangle); });
    return hits;
}

std::optional<SurfaceHit> MeshBvh::surfaceNear(double x, double y, double z) const {
    std::optional<SurfaceHit> best;
    for (const SurfaceHit& h : surfacesAt(x, y))
        if (!best || std::abs(h.z - z) < std::abs(best->z - z)) best = h;
    return best;
}

std::optional<FaceCrossing> MeshBvh::firstSteepFaceCrossed(double ax, double ay, double bx, double by, double z, double minSteepness) const {
    std::optional<FaceCrossing> first;
    if (m_nodes.empty()) return first;
    const double loX = std::min(ax, bx), hiX = std::max(ax, bx), loY = std::min(ay, by), hiY = std::max(ay, by);
    const double dx = bx - ax, dy = by - ay;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[stack[--top]];
        if (hiX < n.minX || loX > n.maxX || hiY < n.minY || loY > n.maxY) continue;
        if (n.count == 0) {
            const auto self = static_cast<std::uint32_t>(&n - m_nodes.data());
            stack[top++] = n.first;
            stack[top++] = self + 1;
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const auto& tri = m_mesh.triangles[m_order[i]];
            const auto& a = m_mesh.vertices[tri[0]];
            const auto& b = m_mesh.vertices[tri[1]];
            const auto& c = m_mesh.vertices[tri[2]];
            const Vec3 normal = faceNormal(m_mesh, m_order[i]);
            if ((normal.x == 0.0 && normal.y == 0.0 && normal.z == 0.0) || 1.0 - std::abs(normal.z) < minSteepness) continue;
            const double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
            // Möller–Trumbore with the segment as the ray (direction (dx, dy, 0), t in [0, 1]).
            const double px = dy * vz, py = -dx * vz, pz = dx * vy - dy * vx;  // direction × v
            const double det = ux * px + uy * py + uz * pz;
            if (std::abs(det) < 1e-12) continue;
            const double sx = ax - a.x, sy = ay - a.y, sz = z - a.z;
            const double u = (sx * px + sy * py + sz * pz) / det;
            if (u < 0.0 || u > 1.0) continue;
            const double qx = sy * uz - sz * uy, qy = sz * ux - sx * uz, qz = sx * uy - sy * ux;  // s × u
            const double v = (dx * qx + dy * qy) / det;
            if (v < 0.0 || u + v > 1.0) continue;
            const double t = (vx * qx + vy * qy + vz * qz) / det;
            if (t >= 0.0 && t <= 1.0 && (!first || t < first->fraction)) first = FaceCrossing{t, m_order[i], m_mesh.triangleMaterial[m_order[i]]};
        }
    }
    return first;
}

} // namespace formats
