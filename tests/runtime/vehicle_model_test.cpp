#include "trackwright/vehicle/vehicle_model.h"
#include "formats/baked/format_names.h"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>

namespace {

trackwright::VehicleBody drive(const trackwright::VehicleParameters& v, trackwright::Controls c, double seconds, trackwright::VehicleBody body = {}) {
    for (int i = 0; i < static_cast<int>(seconds * 60.0); ++i) trackwright::stepVehicle(v, c, 1.0f / 60.0f, body);
    return body;
}

TEST(VehicleModel, AcceleratesTowardsButNeverBeyondTopSpeed) {
    const auto car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    const trackwright::VehicleBody b = drive(car, {0.0f, 1.0f, false}, 120.0);
    EXPECT_GT(b.state.speed, 0.8f * car.topSpeed);
    EXPECT_LE(b.state.speed, car.topSpeed);
    EXPECT_NEAR(b.state.position.y, 0.0, 1e-6);
}

TEST(VehicleModel, BrakesToAStopThenReversesOnlyWhenStopped) {
    const auto car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    trackwright::VehicleBody b = drive(car, {0.0f, 1.0f, false}, 5.0);
    const float v0 = b.state.speed;
    // From v0 at 12 m/s², stopping takes about v0 / 12 s; a little longer and the car must be at rest or reversing slowly.
    b = drive(car, {0.0f, -1.0f, false}, v0 / car.maxBraking * 0.5, b);
    EXPECT_GT(b.state.speed, 0.0f);
    b = drive(car, {0.0f, -1.0f, false}, 5.0, b);
    EXPECT_LT(b.state.speed, 0.0f) << "reverse gear";
    EXPECT_GE(b.state.speed, -car.reverseSpeed);
}

TEST(VehicleModel, SteeringTurnsAtALimitedRate) {
    const auto car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    trackwright::VehicleBody b;
    trackwright::stepVehicle(car, {1.0f, 0.0f, false}, 0.1f, b);
    EXPECT_NEAR(b.steeringAngle, car.steeringRate * 0.1f, 1e-6);
}

// A steady turn asking for about 8 m/s² of lateral acceleration at 10 m/s: within the car's grip
// (12 m/s²), far beyond the hovercraft's (2 m/s²).
TEST(VehicleModel, LowGripSlidesWhereHighGripTurns) {
    auto sideways = [](trackwright::VehiclePreset preset) {
        const auto v = trackwright::vehiclePreset(preset);
        trackwright::VehicleBody b;
        b.velocity = {10.0, 0.0};
        b.state.speed = 10.0f;
        const float angle = std::atan(8.0f * v.wheelbase / 100.0f);
        b.steeringAngle = angle;
        b = drive(v, {angle / v.maxSteeringAngle, 0.3f, false}, 1.0, b);
        const double c = std::cos(b.state.heading), s = std::sin(b.state.heading);
        return std::abs(-b.velocity.x * s + b.velocity.y * c);
    };
    EXPECT_LT(sideways(trackwright::VehiclePreset::Car), 0.05);
    EXPECT_GT(sideways(trackwright::VehiclePreset::Hovercraft), 1.0);
}

TEST(VehicleModel, TankTurnsOnTheSpot) {
    const auto tank = trackwright::vehiclePreset(trackwright::VehiclePreset::Tank);
    const trackwright::VehicleBody b = drive(tank, {1.0f, 0.0f, false}, 1.0);
    EXPECT_NEAR(b.state.heading, tank.turnOnSpotRate * 1.0f, 0.02);
    EXPECT_NEAR(formats::length(b.state.position), 0.0, 1e-6);
}

TEST(VehicleModel, DeterministicAndSafeWithGarbageControls) {
    const auto buggy = trackwright::vehiclePreset(trackwright::VehiclePreset::Buggy);
    const trackwright::VehicleBody a = drive(buggy, {0.3f, 0.8f, false}, 10.0);
    const trackwright::VehicleBody b = drive(buggy, {0.3f, 0.8f, false}, 10.0);
    EXPECT_EQ(a.state.position, b.state.position);
    const trackwright::VehicleBody c = drive(buggy, {NAN, INFINITY, false}, 1.0);
    EXPECT_TRUE(std::isfinite(c.state.position.x));
    EXPECT_EQ(c.state.speed, 0.0f);
    trackwright::VehiclePreset preset;
    EXPECT_TRUE(trackwright::vehiclePresetByName("hovercraft", preset));
    EXPECT_EQ(preset, trackwright::VehiclePreset::Hovercraft);
    EXPECT_FALSE(trackwright::vehiclePresetByName("boat", preset));
}

TEST(VehicleModel, LongStepsAreSubSteppedAndImpossibleOnesRefused) {
    // A 10 s step moved a car 566 m through the walls in one Euler step; a NaN heading made the
    // whole body NaN. Both are refused now, the body untouched.
    const trackwright::VehicleParameters car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    trackwright::VehicleBody body;
    body.state.speed = 30.0f;
    body.velocity = {30.0, 0.0};
    const trackwright::VehicleBody before = body;
    EXPECT_FALSE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, 10.0f, body));
    EXPECT_EQ(body.state.position.x, before.state.position.x);
    EXPECT_FALSE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, -0.01f, body));
    trackwright::VehicleBody nan = body;
    nan.state.heading = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, 1.0f / 60.0f, nan));

    // A tenth of a second is six 60 Hz steps, not one long one.
    trackwright::VehicleBody once = body, sixTimes = body;
    ASSERT_TRUE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, 0.1f, once));
    for (int i = 0; i < 6; ++i) ASSERT_TRUE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, 0.1f / 6.0f, sixTimes));
    EXPECT_EQ(once.state.position.x, sixTimes.state.position.x);
    EXPECT_EQ(once.state.heading, sixTimes.state.heading);
    EXPECT_TRUE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, trackwright::kMaxVehicleStep, body));
}

} // namespace
