#include "trackwright/track/race_zones.h"

#include <cmath>
#include <limits>

namespace trackwright {
namespace {

constexpr float kDefaultPitStopTime = 3.0f;  ///< s, .twtrack's default

/// `distance` as a distance along `route`, wrapped into [0, length) on a closed route; false for
/// an unknown route or a distance that is not finite.
bool alongRoute(const BakedTrack& track, std::uint32_t route, float distance, float& along, bool& closed, float& length) {
    if (route >= track.view.routes.size() || !std::isfinite(distance)) return false;
    const format::BakedRoute& r = track.view.routes[route];
    closed = (r.flags & format::kRouteClosed) != 0;
    length = r.length;
    along = distance;
    if (closed && length > 0.0f) {
        along = std::fmod(distance, length);
        if (along < 0.0f) along += length;
    }
    return true;
}

/// Whether zone `z` covers `along`: [start, end), or across the start of a loop.
bool covers(const format::BakedZone& z, float along, bool closed) {
    if (z.startDistance <= z.endDistance) return along >= z.startDistance && along < z.endDistance;
    return closed && (along >= z.startDistance || along < z.endDistance);
}

} // namespace

std::uint32_t zoneCount(const BakedTrack& track) { return static_cast<std::uint32_t>(track.view.zones.size()); }

bool zoneAt(const BakedTrack& track, std::uint32_t index, TrackZone& zone) {
    if (index >= track.view.zones.size()) return false;
    const format::BakedZone& z = track.view.zones[index];
    zone = {z.kind == format::BakedZoneKind::Overtaking ? ZoneKind::Overtaking : ZoneKind::NoOvertaking,
            static_cast<PassSides>(z.sides & format::kSidesBoth), z.route, z.startNode, z.endNode, z.startDistance, z.endDistance};
    return true;
}

OvertakingRule overtakingRuleAt(const BakedTrack& track, std::uint32_t route, float distance) {
    float along = 0.0f, length = 0.0f;
    bool closed = false;
    if (!alongRoute(track, route, distance, along, closed, length)) return {};
    std::uint32_t sides = 0;
    bool inOvertaking = false;
    for (const format::BakedZone& z : track.view.zones) {
        if (z.route != route || !covers(z, along, closed)) continue;
        if (z.kind == format::BakedZoneKind::NoOvertaking) return {PassSides::None, false};
        sides |= z.sides & format::kSidesBoth;
        inOvertaking = true;
    }
    if (!inOvertaking) return {};
    return {static_cast<PassSides>(sides), true};
}

float distanceToNoOvertaking(const BakedTrack& track, std::uint32_t route, float distance) {
    constexpr float kNone = std::numeric_limits<float>::infinity();
    float along = 0.0f, length = 0.0f;
    bool closed = false;
    if (!alongRoute(track, route, distance, along, closed, length)) return kNone;
    float nearest = kNone;
    for (const format::BakedZone& z : track.view.zones) {
        if (z.route != route || z.kind != format::BakedZoneKind::NoOvertaking) continue;
        if (covers(z, along, closed)) return 0.0f;
        float ahead = z.startDistance - along;
        if (ahead < 0.0f) {
            if (!closed) continue;  // behind the car on a road that does not come round again
            ahead += length;
        }
        if (ahead < nearest) nearest = ahead;
    }
    return nearest;
}

float yieldSide(const BakedTrack& track) {
    return track.view.race && track.view.race->yieldSide == format::kSideLeft ? 1.0f : -1.0f;
}

float pitStopTime(const BakedTrack& track) { return track.view.race ? track.view.race->pitStopTime : kDefaultPitStopTime; }

} // namespace trackwright
