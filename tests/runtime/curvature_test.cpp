#include "trackwright/track/curvature.h"
#include "formats/baked/format_names.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

using formats::Vec2;

Vec2 onCircle(double radius, double angle) { return {radius * std::cos(angle), radius * std::sin(angle)}; }

/// Curvature of the quadratic Bézier at t by the standard formula |B' × B''| / |B'|³.
double bezierCurvatureAt(Vec2 p1, Vec2 p2, Vec2 p3, double t) {
    const Vec2 d1 = (p2 - p1) * (2.0 * (1.0 - t)) + (p3 - p2) * (2.0 * t);
    const Vec2 d2 = (p3 - p2 * 2.0 + p1) * 2.0;
    const double speed = formats::length(d1);
    return std::abs(formats::cross(d1, d2)) / (speed * speed * speed);
}

TEST(NodeCurvature, IsOneOverTheRadiusOnACircleSignedByTurnDirection) {
    for (double radius : {5.0, 60.0, 900.0}) {
        const double step = 4.0 / radius;  // about 4 m between nodes
        const Vec2 node = onCircle(radius, 0.3);
        const Vec2 tangent{-std::sin(0.3), std::cos(0.3)};
        EXPECT_NEAR(trackwright::nodeCurvature(node, tangent, onCircle(radius, 0.3 + step)), 1.0 / radius, 1e-9 / radius);
        // Driven clockwise, the same circle turns right: negative curvature.
        EXPECT_NEAR(trackwright::nodeCurvature(node, tangent * -1.0, onCircle(radius, 0.3 - step)), -1.0 / radius, 1e-9 / radius);
    }
}

TEST(NodeCurvature, IsZeroOnAStraightLine) {
    EXPECT_NEAR(trackwright::nodeCurvature({1.0, 2.0}, {0.6, 0.8}, {4.0, 6.0}), 0.0, 1e-15);
    EXPECT_EQ(trackwright::nodeCurvature({1.0, 2.0}, {1.0, 0.0}, {1.0, 2.0}), 0.0);
}

// A clothoid's curvature grows linearly with arc length, κ(s) = s / A²: the construction must
// follow it at node spacings a designer uses.
TEST(NodeCurvature, FollowsAClothoid) {
    const double a2 = 2000.0;  // A² in m²
    const double ds = 0.01;
    std::vector<Vec2> points{{0.0, 0.0}};
    std::vector<double> headings{0.0};
    for (int i = 1; i <= 20000; ++i) {  // 200 m, integrated finely
        const double s = i * ds;
        const double heading = s * s / (2.0 * a2);
        points.push_back(points.back() + Vec2{std::cos(heading), std::sin(heading)} * ds);
        headings.push_back(heading);
    }
    for (int node = 500; node <= 19000; node += 1500) {  // every 15 m, nodes 3 m apart
        const double s = node * ds;
        const Vec2 tangent{std::cos(headings[node]), std::sin(headings[node])};
        const double kappa = trackwright::nodeCurvature(points[node], tangent, points[node + 300]);
        // The arc through the next node sees the curvature 1.5 m ahead on average.
        EXPECT_NEAR(kappa, (s + 1.0) / a2, 0.02 * (s + 1.0) / a2 + 1e-5) << "s = " << s;
    }
}

TEST(BezierMaxCurvature, MatchesDenseSamplingInBothCases) {
    std::uint64_t state = 7;
    auto uniform = [&](double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    int outside = 0, inside = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const Vec2 p1{0.0, 0.0};
        const Vec2 p3{10.0, 0.0};
        // Every other trial near the chord, where p2 falls inside a sphere (eq. 4's case).
        const Vec2 p2 = trial % 2 ? Vec2{uniform(0.0, 10.0), uniform(0.2, 2.5)} : Vec2{uniform(-10.0, 20.0), uniform(0.2, 15.0)};
        // Coarse sampling, then a fine one around the coarse peak (the peak can be sharp).
        double sampled = 0.0;
        int peak = 0;
        for (int i = 0; i <= 2000; ++i) {
            const double k = bezierCurvatureAt(p1, p2, p3, i / 2000.0);
            if (k > sampled) sampled = k, peak = i;
        }
        for (int i = -1000; i <= 1000; ++i)
            sampled = std::max(sampled, bezierCurvatureAt(p1, p2, p3, std::clamp((peak + i / 1000.0) / 2000.0, 0.0, 1.0)));
        const double exact = trackwright::bezierMaxCurvature(p1, p2, p3);
        EXPECT_GE(exact, sampled * (1.0 - 1e-9));
        EXPECT_NEAR(exact, sampled, 1e-6 * exact) << p2.x << "," << p2.y;
        const bool isOutside = formats::length(p2 - Vec2{2.5, 0.0}) > 2.5 && formats::length(p2 - Vec2{7.5, 0.0}) > 2.5;
        (isOutside ? outside : inside) += 1;
    }
    EXPECT_GT(outside, 100);
    EXPECT_GT(inside, 20);
}

TEST(BezierMaxCurvature, SymmetricArchAndDegenerateCases) {
    // p1 (-1,0), p2 (0,h), p3 (1,0): the apex curvature is h.
    EXPECT_NEAR(trackwright::bezierMaxCurvature({-1.0, 0.0}, {0.0, 3.0}, {1.0, 0.0}), 3.0, 1e-12);
    EXPECT_EQ(trackwright::bezierMaxCurvature({0.0, 0.0}, {3.0, 0.0}, {10.0, 0.0}), 0.0);
    EXPECT_TRUE(std::isinf(trackwright::bezierMaxCurvature({0.0, 0.0}, {15.0, 0.0}, {10.0, 0.0})));
    // Three close nodes of a circle of radius R as control points: the middle one pulls the curve
    // only half way (sagitta c²/8R against the Bézier's apex 4h/c²), so κmax ≈ 1 / 2R.
    for (double radius : {10.0, 100.0}) {
        const double k = trackwright::bezierMaxCurvature(onCircle(radius, 0.0), onCircle(radius, 0.05), onCircle(radius, 0.1));
        EXPECT_NEAR(k, 0.5 / radius, 1e-3 / radius);
    }
}

} // namespace
