#pragma once

// Vertical ray casts into a level mesh: what lies under a point of the ground plane, at what
// height, facing which way and painted with what. A bounding-volume hierarchy over the triangles'
// plan boxes (rays are vertical: a drape and the editor's snapping ask "what is under (x, y)"),
// built once per mesh; a cast visits only the boxes that hold the point.

#include "formats/mesh/level_mesh.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace formats {

/// Where a vertical line through a point meets a triangle of the mesh.
struct SurfaceHit {
    double z = 0.0;                          ///< m, the surface's height there
    trackwright::format::Vec3 normal;        ///< unit, turned upwards (z ≥ 0)
    std::uint32_t triangle = 0;
    std::uint32_t material = 0;              ///< index into LevelMesh::materials
};

/// Where a level segment passes through a face of the mesh.
struct FaceCrossing {
    double fraction = 0.0;      ///< of the way from the segment's start, in [0, 1]
    std::uint32_t triangle = 0;
    std::uint32_t material = 0;  ///< index into LevelMesh::materials
};

class MeshBvh {
public:
    /// Builds the hierarchy over `mesh`, which must outlive it.
    explicit MeshBvh(const LevelMesh& mesh);

    /// Every surface the vertical line through (x, y) meets, highest first: a bridge's deck, then
    /// the road under it. A point on a shared edge counts once per triangle it touches.
    std::vector<SurfaceHit> surfacesAt(double x, double y) const;
    /// The surface under (x, y) nearest in height to `z` (a road's deck where the route already
    /// runs at z, not the first one a ray from the sky meets), or nothing.
    std::optional<SurfaceHit> surfaceNear(double x, double y, double z) const;

    /// Where the level segment from (ax, ay) to (bx, by) at height `z` first passes through a face
    /// steeper than `minSteepness` (1 − |normal z|: 0 flat, 1 vertical), or nothing. A barrier's
    /// face stops a drape's walk across the road's edge.
    std::optional<FaceCrossing> firstSteepFaceCrossed(double ax, double ay, double bx, double by, double z, double minSteepness) const;

    std::size_t nodeCount() const { return m_nodes.size(); }

private:
    struct Node {
        double minX, minY, maxX, maxY;
        std::uint32_t first;  ///< leaf: first index into m_order; inner: the right child
        std::uint32_t count;  ///< triangles in a leaf; 0 for an inner node (its left child is next)
    };
    std::uint32_t build(std::uint32_t begin, std::uint32_t end);
    std::optional<SurfaceHit> hit(std::uint32_t triangle, double x, double y) const;

    const LevelMesh& m_mesh;
    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_order;  ///< triangle indices, grouped by leaf
};

} // namespace formats
