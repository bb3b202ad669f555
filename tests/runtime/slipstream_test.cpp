// The tow behind a car (issue 25): how much drag a car is spared, what that does to its top speed,
// and the power-limited engine that lets a car carried above its top speed keep the surplus.
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

/// One car ahead whose centre is `centre` m ahead (a 4.6 m car: the gap is 4.6 m less).
trackwright::CarTraffic oneAhead(float centre, float lateral) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].centre = centre;
    t.ahead[0].gap = centre - 4.6f;
    t.ahead[0].lateral = lateral;
    t.ahead[0].width = 1.9f;
    return t;
}

TEST(Slipstream, TheWakeSparesHalfTheDragAThirdOfASecondBehindAndFadesByASecond) {
    const float speed = 50.0f;
    // TORCS's wake at its cars' decay (slipstream.h): 47 % at 0.35 s, 29 % at 0.5 s, 5 % at 1 s.
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(17.5f, 1.0f), speed, 1.0f), 0.472f, 0.002f);
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(25.0f, 1.0f), speed, 1.0f), 0.289f, 0.002f);
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(50.0f, 1.0f), speed, 1.0f), 0.049f, 0.002f);
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(80.0f, 1.0f), speed, 1.0f), 0.0f) << "beyond reachTime of speed";
    EXPECT_GT(trackwright::slipstreamShare(oneAhead(6.0f, 1.0f), speed, 1.0f), 0.8f) << "nose to tail";
    EXPECT_LE(trackwright::slipstreamShare(oneAhead(4.6f, 1.0f), speed, 1.0f), trackwright::SlipstreamRules{}.maxDragShare);
}

TEST(Slipstream, TheWakeWidensBehindTheCarAndNoneComesFromBesideOrBehind) {
    const float speed = 50.0f;
    // 17.5 m behind the wake is 1.9 + 0.18 · 17.5 = 5.05 m wide: 2.525 m across is half in it.
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(17.5f, 1.0f), speed, 3.525f), 0.5f * 0.472f, 0.002f) << "half in the wake";
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(17.5f, 1.0f), speed, 7.0f), 0.0f) << "beside the wake";
    EXPECT_GT(trackwright::slipstreamShare(oneAhead(40.0f, 1.0f), speed, 3.0f), 0.0f) << "further back the wake is wider";
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(17.5f, 1.0f), 0.0f, 1.0f), 0.0f) << "standing still";
    trackwright::CarTraffic beside = oneAhead(3.0f, 1.0f);
    beside.aheadCount = 0;
    beside.alongsideCount = 1;
    beside.alongside[0] = beside.ahead[0];
    EXPECT_EQ(trackwright::slipstreamShare(beside, speed, 1.0f), 0.0f) << "a car alongside makes no wake for this one";
}

TEST(Slipstream, SparedDragRaisesTheTopSpeedByTheCubeRoot) {
    const auto car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    const auto towed = trackwright::inSlipstream(car, 0.15f);
    EXPECT_FLOAT_EQ(towed.drag, car.drag * 0.85f);
    EXPECT_NEAR(towed.topSpeed, car.topSpeed * std::cbrt(1.0f / 0.85f), 1e-4f);  // 60 → 63.3 m/s
    EXPECT_EQ(trackwright::inSlipstream(car, 0.0f).topSpeed, car.topSpeed);
    EXPECT_EQ(trackwright::inSlipstream(car, NAN).topSpeed, car.topSpeed);
    EXPECT_LT(trackwright::inSlipstream(car, 5.0f).topSpeed, 3.0f * car.topSpeed) << "a share beyond 0.9 counts as 0.9";
}

TEST(VehicleModel, ACarCarriedAboveTopSpeedKeepsMostOfItsSurplusOnFullThrottle) {
    // A tow carried the car to 63 m/s; out of it, a power-limited engine slows it only by the
    // resistance above what holds 60 (the hard cut it had lost 3 m/s in two seconds).
    const auto car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    trackwright::VehicleBody body;
    body.state.speed = 63.0f;
    body.velocity = {63.0, 0.0};
    for (int i = 0; i < 120; ++i) EXPECT_TRUE(trackwright::stepVehicle(car, {0.0f, 1.0f, false}, 1.0f / 60.0f, body));
    EXPECT_GT(body.state.speed, 62.5f);
    EXPECT_LT(body.state.speed, 63.0f);
    // At top speed on full throttle it holds top speed.
    body.state.speed = car.topSpeed;
    body.velocity = {car.topSpeed, 0.0};
    for (int i = 0; i < 120; ++i) EXPECT_TRUE(trackwright::stepVehicle(car, {0.0f, 1.0f, false}, 1.0f / 60.0f, body));
    EXPECT_NEAR(body.state.speed, car.topSpeed, 1e-3f);
    // Lifting off, the surplus goes as before.
    body.state.speed = 63.0f;
    body.velocity = {63.0, 0.0};
    for (int i = 0; i < 120; ++i) EXPECT_TRUE(trackwright::stepVehicle(car, {0.0f, 0.0f, false}, 1.0f / 60.0f, body));
    EXPECT_LT(body.state.speed, 60.0f);
}

} // namespace
