#include "formats/geometry/route_frames.h"

namespace formats {

std::vector<Vec2> routeGroundPositions(const TrackDocument& document, const Route& route) {
    std::vector<Vec2> positions;
    positions.reserve(route.nodes.size());
    for (std::uint32_t index : route.nodes) positions.push_back(document.nodes[index].position.ground());
    return positions;
}

std::vector<NodeFrame> computeRouteFrames(const TrackDocument& document, const Route& route) {
    const std::vector<Vec2> p = routeGroundPositions(document, route);
    const std::size_t n = p.size();
    std::vector<NodeFrame> frames(n);
    auto attachment = [&](const std::optional<RouteAttachment>& a) -> std::optional<Vec2> {
        if (!a || a->node >= document.nodes.size()) return std::nullopt;
        return document.nodes[a->node].position.ground();
    };
    const std::optional<Vec2> forkPoint = route.closed ? std::nullopt : attachment(route.fork);
    const std::optional<Vec2> joinPoint = route.closed ? std::nullopt : attachment(route.join);
    for (std::size_t i = 0; i < n; ++i) {
        std::optional<Vec2> previous;
        std::optional<Vec2> next;
        if (i > 0) previous = p[i - 1];
        else if (route.closed && n > 1) previous = p[n - 1];
        else previous = forkPoint;
        if (i + 1 < n) next = p[i + 1];
        else if (route.closed && n > 1) next = p[0];
        else next = joinPoint;

        const Vec2 backward = previous ? p[i] - *previous : Vec2{};
        const Vec2 forward = next ? *next - p[i] : Vec2{};
        // Eq. 39.1: t = [(N(i+1) - N(i)) + (N(i) - N(i-1))] / 2, normalised. A reversal cancels it.
        Vec2 tangent = normalized((backward + forward) * 0.5);
        if (length(tangent) == 0.0) tangent = normalized(length(forward) > 0.0 ? forward : backward);
        frames[i] = {tangent, leftPerpendicular(tangent)};
    }
    return frames;
}

std::vector<DrivenPoint> drivenRoute(const TrackDocument& document, const Route& route) {
    const std::vector<NodeFrame> frames = computeRouteFrames(document, route);
    std::vector<DrivenPoint> points;
    points.reserve(route.nodes.size() + 2);
    auto attachmentPoint = [&](const RouteAttachment& a, std::uint32_t ownNode, bool atStart) {
        const Vec2 at = document.nodes[a.node].position.ground();
        const Vec2 own = document.nodes[ownNode].position.ground();
        const Vec2 tangent = normalized(atStart ? own - at : at - own);
        return DrivenPoint{a.node, true, at, {tangent, leftPerpendicular(tangent)}};
    };
    const bool branch = !route.closed && !route.nodes.empty();
    if (branch && route.fork) points.push_back(attachmentPoint(*route.fork, route.nodes.front(), true));
    for (std::size_t k = 0; k < route.nodes.size(); ++k)
        points.push_back({route.nodes[k], false, document.nodes[route.nodes[k]].position.ground(), frames[k]});
    if (branch && route.join) points.push_back(attachmentPoint(*route.join, route.nodes.back(), false));
    return points;
}

} // namespace formats
