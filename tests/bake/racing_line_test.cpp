#include "bake/lines/box_qp.h"
#include "bake/lines/line_metrics.h"
#include "bake/lines/min_curvature_line.h"

#include "formats/geometry/route_frames.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

TEST(BoxQp, SeparableProblemClipsTheUnconstrainedMinimum) {
    const int n = 6;
    Eigen::SparseMatrix<double> P(n, n);
    P.setIdentity();
    const Eigen::VectorXd a = (Eigen::VectorXd(n) << -3.0, -0.5, 0.0, 0.7, 2.0, 5.0).finished();
    const Eigen::VectorXd lower = Eigen::VectorXd::Constant(n, -1.0), upper = Eigen::VectorXd::Constant(n, 1.0);
    const bake::BoxQpResult r = bake::solveBoxQp(P, -a, lower, upper);
    ASSERT_TRUE(r.converged);
    for (int i = 0; i < n; ++i) EXPECT_NEAR(r.x[i], std::clamp(a[i], -1.0, 1.0), 1e-6);
}

TEST(BoxQp, CoupledProblemMatchesProjectedGradientAndHonoursFixedVariables) {
    // A tridiagonal (second-difference-like) problem, solved slowly but surely by projected gradient.
    const int n = 20;
    std::vector<Eigen::Triplet<double>> t;
    for (int i = 0; i < n; ++i) {
        t.emplace_back(i, i, 2.5);
        if (i + 1 < n) t.emplace_back(i, i + 1, -1.0), t.emplace_back(i + 1, i, -1.0);
    }
    Eigen::SparseMatrix<double> P(n, n);
    P.setFromTriplets(t.begin(), t.end());
    Eigen::VectorXd q(n), lower(n), upper(n);
    for (int i = 0; i < n; ++i) {
        q[i] = std::sin(i * 0.9) * 3.0;
        lower[i] = -0.8;
        upper[i] = 0.6;
    }
    lower[7] = upper[7] = 0.25;  // fixed
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n).cwiseMax(lower).cwiseMin(upper);
    for (int k = 0; k < 20000; ++k) x = (x - 0.2 * (P * x + q)).cwiseMax(lower).cwiseMin(upper);
    const bake::BoxQpResult r = bake::solveBoxQp(P, q, lower, upper);
    ASSERT_TRUE(r.converged);
    EXPECT_LT(r.iterations, 60);
    for (int i = 0; i < n; ++i) EXPECT_NEAR(r.x[i], x[i], 1e-5) << i;
    EXPECT_EQ(r.x[7], 0.25);
}

TEST(MinimumCurvature, ACircleTrackIsDrivenOnItsOutsideEdge) {
    // Counter-clockwise circle: the right side is the outside, where the radius is largest.
    const formats::TrackDocument doc = tw::test::circleTrack(60, 80.0);
    const double margin = 1.45;
    const bake::MinCurvatureResult r = bake::minimumCurvatureOffsets(doc, 0, bake::tarmacBounds(doc, 0, margin));
    ASSERT_TRUE(r.converged);
    const double outside = -(6.0 - margin);
    for (double offset : r.offsets) EXPECT_NEAR(offset, outside, 1e-4);
}

TEST(MinimumCurvature, LowersTheCurvatureOfAWigglyRoadAndKeepsOpenEnds) {
    formats::TrackDocument doc;
    formats::Route route{"main", false, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < 120; ++i) {
        formats::TrackNode node;
        node.position = {5.0 * i, 4.0 * std::sin(i * 0.15), 0.0};
        node.left = node.right = {6.0, 7.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    const bake::MinCurvatureResult r = bake::minimumCurvatureOffsets(doc, 0, bake::tarmacBounds(doc, 0, 1.45, {0.5, -0.5}));
    ASSERT_TRUE(r.converged);
    EXPECT_EQ(r.offsets.front(), 0.5);
    EXPECT_EQ(r.offsets.back(), -0.5);
    std::vector<formats::Vec2> centre, line;
    for (std::size_t i = 0; i < doc.nodes.size(); ++i) centre.push_back(doc.nodes[i].position.ground());
    // Offsets along the route's own frames.
    const auto frames = formats::computeRouteFrames(doc, doc.routes[0]);
    for (std::size_t i = 0; i < centre.size(); ++i) line.push_back(centre[i] + frames[i].perpendicular * r.offsets[i]);
    EXPECT_LT(bake::measureLine(line, false).integralSquaredCurvature, 0.2 * bake::measureLine(centre, false).integralSquaredCurvature);
    for (double offset : r.offsets) EXPECT_LE(std::abs(offset), 6.0 - 1.45 + 1e-9);
}

TEST(LineMetrics, CircleCurvatureAndLength) {
    std::vector<formats::Vec2> circle;
    for (int i = 0; i < 400; ++i) circle.push_back({50.0 * std::cos(i * 2 * M_PI / 400), 50.0 * std::sin(i * 2 * M_PI / 400)});
    const bake::LineMetrics m = bake::measureLine(circle, true);
    EXPECT_NEAR(m.length, 2 * M_PI * 50.0, 0.1);
    EXPECT_NEAR(m.meanAbsCurvature, 0.02, 2e-4);
    EXPECT_NEAR(m.maxAbsCurvature, 0.02, 1e-5);
    EXPECT_NEAR(m.integralSquaredCurvature, 0.02 * 0.02 * 2 * M_PI * 50.0, 1e-6);
}

} // namespace

namespace {

TEST(LineMetrics, DoNotDependOnHowDenselyTheLineIsSampled) {
    // The same closed curve (an ellipse) given by 150 and by 900 points measures the same.
    auto ellipse = [](int count) {
        std::vector<formats::Vec2> points;
        for (int i = 0; i < count; ++i) points.push_back({120.0 * std::cos(i * 2 * M_PI / count), 60.0 * std::sin(i * 2 * M_PI / count)});
        return points;
    };
    const bake::LineMetrics coarse = bake::measureLine(ellipse(150), true), fine = bake::measureLine(ellipse(900), true);
    EXPECT_NEAR(coarse.integralSquaredCurvature, fine.integralSquaredCurvature, 1e-3 * fine.integralSquaredCurvature);
    EXPECT_NEAR(coarse.maxAbsCurvature, 120.0 / (60.0 * 60.0), 1e-3 * fine.maxAbsCurvature);  // at the ends of the long axis: a / b²
    EXPECT_NEAR(coarse.length, fine.length, 0.05);
}

TEST(LineMetrics, AnOpenStraightLineHasNoCurvatureAndAKinkHasSome) {
    std::vector<formats::Vec2> straight;
    for (int i = 0; i < 20; ++i) straight.push_back({3.0 * i, 1.5 * i});
    const bake::LineMetrics m = bake::measureLine(straight, false);
    EXPECT_NEAR(m.length, std::hypot(57.0, 28.5), 1e-9);
    EXPECT_LT(m.maxAbsCurvature, 1e-12);
    straight[10].y += 1.0;
    EXPECT_GT(bake::measureLine(straight, false).integralSquaredCurvature, 1e-3);
}

} // namespace
