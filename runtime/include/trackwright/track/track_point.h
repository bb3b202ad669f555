#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/road_surface.h"

#include "trackwright/format/vec.h"

#include <cstdint>

namespace trackwright {

/// A point on a route's centre line with the frame a car placed there needs. Track frame, metres.
struct TrackPoint {
    std::uint32_t route = 0;
    std::uint32_t segment = 0;   ///< index within the route of the segment's first node
    float distance = 0.0f;       ///< metres along the route from its first node (along its 3D links)
    format::Vec2 position;      ///< on the centre line (the link between the segment's nodes)
    float z = 0.0f;              ///< height of the centre line there
    format::Vec2 forward;       ///< unit, the driving direction (the link's)
    format::Vec2 left;          ///< unit, left of `forward`
    float heading = 0.0f;        ///< rad, counter-clockwise from +x: the direction of `forward`
    float curvature = 0.0f;      ///< 1/m, left positive, interpolated between the nodes (eq. 39.3)
    float leftTrack = 0.0f;      ///< m of tarmac left of the centre line there
    float rightTrack = 0.0f;     ///< m of tarmac right of it
    RoadSurface road;            ///< climb, banking, grip there, interpolated between the nodes; `forward` its direction
};

/// The point `distance` metres along `route` (wrapped on a closed route, clamped to its ends on an
/// open one). False, and `out` untouched, for a route that does not exist or a non-finite distance.
[[nodiscard]] bool routePointAt(const BakedTrack& track, std::uint32_t route, double distance, TrackPoint& out);

/// The centre-line point of any route nearest to `position`, for a car that is lost (far off the
/// track, or where registration is undefined): where to put it back, facing the driving direction.
/// `offTrack` is its distance from that point, metres. Looks at every segment, so it costs
/// O(nodes) (about 10 µs on a 5 km track): for the rare lost car, not for every car every tick; a
/// registered car's segment is known already. False for a non-finite position or an empty track.
[[nodiscard]] bool nearestTrackPoint(const BakedTrack& track, format::Vec2 position, TrackPoint& out, float& offTrack);

} // namespace trackwright
