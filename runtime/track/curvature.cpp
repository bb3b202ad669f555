#include "trackwright/track/curvature.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

double nodeCurvature(Vec2 node, Vec2 unitTangent, Vec2 next) {
    const Vec2 link = next - node;
    const double chord = format::length(link);
    if (chord <= 0.0) return 0.0;
    const double sinTheta = format::cross(unitTangent, link) / chord;
    const double halfChord = chord / 2.0;  // d of eq. 39.3
    return sinTheta / halfChord;           // 1 / r, r = d / sin θ
}

double bezierMaxCurvature(Vec2 p1, Vec2 p2, Vec2 p3) {
    using format::length;
    const double area = 0.5 * std::abs(format::cross(p1 - p2, p1 - p3));
    const Vec2 m = (p1 + p3) * 0.5;
    const double chord = length(p3 - p1);
    if (area <= 1e-12 * std::max(1.0, chord * chord)) {
        // Collinear: a straight curve, unless p2 lies outside p1p3 and the curve turns back.
        constexpr double kCusp = std::numeric_limits<double>::infinity();
        if (chord == 0.0) return length(p2 - p1) > 0.0 ? kCusp : 0.0;
        const double along = format::dot(p2 - p1, p3 - p1);
        return along >= 0.0 && along <= chord * chord ? 0.0 : kCusp;
    }
    const double radius = 0.5 * length(p1 - m);
    const bool outsideFirst = length(p2 - (p1 + m) * 0.5) > radius;
    const bool outsideSecond = length(p2 - (p3 + m) * 0.5) > radius;
    if (outsideFirst && outsideSecond) {
        const double d = length(p2 - m);
        return d * d * d / (area * area);  // eq. 3
    }
    const double a = length(p1 - p2);
    const double b = length(p3 - p2);
    return std::max(area / (a * a * a), area / (b * b * b));  // eq. 4
}

} // namespace trackwright
