#include "bake/pipeline/speed_profile.h"

#include <gtest/gtest.h>

#include <cmath>

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

} // namespace
