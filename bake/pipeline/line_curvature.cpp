#include "bake/pipeline/line_curvature.h"

#include "bake/pipeline/class_vehicle.h"

#include "trackwright/track/curvature.h"

namespace bake {

std::vector<LinePointShape> lineShape(const std::vector<formats::Vec2>& points, bool closed) {
    const std::size_t n = points.size();
    std::vector<LinePointShape> shape(n);
    for (std::size_t k = 0; k < n; ++k) {
        const bool hasNext = closed || k + 1 < n;
        const bool hasPrevious = closed || k > 0;
        const formats::Vec2 next = points[(k + 1) % n];
        const formats::Vec2 previous = points[(k + n - 1) % n];
        const formats::Vec2 forward = hasNext ? next - points[k] : formats::Vec2{};
        const formats::Vec2 backward = hasPrevious ? points[k] - previous : formats::Vec2{};
        shape[k].tangent = formats::normalized((forward + backward) * 0.5);
        shape[k].curvature = hasNext ? trackwright::nodeCurvature(points[k], shape[k].tangent, next)
                                     : (n > 1 ? -trackwright::nodeCurvature(points[k], shape[k].tangent * -1.0, previous) : 0.0);
    }
    return shape;
}

double idealLapTime(const std::vector<formats::Vec2>& points, bool closed, const formats::VehicleClass& c) {
    const std::vector<LinePointShape> shape = lineShape(points, closed);
    SpeedProfileInput input;
    input.closed = closed;
    for (std::size_t k = 0; k < points.size(); ++k) {
        input.curvature.push_back(shape[k].curvature);
        input.segmentLength.push_back(formats::length(points[(k + 1) % points.size()] - points[k]));
        input.overrides.push_back(std::nullopt);
    }
    return computeSpeedProfile(input, classSpeedLimits(c)).lapTime;
}

} // namespace bake
