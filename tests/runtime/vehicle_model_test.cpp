#include "trackwright/vehicle/vehicle_model.h"
#include "formats/baked/format_names.h"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>

namespace {

trackwright::VehicleBody drive(const trackwright::VehicleParameters& v, trackwright::Controls c, double seconds, trackwright::VehicleBody body = {}) {
    for (int i = 0; i < static_cast<int>(seconds * 60.0); ++i) EXPECT_TRUE(trackwright::stepVehicle(v, c, 1.0f / 60.0f, body));
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
    EXPECT_TRUE(trackwright::stepVehicle(car, {1.0f, 0.0f, false}, 0.1f, b));
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
    EXPECT_TRUE(trackwright::stepVehicle(car, {0.5f, 1.0f, false}, trackwright::kMaxTick, body));
}

// The road, felt as the speed hints feel it. A car without drag or rolling resistance, so the
// differences are the road's alone: 6 m/s² of engine, 12 m/s² of brakes and of lateral grip.
trackwright::VehicleParameters frictionless() {
    trackwright::VehicleParameters car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    car.drag = 0.0f;
    car.rollingResistance = 0.0f;
    return car;
}

/// The road of a 10 % slope along +x: tangentZ = 0.1/√1.01 = 0.0995037 (tests/support's ramp).
trackwright::RoadSurface slope(double gradient) {
    trackwright::RoadSurface road;
    road.tangentZ = static_cast<float>(gradient / std::sqrt(1.0 + gradient * gradient));
    return road;
}

/// Speed after `seconds` of `throttle` from 10 m/s heading `heading` on `road`.
float speedAfter(const trackwright::VehicleParameters& car, float throttle, double seconds, const trackwright::RoadSurface& road, float heading = 0.0f,
                 float from = 10.0f) {
    trackwright::VehicleBody b;
    b.state.heading = heading;
    b.state.speed = from;
    b.velocity = {from * std::cos(heading), from * std::sin(heading)};
    for (int i = 0; i < static_cast<int>(seconds * 60.0); ++i) EXPECT_TRUE(trackwright::stepVehicle(car, {0.0f, throttle, false}, 1.0f / 60.0f, b, road));
    return b.state.speed;
}

TEST(VehicleModelRoad, AClimbSlowsTheCarByGSinTheAngleAndADescentSpeedsItUp) {
    const trackwright::VehicleParameters car = frictionless();
    // One second at full throttle from 10 m/s: 6 m/s² on the level; a 10 % climb takes
    // g·sin(atan 0.1) = 9.81 · 0.0995037 = 0.976131 m/s² of it, a 10 % descent adds as much.
    const float level = speedAfter(car, 1.0f, 1.0, {});
    EXPECT_NEAR(level, 16.0f, 1e-3);
    EXPECT_NEAR(level - speedAfter(car, 1.0f, 1.0, slope(0.1)), 0.976131, 1e-3);
    EXPECT_NEAR(speedAfter(car, 1.0f, 1.0, slope(-0.1)) - level, 0.976131, 1e-3);
    // The slope is the road's: a car facing down the ramp (heading π) descends it.
    EXPECT_NEAR(speedAfter(car, 1.0f, 1.0, slope(0.1), static_cast<float>(M_PI)) - level, 0.976131, 1e-3);
    // Braking from 20 m/s for a second: 12 m/s² on the level, 12 + 0.976 uphill, 12 − 0.976 downhill.
    EXPECT_NEAR(speedAfter(car, -1.0f, 1.0, {}, 0.0f, 20.0f), 8.0f, 1e-3);
    EXPECT_NEAR(speedAfter(car, -1.0f, 1.0, slope(-0.1), 0.0f, 20.0f), 8.976131f, 1e-3);
    // Coasting up the climb the car stops, and then its brakes hold it (no rolling back).
    EXPECT_EQ(speedAfter(car, 0.0f, 20.0, slope(0.1)), 0.0f);
    // On the level road with grip 1 the model is the flat one, bit for bit.
    trackwright::VehicleBody a, b;
    for (int i = 0; i < 300; ++i) {
        const trackwright::Controls c{0.6f * std::sin(0.05f * static_cast<float>(i)), 0.8f, false};
        EXPECT_TRUE(trackwright::stepVehicle(car, c, 1.0f / 60.0f, a));
        EXPECT_TRUE(trackwright::stepVehicle(car, c, 1.0f / 60.0f, b, trackwright::RoadSurface{0.0f, 0.0f, 1.0f, 0.0f, 0.3f, 0.9f}));
    }
    EXPECT_EQ(a.state.position, b.state.position);
    EXPECT_EQ(a.velocity, b.velocity);
}

/// The lateral acceleration the tyres give a car at 20 m/s asking for far more (full lock, 94 m/s²):
/// how fast its velocity turns in one 60 Hz step, times its speed. `left` turns left.
double lateralLimit(const trackwright::RoadSurface& road, bool left = true) {
    const trackwright::VehicleParameters car = frictionless();
    trackwright::VehicleBody b;
    b.state.speed = 20.0f;
    b.velocity = {20.0, 0.0};
    b.steeringAngle = left ? car.maxSteeringAngle : -car.maxSteeringAngle;
    EXPECT_TRUE(trackwright::stepVehicle(car, {left ? 1.0f : -1.0f, 0.0f, false}, 1.0f / 60.0f, b, road));
    return 20.0 * std::abs(std::atan2(b.velocity.y, b.velocity.x)) * 60.0;
}

TEST(VehicleModelRoad, GripBankingAndCrestsSetTheLateralLimit) {
    EXPECT_NEAR(lateralLimit({}), 12.0, 0.1) << "the car's 12 m/s² on level tarmac";
    trackwright::RoadSurface gravel;
    gravel.grip = 0.5f;
    EXPECT_NEAR(lateralLimit(gravel), 6.0, 0.06) << "half the grip, half the lateral acceleration";
    // Banked 0.1 rad into a left turn (right edge up: negative banking), μ = 12/9.81: the banked-curve
    // limit g·(tan 0.1 + μ)/(1 − μ·tan 0.1) = 14.801 m/s², the speed hints' own; against a right turn
    // g·(μ − tan 0.1)/(1 + μ·tan 0.1) = 9.812 m/s².
    trackwright::RoadSurface banked;
    banked.banking = -0.1f;
    EXPECT_NEAR(lateralLimit(banked), 14.801, 0.15);
    EXPECT_NEAR(lateralLimit(banked, false), 9.812, 0.1) << "the same banking against a right turn";
    // Over a crest of radius 100 m at 20 m/s the tyres carry 1 − 20²·0.01/9.81 = 0.592 of the
    // weight: 12 · 0.592 = 7.107 m/s².
    trackwright::RoadSurface crest;
    crest.verticalCurvature = 0.01f;
    EXPECT_NEAR(lateralLimit(crest), 7.107, 0.07);
}

TEST(VehicleModelRoad, GripScalesBrakesAndTraction) {
    const trackwright::VehicleParameters car = frictionless();
    trackwright::RoadSurface gravel;
    gravel.grip = 0.5f;
    EXPECT_NEAR(speedAfter(car, 1.0f, 1.0, gravel) - 10.0f, 3.0f, 1e-3) << "6 m/s² of engine, half of it through the tyres";
    EXPECT_NEAR(20.0f - speedAfter(car, -1.0f, 1.0, gravel, 0.0f, 20.0f), 6.0f, 1e-3) << "12 m/s² of brakes, halved";
    trackwright::RoadSurface sticky;
    sticky.grip = 1.5f;
    EXPECT_NEAR(speedAfter(car, 1.0f, 1.0, sticky) - 10.0f, 6.0f, 1e-3) << "more grip adds no engine";
    // A road no track gives (non-finite) is taken as the level one rather than wrecking the body.
    trackwright::RoadSurface broken;
    broken.tangentZ = NAN;
    EXPECT_NEAR(speedAfter(car, 1.0f, 1.0, broken), 16.0f, 1e-3);
}

} // namespace
