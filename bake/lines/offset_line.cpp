#include "bake/lines/offset_line.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <cmath>

namespace bake {

std::vector<formats::Vec2> offsetLinePoints(const formats::TrackDocument& document, std::uint32_t routeIndex, const std::vector<double>& offsets) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(document, route);
    std::vector<formats::Vec2> points = formats::routeGroundPositions(document, route);
    for (std::size_t i = 0; i < points.size(); ++i) points[i] = points[i] + frames[i].perpendicular * offsets[i];
    return points;
}

void applyCorrelatedMove(std::vector<double>& offsets, std::size_t centre, double step, const LineBounds& bounds, bool closed, int falloff) {
    const auto n = static_cast<std::ptrdiff_t>(offsets.size());
    for (int k = -falloff; k <= falloff; ++k) {
        std::ptrdiff_t i = static_cast<std::ptrdiff_t>(centre) + k;
        if (closed) i = (i % n + n) % n;
        else if (i < 0 || i >= n) continue;
        const auto u = static_cast<std::size_t>(i);
        const double weight = 0.5 * (1.0 + std::cos(M_PI * k / (falloff + 1)));
        offsets[u] = std::clamp(offsets[u] + step * weight, bounds.lower[u], bounds.upper[u]);
    }
}

} // namespace bake
