// The meaning of a .twbake, checked after its bytes: every number the runtime reads is one the
// baker can write. A checksum proves only that nobody changed the file by accident; a modder
// re-seals it after an edit, and a line point at −1e30 m or a NaN speed hint then crashed the
// runner or sent NaN throttle (issue 47). Branch-light loops over plain structs: the checks cost a
// few comparisons per node and line point.

#include "trackwright/format/baked_values.h"

#include <algorithm>
#include <cmath>

namespace trackwright::format::detail {
namespace {

/// Positions are relative to the origin near the track, which spans at most 100 km
/// (formats/validate): twice that is a value the baker never writes.
constexpr float kMaxLocalCoordinate = 200000.0f;
/// Widths and line offsets: the validator's 1 km.
constexpr float kMaxWidth = 1000.0f;
/// m/s: speed hints and overrides (a hint is at most a class's top speed, ≤ kMaxBakedSpeed).
constexpr float kMaxSpeed = kMaxBakedSpeed;
/// A unit vector's length after the float rounding of its components.
constexpr float kUnitTolerance = 1e-3f;

/// NaN fails. `&`, not `&&`: a sound record's checks run without a branch each.
bool within(float value, float low, float high) { return (value >= low) & (value <= high); }
bool coordinate(float value) { return within(value, -kMaxLocalCoordinate, kMaxLocalCoordinate); }
bool unit(float x, float y) { return within(x * x + y * y, 1.0f - 2.0f * kUnitTolerance, 1.0f + 2.0f * kUnitTolerance); }
/// The tolerance between a stored length and one measured from the stored floats: the float
/// rounding of the length itself and of the positions it was measured from (`magnitude`, the sum
/// of their coordinates' sizes), and a millimetre besides.
double lengthTolerance(double length, double magnitude) { return 1e-3 + 4e-7 * std::fabs(length) + 3e-7 * magnitude; }

/// A stored length against another stored one (a link against the distances either side of it).
bool sameLength(double stored, double measured, double magnitude = 0.0) {
    return std::fabs(stored - measured) <= lengthTolerance(measured, magnitude);
}

/// A stored length against the length whose square is `squared`, measured from stored positions,
/// compared as squares: |√squared − stored| ≤ tolerance without the square root (a load checks
/// every link and segment; the roots were a fifth of its value checks).
bool lengthMatchesSquared(double stored, double squared, double magnitude) {
    const double tolerance = lengthTolerance(stored, magnitude);
    const double low = std::max(stored - tolerance, 0.0), high = stored + tolerance;
    return high >= 0.0 && squared >= low * low && squared <= high * high;  // NaN fails
}
double size(float x, float y, float z) { return std::fabs(x) + std::fabs(y) + std::fabs(z); }

BakedValueProblem problem(const char* section, std::uint64_t record, const char* what) { return {section, record, what}; }

/// What is wrong with a node's own values, or nothing: one branch for a sound node, the first
/// group out of range named for one that is not.
const char* nodeValueProblem(const BakedNode& n) {
    const bool position = coordinate(n.x) & coordinate(n.y) & coordinate(n.z);
    const bool frame = unit(n.tangentX, n.tangentY) & unit(n.perpendicularX, n.perpendicularY) & within(n.tangentZ, -1.0f, 1.0f);
    const bool widths = within(n.leftTrack, 0.0f, kMaxWidth) & within(n.leftRunoff, 0.0f, kMaxWidth) & within(n.leftWall, 0.0f, kMaxWidth) &
                        within(n.rightTrack, 0.0f, kMaxWidth) & within(n.rightRunoff, 0.0f, kMaxWidth) & within(n.rightWall, 0.0f, kMaxWidth);
    const bool rest = within(n.curvature, -kMaxBakedCurvature, kMaxBakedCurvature) & within(n.bezierCurvature, 0.0f, kMaxBakedCurvature) &
                      within(n.speedOverride, 0.0f, kMaxSpeed) & within(n.banking, -kMaxBakedBanking, kMaxBakedBanking) &
                      (n.grip > kMinBakedGrip) & (n.grip <= kMaxBakedGrip);
    if (position & frame & widths & rest) return nullptr;
    return !position ? "position beyond 200 km of the origin or not finite"
           : !frame  ? "tangent or perpendicular not a unit vector"
           : !widths ? "width negative, beyond 1 km or not finite"
                     : "curvature, speed override, banking or grip out of range";
}

/// The same for a line point's own values.
const char* linePointValueProblem(const BakedLinePoint& p) {
    const bool values = coordinate(p.x) & coordinate(p.y) & coordinate(p.z) & within(p.offset, -kMaxWidth, kMaxWidth) &
                        within(p.curvature, -kMaxBakedCurvature, kMaxBakedCurvature);
    const bool frame = unit(p.tangentX, p.tangentY) & unit(p.perpendicularX, p.perpendicularY) & within(p.tangentZ, -1.0f, 1.0f);
    if (values & frame) return nullptr;
    return !values ? "position, offset or curvature out of range" : "tangent or perpendicular not a unit vector";
}

/// True when every one of `count` values is within [low, high]: branch-free, so the compiler
/// runs it on whole vectors (speed hints are most of a bake's numbers).
bool allWithin(const float* values, std::size_t count, float low, float high) {
    unsigned outside = 0;
    for (std::size_t i = 0; i < count; ++i) outside |= static_cast<unsigned>(!within(values[i], low, high));
    return outside == 0;
}

/// Nodes, route by route: in range, unit frames, widths, and the links and distances the positions
/// give (a node moved by hand no longer agrees with its neighbours' links).
bool nodesAreSound(const BakedTrackView& v, BakedValueProblem& out) {
    for (std::size_t r = 0; r < v.routes.size(); ++r) {
        const BakedRoute& route = v.routes[r];
        const BakedNode* nodes = v.nodes.data() + route.firstNode;
        const bool closed = (route.flags & kRouteClosed) != 0;
        if (route.nodeCount > 0 && nodes[0].distance != 0.0f) return out = problem("nodes", route.firstNode, "a route's first node is not at distance 0"), false;
        for (std::uint32_t k = 0; k < route.nodeCount; ++k) {
            if (const char* why = nodeValueProblem(nodes[k])) return out = problem("nodes", route.firstNode + k, why), false;
        }
        // Then the links, between nodes known to be in range (a node at 1e30 is named, not its neighbour's link).
        for (std::uint32_t k = 0; k < route.nodeCount; ++k) {
            const BakedNode& n = nodes[k];
            const std::uint64_t record = route.firstNode + k;
            const bool hasNext = closed || k + 1 < route.nodeCount;
            const BakedNode& next = nodes[hasNext ? (k + 1) % route.nodeCount : k];
            const double dx = double(next.x) - n.x, dy = double(next.y) - n.y, dz = double(next.z) - n.z;
            const double plan = dx * dx + dy * dy, link = plan + dz * dz;  // squared
            const double magnitude = size(n.x, n.y, n.z) + size(next.x, next.y, next.z);
            if (!lengthMatchesSquared(n.linkPlanLength, plan, magnitude) || !lengthMatchesSquared(n.linkLength, link, magnitude))
                return out = problem("nodes", record, "link length does not match the positions (a node moved after baking)"), false;
            // Distances grow by the links: checked link by link, so a float's rounding never piles up.
            const double end = k + 1 < route.nodeCount ? double(nodes[k + 1].distance) : double(route.length);
            if (!sameLength(n.linkLength, end - n.distance, std::fabs(end) + std::fabs(n.distance)))
                return out = problem(k + 1 < route.nodeCount ? "nodes" : "routes", k + 1 < route.nodeCount ? record + 1 : r,
                                     k + 1 < route.nodeCount ? "distance is not the previous node's plus its link" : "length is not its last node's distance plus its link"), false;
        }
    }
    return true;
}

/// Line points: in range, on their nodes' perpendiculars, distances growing by their segments.
bool linesAreSound(const BakedTrackView& v, BakedValueProblem& out) {
    for (std::size_t l = 0; l < v.lines.size(); ++l) {
        const BakedLine& line = v.lines[l];
        const BakedRoute& route = v.routes[line.route];
        const BakedLinePoint* points = v.linePoints.data() + line.firstPoint;
        const BakedNode* nodes = v.nodes.data() + route.firstNode;
        const bool closed = (route.flags & kRouteClosed) != 0;
        if (route.nodeCount > 0 && points[0].distance != 0.0f) return out = problem("line points", line.firstPoint, "a line's first point is not at distance 0"), false;
        for (std::uint32_t k = 0; k < route.nodeCount; ++k) {
            const BakedLinePoint& p = points[k];
            const BakedNode& n = nodes[k];
            const std::uint64_t record = line.firstPoint + k;
            if (const char* why = linePointValueProblem(p)) return out = problem("line points", record, why), false;
            const double ox = double(n.x) + double(n.perpendicularX) * p.offset - p.x, oy = double(n.y) + double(n.perpendicularY) * p.offset - p.y;
            const double reach = 0.01 + 6e-7 * size(n.x, n.y, p.offset);
            if (!(ox * ox + oy * oy <= reach * reach) || p.z != n.z)
                return out = problem("line points", record, "not on its node's perpendicular at its offset"), false;
            double segment = 0.0, magnitude = 0.0;  // squared
            if (closed || k + 1 < route.nodeCount) {
                const BakedLinePoint& next = points[(k + 1) % route.nodeCount];
                const double dx = double(next.x) - p.x, dy = double(next.y) - p.y, dz = double(next.z) - p.z;
                segment = dx * dx + dy * dy + dz * dz;
                magnitude = size(p.x, p.y, p.z) + size(next.x, next.y, next.z);
            }
            const double end = k + 1 < route.nodeCount ? double(points[k + 1].distance) : double(line.length);
            if (!lengthMatchesSquared(end - p.distance, segment, magnitude + std::fabs(end) + std::fabs(p.distance)))
                return out = problem(k + 1 < route.nodeCount ? "line points" : "lines", k + 1 < route.nodeCount ? record + 1 : l,
                                     k + 1 < route.nodeCount ? "distance is not the previous point's plus its segment" : "length is not its last point's distance plus its segment"), false;
        }
    }
    return true;
}

bool classesAreSound(const BakedTrackView& v, BakedValueProblem& out) {
    for (std::size_t c = 0; c < v.vehicleClasses.size(); ++c)
        if (const char* why = bakedVehicleClassProblem(v.vehicleClasses[c])) return out = problem("vehicle classes", c, why), false;
    return true;
}

bool hintsAreSound(const BakedTrackView& v, BakedValueProblem& out) {
    for (std::size_t p = 0; p < v.speedProfiles.size(); ++p) {
        const BakedSpeedProfile& profile = v.speedProfiles[p];
        if (!(profile.lapTime >= 0.0f) || !std::isfinite(profile.lapTime)) return out = problem("speed profiles", p, "lap time negative or not finite"), false;
        const std::uint32_t count = v.routes[v.lines[profile.line].route].nodeCount;
        if (!allWithin(v.speedHints.data() + profile.firstHint, count, 0.0f, kMaxSpeed))
            for (std::uint32_t k = 0; k < count; ++k)
                if (!within(v.speedHints[profile.firstHint + k], 0.0f, kMaxSpeed))
                    return out = problem("speed hints", profile.firstHint + k, "speed negative, beyond 1000 m/s or not finite"), false;
    }
    return true;
}

bool placesAreSound(const BakedTrackView& v, BakedValueProblem& out) {
    const BakedGridInfo& g = *v.grid;
    if (!coordinate(g.originX) || !coordinate(g.originY) || !within(g.cellSize, 0.01f, 2.0f * kMaxLocalCoordinate) || g.columns == 0 || g.rows == 0)
        return out = problem("registration grid", 0, "origin, cell size or dimensions out of range"), false;
    const double kMaxWorld = 2.0e7;  // m: UTM coordinates run to 10 000 km
    if (!(std::fabs(v.origin->x) <= kMaxWorld && std::fabs(v.origin->y) <= kMaxWorld && std::fabs(v.origin->z) <= kMaxWorld))
        return out = problem("origin", 0, "beyond 20 000 km or not finite"), false;
    for (std::size_t m = 0; m < v.markers.size(); ++m)
        if (!sameLength(v.markers[m].distance, v.nodes[v.markers[m].node].distance)) return out = problem("markers", m, "distance is not its node's"), false;
    for (std::size_t z = 0; z < v.zones.size(); ++z) {
        const BakedZone& zone = v.zones[z];
        if (!sameLength(zone.startDistance, v.nodes[zone.startNode].distance) || !sameLength(zone.endDistance, v.nodes[zone.endNode].distance))
            return out = problem("zones", z, "distances are not its nodes'"), false;
    }
    const BakedRaceSettings& race = *v.race;
    if (!within(race.firstRowGap, 0.0f, kMaxBakedGridDistance) || !within(race.rowSpacing, 0.0f, kMaxBakedGridDistance) ||
        !within(race.stagger, 0.0f, kMaxBakedGridDistance) || !within(race.pitStopTime, 0.0f, kMaxBakedPitStopTime))
        return out = problem("race settings", 0, "a grid distance or the pit stop time out of range"), false;
    for (std::size_t i = 0; i < v.drivers.size(); ++i) {
        const BakedDriver& d = v.drivers[i];
        if (d.character >= kBakedDriverCharacters) return out = problem("drivers", i, "character is not one of the six"), false;
        if (!within(d.strength, kLeastBakedStrength, 1.0f) || !(std::isfinite(d.pace) && d.pace > 0.0f && d.pace <= 1.0f) ||
            !within(d.reactionTime, 0.0f, kMaxBakedReactionTime) || !within(d.mistakes, 0.0f, kMaxBakedMistakes))
            return out = problem("drivers", i, "strength, pace, reaction time or mistakes out of range"), false;
        for (const float share : {d.aggression, d.consistency, d.composure, d.optimism, d.smoothness, d.pitCrew})
            if (!within(share, 0.0f, 1.0f)) return out = problem("drivers", i, "a character share outside [0, 1]"), false;
    }
    return true;
}

} // namespace
} // namespace trackwright::format::detail

namespace trackwright::format {

const char* bakedVehicleClassProblem(const BakedVehicleClass& c) noexcept {
    if (!detail::within(c.maxLateralAcceleration, kMinBakedAcceleration, kMaxBakedAcceleration) ||
        !detail::within(c.maxAcceleration, kMinBakedAcceleration, kMaxBakedAcceleration) || !detail::within(c.maxBraking, kMinBakedAcceleration, kMaxBakedAcceleration))
        return "an acceleration outside [0.1, 100] m/s²";
    if (!detail::within(c.topSpeed, kMinBakedSpeed, kMaxBakedSpeed)) return "top speed outside [0.1, 1000] m/s";
    if (!detail::within(c.wheelbase, kMinBakedLength, kMaxBakedWheelbase)) return "wheelbase outside [0.1, 20] m";
    if (!detail::within(c.maxSteeringAngle, kMinBakedSteering, kMaxBakedSteering)) return "max steering angle outside [0.01, 1.5] rad";
    if (!detail::within(c.width, 0.0f, kMaxBakedVehicleWidth)) return "width outside [0, 10] m";
    return nullptr;
}

} // namespace trackwright::format

namespace trackwright::format::detail {

bool bakedValuesAreSound(const BakedTrackView& view, BakedValueProblem& out) noexcept {
    return nodesAreSound(view, out) && linesAreSound(view, out) && classesAreSound(view, out) && hintsAreSound(view, out) &&
           placesAreSound(view, out);
}

} // namespace trackwright::format::detail
