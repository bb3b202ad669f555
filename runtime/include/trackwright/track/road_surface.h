#pragma once

#include "trackwright/format/baked_format.h"

#include <cmath>

namespace trackwright {

/// The road under a point of a route beyond its plan geometry: how it climbs, how it leans and how
/// well it grips, interpolated between the baked nodes along the segment. A game pitches and rolls
/// its car by it (pitch asin(tangentZ) about the car's left axis, roll `banking` about `forward`)
/// and feeds `grip` to its tyres; the reference vehicle model feels all of it (stepVehicle).
/// The default is the level, nominal road: what every query gives off the track.
struct RoadSurface {
    /// Vertical component of the route's unit 3D tangent, i.e. sin φ of the climb angle φ in the
    /// driving direction, positive uphill: 0.0995 on a 10 % ramp (roadGradient gives the 0.1).
    /// The unit 3D tangent is (forward·cos φ, sin φ).
    float tangentZ = 0.0f;
    /// rad, the road's roll about the driving direction, positive when the left edge is higher
    /// (.twtrack's banking): the surface at lateral offset d lies d·tan(banking) above the centre.
    float banking = 0.0f;
    /// Surface grip factor: 1 is nominal dry tarmac, gravel or a wet patch less.
    float grip = 1.0f;
    /// 1/m, the road's curvature in the vertical plane, positive over a crest (it falls away:
    /// −d²z/ds², the speed hints' κ_v), negative in a compression. Constant along a segment: the
    /// change of tangentZ between its nodes over its 3D length.
    float verticalCurvature = 0.0f;
    /// Unit driving direction in the ground plane the climb is measured along (the segment's link,
    /// or the line's tangent for a line sample): a car facing elsewhere feels the slope along its
    /// own heading.
    float forwardX = 1.0f;
    float forwardY = 0.0f;
};

/// The gradient, rise over run (0.1 on a 10 % ramp): tan φ = tangentZ / √(1 − tangentZ²).
inline float roadGradient(const RoadSurface& road) {
    const float cosine = std::sqrt(1.0f - road.tangentZ * road.tangentZ);
    return cosine > 0.0f ? road.tangentZ / cosine : 0.0f;
}

/// The road a fraction `ratio` ∈ [0, 1] along the segment from baked node `a` to its successor
/// `b`: tangentZ, banking and grip interpolated linearly, the segment's vertical curvature, the
/// link's direction (a's tangent for a link without plan length). Inline: every registration
/// fills one.
inline RoadSurface roadOnSegment(const format::BakedNode& a, const format::BakedNode& b, double ratio) {
    auto lerp = [ratio](float from, float to) { return static_cast<float>(from + ratio * (to - from)); };
    RoadSurface road;
    road.tangentZ = lerp(a.tangentZ, b.tangentZ);
    road.banking = lerp(a.banking, b.banking);
    road.grip = lerp(a.grip, b.grip);
    // tangentZ is dz/ds (s along the road) and changes linearly along the segment: −d²z/ds² is its
    // drop over the 3D link.
    road.verticalCurvature = a.linkLength > 0.0f ? (a.tangentZ - b.tangentZ) / a.linkLength : 0.0f;
    if (a.linkPlanLength > 0.0f) {
        const float inverse = 1.0f / a.linkPlanLength;
        road.forwardX = (b.x - a.x) * inverse;
        road.forwardY = (b.y - a.y) * inverse;
    } else {
        road.forwardX = a.tangentX;
        road.forwardY = a.tangentY;
    }
    return road;
}

/// m/s², the gravity both the speed hints and the reference vehicle model use.
inline constexpr double kGravity = 9.81;

/// The share of its engine's acceleration a vehicle gets through its tyres on a surface of grip
/// factor `grip`: min(1, grip). The engine's acceleration is what it has on nominal tarmac; a
/// slippier surface transmits only grip times that (traction is a friction force, μ·N), a grippier
/// one adds no power. Braking, friction-limited only, scales with the grip itself. Shared by the
/// speed hints (bake/pipeline/speed_profile.h) and stepVehicle, so a car can do what its hints ask.
inline constexpr double tractionFactor(double grip) { return grip < 1.0 ? grip : 1.0; }

} // namespace trackwright
