#include "formats/route_frames.h"
#include "formats/segment_grid.h"
#include "formats/validate_detail.h"

#include <algorithm>
#include <cmath>

namespace formats::detail {
namespace {

/// Crossings reported per route and check; a broken import could otherwise print thousands.
constexpr std::size_t kMaxReportedCrossings = 10;

struct RouteView {
    const TrackDocument& doc;
    std::uint32_t index;
    const Route& route;
    std::vector<Vec2> points;
    std::vector<NodeFrame> frames;
    std::size_t linkCount;

    const TrackNode& node(std::size_t k) const { return doc.nodes[route.nodes[k]]; }
    std::uint32_t id(std::size_t k) const { return route.nodes[k]; }
    std::size_t next(std::size_t k) const { return (k + 1) % points.size(); }
};

Diagnostic& pairDiagnostic(Diagnostic& d, const RouteView& v, std::size_t a, std::size_t b) {
    d.route = v.index;
    d.node = v.id(a);
    d.otherNode = v.id(b);
    return d;
}

std::string linkName(const RouteView& v, std::size_t k) {
    return std::to_string(v.id(k)) + "-" + std::to_string(v.id(v.next(k)));
}

void checkLinkLengths(const RouteView& v, const ValidationOptions& options, DiagnosticSink& sink, std::vector<bool>& degenerate) {
    std::vector<double> lengths(v.linkCount);
    degenerate.assign(v.linkCount, false);
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        lengths[k] = length(v.points[v.next(k)] - v.points[k]);
        if (lengths[k] >= options.minLinkLength) continue;
        degenerate[k] = true;
        const std::size_t j = v.next(k);
        pairDiagnostic(sink.error("duplicate-node", "nodes " + std::to_string(v.id(k)) + " and " + std::to_string(v.id(j)) +
            " are at the same place (" + metres(lengths[k]) + " apart): delete one of them", nodePath(v.id(j))), v, k, j);
    }
    const std::size_t pairs = v.route.closed ? v.linkCount : (v.linkCount > 0 ? v.linkCount - 1 : 0);
    for (std::size_t k = 0; k < pairs; ++k) {
        const std::size_t k2 = (k + 1) % v.linkCount;
        if (degenerate[k] || degenerate[k2]) continue;
        const double ratio = std::max(lengths[k], lengths[k2]) / std::min(lengths[k], lengths[k2]);
        if (ratio <= options.maxLinkLengthRatio) continue;
        const std::size_t middle = v.next(k);
        Diagnostic& d = sink.warning("link-length-jump", "the links either side of node " + std::to_string(v.id(middle)) + " are " +
            metres(lengths[k]) + " and " + metres(lengths[k2]) + " long (" + ratioText(ratio) +
            "): the node's tangent is dominated by the longer one; change the spacing gradually", nodePath(v.id(middle)));
        d.route = v.index;
        d.node = v.id(middle);
    }
}

void checkWidthJumps(const RouteView& v, const ValidationOptions& options, DiagnosticSink& sink) {
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        const std::size_t j = v.next(k);
        const TrackNode& a = v.node(k);
        const TrackNode& b = v.node(j);
        const std::tuple<const char*, const char*, double, double> widths[] = {
            {"left", "track", a.left.track, b.left.track}, {"left", "runoff", a.left.runoff, b.left.runoff},
            {"left", "wall", a.left.wall, b.left.wall}, {"right", "track", a.right.track, b.right.track},
            {"right", "runoff", a.right.runoff, b.right.runoff}, {"right", "wall", a.right.wall, b.right.wall}};
        for (const auto& [side, kind, wa, wb] : widths) {
            const double low = std::min(wa, wb);
            const double high = std::max(wa, wb);
            if (high - low <= options.minWidthJumpMetres) continue;
            const double ratio = low > 0.0 ? high / low : INFINITY;
            if (ratio <= options.maxWidthRatio) continue;
            pairDiagnostic(sink.warning("width-jump", std::string("the ") + side + " " + kind + " width jumps from " + metres(wa) + " at node " +
                std::to_string(v.id(k)) + " to " + metres(wb) + " at node " + std::to_string(v.id(j)) + " (" + ratioText(ratio) +
                "): widths should change smoothly; add nodes or blend the widths", nodePath(v.id(j)) + "." + side + "." + kind), v, k, j);
        }
    }
}

/// Race-track chapter §39.3.1: registration is undefined beyond the point C where two neighbouring
/// node perpendiculars cross; if C lies within the walls, a car can be there.
void checkPerpendiculars(const RouteView& v, const std::vector<bool>& degenerate, DiagnosticSink& sink) {
    std::size_t reported = 0;
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        if (degenerate[k]) continue;
        const std::size_t j = v.next(k);
        const TrackNode& a = v.node(k);
        const TrackNode& b = v.node(j);
        const Vec2 na = v.frames[k].perpendicular;
        const Vec2 nb = v.frames[j].perpendicular;
        const Vec2 a0 = v.points[k] - na * a.right.wall, a1 = v.points[k] + na * a.left.wall;
        const Vec2 b0 = v.points[j] - nb * b.right.wall, b1 = v.points[j] + nb * b.left.wall;
        if (!segmentsIntersect(a0, a1, b0, b1)) continue;
        if (++reported > kMaxReportedCrossings) continue;
        std::string where = "within the walls";
        const double denominator = cross(na, nb);
        if (std::abs(denominator) > 1e-12) {
            const double s = cross(v.points[j] - v.points[k], nb) / denominator;
            where = metres(std::abs(s)) + " to the " + (s > 0.0 ? "left" : "right") + " of node " + std::to_string(v.id(k)) +
                ", inside its " + (s > 0.0 ? "left" : "right") + " wall (" + metres(s > 0.0 ? a.left.wall : a.right.wall) + ")";
        }
        pairDiagnostic(sink.error("perpendiculars-cross", "the perpendiculars of nodes " + std::to_string(v.id(k)) + " and " +
            std::to_string(v.id(j)) + " cross " + where + ": registration is undefined there. Reduce the runoff and wall on that side "
            "below the crossing, or move the nodes so their perpendiculars stay apart", nodePath(v.id(k))), v, k, j);
    }
    if (reported > kMaxReportedCrossings) {
        Diagnostic& d = sink.error("perpendiculars-cross", std::to_string(reported - kMaxReportedCrossings) +
            " more node pairs of route \"" + v.route.name + "\" have crossing perpendiculars (not listed)", "routes[" + std::to_string(v.index) + "]");
        d.route = v.index;
    }
}

/// The tarmac edges of a route must not cross themselves or each other: a loop in an edge means
/// the track folds over itself.
void checkEdgeIntersections(const RouteView& v, DiagnosticSink& sink) {
    const std::size_t n = v.points.size();
    std::vector<Vec2> left(n), right(n);
    double totalLength = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        left[k] = v.points[k] + v.frames[k].perpendicular * v.node(k).left.track;
        right[k] = v.points[k] - v.frames[k].perpendicular * v.node(k).right.track;
    }
    std::vector<GridSegment> segments;
    segments.reserve(2 * v.linkCount);
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        const std::size_t j = v.next(k);
        segments.push_back({left[k], left[j], static_cast<std::uint32_t>(2 * k)});
        segments.push_back({right[k], right[j], static_cast<std::uint32_t>(2 * k + 1)});
        totalLength += length(v.points[j] - v.points[k]);
    }
    if (segments.empty()) return;
    const SegmentGrid grid(std::move(segments), std::max(totalLength / static_cast<double>(v.linkCount), 0.5));
    std::size_t reported = 0;
    const std::size_t links = v.linkCount;
    grid.forEachIntersectingPair([&](const GridSegment& s, const GridSegment& t) {
        const std::size_t ks = s.id / 2, kt = t.id / 2;
        const std::size_t gap = ks > kt ? ks - kt : kt - ks;
        // Same or neighbouring links: sharing an end point is not a crossing, and a fold between
        // neighbours is the perpendicular check's to report.
        if (gap <= 1 || (v.route.closed && gap == links - 1)) return;
        if (++reported > kMaxReportedCrossings) return;
        const char* sideS = s.id % 2 == 0 ? "left" : "right";
        const char* sideT = t.id % 2 == 0 ? "left" : "right";
        const std::size_t first = std::min(ks, kt), second = std::max(ks, kt);
        const char* sideFirst = first == ks ? sideS : sideT;
        const char* sideSecond = first == ks ? sideT : sideS;
        pairDiagnostic(sink.error("edge-self-intersection", std::string("the ") + sideFirst + " tarmac edge of link " + linkName(v, first) +
            " crosses the " + sideSecond + " tarmac edge of link " + linkName(v, second) + " on route \"" + v.route.name +
            "\": the track overlaps itself there; narrow the track or move the nodes apart", nodePath(v.id(first))), v, first, second);
    });
    if (reported > kMaxReportedCrossings) {
        Diagnostic& d = sink.error("edge-self-intersection", std::to_string(reported - kMaxReportedCrossings) +
            " more tarmac edge crossings on route \"" + v.route.name + "\" (not listed)", "routes[" + std::to_string(v.index) + "]");
        d.route = v.index;
    }
}

} // namespace

void checkRouteGeometry(const TrackDocument& doc, std::uint32_t routeIndex, const ValidationOptions& options, DiagnosticSink& sink) {
    const Route& route = doc.routes[routeIndex];
    RouteView v{doc, routeIndex, route, routeGroundPositions(doc, route), computeRouteFrames(doc, route), 0};
    const std::size_t n = v.points.size();
    if (n < 2) return;  // a branch of one node: only its attachment links, which belong to no own pair
    v.linkCount = route.closed ? n : n - 1;
    std::vector<bool> degenerate;
    checkLinkLengths(v, options, sink, degenerate);
    checkWidthJumps(v, options, sink);
    checkPerpendiculars(v, degenerate, sink);
    checkEdgeIntersections(v, sink);
}

} // namespace formats::detail
