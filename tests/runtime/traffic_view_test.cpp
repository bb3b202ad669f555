// The traffic view (issue 25, first increment): gaps, catch times, wrap-around and alongside,
// against figures worked by hand.
#include "trackwright/traffic/catch_time.h"
#include "trackwright/traffic/follow_rules.h"
#include "trackwright/traffic/traffic_view.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using trackwright::TrafficCar;

TrafficCar car(float distance, float speed, float lateral = 0.0f) {
    TrafficCar c;
    c.registered = true;
    c.distance = distance;
    c.speed = speed;
    c.lateral = lateral;
    c.length = 4.0f;
    c.width = 2.0f;
    c.maxBraking = 10.0f;
    return c;
}

TEST(CatchTime, WhileTheCarAheadIsStillBraking) {
    // 26 m gap, 30 m/s behind 20 m/s braking at 10 m/s²: ½·10·t² + 10·t − 26 = 0,
    // t = (−10 + √620)/10 = 1.48998 s, before it stops at 2 s.
    EXPECT_NEAR(trackwright::catchTime(26.0f, 30.0f, 20.0f, 10.0f), 1.48998f, 1e-4f);
    EXPECT_NEAR(trackwright::timeToCollision(26.0f, 30.0f, 20.0f), 2.6f, 1e-5f);
}

TEST(CatchTime, AfterTheCarAheadHasStopped) {
    // 5 m/s ahead stops in 0.5 s after 1.25 m; the quadratic's root 0.8838 s lies beyond, so
    // t = (26 + 1.25)/30 = 0.908333 s.
    EXPECT_NEAR(trackwright::catchTime(26.0f, 30.0f, 5.0f, 10.0f), 0.908333f, 1e-5f);
}

TEST(CatchTime, FiniteBehindAFasterCarInfiniteStandingStill) {
    // 20 m/s behind 30 m/s braking at 10 m/s² (stops at 3 s): ½·10·t² − 10·t − 10 = 0,
    // t = (10 + √300)/10 = 2.73205 s, just before it stops.
    EXPECT_NEAR(trackwright::catchTime(10.0f, 20.0f, 30.0f, 10.0f), 2.73205f, 1e-5f);
    EXPECT_TRUE(std::isinf(trackwright::timeToCollision(10.0f, 20.0f, 30.0f)));
    EXPECT_TRUE(std::isinf(trackwright::catchTime(10.0f, 0.0f, 0.0f, 10.0f)));
    EXPECT_EQ(trackwright::catchTime(-1.0f, 10.0f, 0.0f, 10.0f), 0.0f);
}

TEST(TrafficView, GapsCatchTimesAndAlongsideByHand) {
    const auto baked = tw::test::bakeSample(tw::test::circleTrack());
    std::vector<TrafficCar> cars{car(10.0f, 30.0f), car(40.0f, 20.0f), car(42.0f, 20.0f, 3.0f)};
    trackwright::TrafficView view;
    view.reserve(cars.size());
    view.build(baked->track, cars);
    const trackwright::CarTraffic& a = view.car(0);
    ASSERT_EQ(a.aheadCount, 2);
    EXPECT_EQ(a.ahead[0].car, 1u);
    EXPECT_NEAR(a.ahead[0].gap, 26.0f, 1e-4f);
    EXPECT_NEAR(a.ahead[0].closingSpeed, 10.0f, 1e-5f);
    EXPECT_NEAR(a.ahead[0].catchTime, 1.48998f, 1e-4f);
    EXPECT_NEAR(a.ahead[0].timeToCollision, 2.6f, 1e-4f);
    EXPECT_NEAR(a.ahead[0].lateralGap, -2.0f, 1e-5f);  // same line: overlapping across by a width
    EXPECT_EQ(a.ahead[1].car, 2u);
    EXPECT_NEAR(a.ahead[1].gap, 28.0f, 1e-4f);
    EXPECT_NEAR(a.ahead[1].lateralGap, 1.0f, 1e-5f);   // 3 m apart, 2 m of half widths
    // Cars 1 and 2: 2 m apart along, 4 m long: alongside, car 2 on car 1's left.
    const trackwright::CarTraffic& b = view.car(1);
    ASSERT_EQ(b.alongsideCount, 1);
    EXPECT_EQ(b.alongside[0].car, 2u);
    EXPECT_NEAR(b.alongside[0].gap, -2.0f, 1e-5f);
    EXPECT_EQ(b.alongside[0].side, 1.0f);
    EXPECT_EQ(view.car(2).alongside[0].side, -1.0f);
    // Car 1 sees car 0 behind it: 26 m, caught by it in the same 1.49 s if car 1 brakes.
    ASSERT_EQ(b.behindCount, 1);
    EXPECT_NEAR(b.behind[0].gap, 26.0f, 1e-4f);
    EXPECT_NEAR(b.behind[0].catchTime, 1.48998f, 1e-4f);
}

TEST(TrafficView, WrapsAcrossTheStartLineOfAClosedRoute) {
    const auto baked = tw::test::bakeSample(tw::test::circleTrack());
    const float length = baked->track.view.routes[0].length;
    std::vector<TrafficCar> cars{car(length - 5.0f, 20.0f), car(10.0f, 20.0f)};
    trackwright::TrafficView view;
    view.build(baked->track, cars);
    ASSERT_EQ(view.car(0).aheadCount, 1);
    EXPECT_NEAR(view.car(0).ahead[0].gap, 11.0f, 1e-3f);  // 15 m centre to centre, less 4 m
    ASSERT_EQ(view.car(1).behindCount, 1);
    EXPECT_NEAR(view.car(1).behind[0].gap, 11.0f, 1e-3f);
    EXPECT_EQ(view.car(1).aheadCount, 0);  // the long way round is behind, not ahead
    EXPECT_EQ(view.car(0).behindCount, 0);
}

TEST(TrafficView, RangesAndUnregisteredCars) {
    const auto baked = tw::test::bakeSample(tw::test::circleTrack(48, 400.0));  // ≈ 2.5 km round
    std::vector<TrafficCar> cars{car(100.0f, 20.0f), car(310.0f, 20.0f), car(20.0f, 20.0f), car(150.0f, 20.0f)};
    cars[3].registered = false;
    trackwright::TrafficView view;
    view.build(baked->track, cars);
    EXPECT_EQ(view.car(0).aheadCount, 0);   // 206 m gap: beyond 200 m
    EXPECT_EQ(view.car(0).behindCount, 0);  // 76 m gap: beyond 70 m
    EXPECT_EQ(view.car(2).aheadCount, 1);   // 76 m ahead is in range
    EXPECT_EQ(view.car(3).aheadCount + view.car(3).behindCount + view.car(3).alongsideCount, 0);
}

// Tick to tick the view finishes last tick's order instead of sorting afresh: the same answer.
TEST(TrafficView, ReusingLastTicksOrderGivesTheFreshAnswer) {
    const auto baked = tw::test::bakeSample(tw::test::circleTrack());
    const float length = baked->track.view.routes[0].length;
    std::vector<TrafficCar> cars;
    for (int i = 0; i < 30; ++i) cars.push_back(car(std::fmod(37.0f * static_cast<float>(i), length), 20.0f + static_cast<float>(i % 5), 0.5f * static_cast<float>(i % 3)));
    trackwright::TrafficView reused;
    reused.build(baked->track, cars);
    for (int tick = 0; tick < 50; ++tick) {
        for (std::size_t i = 0; i < cars.size(); ++i) cars[i].distance = std::fmod(cars[i].distance + 0.02f * cars[i].speed * static_cast<float>(i % 4), length);
        cars[static_cast<std::size_t>(tick) % cars.size()].registered = tick % 7 != 0;
        reused.build(baked->track, cars);
        trackwright::TrafficView fresh;
        fresh.build(baked->track, cars);
        for (std::size_t i = 0; i < cars.size(); ++i) {
            const trackwright::CarTraffic &a = reused.car(i), &b = fresh.car(i);
            ASSERT_EQ(a.aheadCount, b.aheadCount);
            ASSERT_EQ(a.behindCount, b.behindCount);
            ASSERT_EQ(a.alongsideCount, b.alongsideCount);
            for (int k = 0; k < a.aheadCount; ++k) ASSERT_EQ(a.ahead[k].car, b.ahead[k].car);
            for (int k = 0; k < a.alongsideCount; ++k) ASSERT_EQ(a.alongside[k].car, b.alongside[k].car);
        }
    }
}

TEST(FollowRules, SpeedLimitByHand) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].gap = 26.0f;
    t.ahead[0].speed = 20.0f;
    t.ahead[0].maxBraking = 10.0f;
    t.ahead[0].lateralGap = t.ahead[0].lateralGapAtCatch = -2.0f;
    // desired 2.5 + 0.25·30 = 10 m; follow 20 + 16/1.5 = 30.667; cap √(2·10.2·(26 − 2.5 + 20)) = 29.79.
    EXPECT_NEAR(trackwright::trafficSpeedLimit(t, 30.0f, 12.0f, {}), 29.7893f, 1e-3f);
    t.ahead[0].gap = 3.0f;  // follow 20 − 7/1.5 = 15.33; cap √(20.4·20.5) = 20.45
    EXPECT_NEAR(trackwright::trafficSpeedLimit(t, 30.0f, 12.0f, {}), 15.3333f, 1e-3f);
    t.ahead[0].lateralGap = t.ahead[0].lateralGapAtCatch = 1.0f;  // on another line: not in the way
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 30.0f, 12.0f, {})));
}

TEST(FollowRules, NeverSteersIntoACarAlongside) {
    trackwright::CarTraffic t;
    t.alongsideCount = 1;
    t.alongside[0].side = 1.0f;  // on the left
    t.alongside[0].lateralGap = 0.5f;
    t.lateralSpeed = 1.0f;       // drifting left at 1 m/s
    // At 20 m/s with a 2.6 m wheelbase and 0.55 rad of lock: 2.6 / 400 / 0.55 of lock per m/s²;
    // 5 m/s² away for the 1 m/s drift.
    const float perAcceleration = trackwright::steeringPerLateralAcceleration(20.0f, 2.6f, 0.55f);
    EXPECT_NEAR(perAcceleration, 2.6f / 400.0f / 0.55f, 1e-7f);
    EXPECT_NEAR(trackwright::alongsideSteering(t, 0.8f, 0.1f, perAcceleration, {}), 0.1f - 5.0f * perAcceleration, 1e-6f);
    EXPECT_EQ(trackwright::alongsideSteering(t, -0.5f, 0.1f, perAcceleration, {}), -0.5f);  // away from it: untouched
    t.alongside[0].lateralGap = 2.0f;                                                       // beyond the margin
    EXPECT_EQ(trackwright::alongsideSteering(t, 0.8f, 0.1f, perAcceleration, {}), 0.8f);
}

TEST(FollowRules, ACarPullingOutToPassIsFreeOnceItsPredictedGapIsClearButNotIntoATightCorner) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].gap = 20.0f;
    t.ahead[0].speed = 50.0f;
    t.ahead[0].maxBraking = 12.0f;
    t.ahead[0].lateralGap = -0.5f;         // still overlapping across…
    t.ahead[0].lateralGapAtCatch = 2.5f;   // …but moving out: clear by the catch time
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 52.0f, 12.0f, {})));
    EXPECT_FALSE(std::isinf(trackwright::trafficSpeedLimit(t, 52.0f, 12.0f, {}, true))) << "into a tight corner both gaps count";
    t.ahead[0].lateralGap = 2.5f;          // moving in across its nose: the nearer gap counts
    t.ahead[0].lateralGapAtCatch = -0.5f;
    EXPECT_FALSE(std::isinf(trackwright::trafficSpeedLimit(t, 52.0f, 12.0f, {})));
}

// Monza's first chicane: a car 1.5 m clear across of a slower one ahead turned in onto it, its
// line sweeping across the road. Its own path at the other car's place puts that car in its way.
TEST(FollowRules, ACarAheadOnThisCarsPathWhereItIsIsFollowedThoughClearOfItNow) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].gap = 14.0f;
    t.ahead[0].speed = 10.0f;
    t.ahead[0].maxBraking = 12.0f;
    t.ahead[0].lateralGap = t.ahead[0].lateralGapAtCatch = 1.5f;  // clear of it now and by the lateral speeds
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 19.0f, 12.0f, {}, true)));
    const float onThePath[trackwright::kMaxTrafficAhead] = {-0.3f};
    const float follow = trackwright::trafficSpeedLimit(t, 19.0f, 12.0f, {}, true, false, onThePath);
    EXPECT_LT(follow, 19.0f) << "the car it turns in onto is followed";
    const float offThePath[trackwright::kMaxTrafficAhead] = {2.0f};
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 19.0f, 12.0f, {}, true, false, offThePath))) << "a path that stays clear: free";
}

// Norisring's first hairpin: a car 17 m behind another at 56 m/s, both on a line that sweeps across
// the road, closing at 1.5 m/s, held full throttle as the other braked. Within braking reach — the
// gap below which it could not stop behind the other car braking at its limit now — a car ahead is
// judged against the own path however slowly this car closes.
TEST(FollowRules, BrakingReachIsTheDifferenceOfTheStoppingDistances) {
    trackwright::TrafficNeighbour ahead;
    ahead.speed = 56.0f;
    ahead.maxBraking = 12.0f;
    const trackwright::FollowRules rules;
    // 56² / (2 · 0.85 · 12) − 56² / (2 · 12) + 2.5 = 153.73 − 130.67 + 2.5
    EXPECT_NEAR(trackwright::brakingReach(56.0f, 12.0f, ahead, rules), 25.56f, 0.01f);
    EXPECT_NEAR(trackwright::brakingReach(57.5f, 12.0f, ahead, rules), 33.90f, 0.01f) << "faster than the car ahead: further";
    ahead.speed = 70.0f;
    EXPECT_EQ(trackwright::brakingReach(30.0f, 12.0f, ahead, rules), 0.0f) << "it stops long before this car needs to";
    ahead.maxBraking = 0.0f;  // unknown braking: it may stop dead
    EXPECT_NEAR(trackwright::brakingReach(30.0f, 12.0f, ahead, rules), 30.0f * 30.0f / (2.0f * 0.85f * 12.0f) + 2.5f, 0.01f);
}

TEST(FollowRules, DraftsCloseOnAClearStraightOnly) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].gap = 12.0f;
    t.ahead[0].speed = 55.0f;
    t.ahead[0].maxBraking = 12.0f;
    t.ahead[0].lateralGap = t.ahead[0].lateralGapAtCatch = -1.9f;
    const trackwright::FollowRules rules;
    // 12 m behind at 55 m/s: the braking-distance cap holds the car at the other's speed…
    const float capped = trackwright::trafficSpeedLimit(t, 55.0f, 12.0f, rules);
    EXPECT_LT(capped, 55.5f);
    // …drafting, the time gap alone: 55 + (12 − (2.5 + 0.1·55)) / 1.5 = 57.67.
    EXPECT_NEAR(trackwright::trafficSpeedLimit(t, 55.0f, 12.0f, rules, false, true), 55.0f + (12.0f - 8.0f) / 1.5f, 1e-4f);
    // Clear: the braking point beyond the stopping distance (126 m) plus 2 s (110 m).
    EXPECT_TRUE(trackwright::mayDraft(t, 55.0f, 300.0f, 12.0f, rules));
    EXPECT_FALSE(trackwright::mayDraft(t, 55.0f, 200.0f, 12.0f, rules)) << "a tight corner's braking point too near";
    t.aheadCount = 2;
    t.ahead[1] = t.ahead[0];
    t.ahead[1].gap = 60.0f;
    EXPECT_FALSE(trackwright::mayDraft(t, 55.0f, 300.0f, 12.0f, rules)) << "a third car within 2 s beyond could make it brake";
    t.ahead[1].gap = 150.0f;
    EXPECT_TRUE(trackwright::mayDraft(t, 55.0f, 300.0f, 12.0f, rules));
}

TEST(FollowRules, StopsSteeringTowardsACarAlongsideSoonerTheFasterItClosesAcross) {
    trackwright::CarTraffic t;
    t.alongsideCount = 1;
    t.alongside[0].side = -1.0f;  // on the right
    t.alongside[0].lateralGap = 3.0f;
    const float perAcceleration = trackwright::steeringPerLateralAcceleration(15.0f, 2.6f, 0.55f);
    t.lateralSpeed = -1.0f;  // 1 m/s towards it: 3 m is beyond 1.5 + 0.5 · 1
    EXPECT_EQ(trackwright::alongsideSteering(t, -0.3f, 0.0f, perAcceleration, {}), -0.3f);
    t.lateralSpeed = -6.0f;  // sweeping across with the line in a chicane: 3 m is within 1.5 + 0.5 · 6
    EXPECT_NEAR(trackwright::alongsideSteering(t, -0.3f, 0.0f, perAcceleration, {}), 5.0f * 6.0f * perAcceleration, 1e-6f);
}

// A car sliding wide into the one beside it (the inside of a hairpin taken too fast) lifts: more
// steering only slides it further; drifting away, or slower than the threshold, it does not.
TEST(FollowRules, ACarDriftingIntoOneAlongsideLifts) {
    trackwright::CarTraffic t;
    t.alongsideCount = 1;
    t.alongside[0].side = -1.0f;   // on the right…
    t.alongside[0].centre = -1.0f; // …a metre behind: not a car to back out from
    t.alongside[0].speed = 13.0f;
    t.alongside[0].lateralGap = 1.2f;
    const trackwright::FollowRules rules;
    t.lateralSpeed = -3.0f;  // sliding right at 3 m/s: 1.2 m is within 1.5 + 0.5 · 3
    EXPECT_NEAR(trackwright::trafficSpeedLimit(t, 13.0f, 12.0f, rules), 13.0f - rules.backOffSpeed, 1e-6f);
    t.lateralSpeed = 3.0f;   // drifting away from it
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 13.0f, 12.0f, rules)));
    t.lateralSpeed = -0.8f;  // towards it, but slower than driftLiftSpeed: the steering rule's
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 13.0f, 12.0f, rules)));
    t.lateralSpeed = -3.0f;
    t.alongside[0].lateralGap = 3.5f;  // beyond 1.5 + 0.5 · 3
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 13.0f, 12.0f, rules)));
    trackwright::FollowRules off = rules;
    off.driftLiftSpeed = 0.0f;
    t.alongside[0].lateralGap = 1.2f;
    EXPECT_TRUE(std::isinf(trackwright::trafficSpeedLimit(t, 13.0f, 12.0f, off)));
}

} // namespace
