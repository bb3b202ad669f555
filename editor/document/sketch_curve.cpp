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
    // A dense sampling of the segment: arc length, and the local curvature at each sample. Dense
    // enough that a sample falls every half node spacing, however long the segment (the nodes
    // themselves are evaluated on the curve, so this only needs to resolve the curvature).
    const Vec2 from = sketchPoint(c, j, 0.0), to = sketchPoint(c, j, 1.0);
    const double chord = formats::length(to - from);
    const int samples = std::clamp(static_cast<int>(2.0 * chord / spacing), 64, 1 << 16);
    std::vector<Vec2> dense(static_cast<std::size_t>(samples) + 1);
    std::vector<double> along(dense.size(), 0.0);
    for (int k = 0; k <= samples; ++k) dense[k] = sketchPoint(c, j, static_cast<double>(k) / samples);
    for (int k = 1; k <= samples; ++k) along[k] = along[k - 1] + formats::length(dense[k] - dense[k - 1]);

    // The spacing each sample wants: the designer's on straights, closer where the curve bends so
    // that no link turns more than 5° (with a margin for the curvature changing along a link) …
    constexpr double kMaxTurn = 0.9 * 5.0 * std::numbers::pi / 180.0;
    constexpr double kClosest = 0.5;  // m: nodes closer than this would be noise, however tight the bend
    constexpr double kGrowth = 0.25;  // a link at most 25 % longer than the one before: no length jumps
    const double closest = std::min(kClosest, spacing);
    std::vector<double> wanted(dense.size(), spacing);
    for (std::size_t k = 0; k < dense.size(); ++k) {
        const std::size_t a = k == 0 ? 0 : k - 1, b = std::min(k + 1, dense.size() - 1);
        const std::size_t m = a == k ? k + 1 : (b == k ? k - 1 : k);
        const Vec2 u = dense[m] - dense[a], v = dense[b] - dense[m];
        const double lu = formats::length(u), lv = formats::length(v);
        if (lu < 1e-9 || lv < 1e-9) continue;
        const double curvature = std::abs(std::atan2(formats::cross(u, v), formats::dot(u, v))) / ((lu + lv) / 2.0);
        if (curvature > 0.0) wanted[k] = std::clamp(kMaxTurn / curvature, closest, spacing);
    }
    // … and growing no faster than kGrowth per metre either way, so links change length gradually.
    for (std::size_t k = 1; k < wanted.size(); ++k) wanted[k] = std::min(wanted[k], wanted[k - 1] + kGrowth * (along[k] - along[k - 1]));
    for (std::size_t k = wanted.size() - 1; k-- > 0;) wanted[k] = std::min(wanted[k], wanted[k + 1] + kGrowth * (along[k + 1] - along[k]));

    // Nodes at equal steps of ∫ ds / spacing(s): each link as long as the spacing where it lies,
    // shortened a little so a whole number of links fills the segment.
    std::vector<double> links(dense.size(), 0.0);
    for (std::size_t k = 1; k < dense.size(); ++k) links[k] = links[k - 1] + (along[k] - along[k - 1]) * 0.5 * (1.0 / wanted[k - 1] + 1.0 / wanted[k]);
    const auto count = static_cast<std::size_t>(std::max(1.0, std::ceil(links.back() - 1e-6)));
    const bool lastOfOpen = !c.closed && j + 1 == sketchSegmentCount(c);
    std::vector<Vec2> nodes;
    std::size_t k = 0;
    for (std::size_t m = 0; m < count + (lastOfOpen ? 1 : 0); ++m) {
        const double target = links.back() * static_cast<double>(m) / static_cast<double>(count);
        while (k + 1 < links.size() && links[k + 1] < target) ++k;
        const double span = k + 1 < links.size() ? links[k + 1] - links[k] : 0.0;
        const double f = span > 0.0 ? std::clamp((target - links[k]) / span, 0.0, 1.0) : 0.0;
        // On the curve itself, not on the chord between samples: no kinks at the samples.
        nodes.push_back(sketchPoint(c, j, std::min(1.0, (static_cast<double>(k) + f) / samples)));
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
