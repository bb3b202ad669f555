#pragma once

#include "trackwright/format/vec.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/registrar.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace editor::preview {

/// Metres above the centre line of the surface the preview draws `lateral` metres (left positive)
/// from it: lateral·tan(banking) across the tarmac (.twtrack's banking), level beyond its edge.
/// Level sides, as TORCS builds them: a banked oval's apron and infield are flat ground, and a 16°
/// banking carried on over 20 m of runoff and verge would lift the outer wall 6 m above the edge.
/// The vehicle model only feels the banking's lean, never this height, so nothing disagrees.
inline float bankLift(float lateral, float leftTrack, float rightTrack, float banking) {
    return std::clamp(lateral, -rightTrack, leftTrack) * std::tan(banking);
}

/// The drawn road under a point: its height and where across the road the point lies.
struct SurfaceUnder {
    float height = 0.0f;       ///< m, the track's z of the surface there (bankLift on the centre line)
    float lateral = 0.0f;      ///< m from the centre line, left positive
    bool onTarmac = false;     ///< within the tarmac, where the surface leans with the banking
    trackwright::Registration registration;
};

/// The road surface the preview draws under `position` (plan, the track's frame), found as the
/// runtime registers a car there at `nearHeight` (the surface nearest below it wins where the
/// track passes over itself), the centre line's height and the tarmac widths interpolated between
/// the segment's nodes as the meshes interpolate them. Nothing off the walls.
std::optional<SurfaceUnder> surfaceUnder(const trackwright::BakedTrack& track, trackwright::format::Vec2 position, float nearHeight);

} // namespace editor::preview
