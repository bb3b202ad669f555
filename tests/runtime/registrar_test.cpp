#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

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

// A figure-eight whose second pass is a bridge 6 m over the first (tw::test::bridgedFigureEight): at
// the crossing both passes hold the point in plan; the height says which deck, and a car driving the
// route never changes deck.
TEST(Registrar3D, AtACrossingTheHeightPicksTheDeckNearestBelowTheCar) {
    const auto sample = tw::test::bakeSample(tw::test::bridgedFigureEight());
    const trackwright::BakedTrack& track = sample->track;
    trackwright::Registrar registrar(track);
    const Vec2 crossing{0.0, 0.0};
    // The bridge is the pass through the route's ends (t near 0), the lower deck its middle (t near π).
    const std::uint32_t nodes = track.view.routes[0].nodeCount;
    auto onBridge = [&](const trackwright::Registration& r) { return r.segment < nodes / 4 || r.segment > 3 * nodes / 4; };
    const trackwright::Registration low = registrar.registerCold(crossing, 0.3f);
    ASSERT_TRUE(low.defined);
    EXPECT_FALSE(onBridge(low)) << "a car at ground level is under the bridge: segment " << low.segment;
    const trackwright::Registration high = registrar.registerCold(crossing, 6.2f);
    ASSERT_TRUE(high.defined);
    EXPECT_TRUE(onBridge(high)) << "a car 6 m up is on it: segment " << high.segment;
    EXPECT_TRUE(registrar.registerCold(crossing).defined) << "without a height it registers as before";
    EXPECT_EQ(registrar.registerCold(crossing, std::numeric_limits<float>::quiet_NaN()).segment, registrar.registerCold(crossing).segment);

    // Driving the whole lap along the centre line, coherently: the distance only ever grows (but for
    // the one wrap at the line), so registration never jumps to the other deck at the crossing.
    trackwright::Registrar driver(track);
    float previous = -1.0f;
    int wraps = 0;
    for (std::uint32_t k = 0; k < nodes; ++k) {
        const formats::BakedNode& a = track.view.nodes[track.view.routes[0].firstNode + k];
        const formats::BakedNode& b = track.view.nodes[track.view.routes[0].firstNode + (k + 1) % nodes];
        for (int step = 0; step < 4; ++step) {
            const float f = static_cast<float>(step) / 4.0f;
            const trackwright::Registration r = driver.update({a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)}, a.z + f * (b.z - a.z));
            ASSERT_TRUE(r.defined) << k;
            if (r.distance < previous) ++wraps;
            previous = r.distance;
        }
    }
    EXPECT_LE(wraps, 1) << "registration jumped between the decks";
}

// The third dimension from the source to the registration, against hand-worked values: the ramp
// of tests/support/test_tracks.h (10 % up to node 5, banking 0.01·k rad, grip 1 − 0.05·k).
TEST(Registrar3D, TheRoadUnderTheCarIsTheRampsClimbBankingAndGrip) {
    const auto sample = tw::test::bakeSample(tw::test::rampTrack());
    const trackwright::BakedTrack& track = sample->track;
    const double ramp = std::sqrt(101.0);  // a ramp link: √(10² + 1²) m
    const formats::BakedNode& n2 = track.view.nodes[2];
    EXPECT_NEAR(n2.tangentZ, 0.1 / std::sqrt(1.01), 1e-7);  // 0.0995037
    EXPECT_NEAR(n2.linkLength, ramp, 1e-5);
    EXPECT_FLOAT_EQ(n2.linkPlanLength, 10.0f);
    EXPECT_NEAR(n2.distance, 2.0 * ramp, 1e-5);
    EXPECT_FLOAT_EQ(n2.banking, 0.02f);
    EXPECT_FLOAT_EQ(n2.grip, 0.9f);
    EXPECT_NEAR(track.view.nodes[5].tangentZ, 1.0 / std::sqrt(401.0), 1e-7) << "the crest averages the ramp and the level";
    EXPECT_NEAR(track.view.routes[0].length, 5.0 * ramp + 50.0, 1e-4);

    // Halfway up segment 2, a metre left of the centre line.
    trackwright::Registrar registrar(track);
    const trackwright::Registration r = registrar.update({25.0, 1.0});
    ASSERT_TRUE(r.defined);
    EXPECT_EQ(r.segment, 2u);
    EXPECT_NEAR(r.ratio, 0.5, 1e-6);
    EXPECT_NEAR(r.lateral, 1.0, 1e-6) << "lateral stays in plan";
    EXPECT_NEAR(r.distance, 2.5 * ramp, 1e-5) << "distance runs along the slope: 25.1247 m, not 25";
    EXPECT_NEAR(r.road.tangentZ, 0.0995037, 1e-7);
    EXPECT_NEAR(trackwright::roadGradient(r.road), 0.1, 1e-6);
    EXPECT_NEAR(r.road.banking, 0.025, 1e-7);
    EXPECT_NEAR(r.road.grip, 0.875, 1e-7);
    EXPECT_EQ(r.road.verticalCurvature, 0.0f) << "a steady ramp";
    EXPECT_EQ(r.road.forwardX, 1.0f);
    EXPECT_EQ(r.road.forwardY, 0.0f);
    // The cold answer is the same road.
    const trackwright::Registration cold = registrar.registerCold({25.0, 1.0});
    EXPECT_EQ(cold.road.tangentZ, r.road.tangentZ);
    EXPECT_EQ(cold.road.grip, r.road.grip);

    // Over the crest (segment 4, node 4 to 5): tangentZ falls from 0.0995037 to 0.0499376 over √101 m,
    // κ_v = 0.0495661 / 10.0498756 = 0.0049320 1/m; the level segment after it: 0.0499376 / 10.
    const trackwright::Registration crest = registrar.update({45.0, 0.0});
    ASSERT_TRUE(crest.defined);
    EXPECT_NEAR(crest.road.verticalCurvature, 0.0049320, 1e-6);
    EXPECT_NEAR(crest.road.tangentZ, (0.0995037 + 0.0499376) / 2.0, 1e-6);
    EXPECT_NEAR(registrar.update({55.0, 0.0}).road.verticalCurvature, 0.00499376, 1e-7);

    // Off the track: undefined, and the level nominal road.
    const trackwright::Registration off = registrar.update({25.0, 40.0});
    EXPECT_FALSE(off.defined);
    EXPECT_EQ(off.road.tangentZ, 0.0f);
    EXPECT_EQ(off.road.grip, 1.0f);
}

} // namespace
