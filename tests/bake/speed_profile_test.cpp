#include "bake/pipeline/speed_profile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

namespace {

constexpr bake::SpeedLimits kCar{10.0, 4.0, 8.0, 50.0};

TEST(SpeedProfile, CornerLimitIsSqrtOfLateralAccelerationOverCurvature) {
    // A circle of radius 40 m: v = sqrt(10 * 40) = 20 m/s everywhere, lap = 2πR / v.
    bake::SpeedProfileInput input;
    input.closed = true;
    const int n = 100;
    for (int i = 0; i < n; ++i) {
        input.curvature.push_back(1.0 / 40.0);
        input.segmentLength.push_back(2.0 * M_PI * 40.0 / n);
    }
    const bake::SpeedProfile p = bake::computeSpeedProfile(input, kCar);
    for (double v : p.speed) EXPECT_NEAR(v, 20.0, 1e-12);
    EXPECT_NEAR(p.lapTime, 2.0 * M_PI * 40.0 / 20.0, 1e-9);
}

TEST(SpeedProfile, BrakesBeforeAndAcceleratesAfterACorner) {
    // A 1 km straight with a tight corner (v = 10 m/s) in the middle, 1 m segments.
    bake::SpeedProfileInput input;
    for (int i = 0; i <= 1000; ++i) {
        input.curvature.push_back(i == 500 ? 0.1 : 0.0);
        input.segmentLength.push_back(1.0);
    }
    const bake::SpeedProfile p = bake::computeSpeedProfile(input, kCar);
    EXPECT_NEAR(p.speed[500], 10.0, 1e-12);
    // 40 m before the corner, braking at 8 m/s² from v gives 10 m/s: v² = 100 + 2·8·40.
    EXPECT_NEAR(p.speed[460], std::sqrt(100.0 + 2.0 * 8.0 * 40.0), 1e-9);
    // 40 m after, accelerating at 4 m/s²: v² = 100 + 2·4·40.
    EXPECT_NEAR(p.speed[540], std::sqrt(100.0 + 2.0 * 4.0 * 40.0), 1e-9);
    // Far away: top speed.
    EXPECT_EQ(p.speed[0], 50.0);
    EXPECT_EQ(p.speed[1000], 50.0);
}

TEST(SpeedProfile, DesignerOverrideWinsOverTheCornerLimit) {
    bake::SpeedProfileInput input;
    for (int i = 0; i < 200; ++i) {
        input.curvature.push_back(0.0);
        input.segmentLength.push_back(2.0);
        input.overrides.push_back(i == 100 ? std::optional(16.7) : std::nullopt);
    }
    const bake::SpeedProfile p = bake::computeSpeedProfile(input, kCar);
    EXPECT_NEAR(p.speed[100], 16.7, 1e-12);
    EXPECT_LT(p.speed[99], p.speed[90]);
}

TEST(SpeedProfile, ClosedLinesCarryBrakingAcrossTheStartLine) {
    // The corner sits at point 2: braking for it must reach back over the wrap to the last points.
    bake::SpeedProfileInput input;
    input.closed = true;
    for (int i = 0; i < 300; ++i) {
        input.curvature.push_back(i == 2 ? 0.1 : 0.0);
        input.segmentLength.push_back(1.0);
    }
    const bake::SpeedProfile p = bake::computeSpeedProfile(input, kCar);
    EXPECT_NEAR(p.speed[299], std::sqrt(100.0 + 2.0 * 8.0 * 3.0), 1e-9);
    EXPECT_NEAR(p.speed[5], std::sqrt(100.0 + 2.0 * 4.0 * 3.0), 1e-9);
}

// The 3D terms, each against a value worked out by hand.

TEST(SpeedProfile3D, ABankedCurveIsFasterByTheBankingFormula) {
    // R = 100 m, a_lat = 10 m/s² (μ = 10/9.81), banked 20° with the outer edge up:
    // v² = g R (tan θ + μ) / (1 − μ tan θ) = 9.81 · 100 · (0.363970 + 1.019368) / (1 − 1.019368 · 0.363970)
    //    = 981 · 1.383338 / 0.628981 = 2157.55  →  v = 46.449 m/s (flat: √(10 · 100) = 31.623 m/s).
    const double theta = 20.0 * M_PI / 180.0;
    // A left turn (κ > 0) leans on a road whose right edge is up: negative banking in .twtrack terms.
    EXPECT_NEAR(bake::cornerSpeedLimit(0.01, -theta, 0.0, 0.0, 1.0, 10.0), 46.449, 0.01);
    EXPECT_NEAR(bake::cornerSpeedLimit(-0.01, theta, 0.0, 0.0, 1.0, 10.0), 46.449, 0.01) << "a right turn, left edge up";
    EXPECT_DOUBLE_EQ(bake::cornerSpeedLimit(0.01, 0.0, 0.0, 0.0, 1.0, 10.0), std::sqrt(1000.0)) << "eq. 39.4 on the level";
    // Banked the wrong way (adverse camber): v² = 981 · (μ − tan θ)/(1 + μ tan θ) = 981 · 0.655398 / 1.371025 → 21.655 m/s.
    EXPECT_NEAR(bake::cornerSpeedLimit(0.01, theta, 0.0, 0.0, 1.0, 10.0), 21.655, 0.01);
    // Half the grip (gravel): μ = 0.5097, flat: v = √(0.5097 · 9.81 · 100) = √500 = 22.36 m/s.
    EXPECT_NEAR(bake::cornerSpeedLimit(0.01, 0.0, 0.0, 0.0, 0.5, 10.0), std::sqrt(500.0), 1e-9);
}

TEST(SpeedProfile3D, ACrestCapsTheSpeedWhereTheCarWouldGoLight) {
    // A straight crest of radius 200 m: keep half the weight on the tyres:
    // v² = (1 − 0.5) · g / κ_v = 0.5 · 9.81 · 200 = 981  →  v = 31.321 m/s.
    EXPECT_NEAR(bake::cornerSpeedLimit(0.0, 0.0, 1.0 / 200.0, 0.0, 1.0, 10.0), std::sqrt(981.0), 1e-9);
    // A 100 m-radius corner on that crest: v² = g F / (κ + κ_v F), F = μ = 1.019368:
    // 9.81 · 1.019368 / (0.01 + 0.005 · 1.019368) = 10.0 / 0.0150968 = 662.39  →  v = 25.737 m/s (flat: 31.623).
    EXPECT_NEAR(bake::cornerSpeedLimit(0.01, 0.0, 1.0 / 200.0, 0.0, 1.0, 10.0), 25.737, 0.01);
    // A compression (κ_v = −1/200) presses the car down: 10.0 / (0.01 − 0.005 · 1.019368) = 2038.6 → 45.151 m/s.
    EXPECT_NEAR(bake::cornerSpeedLimit(0.01, 0.0, -1.0 / 200.0, 0.0, 1.0, 10.0), 45.151, 0.01);
}

TEST(SpeedProfile3D, AClimbSlowsAccelerationAndADescentLengthensBraking) {
    // An open 200 m straight of 1 m segments ending in a 10 m/s hairpin; a 5 % slope (sin φ = 0.049938).
    auto profile = [](double sinGradient) {
        bake::SpeedProfileInput input;
        for (int i = 0; i <= 200; ++i) {
            input.curvature.push_back(0.0);
            input.segmentLength.push_back(1.0);
            input.sinGradient.push_back(sinGradient);
            input.overrides.push_back(i == 200 ? std::optional<double>(10.0) : std::nullopt);
        }
        return bake::computeSpeedProfile(input, kCar);  // a = 4, b = 8 m/s², top 50 m/s
    };
    const double sine = 0.05 / std::sqrt(1.0 + 0.05 * 0.05);
    // Downhill, 100 m before the hairpin: braking b = 8 − 9.81 · 0.049938 = 7.510 m/s²:
    // v = √(10² + 2 · 7.510 · 100) = √1602.0 = 40.025 m/s (level: √1700 = 41.231).
    const bake::SpeedProfile down = profile(-sine);
    EXPECT_NEAR(down.speed[100], std::sqrt(100.0 + 2.0 * (8.0 - 9.81 * sine) * 100.0), 1e-9);
    EXPECT_NEAR(down.speed[100], 40.025, 0.001);
    // Uphill: braking helped, b = 8.490 m/s²: √(100 + 1698.0) = 42.403 m/s.
    EXPECT_NEAR(profile(sine).speed[100], 42.403, 0.001);
    EXPECT_NEAR(profile(0.0).speed[100], std::sqrt(1700.0), 1e-9) << "the level road as before";

    // Accelerating away up the slope: a = 4 − 9.81 · 0.049938 = 3.510 m/s², from a 10 m/s start,
    // 50 m on: √(100 + 2 · 3.510 · 50) = √451.0 = 21.237 m/s.
    bake::SpeedProfileInput away;
    for (int i = 0; i <= 100; ++i) {
        away.curvature.push_back(0.0);
        away.segmentLength.push_back(1.0);
        away.sinGradient.push_back(sine);
        away.overrides.push_back(i == 0 ? std::optional<double>(10.0) : std::nullopt);
    }
    EXPECT_NEAR(bake::computeSpeedProfile(away, kCar).speed[50], 21.237, 0.001);
}

TEST(SpeedProfile3D, HalfTheGripHalvesTractionAndBrakingAndMoreGripAddsNoEngine) {
    // Away from a 10 m/s hairpin on gravel (grip 0.5): a = 4 · min(1, 0.5) = 2 m/s², 50 m on:
    // √(100 + 2 · 2 · 50) = √300 = 17.321 m/s; braking into it b = 8 · 0.5 = 4 m/s², the same.
    // On a surface of grip 1.5 the engine still gives 4: √(100 + 400) = 22.361 m/s.
    auto away = [](double grip) {
        bake::SpeedProfileInput input;
        for (int i = 0; i <= 100; ++i) {
            input.curvature.push_back(0.0);
            input.segmentLength.push_back(1.0);
            input.grip.push_back(grip);
            input.overrides.push_back(i == 0 ? std::optional<double>(10.0) : std::nullopt);
        }
        return bake::computeSpeedProfile(input, kCar).speed[50];
    };
    EXPECT_NEAR(away(0.5), std::sqrt(300.0), 1e-9);
    EXPECT_NEAR(away(1.5), std::sqrt(500.0), 1e-9);
    EXPECT_NEAR(away(1.0), std::sqrt(500.0), 1e-9);
    EXPECT_EQ(bake::tractionFactor(0.5), 0.5);
    EXPECT_EQ(bake::tractionFactor(2.0), 1.0);
}

TEST(SpeedProfile3D, AClimbTooSteepToAccelerateOnCrawlsRatherThanStops) {
    bake::SpeedProfileInput input;
    for (int i = 0; i <= 50; ++i) {
        input.curvature.push_back(0.0);
        input.segmentLength.push_back(1.0);
        input.sinGradient.push_back(0.6);  // g · 0.6 = 5.9 m/s² > a = 4
        input.overrides.push_back(i == 0 ? std::optional<double>(3.0) : std::nullopt);
    }
    const bake::SpeedProfile p = bake::computeSpeedProfile(input, kCar);
    for (double v : p.speed) EXPECT_GE(v, 1.0);
    EXPECT_TRUE(std::isfinite(p.lapTime));
}

} // namespace
