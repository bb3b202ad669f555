#include "trackwright/track/line_sampler.h"

#include "trackwright/track/prefetch.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace trackwright {

LineSampler::LineSampler(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass) {
    if (line >= track.view.lines.size()) return;  // no such line (kNoLine from findLine): an empty sampler
    const format::BakedLine& l = track.view.lines[line];
    const format::BakedRoute& r = track.view.routes[l.route];
    m_points = track.view.linePoints.data() + l.firstPoint;
    m_nodes = track.view.nodes.data() + r.firstNode;
    m_pointCount = r.nodeCount;
    m_length = l.length;
    m_closed = (r.flags & format::kRouteClosed) != 0;
    for (const format::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == line && p.vehicleClass == vehicleClass) m_hints = track.view.speedHints.data() + p.firstHint;
}

LineSample LineSampler::sample(double distance) const { return sampleAt(distance, nullptr); }

void LineSampler::prefetch(std::uint32_t cursor, std::uint32_t count) const {
    if (cursor >= m_pointCount) return;
    count = std::min(count, m_pointCount - cursor);
    prefetchBytes(m_points + cursor, count * sizeof(format::BakedLinePoint));
    prefetchBytes(m_nodes + cursor, count * sizeof(format::BakedNode));
    if (m_hints) prefetchBytes(m_hints + cursor, count * sizeof(float));
}

LineSample LineSampler::sample(double distance, std::uint32_t* cursor) const { return sampleAt(distance, cursor); }

float LineSampler::curvatureAt(double distance, std::uint32_t* cursor) const {
    return interpolatedAt(distance, cursor, &format::BakedLinePoint::curvature);
}

float LineSampler::lateralAt(double distance, std::uint32_t* cursor) const {
    return interpolatedAt(distance, cursor, &format::BakedLinePoint::offset);
}

float LineSampler::interpolatedAt(double distance, std::uint32_t* cursor, float format::BakedLinePoint::*field) const {
    if (m_pointCount == 0 || !std::isfinite(distance)) return 0.0f;
    if (m_closed && m_length > 0.0f) {
        distance = std::fmod(distance, static_cast<double>(m_length));
        if (distance < 0.0) distance += m_length;
    } else {
        distance = std::clamp(distance, 0.0, static_cast<double>(m_length));
    }
    const std::uint32_t i = pointAt(static_cast<float>(distance), cursor ? *cursor : m_pointCount);
    if (cursor) *cursor = i;
    const bool wraps = i + 1 == m_pointCount;
    if (wraps && !m_closed) return m_points[i].*field;
    const format::BakedLinePoint& a = m_points[i];
    const format::BakedLinePoint& b = m_points[wraps ? 0u : i + 1];
    const double span = (wraps ? m_length : b.distance) - a.distance;
    const double t = span > 0.0 ? std::clamp((distance - a.distance) / span, 0.0, 1.0) : 0.0;
    const double from = a.*field, to = b.*field;
    return static_cast<float>(from + t * (to - from));  // as sampleAt's lerpFloat computes it
}

std::uint32_t LineSampler::pointAt(float distance, std::uint32_t hint) const {
    const format::BakedLinePoint* first = m_points;
    if (hint < m_pointCount) {
        // A few steps either way from the hint: a car moves a point or two a tick.
        constexpr int kSteps = 4;
        std::uint32_t i = hint;
        for (int step = 0; step < kSteps && i + 1 < m_pointCount && !(distance < first[i + 1].distance); ++step) ++i;
        for (int step = 0; step < kSteps && i > 0 && distance < first[i].distance; ++step) --i;
        // The binary search's answer exactly (it is unique: after any run of equal distances).
        const bool atOrAfter = i == 0 || !(distance < first[i].distance);
        const bool beforeNext = i + 1 == m_pointCount || distance < first[i + 1].distance;
        if (atOrAfter && beforeNext) return i;
    }
    const format::BakedLinePoint* upper = std::upper_bound(first, first + m_pointCount, distance,
        [](float d, const format::BakedLinePoint& p) { return d < p.distance; });
    return upper == first ? 0u : static_cast<std::uint32_t>(upper - first - 1);
}

LineSample LineSampler::sampleAt(double distance, std::uint32_t* cursor) const {
    LineSample s;
    if (m_pointCount == 0 || !std::isfinite(distance)) return s;
    if (m_closed && m_length > 0.0f) {
        distance = std::fmod(distance, static_cast<double>(m_length));
        if (distance < 0.0) distance += m_length;
    } else {
        distance = std::clamp(distance, 0.0, static_cast<double>(m_length));
    }
    // The last point whose distance is not beyond the query.
    const format::BakedLinePoint* first = m_points;
    const std::uint32_t i = pointAt(static_cast<float>(distance), cursor ? *cursor : m_pointCount);
    if (cursor) *cursor = i;
    const bool wraps = i + 1 == m_pointCount;
    if (wraps && !m_closed) {
        const format::BakedLinePoint& p = first[i];
        s = {{p.x, p.y}, p.z, {p.tangentX, p.tangentY}, p.curvature, 0.0f, p.distance, {}};
        if (m_hints) s.speedHint = m_hints[i];
        s.road = {p.tangentZ, m_nodes[i].banking, m_nodes[i].grip, 0.0f, p.tangentX, p.tangentY};
        s.lateral = p.offset;
        s.point = i;
        return s;
    }
    const std::uint32_t j = wraps ? 0u : i + 1;
    const format::BakedLinePoint& a = first[i];
    const format::BakedLinePoint& b = first[j];
    const double span = (wraps ? m_length : b.distance) - a.distance;
    const double t = span > 0.0 ? std::clamp((distance - a.distance) / span, 0.0, 1.0) : 0.0;
    // Positions and directions stay in double. Rounding them through float, as this once did, was
    // not even what every build computed: GCC 12 at -O2 and above (its SLP vectorizer) returned the
    // position pair unrounded, so -O1 and -O3 builds drove different races.
    auto lerp = [t](double x, double y) { return x + t * (y - x); };
    auto lerpFloat = [t](double x, double y) { return static_cast<float>(x + t * (y - x)); };
    s.position = {lerp(a.x, b.x), lerp(a.y, b.y)};
    s.z = lerpFloat(a.z, b.z);
    s.tangent = format::normalized({lerp(a.tangentX, b.tangentX), lerp(a.tangentY, b.tangentY)});
    s.curvature = lerpFloat(a.curvature, b.curvature);
    s.distance = static_cast<float>(distance);
    if (m_hints) s.speedHint = lerpFloat(m_hints[i], m_hints[j]);
    // The line's climb between its points; banking and grip are its nodes' (point k stands on node k).
    s.road.tangentZ = lerpFloat(a.tangentZ, b.tangentZ);
    s.road.banking = lerpFloat(m_nodes[i].banking, m_nodes[j].banking);
    s.road.grip = lerpFloat(m_nodes[i].grip, m_nodes[j].grip);
    s.road.verticalCurvature = span > 0.0 ? static_cast<float>((a.tangentZ - b.tangentZ) / span) : 0.0f;
    s.road.forwardX = static_cast<float>(s.tangent.x);
    s.road.forwardY = static_cast<float>(s.tangent.y);
    s.lateral = lerpFloat(a.offset, b.offset);
    s.point = i;
    return s;
}

std::uint32_t findLine(const BakedTrack& track, std::uint32_t route, const char* name, std::uint32_t vehicleClass) {
    // A class the track does not have has no line, not the one every class shares.
    if (name == nullptr || (vehicleClass >= track.view.vehicleClasses.size() && vehicleClass != format::kAllVehicleClasses)) return kNoLine;
    std::uint32_t forAll = kNoLine;
    for (std::uint32_t l = 0; l < track.view.lines.size(); ++l) {
        const format::BakedLine& line = track.view.lines[l];
        if (line.route != route || std::strcmp(track.view.name(line.nameOffset), name) != 0) continue;
        if (line.vehicleClass == vehicleClass) return l;
        if (line.vehicleClass == format::kAllVehicleClasses) forAll = l;
    }
    return forAll;
}

} // namespace trackwright
