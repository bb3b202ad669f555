#include "bake/offset_line.h"

#include "formats/route_frames.h"

namespace bake {

std::vector<formats::Vec2> offsetLinePoints(const formats::TrackDocument& document, std::uint32_t routeIndex, const std::vector<double>& offsets) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(document, route);
    std::vector<formats::Vec2> points = formats::routeGroundPositions(document, route);
    for (std::size_t i = 0; i < points.size(); ++i) points[i] = points[i] + frames[i].perpendicular * offsets[i];
    return points;
}

} // namespace bake
