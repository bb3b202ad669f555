// The planner's actions (thesis §3.1, §4.3.4–4.3.5): the exact limits of each force and steering,
// and the cache of action sets by speed, which must never hand one vehicle's actions to another.

#include "trackwright/plan/plan_action_set.h"
#include "trackwright/plan/plan_actions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace {

using trackwright::PlanActionSet;
using trackwright::PlanDiscretization;
using trackwright::PlanVehicle;

void expectSameExpansion(const trackwright::PlanExpansion& a, const trackwright::PlanExpansion& b, int step) {
    ASSERT_EQ(a.poseCount, b.poseCount) << "step " << step;
    ASSERT_EQ(a.motionCount, b.motionCount) << "step " << step;
    ASSERT_EQ(a.speedCount, b.speedCount) << "step " << step;
    for (int i = 0; i < a.poseCount; ++i) {
        EXPECT_EQ(a.poses[i].x, b.poses[i].x) << "step " << step << " pose " << i;
        EXPECT_EQ(a.poses[i].y, b.poses[i].y) << "step " << step << " pose " << i;
        EXPECT_EQ(a.poses[i].heading, b.poses[i].heading) << "step " << step << " pose " << i;
        EXPECT_EQ(a.poses[i].turn, b.poses[i].turn) << "step " << step << " pose " << i;
        EXPECT_EQ(a.poses[i].direction, b.poses[i].direction) << "step " << step << " pose " << i;
    }
    for (int i = 0; i < a.motionCount; ++i) {
        EXPECT_EQ(a.motions[i].pose, b.motions[i].pose) << "step " << step << " motion " << i;
        EXPECT_EQ(a.motions[i].speed, b.motions[i].speed) << "step " << step << " motion " << i;
        EXPECT_EQ(a.motions[i].endSpeed, b.motions[i].endSpeed) << "step " << step << " motion " << i;
        EXPECT_EQ(a.motions[i].acceleration, b.motions[i].acceleration) << "step " << step << " motion " << i;
        EXPECT_EQ(a.motions[i].duration, b.motions[i].duration) << "step " << step << " motion " << i;
    }
    for (int i = 0; i < a.speedCount; ++i) EXPECT_EQ(a.endSpeeds[i], b.endSpeeds[i]) << "step " << step << " speed " << i;
}

TEST(PlanActions, AReusedExpansionExpandsAsAFreshOneWhateverItExpandedBefore) {
    // One expansion buffer (and so one cache of action sets) through vehicles, discretisations
    // and speeds that come back: each expansion must equal one made in a fresh buffer.
    const PlanVehicle car = trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f);
    const PlanVehicle reversingCar = trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f, 4.0f);
    const PlanVehicle tighterCar = trackwright::carPlanVehicle(4.0f, 15.0f, 1.5f, 5.0f, 13.8f);
    const PlanVehicle tank = trackwright::tankPlanVehicle(1.0f, 2.0f, 4.0f, 8.0f);
    const PlanVehicle pedestrian = trackwright::pedestrianPlanVehicle();
    PlanDiscretization coarse;
    coarse.steeringStepDeg = 7.5f;
    coarse.accelerationLevels = 1;
    const PlanDiscretization fine;
    struct Case {
        PlanVehicle vehicle;
        PlanDiscretization discretization;
        trackwright::PlanState state;
        float goalSpeed;
    };
    std::vector<Case> cases;
    for (const float speed : {0.0f, 3.0f, 8.25f, 13.8f, 3.0f, -2.0f, 0.0f}) {
        for (const PlanVehicle& v : {car, reversingCar, tighterCar, tank, pedestrian, car}) {
            cases.push_back({v, fine, {1.0f, -2.0f, 0.4f, speed}, trackwright::kNoGoalSpeed});
            cases.push_back({v, coarse, {-3.0f, 5.0f, -2.9f, speed}, trackwright::kNoGoalSpeed});
            cases.push_back({v, fine, {1.0f, -2.0f, 0.4f, speed}, 3.3f});   // goal speeds come and go
            cases.push_back({v, fine, {1.0f, -2.0f, 0.4f, speed}, -1.7f});
        }
    }
    trackwright::PlanExpansion reused;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        trackwright::expandState(c.state, c.vehicle, c.discretization, c.goalSpeed, reused);
        const auto fresh = std::make_unique<trackwright::PlanExpansion>();
        trackwright::expandState(c.state, c.vehicle, c.discretization, c.goalSpeed, *fresh);
        expectSameExpansion(reused, *fresh, static_cast<int>(i));
        // A car that cannot reverse has nowhere to go from a backwards speed.
        EXPECT_EQ(reused.motionCount > 0, c.state.speed >= 0.0f || c.vehicle.canReverse()) << "step " << i;
    }
}

TEST(PlanActions, EveryMotionPointsAtItsPoseAndSpeedEvenWhenTheExpansionIsFull) {
    // Standstill with both directions and spot turns, and a discretisation with more steering and
    // force combinations than an expansion holds: motions come pose by pose, each pointing at its
    // pose and its end speed, no pose without a motion, and nothing past the buffers.
    const PlanVehicle tank = trackwright::tankPlanVehicle(3.0f, 2.0f, 4.0f, 8.0f);
    PlanDiscretization crowded;
    crowded.steeringStepDeg = 0.5f;
    crowded.maxSteeringLevelsPerSide = 8;
    crowded.accelerationLevels = 4;
    for (const PlanDiscretization& d : {PlanDiscretization{}, crowded}) {
        for (const float speed : {0.0f, 0.7f, 3.0f, -3.0f}) {  // at 3 m/s, nine forces and 35 steerings: more than fit
            auto expansion = std::make_unique<trackwright::PlanExpansion>();
            trackwright::expandState({0.0f, 0.0f, 1.0f, speed}, tank, d, trackwright::kNoGoalSpeed, *expansion);
            const trackwright::PlanExpansion& e = *expansion;
            ASSERT_GT(e.motionCount, 0) << speed;
            ASSERT_LE(e.motionCount, trackwright::kMaxPlanMotions);
            ASSERT_LE(e.poseCount, trackwright::kMaxPlanPoses);
            std::vector<int> motionsOfPose(static_cast<std::size_t>(e.poseCount), 0);
            int lastPose = 0;
            for (int m = 0; m < e.motionCount; ++m) {
                const trackwright::PlanMotion& motion = e.motions[m];
                ASSERT_LT(motion.pose, e.poseCount) << m;
                ASSERT_LT(motion.speed, e.speedCount) << m;
                EXPECT_GE(motion.pose, lastPose) << m << ": motions come pose by pose";
                lastPose = motion.pose;
                ++motionsOfPose[motion.pose];
                EXPECT_EQ(motion.endSpeed, e.endSpeeds[motion.speed]) << m;
                const trackwright::PlanPoseCandidate& pose = e.poses[motion.pose];
                if (pose.direction != 0) {
                    EXPECT_EQ(std::signbit(motion.endSpeed), pose.direction < 0) << m << ": the end speed's sign is the pose's direction";
                }
            }
            for (int p = 0; p < e.poseCount; ++p) EXPECT_GT(motionsOfPose[static_cast<std::size_t>(p)], 0) << "pose " << p;
        }
    }
}

TEST(PlanActions, ForcesAndSteeringKeepTheExactLimits) {
    const PlanVehicle car = trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f);
    const PlanDiscretization d;
    const trackwright::PlanSteeringTable steering = trackwright::makeSteeringTable(d);
    for (const float speed : {0.0f, 0.4f, 5.0f, 13.7f, 13.8f}) {
        PlanActionSet set;
        trackwright::buildActionSet(speed, 1, car, d, steering, trackwright::kNoGoalSpeed, set);
        ASSERT_GT(set.forceCount, 0) << speed;
        bool reachesTop = false, stops = false;
        for (int i = 0; i < set.forceCount; ++i) {
            const PlanActionSet::Force& f = set.forces[i];
            // §4.3.4: never past v_max, never below standstill; the cut forces land on them exactly.
            EXPECT_LE(f.endSpeed, car.maxSpeed) << speed;
            EXPECT_GE(f.endSpeed, 0.0f) << speed;
            EXPECT_LE(f.acceleration, car.maxAcceleration + 1e-6f) << speed;
            EXPECT_GE(f.acceleration, -car.maxDeceleration - 1e-6f) << speed;
            EXPECT_NEAR(f.endSpeed * f.endSpeed, speed * speed + 2.0f * f.acceleration * d.cellSize, 1e-3f) << speed;
            EXPECT_NEAR(f.duration, 2.0f * d.cellSize / (speed + f.endSpeed), 1e-5f) << speed;
            reachesTop |= f.endSpeed == car.maxSpeed;
            stops |= f.endSpeed == 0.0f;
            // The tightest turn: the turning radius, and v²/a_lat at the step's highest speed.
            const float peak = std::max(speed, f.endSpeed);
            EXPECT_LE(f.turnLimit, d.cellSize / std::max(car.turningRadius, peak * peak / car.maxLateralAcceleration) + 1e-6f) << speed;
        }
        if (speed >= 13.7f) {
            EXPECT_TRUE(reachesTop) << speed << ": full throttle near the top is cut to reach it exactly";
        }
        if (speed > 0.0f && speed < 1.0f) {
            EXPECT_TRUE(stops) << speed << ": full braking at a crawl is cut to stop at the cell's end";
        }
        // Every steering goes with exactly the forces whose limit allows it, and each force's own
        // limit is in the set (either side).
        ASSERT_GT(set.turnCount, 0);
        EXPECT_EQ(set.turns[0].angle, 0.0f);
        for (int i = 0; i < set.forceCount; ++i) {
            bool left = false, right = false;
            for (int t = 0; t < set.turnCount; ++t) {
                left |= set.turns[t].angle == set.forces[i].turnLimit;
                right |= set.turns[t].angle == -set.forces[i].turnLimit;
            }
            EXPECT_TRUE(left && right) << speed << " force " << i;
        }
        for (int t = 0; t < set.turnCount; ++t) {
            const PlanActionSet::Turn& turn = set.turns[t];
            EXPECT_NEAR(turn.cos, std::cos(static_cast<double>(turn.angle)), 1e-7) << t;
            EXPECT_NEAR(turn.sin, std::sin(static_cast<double>(turn.angle)), 1e-7) << t;
            for (int i = 0; i < set.forceCount; ++i)
                EXPECT_EQ((turn.forces >> i & 1u) != 0, std::abs(turn.angle) <= set.forces[i].turnLimit + 1e-6f) << speed << " turn " << t << " force " << i;
        }
    }
}

TEST(PlanActions, TheGoalsSpeedIsAnExactIntensityWhereOneStepWithinTheLimitsReachesIt) {
    const PlanVehicle car = trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f, 4.0f);
    const PlanDiscretization d;
    const trackwright::PlanSteeringTable steering = trackwright::makeSteeringTable(d);
    auto endSpeeds = [&](float speed, int direction, float goalSpeed) {
        PlanActionSet set;
        trackwright::buildActionSet(speed, direction, car, d, steering, goalSpeed, set);
        std::vector<float> speeds;
        for (int i = 0; i < set.forceCount; ++i) speeds.push_back(set.forces[i].endSpeed);
        return speeds;
    };
    auto has = [](const std::vector<float>& speeds, float v) { return std::find(speeds.begin(), speeds.end(), v) != speeds.end(); };
    const std::vector<float> plain = endSpeeds(4.9f, 1, trackwright::kNoGoalSpeed);
    // Within reach (accelerating gently, braking gently): the goal's speed exactly, one force more.
    for (const float goal : {5.0f, 4.0f}) {
        const std::vector<float> with = endSpeeds(4.9f, 1, goal);
        EXPECT_FALSE(has(plain, goal)) << goal;
        EXPECT_TRUE(has(with, goal)) << goal;
        EXPECT_EQ(with.size(), plain.size() + 1) << goal;
    }
    // Out of one step's reach, beyond the top speed, or the other way round: nothing is added.
    EXPECT_EQ(endSpeeds(4.9f, 1, 9.0f), plain) << "needs more than a_max over one cell";
    EXPECT_EQ(endSpeeds(4.9f, 1, 0.5f), plain) << "needs more than d_max over one cell";
    EXPECT_EQ(endSpeeds(13.8f, 1, 14.0f), endSpeeds(13.8f, 1, trackwright::kNoGoalSpeed)) << "past v_max";
    EXPECT_EQ(endSpeeds(4.9f, 1, -5.0f), plain) << "a reversing goal speed is not a forward intensity";
    // Backwards, the goal's speed is negative.
    EXPECT_TRUE(has(endSpeeds(2.0f, -1, -2.5f), 2.5f));
    EXPECT_FALSE(has(endSpeeds(2.0f, -1, 2.5f), 2.5f));
    // The finest force discretisation still has room for it.
    PlanDiscretization finest;
    finest.accelerationLevels = 4;
    PlanActionSet set;
    trackwright::buildActionSet(4.9f, 1, car, finest, trackwright::makeSteeringTable(finest), 5.0f, set);
    bool reaches = false;
    for (int i = 0; i < set.forceCount; ++i) reaches |= set.forces[i].endSpeed == 5.0f;
    EXPECT_TRUE(reaches) << "four intensities either way, none, and the goal's speed";
}

TEST(PlanActions, NoActionKeepsZeroSpeedOrBrakesAtStandstill) {
    const PlanVehicle car = trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f);
    PlanActionSet set;
    trackwright::buildActionSet(0.0f, 1, car, {}, trackwright::makeSteeringTable({}), trackwright::kNoGoalSpeed, set);
    ASSERT_GT(set.forceCount, 0);
    for (int i = 0; i < set.forceCount; ++i) EXPECT_GT(set.forces[i].endSpeed, 0.0f) << i;
    const PlanVehicle forwardOnly = car;
    trackwright::buildActionSet(0.0f, -1, forwardOnly, {}, trackwright::makeSteeringTable({}), trackwright::kNoGoalSpeed, set);
    EXPECT_EQ(set.forceCount, 0) << "no reverse speed: no way backwards";
}

} // namespace
