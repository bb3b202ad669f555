#pragma once

#include "editor/preview/scene_frame.h"

#include "trackwright/format/baked_format.h"

namespace editor::preview {

/// A cross-section of the road where the meshes put vertices: a point with the ground-plane
/// perpendicular through it, the road's 3D tangent there, its banking and tarmac widths. `at` and
/// `normalAt` give the drawn surface (bankLift: leaning across the tarmac, level beyond it) at a
/// lateral distance from the point. World frame; `at` and `normalAt` answer in the scene's.
struct RoadSection {
    float x = 0.0f, y = 0.0f;                        ///< the point, in plan
    float z = 0.0f;                                  ///< the centre line's height there
    float perpendicularX = 0.0f, perpendicularY = 1.0f;  ///< unit, to the left, in the ground plane
    float tangentX = 1.0f, tangentY = 0.0f;          ///< unit, forward, in the ground plane
    float tangentZ = 0.0f;                           ///< sin of the climb (BakedNode::tangentZ)
    float banking = 0.0f, leftTrack = 0.0f, rightTrack = 0.0f;
    float offset = 0.0f;  ///< m the point lies left of the centre line: a line's offset, 0 for a node
    /// Worked out once per section from the above rather than at every vertex: tan(banking), the
    /// tarmac's normal and the level sides' normal, scene frame.
    float tanBanking = 0.0f;
    ScenePoint tarmacNormal{0.0f, 1.0f, 0.0f}, levelNormal{0.0f, 1.0f, 0.0f};

    static RoadSection ofNode(const trackwright::format::BakedNode& n);
    /// A line's point with the banking and widths of the node it lies across.
    static RoadSection ofLinePoint(const trackwright::format::BakedLinePoint& p, const trackwright::format::BakedNode& node);

    /// Height of the surface `lateral` metres left of the point.
    float heightAt(float lateral) const;
    /// The surface `lateral` metres left of the point, `lift` above it.
    ScenePoint at(float lateral, float lift = 0.0f) const;
    /// The surface's unit normal `lateral` metres left of the point: the 3D tangent crossed with the
    /// surface's leftward direction, so it leans back on a climb and away from a banking's high side.
    ScenePoint normalAt(float lateral) const;
    /// A slope's unit normal: ground falling `slope` metres per metre towards the left (negative:
    /// rising), along the road's climb. An embankment's, whose fall is across the road.
    ScenePoint normalOfCrossSlope(float slope) const;
    /// The same section `along` metres further along its plan tangent, climbing with the road.
    RoadSection advanced(float along) const;
};

/// The section a fraction `t` of the way from `a` to `b`, its directions renormalised.
RoadSection lerp(const RoadSection& a, const RoadSection& b, float t);

} // namespace editor::preview
