#include "editor/document/sketch_curve.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace editor {
namespace {

using formats::Vec2;

/// The four points around segment j: P0, P1 (its start), P2 (its end), P3.
void neighbours(const SketchCurve& c, std::size_t j, Vec2 (&p)[4]) {
    const std::size_t n = c.controls.size();
    auto at = [&](std::ptrdiff_t k) { return c.controls[static_cast<std::size_t>((k % static_cast<std::ptrdiff_t>(n) + static_cast<std::ptrdiff_t>(n)) % static_cast<std::ptrdiff_t>(n))]; };
    const auto i = static_cast<std::ptrdiff_t>(j);
    p[1] = at(i);
    p[2] = at(i + 1);
    if (c.closed) {
        p[0] = at(i - 1);
        p[3] = at(i + 2);
        return;
    }
    // An open curve's ends: the missing neighbour mirrored, so the end segments are as straight as their ends allow.
    p[0] = i > 0 ? at(i - 1) : p[1] * 2.0 - p[2];
    p[3] = i + 2 < static_cast<std::ptrdiff_t>(n) ? at(i + 2) : p[2] * 2.0 - p[1];
}

/// Barry and Goldman's pyramid for the Catmull–Rom point at parameter t, with knots t0..t3.
Vec2 pyramid(const Vec2 (&p)[4], const double (&t)[4], double u) {
    const double x = t[1] + u * (t[2] - t[1]);
    auto lerp = [](Vec2 a, Vec2 b, double ta, double tb, double s) { return tb > ta ? a * ((tb - s) / (tb - ta)) + b * ((s - ta) / (tb - ta)) : a; };
    const Vec2 a1 = lerp(p[0], p[1], t[0], t[1], x), a2 = lerp(p[1], p[2], t[1], t[2], x), a3 = lerp(p[2], p[3], t[2], t[3], x);
    const Vec2 b1 = lerp(a1, a2, t[0], t[2], x), b2 = lerp(a2, a3, t[1], t[3], x);
    return lerp(b1, b2, t[1], t[2], x);
}

} // namespace

std::size_t sketchSegmentCount(const SketchCurve& c) {
    if (c.controls.size() < 2) return 0;
    return c.closed ? c.controls.size() : c.controls.size() - 1;
}

formats::Vec2 sketchPoint(const SketchCurve& c, std::size_t j, double u) {
    Vec2 p[4];
    neighbours(c, j, p);
    // Centripetal: knot intervals are the square roots of the chord lengths (α = ½).
    double t[4] = {0.0, 0.0, 0.0, 0.0};
    for (int k = 1; k < 4; ++k) t[k] = t[k - 1] + std::max(1e-9, std::sqrt(formats::length(p[k] - p[k - 1])));
    if (u <= 0.0) return p[1];
    if (u >= 1.0) return p[2];
    return pyramid(p, t, u);
}

std::vector<formats::Vec2> laySketchSegment(const SketchCurve& c, std::size_t j, double spacing) {
    // Arc length and the sharpest turn, from a dense sampling of the segment.
    constexpr int kSamples = 64;
    std::vector<Vec2> dense(kSamples + 1);
    std::vector<double> along(kSamples + 1, 0.0);
    for (int k = 0; k <= kSamples; ++k) dense[k] = sketchPoint(c, j, static_cast<double>(k) / kSamples);
    double curvature = 0.0;
    for (int k = 1; k <= kSamples; ++k) {
        along[k] = along[k - 1] + formats::length(dense[k] - dense[k - 1]);
        if (k < kSamples) {
            const Vec2 a = dense[k] - dense[k - 1], b = dense[k + 1] - dense[k];
            const double la = formats::length(a), lb = formats::length(b);
            if (la > 1e-9 && lb > 1e-9) {
                const double turn = std::abs(std::atan2(formats::cross(a, b), formats::dot(a, b)));
                curvature = std::max(curvature, turn / ((la + lb) / 2.0));
            }
        }
    }
    const double length = along.back();
    constexpr double kMaxTurn = 5.0 * std::numbers::pi / 180.0;
    constexpr double kClosest = 0.5;  // m: nodes closer than this would be noise, however tight the bend
    const double step = curvature > 0.0 ? std::clamp(kMaxTurn / curvature, std::min(kClosest, spacing), spacing) : spacing;
    const auto count = static_cast<std::size_t>(std::max(1.0, std::round(length / step)));
    const bool lastOfOpen = !c.closed && j + 1 == sketchSegmentCount(c);
    std::vector<Vec2> nodes;
    std::size_t k = 0;
    for (std::size_t m = 0; m < count + (lastOfOpen ? 1 : 0); ++m) {
        const double target = length * static_cast<double>(m) / static_cast<double>(count);
        while (k + 1 < along.size() && along[k + 1] < target) ++k;
        const double span = k + 1 < along.size() ? along[k + 1] - along[k] : 0.0;
        const double f = span > 0.0 ? std::clamp((target - along[k]) / span, 0.0, 1.0) : 0.0;
        nodes.push_back(k + 1 < dense.size() ? dense[k] + (dense[k + 1] - dense[k]) * f : dense.back());
    }
    return nodes;
}

std::vector<std::size_t> segmentsShapedBy(const SketchCurve& c, std::size_t i) {
    const std::size_t segments = sketchSegmentCount(c);
    std::vector<std::size_t> shaped;
    for (std::ptrdiff_t d = -2; d <= 1; ++d) {
        std::ptrdiff_t j = static_cast<std::ptrdiff_t>(i) + d;
        if (c.closed) j = (j % static_cast<std::ptrdiff_t>(segments) + static_cast<std::ptrdiff_t>(segments)) % static_cast<std::ptrdiff_t>(segments);
        if (j < 0 || j >= static_cast<std::ptrdiff_t>(segments)) continue;
        if (std::find(shaped.begin(), shaped.end(), static_cast<std::size_t>(j)) == shaped.end()) shaped.push_back(static_cast<std::size_t>(j));
    }
    std::sort(shaped.begin(), shaped.end());
    return shaped;
}

} // namespace editor
