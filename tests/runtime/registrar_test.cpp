#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using formats::Vec2;

/// The reference: every segment of every route tested, the same preference rule.
trackwright::Registration bruteForce(const trackwright::BakedTrack& t, Vec2 p, std::uint32_t preferredRoute, bool havePreference) {
    trackwright::Registration best;
    for (std::uint32_t r = 0; r < t.view.routes.size(); ++r) {
        const formats::BakedRoute& route = t.view.routes[r];
        for (std::uint32_t k = 0; k < route.nodeCount; ++k) {
            const formats::BakedNode& a = t.view.nodes[route.firstNode + k];
            // Cheap reject: the point is farther than the link plus the widest wall.
            const double reach = a.linkLength + std::max(a.leftWall, a.rightWall) + 50.0;
            if (std::hypot(p.x - a.x, p.y - a.y) > reach) continue;
            trackwright::Registration c;
            if (!trackwright::registerOnSegment(t, r, route.firstNode + k, p, c)) continue;
            bool take = !best.defined;
            if (!take && havePreference && (c.route == preferredRoute) != (best.route == preferredRoute)) take = c.route == preferredRoute;
            else if (!take && std::abs(c.lateral) != std::abs(best.lateral)) take = std::abs(c.lateral) < std::abs(best.lateral);
            else if (!take) take = c.route < best.route || (c.route == best.route && c.segment < best.segment);
            if (take) best = c;
        }
    }
    return best;
}

void expectSame(const trackwright::Registration& a, const trackwright::Registration& b, Vec2 p) {
    ASSERT_EQ(a.defined, b.defined) << p.x << "," << p.y;
    if (!a.defined) return;
    ASSERT_EQ(a.route, b.route) << p.x << "," << p.y;
    ASSERT_EQ(a.segment, b.segment) << p.x << "," << p.y;
    ASSERT_FLOAT_EQ(a.ratio, b.ratio);
    ASSERT_FLOAT_EQ(a.lateral, b.lateral);
    ASSERT_FLOAT_EQ(a.distance, b.distance);
}

class RegistrationOnSamples : public ::testing::TestWithParam<const char*> {};

TEST_P(RegistrationOnSamples, ColdRegistrationEqualsBruteForceOnRandomPoints) {
    const auto sample = tw::test::bakeSampleFile(GetParam());
    const trackwright::BakedTrack& t = sample->track;
    const formats::BakedGridInfo& g = *t.view.grid;
    const double width = double(g.columns) * g.cellSize, height = double(g.rows) * g.cellSize;
    std::uint64_t state = 99;
    auto uniform = [&](double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    std::size_t defined = 0;
    for (int i = 0; i < 100000; ++i) {
        const Vec2 p{uniform(g.originX - 20.0, g.originX + width + 20.0), uniform(g.originY - 20.0, g.originY + height + 20.0)};
        const trackwright::Registrar registrar(t);
        const trackwright::Registration cold = registrar.registerCold(p);
        expectSame(cold, bruteForce(t, p, 0, false), p);
        defined += cold.defined;
    }
    EXPECT_GT(defined, 1000u);
}

TEST_P(RegistrationOnSamples, CoherentRegistrationFollowsADrivenTrajectory) {
    const auto sample = tw::test::bakeSampleFile(GetParam());
    const trackwright::BakedTrack& t = sample->track;
    // Drive each route's first line twice over (or once end to end), weaving 2 m either side.
    for (std::uint32_t line = 0; line < t.view.lines.size(); ++line) {
        const trackwright::LineSampler sampler(t, line, 0);
        const std::uint32_t route = t.view.lines[line].route;
        trackwright::Registrar registrar(t);
        registrar.assignRoute(route);
        const double laps = sampler.closed() ? 2.0 : 1.0;
        double previous = -1.0;
        for (double d = 0.0; d < laps * sampler.length(); d += 0.7) {
            const trackwright::LineSample s = sampler.sample(d);
            const Vec2 normal{-s.tangent.y, s.tangent.x};
            const Vec2 p = s.position + normal * (2.0 * std::sin(d / 25.0));
            const trackwright::Registration r = registrar.update(p);
            const trackwright::Registration reference = bruteForce(t, p, route, true);
            ASSERT_TRUE(r.defined) << GetParam() << " line " << line << " at " << d;
            ASSERT_EQ(r.route, route);
            expectSame(r, reference, p);
            // Progress along the route: small steps forward, except across the start line.
            if (previous >= 0.0) {
                if (r.distance >= previous) EXPECT_LT(r.distance - previous, 3.0);
                else EXPECT_GT(previous - r.distance, t.view.routes[route].length - 3.0);
            }
            previous = r.distance;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Samples, RegistrationOnSamples, ::testing::Values("kart.twtrack", "harbour_sprint.twtrack", "monza.twtrack"));

TEST(Registrar, NonFinitePositionsAreUndefined) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    trackwright::Registrar registrar(sample->track);
    EXPECT_FALSE(registrar.update({NAN, 0.0}).defined);
    EXPECT_FALSE(registrar.update({0.0, INFINITY}).defined);
    EXPECT_TRUE(registrar.update({50.0, 0.0}).defined);
    EXPECT_FALSE(registrar.update({1e30, -1e30}).defined);
}

TEST(Registrar, RatioLateralAndDistanceOnAStraight) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    trackwright::Registrar registrar(sample->track);
    // The kart's first straight runs east along y = 0 from (0, 0), nodes 4 m apart.
    const trackwright::Registration r = registrar.update({9.0, 1.5});
    ASSERT_TRUE(r.defined);
    EXPECT_EQ(r.segment, 2u);
    EXPECT_NEAR(r.ratio, 0.25, 1e-5);
    EXPECT_NEAR(r.lateral, 1.5, 1e-5);
    EXPECT_NEAR(r.distance, 9.0, 1e-4);
    EXPECT_FALSE(registrar.update({9.0, 7.5}).defined) << "beyond the 7 m wall";
}

TEST(LineSampler, WrapsOnClosedAndClampsOnOpenRoutes) {
    const auto kart = tw::test::bakeSampleFile("kart.twtrack");
    const trackwright::LineSampler loop(kart->track, 0, 0);
    const trackwright::LineSample a = loop.sample(10.0);
    const trackwright::LineSample b = loop.sample(10.0 + loop.length());
    EXPECT_NEAR(a.position.x, b.position.x, 1e-3);
    EXPECT_NEAR(loop.sample(-1.0).distance, loop.length() - 1.0, 1e-3);
    EXPECT_GT(a.speedHint, 0.0f);
    EXPECT_NEAR(a.position.x, 10.0, 1e-4);
    const auto sprint = tw::test::bakeSampleFile("harbour_sprint.twtrack");
    const trackwright::LineSampler open(sprint->track, 0, 0);
    EXPECT_EQ(open.sample(1e6).distance, open.length());
    EXPECT_EQ(open.sample(-5.0).distance, 0.0f);
    EXPECT_EQ(trackwright::findLine(sprint->track, 1, "centre", 0), 1u);
}

} // namespace
