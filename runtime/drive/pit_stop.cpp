#include "trackwright/drive/pit_stop.h"

#include "trackwright/drive/follower.h"
#include "trackwright/drive/steering.h"
#include "trackwright/track/line_tracking.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/traffic/traffic_view.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace trackwright {

namespace {

float smoothstep(float x) {
    x = std::clamp(x, 0.0f, 1.0f);
    return x * x * (3.0f - 2.0f * x);
}

/// m along a closed route of length `length` from `from` forward to `to` (an open route: to − from).
float forwardDistance(float from, float to, float length, bool closed) {
    float d = to - from;
    if (closed && length > 0.0f) {
        d = std::fmod(d, length);
        if (d < 0.0f) d += length;
    }
    return d;
}

/// The line distance of `line` at baked node `node` of its route (index within the route).
float lineDistanceAtNode(const BakedTrack& track, std::uint32_t line, std::uint32_t node) {
    Registration r;
    r.defined = true;
    r.route = track.view.lines[line].route;
    r.segment = node;
    r.ratio = 0.0f;
    return lineDistanceAt(track, line, r);
}

/// m: where the braking check starts looking ahead, and how far the stop at the box begins.
constexpr float kBoxArrive = 0.6f;    ///< m short of the box the car counts as there
constexpr float kStoppedSpeed = 0.05f;  ///< m/s: below it the car stands (the vehicle model holds it)
constexpr float kBoxBlend = 25.0f;    ///< m over which the car moves into and out of its box
constexpr float kMergeBehind = 60.0f; ///< m past the join a main-route car still counts at the merge

} // namespace

const char* pitRequestStatusName(PitRequestStatus status) {
    switch (status) {
    case PitRequestStatus::Accepted: return "accepted";
    case PitRequestStatus::NotAPitBox: return "not a pit box";
    case PitRequestStatus::NoPitLane: return "no pit lane";
    case PitRequestStatus::NoLine: return "no line on the pit lane";
    case PitRequestStatus::AlreadyPitting: return "already pitting";
    case PitRequestStatus::Unsupported: return "the follower makes no pit stops";
    }
    return "?";
}

const char* pitStateName(PitState state) {
    switch (state) {
    case PitState::None: return "none";
    case PitState::Entering: return "entering";
    case PitState::InLane: return "in lane";
    case PitState::Stopped: return "stopped";
    case PitState::Rejoining: return "rejoining";
    }
    return "?";
}

bool findPitLane(const BakedTrack& track, std::uint32_t boxMarker, std::uint32_t mainRoute, PitLane& lane, PitRequestStatus& status) {
    lane = {};
    TrackMarker marker;
    if (!markerAt(track, boxMarker, marker) || std::strcmp(marker.kind, format::kMarkerPitBox) != 0) {
        status = PitRequestStatus::NotAPitBox;
        return false;
    }
    status = PitRequestStatus::NoPitLane;
    const auto& routes = track.view.routes;
    if (marker.route >= routes.size() || mainRoute >= routes.size() || marker.route == mainRoute) return false;
    const format::BakedRoute& r = routes[marker.route];
    if (r.forkNode == format::kNoRoute || r.joinNode == format::kNoRoute) return false;
    if (track.routeOfNode(r.forkNode) != mainRoute || track.routeOfNode(r.joinNode) != mainRoute) return false;
    lane.route = marker.route;
    lane.mainRoute = mainRoute;
    lane.forkDistance = track.view.nodes[r.forkNode].distance;
    lane.joinDistance = track.view.nodes[r.joinNode].distance;
    lane.length = r.length;
    lane.boxDistance = marker.distance;
    bool any = false;
    for (std::uint32_t k = 0; k < r.nodeCount; ++k) {
        const format::BakedNode& n = track.view.nodes[r.firstNode + k];
        if (!(n.speedOverride > 0.0f)) continue;
        if (!any) lane.limitStart = n.distance;
        lane.limitEnd = n.distance;
        lane.speedLimit = any ? std::min(lane.speedLimit, n.speedOverride) : n.speedOverride;
        any = true;
    }
    if (!any) lane.limitStart = lane.limitEnd = lane.boxDistance;
    lane.valid = true;
    status = PitRequestStatus::Accepted;
    return true;
}

PitRequestStatus PitStop::request(const BakedTrack& track, std::uint32_t mainLine, std::uint32_t vehicleClass, std::uint32_t boxMarker,
                                  float crewFactor) {
    if (active()) return PitRequestStatus::AlreadyPitting;
    if (mainLine >= track.view.lines.size()) return PitRequestStatus::NoLine;
    PitLane lane;
    PitRequestStatus status;
    if (!findPitLane(track, boxMarker, track.view.lines[mainLine].route, lane, status)) return status;
    // The lane's line: the one named as the car's (it meets the main line at fork and join), else its first.
    const char* name = track.view.name(track.view.lines[mainLine].nameOffset);
    std::uint32_t pitLine = findLine(track, lane.route, name, vehicleClass);
    if (pitLine == kNoLine) pitLine = findLine(track, lane.route, "centre", vehicleClass);
    for (std::uint32_t l = 0; l < track.view.lines.size() && pitLine == kNoLine; ++l) {
        const format::BakedLine& line = track.view.lines[l];
        if (line.route == lane.route && (line.vehicleClass == vehicleClass || line.vehicleClass == format::kAllVehicleClasses)) pitLine = l;
    }
    if (pitLine == kNoLine) return PitRequestStatus::NoLine;
    std::int64_t hints = -1;
    for (const format::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == pitLine && p.vehicleClass == vehicleClass) hints = p.firstHint;
    if (hints < 0) return PitRequestStatus::NoLine;

    m_track = track;
    m_lane = lane;
    m_mainLine = mainLine;
    m_pitLine = pitLine;
    m_pitHints = hints;
    m_main = LineSampler(track, mainLine, vehicleClass);
    m_pit = LineSampler(track, pitLine, vehicleClass);
    m_registrar = Registrar(track);
    m_registrar.assignRoute(lane.route);
    m_mainRegistrar = Registrar(track);
    m_mainRegistrar.assignRoute(lane.mainRoute);
    m_wantedRoute = format::kNoRoute;
    const format::BakedRoute& main = track.view.routes[lane.mainRoute];
    const format::BakedRoute& pit = track.view.routes[lane.route];
    m_mainFork = lineDistanceAtNode(track, mainLine, track.view.routes[lane.route].forkNode - main.firstNode);
    m_mainJoin = lineDistanceAtNode(track, mainLine, track.view.routes[lane.route].joinNode - main.firstNode);
    const auto atDistance = [&](float d) {  // lane route distance → lane line distance
        std::uint32_t k = 0;
        while (k + 1 < pit.nodeCount && track.view.nodes[pit.firstNode + k + 1].distance <= d) ++k;
        const format::BakedNode& a = track.view.nodes[pit.firstNode + k];
        Registration r;
        r.defined = true;
        r.route = lane.route;
        r.segment = k;
        r.ratio = a.linkLength > 0.0f ? std::clamp((d - a.distance) / a.linkLength, 0.0f, 0.999f) : 0.0f;
        return lineDistanceAt(track, pitLine, r);
    };
    m_box = atDistance(lane.boxDistance);
    m_limitStart = atDistance(lane.limitStart);
    m_limitEnd = atDistance(lane.limitEnd);
    m_length = m_pit.length();
    // The box side: the wider tarmac at the box node (boxes line the wide side of a pit lane).
    std::uint32_t boxNode = 0;
    while (boxNode + 1 < pit.nodeCount && track.view.nodes[pit.firstNode + boxNode + 1].distance <= lane.boxDistance) ++boxNode;
    const format::BakedNode& b = track.view.nodes[pit.firstNode + boxNode];
    m_boxSide = b.leftTrack > b.rightTrack ? 1.0f : -1.0f;
    m_boxWidth = std::max(b.leftTrack, b.rightTrack);
    // The merge zone: back from the join, the lane nodes within 2 m of the main route's tarmac.
    float zoneStart = lane.length;
    for (std::uint32_t k = pit.nodeCount; k-- > 0;) {
        const format::BakedNode& n = track.view.nodes[pit.firstNode + k];
        const Registration onMain = m_mainRegistrar.registerCold({n.x, n.y});
        if (!(onMain.defined && onMain.route == lane.mainRoute && std::abs(onMain.lateral) < tarmacWidth(onMain) + 2.0f)) break;
        zoneStart = n.distance;
    }
    m_mergeZone = std::max(20.0f, lane.length - zoneStart);
    m_stopTime = pitStopTime(track) * (std::isfinite(crewFactor) && crewFactor > 0.0f ? crewFactor : 1.0f);
    m_standing = 0.0f;
    m_committed = false;
    m_state = PitState::Entering;
    return PitRequestStatus::Accepted;
}

void PitStop::cancel() {
    if (m_state == PitState::Entering) m_state = PitState::None;
    m_wantedRoute = format::kNoRoute;
}

void PitStop::reset() {
    m_state = PitState::None;
    m_wantedRoute = format::kNoRoute;
    m_standing = 0.0f;
    m_committed = false;
}

LineSample PitStop::pathAt(float r) const {
    if (r < 0.0f) return m_main.sample(m_mainFork + r);
    if (r > m_length) return m_main.sample(m_mainJoin + (r - m_length));
    return m_pit.sample(r);
}

bool PitStop::laneDistance(const FollowerInput& in, float& s) {
    const format::BakedRoute& main = m_track.view.routes[m_lane.mainRoute];
    const bool closed = (main.flags & format::kRouteClosed) != 0;
    const Registration& reg = in.registration;
    // Up to the fork the game's registration (on the main route) says how far the fork is; from
    // near it the lane's own registrar, asked afresh each tick (a cold look-up prefers the lane
    // where both routes hold the car), until it has the car on the lane: coherent from then on.
    m_onLane = false;
    float toFork = std::numeric_limits<float>::infinity();
    if (reg.defined && reg.route == m_lane.mainRoute) {
        toFork = forwardDistance(reg.distance, m_lane.forkDistance, main.length, closed);
        if (closed && toFork > main.length - 100.0f) toFork -= main.length;  // just past the fork
    }
    if (m_state == PitState::Entering && toFork > 30.0f) {
        if (!std::isfinite(toFork)) return false;
        s = -toFork;
        return true;
    }
    if (m_state == PitState::Entering) {
        m_registrar.reset();
        m_registrar.assignRoute(m_lane.route);
    }
    const Registration lane = m_registrar.update(in.state.position);
    m_onLane = lane.defined && lane.route == m_lane.route;
    if (m_onLane) {
        s = lineDistanceAt(m_track, m_pitLine, lane);
        return true;
    }
    if (m_state == PitState::Entering) {
        if (!std::isfinite(toFork)) return false;
        s = -toFork;  // still on the main route by the fork (or just past it: it missed the lane)
        return true;
    }
    if (reg.defined && reg.route == m_lane.mainRoute) {
        float pastJoin = reg.distance - m_lane.joinDistance;
        if (closed && main.length > 0.0f) pastJoin = std::remainder(pastJoin, main.length);
        s = pastJoin > -100.0f ? m_length + pastJoin : -toFork;
        return true;
    }
    return false;
}

bool PitStop::laneBusy(const CarTraffic& traffic) {
    for (int k = 0; k < traffic.alongsideCount; ++k)
        if (traffic.alongside[k].speed > 1.0f) return true;
    for (int k = 0; k < traffic.behindCount; ++k) {
        const TrafficNeighbour& b = traffic.behind[k];
        if (b.speed > 1.0f && b.gap < 5.0f + 2.0f * b.speed) return true;  // it would be alongside within ~2 s
    }
    return false;
}

float PitStop::tarmacWidth(const Registration& r) const {
    const format::BakedRoute& route = m_track.view.routes[r.route];
    const format::BakedNode& a = m_track.view.nodes[route.firstNode + r.segment];
    const format::BakedNode& b = m_track.view.nodes[route.firstNode + (r.segment + 1) % route.nodeCount];
    const float wa = r.lateral >= 0.0f ? a.leftTrack : a.rightTrack;
    const float wb = r.lateral >= 0.0f ? b.leftTrack : b.rightTrack;
    return wa + r.ratio * (wb - wa);
}

void PitStop::chooseRoute(const FollowerInput& in, float s, const PitDriving& p) {
    // The car is on the route whose road it is on: on the main route's tarmac it is main-route
    // traffic (the cars there see it slow for the fork, and it merges as one of them), off it on
    // the lane the lane's.
    m_wantedRoute = format::kNoRoute;
    const Registration& reg = in.registration;
    if (!reg.defined) return;
    if (reg.route == m_lane.mainRoute && m_onLane && s < m_limitEnd && std::abs(reg.lateral) > tarmacWidth(reg) + 0.5f * p.width) {
        m_wantedRoute = m_lane.route;
    } else if (reg.route == m_lane.route && s > m_limitEnd) {
        const Registration main = m_mainRegistrar.registerCold(in.state.position);
        if (main.defined && main.route == m_lane.mainRoute && std::abs(main.lateral) < tarmacWidth(main) - 0.5f * p.width) m_wantedRoute = m_lane.mainRoute;
    }
}

bool PitStop::gapAtJoin(const CarTraffic* traffic, float s, float speed, const PitDriving& p) const {
    if (!traffic) return true;
    // A full list may hide a car behind the last one listed (a train of cars at the join): wait
    // until the train has gone by and the list has room.
    if (traffic->mergeCount >= kMaxMergeCars) return false;
    // When the car gets into the merge zone and to the join, accelerating (capped by the lane's
    // hints): t = d / mean speed, constant acceleration.
    const float a = 0.7f * p.maxAcceleration;
    const float hintJoin = m_pit.sample(m_length).speedHint;
    const auto arrival = [&](float d, float& v) {
        d = std::max(0.0f, d);
        v = std::sqrt(speed * speed + 2.0f * a * d);
        if (hintJoin > 0.0f) v = std::min(v, std::max(speed, hintJoin));
        return d / std::max(1.0f, 0.5f * (speed + v));
    };
    float vZone = 0.0f, vJoin = 0.0f;
    const float tZone = arrival(m_length - m_mergeZone - s, vZone);
    const float tJoin = arrival(m_length - s, vJoin);
    for (int k = 0; k < traffic->mergeCount; ++k) {
        const MergeCar& m = traffic->merge[k];
        const float clearance = 0.5f * (p.length + m.length) + p.follow.standstillGap;
        // Through before this car reaches the merge zone, with room to spare if it is slower ...
        if (m.toJoin - m.speed * tZone <= -clearance - std::max(0.0f, vJoin - m.speed) * p.mergeTimeGap) continue;
        // ... or far enough behind: behind this car as it enters the zone, and when it gets to the
        // join, room to brake gently from its speed to this car's and a time gap on top.
        const float brake = std::max(0.0f, m.speed * m.speed - vJoin * vJoin) / (2.0f * p.stopBraking * m.maxBraking);
        const bool behindAtZone = m.toJoin - m.speed * tZone >= m_mergeZone + clearance;
        const bool behindAtJoin = m.toJoin - m.speed * tJoin >= clearance + brake + m.speed * p.mergeTimeGap;
        if (!(behindAtZone && behindAtJoin)) return false;
    }
    return true;
}

bool PitStop::drive(const FollowerInput& in, const CarTraffic* traffic, float pace, const PitDriving& p, Controls& out) {
    if (!active()) return false;
    float s = 0.0f;
    if (!laneDistance(in, s)) return false;  // lost (off the track): the car's own follower recovers
    chooseRoute(in, s, p);
    const float speed = std::max(0.0f, in.state.speed);
    const float braking = p.brakingFraction * p.maxBraking;
    const float stopBraking = p.stopBraking * p.maxBraking;
    pace = std::min(1.0f, pace > 0.0f ? pace : 1.0f);
    const float lookahead = p.lookaheadMin + p.lookaheadTime * speed;
    // The box: up to boxOffset across from the lane's centre, the car's side kept on the tarmac.
    m_boxLateral = m_boxSide * std::max(0.0f, std::min(p.boxOffset, m_boxWidth - 0.5f * p.width - 0.3f));

    if (m_state == PitState::Entering) {
        // Within braking reach of the fork (plus the lookahead and a margin) the stop drives.
        const float reach = speed * speed / (2.0f * braking) + lookahead + 40.0f;
        if (s < -reach) return false;
        if (m_onLane) m_state = PitState::InLane;
        else if (s > 20.0f) return false;  // missed the lane (asked too late): next lap
    }
    if (m_state == PitState::InLane && s >= m_box - kBoxArrive - 2.0f && speed < kStoppedSpeed) {
        m_state = PitState::Stopped;
        m_standing = 0.0f;
    }
    if (m_state == PitState::Stopped) {
        m_standing += in.dt;
        if (m_standing + 0.5f * in.dt < m_stopTime) {
            out = {0.0f, 0.0f, false};  // stands: the vehicle holds a car at rest with no command
            return true;
        }
        m_state = PitState::Rejoining;
        m_committed = false;
    }
    // Out of the box only into a clear fast lane: no car moving beside it or coming up behind.
    if (m_state == PitState::Rejoining && speed < 1.0f && s < m_box + 2.0f && traffic && laneBusy(*traffic)) {
        out = {0.0f, 0.0f, false};
        return true;
    }
    if (m_state == PitState::Rejoining) {
        const Registration& reg = in.registration;
        if (s > m_length && reg.defined && reg.route == m_lane.mainRoute) {
            m_state = PitState::None;
            m_wantedRoute = format::kNoRoute;
            ++m_stops;
            return false;
        }
    }

    // Steering: the composite path ahead. In the lane the car keeps to the lane's centre line (the
    // fast lane: the boxes line its wide side) and moves across into its box around it; by the fork
    // and the join it follows the lane's line, which meets the main line there.
    const float r = s + lookahead;
    const LineSample target = pathAt(r);
    float lateral = target.lateral;  // registration terms: m from the lane's centre line
    if (r >= 0.0f && r <= m_length) {
        float box = 0.0f;
        if (r <= m_box) box = smoothstep((r - (m_box - kBoxBlend - 5.0f)) / kBoxBlend);
        else box = m_state == PitState::Rejoining ? 1.0f - smoothstep((r - m_box - 5.0f) / kBoxBlend) : 1.0f;
        const float inLane = smoothstep(r / kBoxBlend) * smoothstep((m_length - r) / kBoxBlend);
        lateral += inLane * (0.0f - lateral) + box * (m_boxLateral - 0.0f);
    }
    const format::Vec2 normal{-target.tangent.y, target.tangent.x};
    const format::Vec2 aim = target.position + normal * (lateral - target.lateral);
    const float steering = purePursuitSteering(in.state, aim, p.wheelbase, p.maxSteeringAngle);

    // Speed: the hints ahead with the braking check (the lane's carry the designer's limit) ...
    const float here = std::max(0.0f, s);
    // The driver's pace scales the main line's hints; the lane's limit is everyone's (a pit limiter).
    float targetSpeed = s < 0.0f ? pace * m_main.sample(m_mainFork + s).speedHint : pathAt(s).speedHint;
    bool mustBrake = false;
    {
        const format::BakedLine& line = m_track.view.lines[m_pitLine];
        const std::uint32_t count = m_track.view.routes[line.route].nodeCount;
        const format::BakedLinePoint* points = m_track.view.linePoints.data() + line.firstPoint;
        const float* hints = m_track.view.speedHints.data() + m_pitHints;
        const float horizon = speed * speed / (2.0f * braking) + 5.0f;
        for (std::uint32_t i = 0; i < count; ++i) {
            const float ahead = points[i].distance - s;
            if (points[i].distance < here) continue;
            if (ahead > horizon) break;
            const float hint = hints[i];
            if (speed * speed - 2.0f * braking * ahead > hint * hint) {
                mustBrake = true;
                targetSpeed = std::min(targetSpeed, hint);
                break;
            }
        }
    }
    // ... the stop at the box, the hold line before the join, and the cars ahead.
    if (m_state == PitState::Entering || m_state == PitState::InLane) {
        const float toBox = m_box - s;
        targetSpeed = std::min(targetSpeed, std::sqrt(2.0f * stopBraking * std::max(0.0f, toBox - kBoxArrive)));
        if (toBox <= kBoxArrive + 0.2f || s > m_box + 3.0f) {
            out = {steering, speed > 0.1f ? -1.0f : 0.0f, false};  // at the box: brake to a stand, never into reverse
            return true;
        }
    }
    if (m_state == PitState::Rejoining) {
        // Merge only into a gap: while the car can still stop at the hold line (5 m before the merge
        // zone) it checks the gap every tick and, without one, stops there and waits; past that
        // point it has committed.
        const float toHold = m_length - m_mergeZone - 5.0f - s;
        // (a car crawling at the line, or just past it, can still stop: it waits where it is)
        const bool canStop = speed < 2.0f || toHold >= speed * speed / (2.0f * stopBraking) - 1.0f;
        m_committed = !canStop || gapAtJoin(traffic, s, speed, p);
        if (!m_committed) {
            targetSpeed = std::min(targetSpeed, std::sqrt(2.0f * stopBraking * std::max(0.0f, toHold)));
            if (toHold <= 0.5f) {
                out = {steering, speed > 0.1f ? -1.0f : 0.0f, false};
                return true;
            }
        }
    }
    if (traffic) {
        const float limit = trafficSpeedLimit(*traffic, speed, p.maxBraking, p.follow, false);
        if (limit < targetSpeed) {
            targetSpeed = limit;
            mustBrake = mustBrake || limit < speed - p.follow.fullBrakingExcess;
        }
    }
    float throttle = mustBrake ? -1.0f : std::clamp(p.speedGain * (targetSpeed - speed), -1.0f, 1.0f);
    if (throttle < 0.0f && speed <= 0.1f) throttle = 0.0f;  // never into reverse
    out = {steering, throttle, false};
    return true;
}

} // namespace trackwright
