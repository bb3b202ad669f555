#include "bake/lines/line_metrics.h"

#include "bake/lines/cubic_spline.h"

#include <algorithm>
#include <cmath>

namespace bake {

LineMetrics measureLine(const std::vector<formats::Vec2>& input, bool closed, double step) {
    LineMetrics m;
    // Coincident points would give a zero chord: drop them.
    std::vector<formats::Vec2> points;
    for (const formats::Vec2& q : input)
        if (points.empty() || formats::length(q - points.back()) > 1e-9) points.push_back(q);
    if (closed && points.size() > 1 && formats::length(points.front() - points.back()) <= 1e-9) points.pop_back();
    if (points.size() < 3 || !(step > 0.0)) return m;
    const CubicSpline spline = fitCubicSpline(std::move(points), closed);
    double absIntegral = 0.0;
    std::vector<CurvatureSample> samples;
    for (std::size_t i = 0; i < spline.segments(); ++i) {
        const auto pieces = static_cast<int>(std::max(1.0, std::ceil(spline.chords[i] / step)));
        samples.resize(static_cast<std::size_t>(pieces));
        sampleSegment(spline, i, pieces, samples.data());
        for (const CurvatureSample& s : samples) {
            const double kappa = std::abs(s.curvature);
            m.length += s.length;
            absIntegral += kappa * s.length;
            m.integralSquaredCurvature += kappa * kappa * s.length;
            m.maxAbsCurvature = std::max(m.maxAbsCurvature, kappa);
        }
    }
    if (m.length > 0.0) m.meanAbsCurvature = absIntegral / m.length;
    return m;
}

} // namespace bake
