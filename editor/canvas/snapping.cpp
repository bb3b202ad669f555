#include "editor/canvas/snapping.h"

#include <algorithm>
#include <cmath>

namespace editor {

double snapGridStep(double pixelsPerMetre) {
    constexpr double kMinimumPixels = 10.0;
    const double metres = kMinimumPixels / std::max(pixelsPerMetre, 1e-9);
    const double magnitude = std::pow(10.0, std::floor(std::log10(metres)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (magnitude * step >= metres) return magnitude * step;
    return 10.0 * magnitude;
}

formats::Vec2 snapToGrid(formats::Vec2 p, double step) { return {std::round(p.x / step) * step, std::round(p.y / step) * step}; }

formats::Vec2 snapLink(formats::Vec2 from, formats::Vec2 to, double angleStep, double lengthStep) {
    const formats::Vec2 link = to - from;
    const double angle = std::round(std::atan2(link.y, link.x) / angleStep) * angleStep;
    const double length = std::max(1.0, std::round(formats::length(link) / lengthStep)) * lengthStep;
    return from + formats::Vec2{std::cos(angle), std::sin(angle)} * length;
}

} // namespace editor
