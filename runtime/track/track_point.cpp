#include "trackwright/track/track_point.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {
namespace {

/// The node after `k` (an index within the route) on its route, or the route's node count when
/// there is none (the end of an open route).
std::uint32_t following(const format::BakedRoute& r, std::uint32_t k) {
    if (k + 1 < r.nodeCount) return k + 1;
    return (r.flags & format::kRouteClosed) ? 0u : r.nodeCount;
}

/// The point a fraction `t` ∈ [0, 1] along segment `k` of `route`.
TrackPoint pointOnSegment(const BakedTrack& track, std::uint32_t route, std::uint32_t k, double t) {
    const format::BakedRoute& r = track.view.routes[route];
    const format::BakedNode& a = track.view.nodes[r.firstNode + k];
    const std::uint32_t next = following(r, k);
    const format::BakedNode& b = track.view.nodes[r.firstNode + (next < r.nodeCount ? next : k)];
    const auto lerp = [t](float from, float to) { return static_cast<float>(from + t * (to - from)); };
    TrackPoint p;
    p.route = route;
    p.segment = k;
    p.distance = static_cast<float>(a.distance + t * a.linkLength);
    p.position = {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
    p.z = lerp(a.z, b.z);
    const format::Vec2 link{static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y};
    p.forward = format::length(link) > 0.0 ? format::normalized(link) : format::Vec2{a.tangentX, a.tangentY};
    p.left = format::leftPerpendicular(p.forward);
    p.heading = static_cast<float>(std::atan2(p.forward.y, p.forward.x));
    p.curvature = lerp(a.curvature, b.curvature);
    p.leftTrack = lerp(a.leftTrack, b.leftTrack);
    p.rightTrack = lerp(a.rightTrack, b.rightTrack);
    p.road = roadOnSegment(a, b, t);
    p.road.forwardX = static_cast<float>(p.forward.x);
    p.road.forwardY = static_cast<float>(p.forward.y);
    return p;
}

} // namespace

bool routePointAt(const BakedTrack& track, std::uint32_t route, double distance, TrackPoint& out) {
    if (route >= track.view.routes.size() || !std::isfinite(distance)) return false;
    const format::BakedRoute& r = track.view.routes[route];
    const format::BakedNode* nodes = track.view.nodes.data() + r.firstNode;
    const bool closed = (r.flags & format::kRouteClosed) != 0;
    const double end = closed ? static_cast<double>(r.length) : static_cast<double>(nodes[r.nodeCount - 1].distance);
    if (closed && end > 0.0) {
        distance = std::fmod(distance, end);
        if (distance < 0.0) distance += end;
    } else {
        distance = std::clamp(distance, 0.0, end);
    }
    // The last node whose distance is at or before `distance`.
    const format::BakedNode* after = std::upper_bound(nodes, nodes + r.nodeCount, distance,
                                                       [](double d, const format::BakedNode& n) { return d < n.distance; });
    std::uint32_t k = after == nodes ? 0u : static_cast<std::uint32_t>(after - nodes - 1);
    if (!closed && k + 1 >= r.nodeCount && k > 0) k = r.nodeCount - 2;  // the end of an open route: its last segment's end
    const float link = nodes[k].linkLength;
    const double t = link > 0.0f ? std::clamp((distance - nodes[k].distance) / link, 0.0, 1.0) : 0.0;
    out = pointOnSegment(track, route, k, t);
    return true;
}

bool nearestTrackPoint(const BakedTrack& track, format::Vec2 position, TrackPoint& out, float& offTrack) {
    if (!std::isfinite(position.x) || !std::isfinite(position.y)) return false;
    double best = std::numeric_limits<double>::infinity();
    std::uint32_t bestRoute = 0, bestSegment = 0;
    double bestT = 0.0;
    for (std::uint32_t route = 0; route < track.view.routes.size(); ++route) {
        const format::BakedRoute& r = track.view.routes[route];
        for (std::uint32_t k = 0; k < r.nodeCount; ++k) {
            const std::uint32_t next = following(r, k);
            const format::BakedNode& a = track.view.nodes[r.firstNode + k];
            const format::BakedNode& b = track.view.nodes[r.firstNode + (next < r.nodeCount ? next : k)];
            const double ex = static_cast<double>(b.x) - a.x, ey = static_cast<double>(b.y) - a.y;
            const double px = position.x - a.x, py = position.y - a.y;
            const double squared = ex * ex + ey * ey;
            const double t = squared > 0.0 ? std::clamp((px * ex + py * ey) / squared, 0.0, 1.0) : 0.0;
            const double dx = px - t * ex, dy = py - t * ey;
            const double d = dx * dx + dy * dy;
            if (d < best) {
                best = d;
                bestRoute = route;
                bestSegment = k;
                bestT = t;
            }
        }
    }
    if (!std::isfinite(best)) return false;
    out = pointOnSegment(track, bestRoute, bestSegment, bestT);
    offTrack = static_cast<float>(std::sqrt(best));
    return true;
}

} // namespace trackwright
