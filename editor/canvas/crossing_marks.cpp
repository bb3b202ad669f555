#include "editor/canvas/crossing_marks.h"

#include "formats/geometry/route_frames.h"
#include "formats/geometry/segment_intersection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace editor {
namespace {

/// A link's tarmac edges in plan and their heights at each end.
struct LinkEdges {
    formats::Vec2 centre[2];
    formats::Vec2 edge[2][2];  ///< [left, right][start, end]
    double z[2][2];            ///< the same, heights
};

std::optional<std::size_t> positionIn(const formats::Route& route, std::uint32_t node) {
    const auto it = std::find(route.nodes.begin(), route.nodes.end(), node);
    if (it == route.nodes.end()) return std::nullopt;
    return static_cast<std::size_t>(it - route.nodes.begin());
}

std::optional<LinkEdges> linkEdges(const formats::TrackDocument& track, const formats::Route& route, const std::vector<formats::NodeFrame>& frames,
                                   std::uint32_t node) {
    const auto k = positionIn(route, node);
    const std::size_t n = route.nodes.size();
    if (!k || (!route.closed && *k + 1 >= n)) return std::nullopt;
    LinkEdges link;
    const std::size_t ends[2] = {*k, (*k + 1) % n};
    for (int e = 0; e < 2; ++e) {
        const formats::TrackNode& at = track.nodes[route.nodes[ends[e]]];
        const formats::Vec2 across = frames[ends[e]].perpendicular;
        link.centre[e] = at.position.ground();
        link.edge[0][e] = at.position.ground() + across * at.left.track;
        link.edge[1][e] = at.position.ground() - across * at.right.track;
        // The surface at lateral offset d (left positive) lies at z + d·tan(banking).
        link.z[0][e] = at.position.z + at.left.track * std::tan(at.banking);
        link.z[1][e] = at.position.z - at.right.track * std::tan(at.banking);
    }
    return link;
}

} // namespace

std::vector<CrossingMark> crossingMarks(const formats::TrackDocument& track, const formats::Diagnostics& diagnostics) {
    // The Diagnostics dock lists fifty of a code; marking more would bury the view.
    constexpr std::size_t kMaxMarks = 100;
    std::vector<CrossingMark> marks;
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    std::map<std::uint32_t, std::vector<formats::NodeFrame>> frames;
    for (const formats::Diagnostic& d : diagnostics) {
        if (marks.size() >= kMaxMarks) break;
        if ((d.code != "overpass-clearance" && d.code != "edge-self-intersection") || !d.route || !d.node || !d.otherNode) continue;
        if (*d.route >= track.routes.size() || !seen.insert({*d.node, *d.otherNode}).second) continue;
        const formats::Route& route = track.routes[*d.route];
        if (std::any_of(route.nodes.begin(), route.nodes.end(), [&](std::uint32_t n) { return n >= track.nodes.size(); })) continue;
        auto routeFrames = frames.find(*d.route);
        if (routeFrames == frames.end()) routeFrames = frames.emplace(*d.route, formats::computeRouteFrames(track, route)).first;
        const auto a = linkEdges(track, route, routeFrames->second, *d.node);
        const auto b = linkEdges(track, route, routeFrames->second, *d.otherNode);
        if (!a || !b) continue;
        double clearance = std::numeric_limits<double>::infinity();
        formats::Vec2 sum;
        int crossings = 0;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                const auto c = formats::segmentCrossing(a->edge[i][0], a->edge[i][1], b->edge[j][0], b->edge[j][1]);
                if (!c) continue;
                const double za = a->z[i][0] + (a->z[i][1] - a->z[i][0]) * c->s;
                const double zb = b->z[j][0] + (b->z[j][1] - b->z[j][0]) * c->t;
                clearance = std::min(clearance, std::abs(za - zb));
                sum = sum + c->point;
                ++crossings;
            }
        if (crossings == 0) continue;  // the track changed since it was validated
        CrossingMark mark;
        mark.node = *d.node;
        mark.otherNode = *d.otherNode;
        const auto centres = formats::segmentCrossing(a->centre[0], a->centre[1], b->centre[0], b->centre[1]);
        mark.point = centres ? centres->point : sum * (1.0 / crossings);
        mark.clearance = clearance;
        mark.required = track.crossingClearance;
        marks.push_back(mark);
    }
    return marks;
}

QString crossingLabel(const CrossingMark& mark) {
    return QStringLiteral("%1 m < %2 m").arg(mark.clearance, 0, 'f', 1).arg(mark.required, 0, 'f', 1);
}

} // namespace editor
