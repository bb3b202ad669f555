#include "formats/geometry/registrable_widths.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <cmath>

namespace formats {
namespace {

/// Distances along two perpendicular lines (from their nodes) to where the lines meet, if they do.
struct Crossing {
    double alongFirst;
    double alongSecond;
};

std::optional<Crossing> perpendicularCrossing(Vec2 p1, Vec2 n1, Vec2 p2, Vec2 n2) {
    // p1 + s n1 = p2 + u n2
    const double denominator = cross(n1, n2);
    if (std::abs(denominator) < 1e-12) return std::nullopt;
    const Vec2 d = p2 - p1;
    return Crossing{cross(d, n2) / denominator, cross(d, n1) / denominator};
}

/// Caps runoff and wall of one side at `limit`, but not below `floor`, keeping
/// track ≤ runoff ≤ wall. True if changed.
bool capSide(SideWidths& side, double limit, double floor) {
    const double cap = std::max({limit, side.track, floor});
    if (side.wall <= cap) return false;
    side.wall = cap;
    side.runoff = std::min(side.runoff, cap);
    return true;
}

} // namespace

std::vector<std::uint32_t> narrowWidthsToRegistrableZone(TrackDocument& document, std::uint32_t routeIndex, double safety) {
    const Route& route = document.routes.at(routeIndex);
    const std::vector<NodeFrame> frames = computeRouteFrames(document, route);
    const std::size_t count = route.nodes.size();
    // How far each node's lines reach to each side: the widths must keep covering them.
    std::vector<double> lineLeft(count, 0.0), lineRight(count, 0.0);
    for (const Line& line : document.lines) {
        if (line.route != routeIndex || line.offsets.size() != count) continue;
        for (std::size_t k = 0; k < count; ++k) {
            lineLeft[k] = std::max(lineLeft[k], line.offsets[k]);
            lineRight[k] = std::max(lineRight[k], -line.offsets[k]);
        }
    }
    const std::size_t links = route.closed ? count : (count > 0 ? count - 1 : 0);
    std::vector<bool> narrowed(count, false);
    for (std::size_t i = 0; i < links; ++i) {
        const std::size_t j = (i + 1) % count;
        TrackNode& a = document.nodes[route.nodes[i]];
        TrackNode& b = document.nodes[route.nodes[j]];
        const auto crossing = perpendicularCrossing(a.position.ground(), frames[i].perpendicular, b.position.ground(), frames[j].perpendicular);
        if (!crossing) continue;
        // The sign of each distance says on which side of its node the crossing lies (usually the
        // inside of the bend for both; on an S-bend with long links the two can differ).
        const bool leftA = crossing->alongFirst > 0.0;
        const bool leftB = crossing->alongSecond > 0.0;
        SideWidths& sideA = leftA ? a.left : a.right;
        SideWidths& sideB = leftB ? b.left : b.right;
        if (std::abs(crossing->alongFirst) > sideA.wall && std::abs(crossing->alongSecond) > sideB.wall) continue;
        if (capSide(sideA, safety * std::abs(crossing->alongFirst), leftA ? lineLeft[i] : lineRight[i])) narrowed[i] = true;
        if (capSide(sideB, safety * std::abs(crossing->alongSecond), leftB ? lineLeft[j] : lineRight[j])) narrowed[j] = true;
    }
    std::vector<std::uint32_t> result;
    for (std::size_t i = 0; i < count; ++i)
        if (narrowed[i]) result.push_back(route.nodes[i]);
    return result;
}

} // namespace formats
