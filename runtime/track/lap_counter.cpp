#include "trackwright/track/lap_counter.h"

#include "trackwright/track/tick.h"
#include "trackwright/track/track_markers.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

/// `distance` wrapped into [0, length).
double wrapped(double distance, double length) {
    const double w = std::fmod(distance, length);
    return w < 0.0 ? w + length : w;
}

/// The marker of `kind` on a closed route, or false.
bool closedRouteMarker(const BakedTrack& track, const char* kind, TrackMarker& marker) {
    for (std::uint32_t i = 0; findMarker(track, kind, i, i); ++i)
        if (markerAt(track, i, marker) && (track.view.routes[marker.route].flags & format::kRouteClosed)) return true;
    return false;
}

} // namespace

LapLayout lapLayout(const BakedTrack& track) {
    LapLayout layout;
    TrackMarker start;
    if (closedRouteMarker(track, format::kMarkerStartFinish, start) || closedRouteMarker(track, format::kMarkerStart, start)) {
        layout.route = start.route;
        layout.startDistance = start.distance;
    } else {
        const auto& routes = track.view.routes;
        const auto closed = std::find_if(routes.begin(), routes.end(), [](const auto& r) { return (r.flags & format::kRouteClosed) != 0; });
        if (closed == routes.end()) return layout;
        layout.route = static_cast<std::uint32_t>(closed - routes.begin());
    }
    layout.length = track.view.routes[layout.route].length;
    if (!(layout.length > 0.0f)) return layout;
    layout.valid = true;
    // Sector starts past the line, ascending; a marker on the line itself starts nothing new.
    constexpr float kSameBoundary = 0.5f;  // m: two sector markers closer than this are one
    layout.sectorStarts[0] = 0.0f;
    layout.sectorCount = 1;
    TrackMarker sector;
    for (std::uint32_t i = 0; findMarker(track, format::kMarkerSector, i, i) && layout.sectorCount < kMaxSectors; ++i) {
        if (!markerAt(track, i, sector) || sector.route != layout.route) continue;
        const auto past = static_cast<float>(wrapped(static_cast<double>(sector.distance) - layout.startDistance, layout.length));
        if (past < kSameBoundary || layout.length - past < kSameBoundary) continue;
        layout.sectorStarts[layout.sectorCount++] = past;
    }
    float* starts = layout.sectorStarts;
    std::sort(starts + 1, starts + layout.sectorCount);
    layout.sectorCount = static_cast<std::uint32_t>(
        std::unique(starts, starts + layout.sectorCount, [](float a, float b) { return b - a < kSameBoundary; }) - starts);
    return layout;
}

bool LapCounter::lapRouteDistance(const Registration& where, double& distance) const {
    if (where.route == m_layout.route) {
        distance = where.distance;
        return true;
    }
    // A branch off the lap route and back onto it (a pit lane): the stretch it bypasses, in proportion.
    if (where.route >= m_track.view.routes.size()) return false;
    const format::BakedRoute& branch = m_track.view.routes[where.route];
    if (branch.forkNode == format::kNoRoute || branch.joinNode == format::kNoRoute) return false;
    if (m_track.routeOfNode(branch.forkNode) != m_layout.route || m_track.routeOfNode(branch.joinNode) != m_layout.route) return false;
    const double fork = m_track.view.nodes[branch.forkNode].distance;
    const double span = wrapped(m_track.view.nodes[branch.joinNode].distance - fork, m_layout.length);
    const double fraction = branch.length > 0.0f ? std::clamp(static_cast<double>(where.distance) / branch.length, 0.0, 1.0) : 0.0;
    distance = wrapped(fork + fraction * span, m_layout.length);
    return true;
}

double LapCounter::boundaryDistance(std::uint64_t boundary) const {
    const std::uint64_t lap = boundary / m_layout.sectorCount;
    return static_cast<double>(lap) * m_layout.length + m_layout.sectorStarts[boundary % m_layout.sectorCount];
}

void LapCounter::crossBoundaries(double fromDistance, double toDistance, double fromTime, double toTime) {
    while (boundaryDistance(m_nextBoundary) <= toDistance) {
        const std::uint64_t boundary = m_nextBoundary++;
        const double fraction = toDistance > fromDistance
            ? std::clamp((boundaryDistance(boundary) - fromDistance) / (toDistance - fromDistance), 0.0, 1.0) : 1.0;
        const double time = fromTime + fraction * (toTime - fromTime);
        const std::uint64_t sector = (boundary - 1) % m_layout.sectorCount;
        m_status.sectorTimes[sector] = static_cast<float>(time - m_lastBoundaryTime);
        m_lastBoundaryTime = time;
        if (boundary % m_layout.sectorCount != 0) continue;
        const std::uint64_t lap = boundary / m_layout.sectorCount;
        m_status.lapsCompleted = static_cast<std::uint32_t>(lap);
        m_status.lastLapTime = time - m_lapStartTime;
        m_status.lastLapComplete = m_startDistance <= static_cast<double>(lap - 1) * m_layout.length;
        if (m_status.lastLapComplete && (m_status.bestLapTime == 0.0 || m_status.lastLapTime < m_status.bestLapTime))
            m_status.bestLapTime = m_status.lastLapTime;
        m_lapStartTime = time;
    }
}

bool LapCounter::update(const Registration& where, float dt) {
    if (!m_layout.valid || !validTick(dt)) return false;
    if (where.defined && !(std::isfinite(where.distance) && std::isfinite(where.lateral) && std::isfinite(where.ratio))) return false;
    const double before = m_status.raceTime;
    m_status.raceTime += dt;
    double routeDistance = 0.0;
    if (where.defined && lapRouteDistance(where, routeDistance)) {
        const double length = m_layout.length;
        if (!m_placed) {
            // Behind the line by less than half a lap is a grid; further is a car already under way.
            double past = wrapped(routeDistance - m_layout.startDistance, length);
            if (past >= length / 2.0) past -= length;
            m_status.raceDistance = m_startDistance = past;
            m_nextBoundary = 1;
            while (boundaryDistance(m_nextBoundary) <= past) ++m_nextBoundary;
            m_placed = true;
        } else {
            double step = wrapped(routeDistance - m_routeDistance, length);
            if (step >= length / 2.0) step -= length;
            const double from = m_status.raceDistance;
            m_status.raceDistance += step;
            crossBoundaries(from, m_status.raceDistance, before, m_status.raceTime);
        }
        m_routeDistance = routeDistance;
        m_status.lapDistance = static_cast<float>(wrapped(m_status.raceDistance, length));
        const float* starts = m_layout.sectorStarts;
        m_status.sector = static_cast<std::uint32_t>(std::upper_bound(starts, starts + m_layout.sectorCount, m_status.lapDistance) - starts - 1);
    }
    m_status.currentLapTime = m_status.raceTime - m_lapStartTime;
    return true;
}

void LapCounter::reset() {
    m_status = {};
    m_placed = false;
    m_routeDistance = m_startDistance = 0.0;
    m_nextBoundary = 0;
    m_lastBoundaryTime = m_lapStartTime = 0.0;
}

} // namespace trackwright
