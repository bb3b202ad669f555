#include "editor/canvas/measurement.h"

#include <cmath>
#include <numbers>

namespace editor {

Measurement measure(const std::vector<formats::Vec2>& points) {
    Measurement m;
    if (points.size() < 2) return m;
    const formats::Vec2 a = points[0], b = points[1];
    m.distance = formats::length(b - a);
    const double degrees = std::atan2(b.y - a.y, b.x - a.x) * 180.0 / std::numbers::pi;
    m.bearing = degrees < 0.0 ? degrees + 360.0 : degrees;
    if (points.size() < 3) return m;
    // Circumradius: R = |ab| |bc| |ca| / (2 |ab × ac|).
    const formats::Vec2 c = points[2];
    const double twiceArea = std::abs(formats::cross(b - a, c - a));
    const double sides = formats::length(b - a) * formats::length(c - b) * formats::length(a - c);
    if (twiceArea > 1e-9 * std::max(1.0, sides)) m.radius = sides / (2.0 * twiceArea);
    return m;
}

} // namespace editor
