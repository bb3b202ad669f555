#include "trackwright/vehicle/vehicle_model.h"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>

namespace {

runtime::VehicleBody drive(const runtime::VehicleParameters& v, runtime::Controls c, double seconds, runtime::VehicleBody body = {}) {
    for (int i = 0; i < static_cast<int>(seconds * 60.0); ++i) runtime::stepVehicle(v, c, 1.0f / 60.0f, body);
    return body;
}

TEST(VehicleModel, AcceleratesTowardsButNeverBeyondTopSpeed) {
    const auto car = runtime::vehiclePreset(runtime::VehiclePreset::Car);
    const runtime::VehicleBody b = drive(car, {0.0f, 1.0f, false}, 120.0);
    EXPECT_GT(b.state.speed, 0.8f * car.topSpeed);
    EXPECT_LE(b.state.speed, car.topSpeed);
    EXPECT_NEAR(b.state.position.y, 0.0, 1e-6);
}

TEST(VehicleModel, BrakesToAStopThenReversesOnlyWhenStopped) {
    const auto car = runtime::vehiclePreset(runtime::VehiclePreset::Car);
    runtime::VehicleBody b = drive(car, {0.0f, 1.0f, false}, 5.0);
    const float v0 = b.state.speed;
    // From v0 at 12 m/s², stopping takes about v0 / 12 s; a little longer and the car must be at rest or reversing slowly.
    b = drive(car, {0.0f, -1.0f, false}, v0 / car.maxBraking * 0.5, b);
    EXPECT_GT(b.state.speed, 0.0f);
    b = drive(car, {0.0f, -1.0f, false}, 5.0, b);
    EXPECT_LT(b.state.speed, 0.0f) << "reverse gear";
    EXPECT_GE(b.state.speed, -car.reverseSpeed);
}

TEST(VehicleModel, SteeringTurnsAtALimitedRate) {
    const auto car = runtime::vehiclePreset(runtime::VehiclePreset::Car);
    runtime::VehicleBody b;
    runtime::stepVehicle(car, {1.0f, 0.0f, false}, 0.1f, b);
    EXPECT_NEAR(b.steeringAngle, car.steeringRate * 0.1f, 1e-6);
}

// A steady turn asking for about 8 m/s² of lateral acceleration at 10 m/s: within the car's grip
// (12 m/s²), far beyond the hovercraft's (2 m/s²).
TEST(VehicleModel, LowGripSlidesWhereHighGripTurns) {
    auto sideways = [](runtime::VehiclePreset preset) {
        const auto v = runtime::vehiclePreset(preset);
        runtime::VehicleBody b;
        b.velocity = {10.0, 0.0};
        b.state.speed = 10.0f;
        const float angle = std::atan(8.0f * v.wheelbase / 100.0f);
        b.steeringAngle = angle;
        b = drive(v, {angle / v.maxSteeringAngle, 0.3f, false}, 1.0, b);
        const double c = std::cos(b.state.heading), s = std::sin(b.state.heading);
        return std::abs(-b.velocity.x * s + b.velocity.y * c);
    };
    EXPECT_LT(sideways(runtime::VehiclePreset::Car), 0.05);
    EXPECT_GT(sideways(runtime::VehiclePreset::Hovercraft), 1.0);
}

TEST(VehicleModel, TankTurnsOnTheSpot) {
    const auto tank = runtime::vehiclePreset(runtime::VehiclePreset::Tank);
    const runtime::VehicleBody b = drive(tank, {1.0f, 0.0f, false}, 1.0);
    EXPECT_NEAR(b.state.heading, tank.turnOnSpotRate * 1.0f, 0.02);
    EXPECT_NEAR(formats::length(b.state.position), 0.0, 1e-6);
}

TEST(VehicleModel, DeterministicAndSafeWithGarbageControls) {
    const auto buggy = runtime::vehiclePreset(runtime::VehiclePreset::Buggy);
    const runtime::VehicleBody a = drive(buggy, {0.3f, 0.8f, false}, 10.0);
    const runtime::VehicleBody b = drive(buggy, {0.3f, 0.8f, false}, 10.0);
    EXPECT_EQ(a.state.position, b.state.position);
    const runtime::VehicleBody c = drive(buggy, {NAN, INFINITY, false}, 1.0);
    EXPECT_TRUE(std::isfinite(c.state.position.x));
    EXPECT_EQ(c.state.speed, 0.0f);
    runtime::VehiclePreset preset;
    EXPECT_TRUE(runtime::vehiclePresetByName("hovercraft", preset));
    EXPECT_EQ(preset, runtime::VehiclePreset::Hovercraft);
    EXPECT_FALSE(runtime::vehiclePresetByName("boat", preset));
}

TEST(VehicleModel, LongStepsAreSubSteppedAndImpossibleOnesRefused) {
    // A 10 s step moved a car 566 m through the walls in one Euler step; a NaN heading made the
    // whole body NaN. Both are refused now, the body untouched.
    const runtime::VehicleParameters car = runtime::vehiclePreset(runtime::VehiclePreset::Car);
    runtime::VehicleBody body;
    body.state.speed = 30.0f;
    body.velocity = {30.0, 0.0};
    const runtime::VehicleBody before = body;
    EXPECT_FALSE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, 10.0f, body));
    EXPECT_EQ(body.state.position.x, before.state.position.x);
    EXPECT_FALSE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, -0.01f, body));
    runtime::VehicleBody nan = body;
    nan.state.heading = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, 1.0f / 60.0f, nan));

    // A tenth of a second is six 60 Hz steps, not one long one.
    runtime::VehicleBody once = body, sixTimes = body;
    ASSERT_TRUE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, 0.1f, once));
    for (int i = 0; i < 6; ++i) ASSERT_TRUE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, 0.1f / 6.0f, sixTimes));
    EXPECT_EQ(once.state.position.x, sixTimes.state.position.x);
    EXPECT_EQ(once.state.heading, sixTimes.state.heading);
    EXPECT_TRUE(runtime::stepVehicle(car, {0.5f, 1.0f, false}, runtime::kMaxVehicleStep, body));
}

} // namespace
