#include "bake/line_metrics.h"

#include <algorithm>
#include <cmath>

namespace bake {
namespace {

/// Curvature of the circle through three points: 4 · area / (|ab| |bc| |ca|).
double circleCurvature(formats::Vec2 a, formats::Vec2 b, formats::Vec2 c) {
    const double ab = formats::length(b - a), bc = formats::length(c - b), ca = formats::length(a - c);
    const double twiceArea = std::abs(formats::cross(b - a, c - a));
    const double denominator = ab * bc * ca;
    return denominator > 0.0 ? 2.0 * twiceArea / denominator : 0.0;
}

} // namespace

LineMetrics measureLine(const std::vector<formats::Vec2>& points, bool closed, double spacing) {
    LineMetrics m;
    if (points.size() < 3 || spacing <= 0.0) return m;
    std::vector<formats::Vec2> path = points;
    if (closed) path.push_back(points.front());
    std::vector<double> along(path.size(), 0.0);
    for (std::size_t i = 1; i < path.size(); ++i) along[i] = along[i - 1] + formats::length(path[i] - path[i - 1]);
    m.length = along.back();
    // An even step that divides the length exactly: a short last step would fake a kink.
    const auto steps = static_cast<std::size_t>(std::max(2.0, std::round(m.length / spacing)));
    const double step = m.length / static_cast<double>(steps);
    std::vector<formats::Vec2> samples;
    std::size_t segment = 0;
    for (std::size_t k = 0; k < steps + (closed ? 0 : 1); ++k) {
        const double s = std::min(m.length, static_cast<double>(k) * step);
        while (segment + 2 < path.size() && along[segment + 1] < s) ++segment;
        const double span = along[segment + 1] - along[segment];
        const double t = span > 0.0 ? (s - along[segment]) / span : 0.0;
        samples.push_back(path[segment] + (path[segment + 1] - path[segment]) * t);
    }
    const std::size_t n = samples.size();
    std::size_t counted = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!closed && (i == 0 || i + 1 == n)) continue;
        const double k = circleCurvature(samples[(i + n - 1) % n], samples[i], samples[(i + 1) % n]);
        m.maxAbsCurvature = std::max(m.maxAbsCurvature, k);
        m.meanAbsCurvature += k;
        m.sumSquaredCurvature += k * k;
        ++counted;
    }
    if (counted > 0) m.meanAbsCurvature /= static_cast<double>(counted);
    return m;
}

} // namespace bake
