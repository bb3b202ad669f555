#include "trackwright/vehicle/vehicle_limits.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using trackwright::VehicleParameters;

/// A car with downforce and drag only: braking b(v) = b₀·(1 + k·v²/g) + d·v².
VehicleParameters aeroCar() {
    VehicleParameters v = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    v.downforce = 0.0006f;
    v.drag = 0.0003f;
    return v;
}

TEST(VehicleLimits, PresetsKeepTheirConstantLimitsAtEverySpeed) {
    for (trackwright::VehiclePreset preset : trackwright::kAllVehiclePresets) {
        const VehicleParameters v = trackwright::vehiclePreset(preset);
        EXPECT_FALSE(trackwright::hasEnvelope(v));
        for (float speed : {0.0f, 20.0f, 55.0f}) {
            EXPECT_EQ(trackwright::lateralLimit(v, speed), v.lateralGrip) << trackwright::vehiclePresetName(preset);
            EXPECT_EQ(trackwright::brakingLimit(v, speed), v.maxBraking);
            EXPECT_EQ(trackwright::driveLimit(v, speed), v.maxAcceleration);
        }
        // The runner's braking check as it always was: v² − 2·b·d against the hint².
        const trackwright::StoppingDistances stopping(v, 0.85f, 80.0f);
        const float b = 0.85f * v.maxBraking;
        EXPECT_FLOAT_EQ(stopping.between(40.0f, 20.0f), (1600.0f - 400.0f) / (2.0f * b));
        EXPECT_TRUE(stopping.overshoots(40.0f, 20.0f, 0.99f * (1200.0f / (2.0f * b))));
        EXPECT_FALSE(stopping.overshoots(40.0f, 20.0f, 1.01f * (1200.0f / (2.0f * b))));
    }
}

TEST(VehicleLimits, DownforceGrowsTheGripWithTheSquareOfSpeedAndLoadSensitivityTakesSomeBack) {
    VehicleParameters v = aeroCar();
    const float g = trackwright::kStandingLoad;
    EXPECT_FLOAT_EQ(trackwright::lateralLimit(v, 0.0f), v.lateralGrip);
    EXPECT_NEAR(trackwright::lateralLimit(v, 50.0f), v.lateralGrip * (1.0f + 0.0006f * 2500.0f / g), 1e-4f);
    v.loadSensitivity = 0.2f;
    const float x = 1.0f + 0.0006f * 2500.0f / g;
    EXPECT_NEAR(trackwright::gripFactor(v, 50.0f), x * (1.0f - 0.2f * (x - 1.0f)), 1e-5f);
    EXPECT_LT(trackwright::lateralLimit(v, 50.0f), v.lateralGrip * x);
    // A crest (less load) takes grip off, a compression adds it.
    EXPECT_LT(trackwright::lateralLimit(v, 20.0f, 0.5f * g), trackwright::lateralLimit(v, 20.0f));
}

TEST(VehicleLimits, LoadMovedOntoTheOuterWheelsCostsLoadSensitiveTyresGrip) {
    VehicleParameters v = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    v.loadSensitivity = 0.2f;
    v.centreOfGravityHeight = 0.4f;
    v.trackWidth = 1.6f;
    const float a = trackwright::lateralLimit(v, 0.0f);
    EXPECT_LT(a, v.lateralGrip);
    // The four tyres one by one: static loads W/4, ±ΔF/2 each with ΔF = m·a·h/t; what they hold
    // together, Σ μ(Fz)·Fz with μ(Fz) = μ₀·(1 − s·(Fz/Fz₀ − 1)), is exactly m·a at the limit.
    const double weight = 1.0 * trackwright::kGravity, perTyre = weight / 4.0, mu0 = v.lateralGrip / trackwright::kGravity;
    const double shift = a * 0.4 / 1.6 / 2.0;  // ΔF/2 per unit mass
    double held = 0.0;
    for (double sign : {1.0, 1.0, -1.0, -1.0}) {
        const double fz = perTyre + sign * shift;
        held += mu0 * (1.0 - 0.2 * (fz / perTyre - 1.0)) * fz;
    }
    EXPECT_NEAR(held, a, 1e-3);
    // Without a height, or with insensitive tyres, nothing is lost.
    v.loadSensitivity = 0.0f;
    EXPECT_FLOAT_EQ(trackwright::lateralLimit(v, 0.0f), v.lateralGrip);
}

TEST(VehicleLimits, TheBrakesCapWhatTheTyresCouldGiveAndTheEngineGivesItsPower) {
    VehicleParameters v = aeroCar();
    v.brakeLimit = 14.0f;
    v.powerPerMass = 300.0f;
    EXPECT_FLOAT_EQ(trackwright::brakingLimit(v, 0.0f), v.maxBraking);  // 12 < 14 at rest
    EXPECT_FLOAT_EQ(trackwright::brakingLimit(v, 80.0f), 14.0f + v.drag * 6400.0f);
    EXPECT_FLOAT_EQ(trackwright::driveLimit(v, 1.0f), v.maxAcceleration * trackwright::gripFactor(v, 1.0f));
    EXPECT_FLOAT_EQ(trackwright::driveLimit(v, 60.0f), 5.0f);  // 300 W/kg at 60 m/s
}

TEST(VehicleLimits, TheBrakePedalGivesTheShareOfTheTyresLimitNotOfTheBrakes) {
    VehicleParameters v = aeroCar();
    // No brake limit: the pedal is the share itself.
    EXPECT_FLOAT_EQ(trackwright::brakePedal(v, 30.0f, 0.5f), 0.5f);
    EXPECT_FLOAT_EQ(trackwright::brakePedal(v, 30.0f, 2.0f), 1.0f);
    // Brakes that out-pull the tyres (34 against 12 at rest, growing with downforce): full braking is
    // the pressure that gives the tyres' limit, and half of it half.
    v.brakeLimit = 34.0f;
    for (float speed : {0.0f, 30.0f, 60.0f}) {
        const float tyres = trackwright::brakingLimit(v, speed) - v.drag * speed * speed;
        EXPECT_NEAR(trackwright::brakePedal(v, speed, 1.0f) * v.brakeLimit, tyres, 1e-3f) << speed;
        EXPECT_NEAR(trackwright::brakePedal(v, speed, 0.5f), 0.5f * trackwright::brakePedal(v, speed, 1.0f), 1e-6f) << speed;
    }
    EXPECT_LT(trackwright::brakePedal(v, 0.0f, 1.0f), trackwright::brakePedal(v, 60.0f, 1.0f));  // downforce: more pressure at speed
    EXPECT_FLOAT_EQ(trackwright::brakePedal(v, 30.0f, -1.0f), 0.0f);
    EXPECT_FLOAT_EQ(trackwright::brakePedal(v, 30.0f, NAN), 0.0f);
}

TEST(VehicleLimits, StoppingDistancesIntegrateTheBrakingThatGrowsWithSpeed) {
    const VehicleParameters v = aeroCar();
    const trackwright::StoppingDistances stopping(v, 1.0f, 90.0f);
    // ∫ v dv / (b₀ + c v²) = ln(1 + c·v²/b₀) / 2c, with c = b₀·k/g + d.
    const double b0 = v.maxBraking, c = b0 * v.downforce / trackwright::kGravity + v.drag;
    for (double speed : {20.0, 50.0, 80.0}) {
        const double exact = std::log(1.0 + c * speed * speed / b0) / (2.0 * c);
        EXPECT_NEAR(stopping.toStop(static_cast<float>(speed)), exact, 0.003 * exact) << speed << " m/s";
    }
    // Faster, the car stops in less than constant braking from rest would say.
    EXPECT_LT(stopping.toStop(80.0f), 6400.0f / (2.0f * v.maxBraking));
    EXPECT_NEAR(stopping.reachableFrom(30.0f, stopping.between(70.0f, 30.0f)), 70.0f, 0.05f);
    EXPECT_LT(stopping.between(30.0f, 70.0f), 0.0f);
}

TEST(VehicleLimits, TheFrictionEllipseLeavesWhatTheTurnDoesNotUse) {
    EXPECT_FLOAT_EQ(trackwright::frictionEllipse(10.0f, 0.0f, 12.0f), 10.0f);
    EXPECT_NEAR(trackwright::frictionEllipse(10.0f, 0.6f * 12.0f, 12.0f), 8.0f, 1e-5f);
    EXPECT_EQ(trackwright::frictionEllipse(10.0f, 13.0f, 12.0f), 0.0f);
}

} // namespace

namespace {

TEST(VehicleLimits, BankingIntoTheTurnHoldsMoreAndAwayFromItLess) {
    const VehicleParameters v = aeroCar();
    const double flat = trackwright::bankedLateralLimit(v, 60.0, 0.0, 0.9);
    EXPECT_NEAR(flat, trackwright::lateralLimit(v, 60.0f) * 0.9, 1e-4);
    // A 16° oval turn: the tyres' μ on the larger normal load plus gravity along the slope,
    // n·(tan θ + μ)/(1 − μ·tan θ) with n = g + downforce·v².
    const double theta = 0.279;
    const double n = trackwright::kStandingLoad + v.downforce * 3600.0;
    const double mu = trackwright::lateralLimit(v, 60.0f) * 0.9 / n;
    EXPECT_NEAR(trackwright::bankedLateralLimit(v, 60.0, theta, 0.9), n * (std::tan(theta) + mu) / (1.0 - mu * std::tan(theta)), 1e-3);
    EXPECT_GT(trackwright::bankedLateralLimit(v, 60.0, theta, 0.9), 1.3 * flat);
    EXPECT_LT(trackwright::bankedLateralLimit(v, 60.0, -theta, 0.9), flat);
    // Steep enough to hold the car at any speed, and no load at all.
    EXPECT_TRUE(std::isinf(trackwright::bankedLateralLimit(v, 60.0, 1.5, 1.0)));
    EXPECT_EQ(trackwright::bankedLateralLimit(v, 60.0, theta, 1.0, -100.0), 0.0);
}

} // namespace
