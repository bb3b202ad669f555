#include "formats/import/overpass_lift.h"
#include "formats/source/number_text.h"

#include "formats/geometry/segment_grid.h"
#include "formats/geometry/segment_intersection.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace formats {
namespace {

/// Where the centre line crosses itself: links `first` < `second` and how far along each.
struct CentreCrossing {
    std::size_t first = 0, second = 0;
    double firstAt = 0.0, secondAt = 0.0;  ///< distance along the route, m
    double sine = 1.0;                     ///< of the angle between the passes
    Vec2 point;
};

double smoothstep(double t) { return t * t * (3.0 - 2.0 * t); }

std::string fixed(double value) { return decimalText(value); }

} // namespace

Diagnostics liftOverpasses(TrackDocument& doc, std::uint32_t routeIndex, const OverpassOptions& options) {
    Diagnostics diagnostics;
    if (routeIndex >= doc.routes.size()) return diagnostics;
    const Route& route = doc.routes[routeIndex];
    const std::size_t n = route.nodes.size();
    if (n < 4) return diagnostics;
    for (std::uint32_t node : route.nodes)
        if (node >= doc.nodes.size()) return diagnostics;  // validation names it
    const std::size_t links = route.closed ? n : n - 1;
    auto ground = [&](std::size_t k) { return doc.nodes[route.nodes[k % n]].position.ground(); };
    std::vector<double> along(n + 1, 0.0);
    for (std::size_t k = 0; k < n; ++k) along[k + 1] = along[k] + length(ground(k + 1) - ground(k));
    const double total = route.closed ? along[n] : along[n - 1];

    std::vector<GridSegment> segments;
    for (std::size_t k = 0; k < links; ++k) segments.push_back({ground(k), ground(k + 1), static_cast<std::uint32_t>(k)});
    const SegmentGrid grid(segments, total / static_cast<double>(links));
    std::vector<CentreCrossing> crossings;
    grid.forEachIntersectingPair([&](const GridSegment& s, const GridSegment& t) {
        const std::size_t a = std::min(s.id, t.id), b = std::max(s.id, t.id);
        if (b - a <= 1 || (route.closed && a == 0 && b == links - 1)) return true;  // neighbours share a node
        const GridSegment& first = s.id == a ? s : t;
        const GridSegment& second = s.id == a ? t : s;
        const auto at = segmentCrossing(first.a, first.b, second.a, second.b);
        if (!at) return true;
        const Vec2 u = first.b - first.a, v = second.b - second.a;
        const double sine = std::abs(cross(u, v)) / std::max(length(u) * length(v), 1e-12);
        crossings.push_back({a, b, along[a] + at->s * length(u), along[b] + at->t * length(v), sine, at->point});
        return true;
    });
    std::sort(crossings.begin(), crossings.end(), [](const CentreCrossing& x, const CentreCrossing& y) { return x.secondAt < y.secondAt; });

    auto wallReach = [&](std::size_t k) {
        const TrackNode& p = doc.nodes[route.nodes[k % n]];
        const TrackNode& q = doc.nodes[route.nodes[(k + 1) % n]];
        return std::max({p.left.wall, p.right.wall, q.left.wall, q.right.wall});
    };
    auto distanceAlong = [&](double x, double y) {
        const double d = std::abs(x - y);
        return route.closed ? std::min(d, total - d) : d;
    };
    std::vector<double> lift(n, 0.0);
    for (const CentreCrossing& c : crossings) {
        // The second pass's stretch over the first pass's surface (bridgeHalf either side of the
        // crossing) and the first pass's stretch under the second's (underHalf): the sides of the
        // parallelogram the two strips overlap in, at the crossing's angle (a shallower crossing
        // than about 11.5° is treated as 11.5°, where the strip is five times as long as wide).
        const double sine = std::max(c.sine, 0.2), cosine = std::sqrt(1.0 - sine * sine);
        const double bridgeHalf = wallReach(c.first) / sine + wallReach(c.second) * cosine / sine + 2.0;
        const TrackNode& a = doc.nodes[route.nodes[c.first]];
        const TrackNode& b = doc.nodes[route.nodes[(c.first + 1) % n]];
        const double f = (c.firstAt - along[c.first]) / std::max(along[c.first + 1] - along[c.first], 1e-12);
        const double lowerZ = a.position.z + (b.position.z - a.position.z) * f;
        const TrackNode& p = doc.nodes[route.nodes[c.second]];
        const TrackNode& q = doc.nodes[route.nodes[(c.second + 1) % n]];
        const double g = (c.secondAt - along[c.second]) / std::max(along[c.second + 1] - along[c.second], 1e-12);
        const double upperZ = p.position.z + (q.position.z - p.position.z) * g;
        const double rise = std::max(0.0, lowerZ + doc.crossingClearance + options.margin - upperZ);
        // A smoothstep ramp is steepest at its middle, 1.5 times its mean gradient.
        const double ramp = 1.5 * rise / options.maxGradient;
        const double underHalf = wallReach(c.second) / sine + wallReach(c.first) * cosine / sine + 2.0;
        if (distanceAlong(c.firstAt, c.secondAt) < bridgeHalf + ramp + underHalf) {
            Diagnostic& d = diagnostics.emplace_back();
            d.severity = Severity::Error;
            d.code = "overpass-no-room";
            d.message = "links " + std::to_string(route.nodes[c.first]) + "-" + std::to_string(route.nodes[(c.first + 1) % n]) + " and " +
                std::to_string(route.nodes[c.second]) + "-" + std::to_string(route.nodes[(c.second + 1) % n]) + " cross at (" + fixed(c.point.x) +
                ", " + fixed(c.point.y) + ") only " + fixed(distanceAlong(c.firstAt, c.secondAt)) + " m apart along the track: a bridge " +
                fixed(rise) + " m up needs " + fixed(bridgeHalf + ramp + underHalf) + " m for its ramps. Move the passes apart, or raise one by hand";
            d.jsonPath = "routes[" + std::to_string(routeIndex) + "]";
            d.route = routeIndex;
            d.node = route.nodes[c.second];
            continue;
        }
        std::size_t lifted = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const double d = distanceAlong(along[k], c.secondAt);
            const double up = d <= bridgeHalf ? rise : d < bridgeHalf + ramp ? rise * smoothstep(1.0 - (d - bridgeHalf) / ramp) : 0.0;
            if (up <= 0.0) continue;
            lift[k] = std::max(lift[k], up);
            ++lifted;
        }
        Diagnostic& d = diagnostics.emplace_back();
        d.severity = Severity::Warning;
        d.code = "overpass-lifted";
        d.message = "the centre line crosses itself at (" + fixed(c.point.x) + ", " + fixed(c.point.y) + "): link " +
            std::to_string(route.nodes[c.second]) + "-" + std::to_string(route.nodes[(c.second + 1) % n]) + " now passes " +
            fixed(rise) + " m higher, over link " + std::to_string(route.nodes[c.first]) + "-" + std::to_string(route.nodes[(c.first + 1) % n]) +
            ", on a bridge " + fixed(2.0 * bridgeHalf) + " m long with ramps of " + fixed(ramp) + " m (at most " +
            fixed(options.maxGradient * 100.0) + " %); " + std::to_string(lifted) + " nodes raised. Check the heights where it lands";
        d.jsonPath = "nodes[" + std::to_string(route.nodes[c.second]) + "].z";
        d.route = routeIndex;
        d.node = route.nodes[c.second];
        d.otherNode = route.nodes[c.first];
    }
    for (std::size_t k = 0; k < n; ++k) doc.nodes[route.nodes[k]].position.z += lift[k];
    return diagnostics;
}

} // namespace formats
