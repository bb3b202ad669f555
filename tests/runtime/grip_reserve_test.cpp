// The grip reserve a follower learns where its real car runs wide of the line (drive/grip_reserve.h).
#include "trackwright/drive/grip_reserve.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using trackwright::GripReserve;

constexpr float kDt = 0.02f;

TEST(GripReserve, StartsAtTheWholeGripAndAnUnknownPointIsTheWholeGrip) {
    GripReserve reserve;
    EXPECT_TRUE(reserve.empty());
    EXPECT_FLOAT_EQ(reserve.pace(3), 1.0f);
    reserve.resize(10);
    for (std::uint32_t k = 0; k < 10; ++k) EXPECT_FLOAT_EQ(reserve.pace(k), 1.0f);
    EXPECT_FLOAT_EQ(reserve.pace(10), 1.0f);
}

TEST(GripReserve, RunningWideWhileTurningHardSlowsThePointAndTheApproachToIt) {
    GripReserve reserve;
    reserve.resize(20);
    for (int t = 0; t < 50; ++t) reserve.learn(10, 3, true, 2.0f, 0.95f, kDt);  // a second, 2 m wide
    for (std::uint32_t k = 7; k <= 10; ++k) EXPECT_LT(reserve.pace(k), 1.0f) << k;
    EXPECT_FLOAT_EQ(reserve.pace(11), 1.0f);  // beyond the point: not what set the speed
    EXPECT_FLOAT_EQ(reserve.pace(6), 1.0f);   // before the second of approach
    // 1.5 m beyond the tolerance for a second at kFall: the share falls by 0.15.
    EXPECT_NEAR(reserve.pace(10), std::sqrt(1.0f - GripReserve::kFall * (2.0f - GripReserve::kTrackingTolerance)), 1e-4f);
}

TEST(GripReserve, OnAClosedRouteTheApproachWrapsPastTheStart) {
    GripReserve reserve;
    reserve.resize(20);
    reserve.learn(1, 3, true, 3.0f, 1.0f, kDt);
    for (std::uint32_t k : {0u, 1u, 18u, 19u}) EXPECT_LT(reserve.pace(k), 1.0f) << k;
    EXPECT_FLOAT_EQ(reserve.pace(17), 1.0f);
    GripReserve open;
    open.resize(20);
    open.learn(1, 3, false, 3.0f, 1.0f, kDt);  // an open route has no approach before its first point
    EXPECT_LT(open.pace(0), 1.0f);
    EXPECT_FLOAT_EQ(open.pace(19), 1.0f);
}

TEST(GripReserve, HoldingTheLineGivesTheGripBackButNeverMoreThanTheWhole) {
    GripReserve reserve;
    reserve.resize(5);
    for (int t = 0; t < 500; ++t) reserve.learn(2, 0, true, 10.0f, 1.0f, kDt);
    EXPECT_NEAR(reserve.pace(2), std::sqrt(GripReserve::kLeast), 1e-5f);  // never below the least
    const float low = reserve.pace(2);
    for (int t = 0; t < 50; ++t) reserve.learn(2, 0, true, 0.2f, 0.9f, kDt);
    EXPECT_GT(reserve.pace(2), low);
    for (int t = 0; t < 100000; ++t) reserve.learn(2, 0, true, 0.0f, 0.9f, kDt);
    EXPECT_FLOAT_EQ(reserve.pace(2), 1.0f);
}

TEST(GripReserve, GentleCorneringAndNonsenseTeachNothing) {
    GripReserve reserve;
    reserve.resize(5);
    reserve.learn(2, 2, true, 5.0f, 0.5f, kDt);  // turning at half the grip: a wide line is a choice
    reserve.learn(2, 2, true, NAN, 1.0f, kDt);
    reserve.learn(2, 2, true, 5.0f, NAN, kDt);
    reserve.learn(9, 2, true, 5.0f, 1.0f, kDt);  // no such point
    reserve.learn(2, 2, true, 5.0f, 1.0f, -1.0f);
    for (std::uint32_t k = 0; k < 5; ++k) EXPECT_FLOAT_EQ(reserve.pace(k), 1.0f) << k;
}

} // namespace
