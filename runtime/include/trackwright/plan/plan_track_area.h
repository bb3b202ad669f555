#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/plan/plan_search.h"

#include <cstdint>

namespace trackwright {

/// Which edge bounds the usable width.
enum class TrackEdge : std::uint8_t { Track, Runoff, Wall };

/// The planner's valid area on a baked track: a pose is valid when the registrar places it on a
/// segment (within the walls, between the node perpendiculars) no further from the link than the
/// chosen edge less `margin` (half the vehicle's width, say). Inside the margin, nearer the wall than
/// that, a pose is still valid if it is no further out than the pose it came from: a car already
/// pressed against a wall (stuck) may back away from it, never go deeper. Nothing beyond the
/// walls is ever valid. Where routes overlap, the segment that leaves the pose most room counts.
struct PlanTrackArea {
    const BakedTrack* track = nullptr;
    TrackEdge edge = TrackEdge::Runoff;
    float margin = 0.0f;

    /// How far the pose may still go outwards, metres (negative inside the margin zone); false when
    /// the registrar does not place it (beyond the walls, off the track).
    bool clearance(float x, float y, float& clearance) const;
    /// The validity test the planner calls.
    static bool test(const void* user, const PlanState& from, const PlanState& to);
    PlanValidity validity() const { return {&PlanTrackArea::test, this}; }
};

} // namespace trackwright
