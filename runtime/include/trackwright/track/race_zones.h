#pragma once

#include "trackwright/track/baked_track.h"

#include <cstdint>

namespace trackwright {

/// Sides a car may pass on, as bits (Left | Right = Both). Left and right are seen from a car
/// driving forward along the route.
enum class PassSides : std::uint8_t { None = 0, Left = 1, Right = 2, Both = 3 };

/// What the designer's zones say about passing at one place on a route.
struct OvertakingRule {
    PassSides sides = PassSides::Both;  ///< where a car may pass
    bool encouraged = false;            ///< inside an overtaking zone: the designer wants passes here
};

/// What a zone tells AI cars.
enum class ZoneKind : std::uint8_t { Overtaking = 0, NoOvertaking = 1 };

/// A designer's zone as the bake placed it: from its start node to its end node in the driving
/// direction; on a closed route an `endDistance` below `startDistance` runs across the start line.
struct TrackZone {
    ZoneKind kind = ZoneKind::Overtaking;
    PassSides sides = PassSides::Both;  ///< None for a no-overtaking zone
    std::uint32_t route = 0;
    std::uint32_t startNode = 0;        ///< baked node indices, within `route`
    std::uint32_t endNode = 0;
    float startDistance = 0.0f;         ///< m along the route from its first node
    float endDistance = 0.0f;
};

/// How many zones the track holds.
std::uint32_t zoneCount(const BakedTrack& track);
/// Zone `index`: false, and `zone` untouched, when there is no such zone.
[[nodiscard]] bool zoneAt(const BakedTrack& track, std::uint32_t index, TrackZone& zone);

/// At `distance` m along `route`: inside a no-overtaking zone {None, false}; inside an overtaking
/// zone {its sides, true} (the union of their sides where overtaking zones overlap); elsewhere
/// {Both, false}. A no-overtaking zone wins where it overlaps an overtaking one. A zone covers
/// [start, end): its start node's distance but not its end node's. Distances wrap on closed routes.
/// An unknown route or a non-finite distance reads as elsewhere. Tracks hold a handful of zones, so
/// this scans them all (a few comparisons each): no index, no allocation.
OvertakingRule overtakingRuleAt(const BakedTrack& track, std::uint32_t route, float distance);

/// Metres from `distance` along `route` to the start of the next no-overtaking zone, looking ahead
/// in the driving direction (round the start on a closed route): 0 inside one, infinity when there
/// is none within the route's length (or the route is unknown, or the distance not finite). A
/// linear scan of the zones, like overtakingRuleAt.
float distanceToNoOvertaking(const BakedTrack& track, std::uint32_t route, float distance);

/// +1 when lapped cars yield to the left, −1 to the right: the designer's yield side (−1 when the
/// track sets none, or for a track not loaded).
float yieldSide(const BakedTrack& track);

/// Seconds a pit stop stands at its box: the designer's pit stop time (3 when the track sets none).
float pitStopTime(const BakedTrack& track);

} // namespace trackwright
