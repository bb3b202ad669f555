// The tow behind a car (issue 25): how much drag a car is spared, what that does to its top speed,
// and the power-limited engine that lets a car carried above its top speed keep the surplus.
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

trackwright::CarTraffic oneAhead(float gap, float lateral) {
    trackwright::CarTraffic t;
    t.aheadCount = 1;
    t.ahead[0].gap = gap;
    t.ahead[0].lateral = lateral;
    t.ahead[0].width = 1.9f;
    return t;
}

TEST(Slipstream, RightBehindInLineGetsTheMostFadingWithTheGapAndNoneBeside) {
    const trackwright::SlipstreamRules rules;
    const float speed = 50.0f;  // reach: 50 m
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(5.0f, 1.0f), speed, 1.0f), rules.maxDragShare * 0.9f, 1e-6f);
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(25.0f, 1.0f), speed, 1.0f), rules.maxDragShare * 0.5f, 1e-6f);
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(60.0f, 1.0f), speed, 1.0f), 0.0f) << "beyond a second of speed";
    EXPECT_NEAR(trackwright::slipstreamShare(oneAhead(5.0f, 1.0f), speed, 1.95f), rules.maxDragShare * 0.9f * 0.5f, 1e-6f) << "half in the wake";
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(5.0f, 1.0f), speed, 3.0f), 0.0f) << "beside it";
    EXPECT_EQ(trackwright::slipstreamShare(oneAhead(5.0f, 1.0f), 0.0f, 1.0f), 0.0f) << "standing still";
    trackwright::CarTraffic beside = oneAhead(5.0f, 1.0f);
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
    for (int i = 0; i < 120; ++i) trackwright::stepVehicle(car, {0.0f, 1.0f, false}, 1.0f / 60.0f, body);
    EXPECT_GT(body.state.speed, 62.5f);
    EXPECT_LT(body.state.speed, 63.0f);
    // At top speed on full throttle it holds top speed.
    body.state.speed = car.topSpeed;
    body.velocity = {car.topSpeed, 0.0};
    for (int i = 0; i < 120; ++i) trackwright::stepVehicle(car, {0.0f, 1.0f, false}, 1.0f / 60.0f, body);
    EXPECT_NEAR(body.state.speed, car.topSpeed, 1e-3f);
    // Lifting off, the surplus goes as before.
    body.state.speed = 63.0f;
    body.velocity = {63.0, 0.0};
    for (int i = 0; i < 120; ++i) trackwright::stepVehicle(car, {0.0f, 0.0f, false}, 1.0f / 60.0f, body);
    EXPECT_LT(body.state.speed, 60.0f);
}

} // namespace
