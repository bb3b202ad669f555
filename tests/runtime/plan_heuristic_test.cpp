// The AIPATH heuristic (thesis §4.2): Pinter's circle–line–circle distance against closed forms,
// and the traversal time of eq. 4.1 / Algorithms 2–5 against hand-derived kinematics. (Angles come
// from a polynomial atan2 good to 2·10⁻⁸ rad, so lengths agree to 10⁻⁶ m.)

#include "trackwright/plan/plan_actions.h"
#include "trackwright/plan/plan_heuristic.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_traversal_time.h"
#include "trackwright/plan/plan_turning_distance.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

using trackwright::PlanPose;
using trackwright::TurnCombination;

/// Drives a circle–line–circle path forward from `from`: arc (left or right) of `a1` rad, straight
/// `straight` m, arc of `a2` rad. Where it ends is a goal whose path we know by construction.
PlanPose drive(PlanPose p, double r, bool firstLeft, double a1, double straight, bool secondLeft, double a2) {
    auto arc = [r](PlanPose q, bool left, double angle) {
        const double sign = left ? 1.0 : -1.0;
        const double cx = q.x - sign * r * std::sin(q.heading), cy = q.y + sign * r * std::cos(q.heading);
        q.heading += sign * angle;
        q.x = cx + sign * r * std::sin(q.heading);
        q.y = cy - sign * r * std::cos(q.heading);
        return q;
    };
    p = arc(p, firstLeft, a1);
    p.x += straight * std::cos(p.heading);
    p.y += straight * std::sin(p.heading);
    return arc(p, secondLeft, a2);
}

TEST(PlanTurningDistance, StraightAheadIsTheEuclideanDistance) {
    EXPECT_NEAR(trackwright::turningDistance({0, 0, 0}, {25, 0, 0}, 5.0), 25.0, 1e-6);
    EXPECT_NEAR(trackwright::turningDistance({3, -2, 1.0}, {3 + 12 * std::cos(1.0), -2 + 12 * std::sin(1.0), 1.0}, 7.0), 12.0, 1e-6);
}

TEST(PlanTurningDistance, PureArcIsRadiusTimesAngle) {
    const double r = 5.0;
    // A quarter circle to the left, and three quarters to the right.
    EXPECT_NEAR(trackwright::turningDistance({0, 0, 0}, {r, r, M_PI / 2}, r), r * M_PI / 2, 1e-6);
    const PlanPose right = drive({0, 0, 0}, r, false, 1.5 * M_PI, 0.0, false, 0.0);
    EXPECT_NEAR(trackwright::turningDistance({0, 0, 0}, right, r), r * 1.5 * M_PI, 1e-6);
}

TEST(PlanTurningDistance, EachOfPintersFourCombinationsMatchesItsConstruction) {
    const double r = 6.0;
    struct Case {
        TurnCombination combination;
        bool firstLeft, secondLeft;
    } cases[] = {{TurnCombination::LeftLeft, true, true},
                 {TurnCombination::RightRight, false, false},
                 {TurnCombination::LeftRight, true, false},
                 {TurnCombination::RightLeft, false, true}};
    for (const Case& c : cases) {
        const PlanPose start{1.0, 2.0, 0.3};
        const double a1 = 0.8, straight = 20.0, a2 = 1.1;
        const PlanPose goal = drive(start, r, c.firstLeft, a1, straight, c.secondLeft, a2);
        const trackwright::TurningPath path = trackwright::turningPath(start, goal, r, c.combination);
        EXPECT_NEAR(path.firstArc, a1, 1e-6) << static_cast<int>(c.combination);
        EXPECT_NEAR(path.straight, straight, 1e-6);
        EXPECT_NEAR(path.secondArc, a2, 1e-6);
        EXPECT_NEAR(path.length, r * (a1 + a2) + straight, 1e-6);
        // With arcs well under half a turn and a long straight, the construction is the shortest.
        const trackwright::TurningPath best = trackwright::shortestTurningPath(start, std::cos(start.heading), std::sin(start.heading), trackwright::makeTurningGoal(goal, r));
        EXPECT_EQ(best.combination, c.combination);
        EXPECT_NEAR(best.length, path.length, 1e-6);
    }
}

TEST(PlanTurningDistance, LengthOnlyVersionAgreesWithThePaths) {
    // The heuristic's branch-and-bound length against the full path records, Pinter's four and
    // Dubins's six, over poses all round a goal (ahead, behind, inside the turning circles).
    for (const bool ccc : {false, true}) {
        const trackwright::TurningGoal goal = trackwright::makeTurningGoal({3.0, -2.0, 0.7}, 6.0, ccc);
        for (int i = 0; i < 2000; ++i) {
            const PlanPose from{30.0 * std::sin(i * 0.37), 30.0 * std::cos(i * 0.91), std::remainder(i * 0.53, 2.0 * M_PI)};
            const double c = std::cos(from.heading), s = std::sin(from.heading);
            EXPECT_NEAR(trackwright::shortestTurningLength(from, c, s, goal), trackwright::shortestTurningPath(from, c, s, goal).length, 1e-9) << i;
        }
    }
}

TEST(PlanTurningDistance, FourPathsAtOnceGiveTheLengthsOfOneAtATimeToTheBit) {
    // Where the processor has AVX2 the lengths come from four lanes side by side; elsewhere one
    // path at a time. Searches must not depend on the machine: the two agree exactly, also on the
    // edge cases (on the goal, on its circles, straight behind it, circles that coincide).
    for (const bool ccc : {false, true}) {
        const trackwright::TurningGoal goal = trackwright::makeTurningGoal({3.0, -2.0, 0.7}, 6.0, ccc);
        std::vector<PlanPose> poses = {{3.0, -2.0, 0.7}, {3.0, -2.0, 0.7 + M_PI}, {goal.leftX, goal.leftY, 0.7}, {3.0 - 6.0 * std::cos(0.7), -2.0 - 6.0 * std::sin(0.7), 0.7},
                                       {3.0 + 1e-12, -2.0, 0.7}, {goal.rightX, goal.rightY, -2.4}};
        for (int i = 0; i < 4000; ++i)
            poses.push_back({40.0 * std::sin(i * 0.37), 40.0 * std::cos(i * 0.91), std::remainder(i * 0.53, 2.0 * M_PI) * (i % 7 == 0 ? 5.0 : 1.0)});
        for (std::size_t i = 0; i < poses.size(); ++i) {
            const PlanPose& from = poses[i];
            const double c = std::cos(from.heading), s = std::sin(from.heading);
            const double lanes = trackwright::shortestTurningLength(from, c, s, goal);
            const double oneAtATime = trackwright::shortestTurningLengthOneLaneAtATime(from, c, s, goal);
            EXPECT_EQ(std::bit_cast<std::uint64_t>(lanes), std::bit_cast<std::uint64_t>(oneAtATime)) << i << ": " << lanes << " vs " << oneAtATime;
        }
    }
}

TEST(PlanTurningDistance, OppositeTurnsNeedCirclesTwoRadiiApart) {
    // The goal's right circle overlaps the start's left circle: no inner tangent.
    const trackwright::TurningPath lr = trackwright::turningPath({0, 0, 0}, {1, 1, 0}, 5.0, TurnCombination::LeftRight);
    EXPECT_TRUE(std::isinf(lr.length));
    EXPECT_TRUE(std::isfinite(trackwright::turningDistance({0, 0, 0}, {1, 1, 0}, 5.0)));
}

TEST(PlanTurningDistance, GoalInsideTheTurningCircleCostsMoreThanItsEuclideanDistance) {
    // Figure 4.2: the discontinuity along the turning circle.
    const double r = 5.0;
    EXPECT_GT(trackwright::turningDistance({0, 0, 0}, {0.0, 3.0, 0.0}, r), 3.0 + r);
    EXPECT_NEAR(trackwright::turningDistance({0, 0, 0}, {0.0, 3.0, 0.0}, 0.0), 3.0, 1e-12) << "no turning radius: Euclidean";
}

trackwright::PlanVehicle thesisCar(float radius = 5.0f) {
    return trackwright::carPlanVehicle(radius, 15.0f, 1.5f, 5.0f, 13.8f);
}

TEST(PlanTraversalTime, FromRestToRestWithCruiseMatchesAlgorithmTwosShortcut) {
    const trackwright::PlanVehicle car = thesisCar();
    const trackwright::TraversalLimits l = trackwright::forwardLimits(car);
    const double s = 200.0;
    const double expected = s / 13.8 + 0.5 * (13.8 / 1.5 + 13.8 / 5.0);  // Algorithm 2, line 9
    EXPECT_NEAR(trackwright::traversalTime(s, 0.0, 0.0, l), expected, 1e-6) << "(the vehicle's limits are floats)";
}

TEST(PlanTraversalTime, TriangleProfileWhenTheTopSpeedIsOutOfReach) {
    const trackwright::PlanVehicle car = thesisCar();
    const trackwright::TraversalLimits l = trackwright::forwardLimits(car);
    // Peak v with v²/2a + v²/2d = s: t = v/a + v/d.
    const double s = 10.0, a = 1.5, d = 5.0;
    const double v = std::sqrt(2.0 * s / (1.0 / a + 1.0 / d));
    EXPECT_NEAR(trackwright::traversalTime(s, 0.0, 0.0, l), v / a + v / d, 1e-9);
    // From 2 m/s to 3 m/s over 20 m: eq. 2.3 by hand.
    const double v0 = 2.0, v1 = 3.0, sa = (2 * d * 20.0 - v0 * v0 + v1 * v1) / (2 * (a + d));
    const double peak = std::sqrt(v0 * v0 + 2 * a * sa);
    EXPECT_NEAR(trackwright::traversalTime(20.0, v0, v1, l), (peak - v0) / a + (peak - v1) / d, 1e-9);
}

TEST(PlanTraversalTime, CruisingAtTopSpeedIsDistanceOverSpeedAndCruiseCaseIsExact) {
    const trackwright::PlanVehicle car = thesisCar();
    const trackwright::TraversalLimits l = trackwright::forwardLimits(car);
    EXPECT_NEAR(trackwright::traversalTime(100.0, 13.8, 13.8, l), 100.0 / 13.8, 1e-6);
    // Exact cruise case from 10 m/s: accelerate 13.8²−10² over 2a, cruise, brake to 5.
    const double sAcc = (13.8 * 13.8 - 100.0) / 3.0, sDec = (13.8 * 13.8 - 25.0) / 10.0;
    const double exact = 3.8 / 1.5 + 8.8 / 5.0 + (300.0 - sAcc - sDec) / 13.8;
    EXPECT_NEAR(trackwright::traversalTime(300.0, 10.0, 5.0, l), exact, 1e-6);
    EXPECT_LT(exact, 300.0 / 13.8 + 0.5 * (3.8 / 1.5 + 8.8 / 5.0)) << "the thesis's shortcut overestimates when v0, v1 > 0";
}

TEST(PlanTraversalTime, LinearOvershootBrakesBacksUpAndRunsUp) {
    // A tank arriving too fast: Algorithm 5 by hand.
    const trackwright::PlanVehicle tank = trackwright::tankPlanVehicle(1.0f, 1.5f, 5.0f, 13.8f);
    const trackwright::TraversalLimits l = trackwright::forwardLimits(tank);
    const double v0 = 10.0, v1 = 2.0, s = 3.0;
    const double brakeDistance = v0 * v0 / 10.0;              // 10 m: 7 m past the goal
    const double backup = brakeDistance - s + v1 * v1 / 3.0;  // plus the run-up to 2 m/s
    const double expected = v0 / 5.0 + trackwright::traversalTime(backup, 0.0, 0.0, l) + v1 / 1.5;
    EXPECT_NEAR(trackwright::linearOvershootTime(s, v0, v1, l), expected, 1e-9);
    EXPECT_NEAR(trackwright::traversalTime(s, v0, v1, l), expected, 1e-9) << "the tank has no circle to drive: linear handling";
}

TEST(PlanTraversalTime, CircularOvershootAddsTheSmallestCircle) {
    // A car that must reach 8 m/s from rest 5 m away: it needs 21.3 m, one circle more gives it.
    trackwright::PlanVehicle car = thesisCar(6.0f);
    car.maxLateralAcceleration = 0.0f;  // the circle by turning radius alone
    const trackwright::TraversalLimits l = trackwright::forwardLimits(car);
    const double circle = 2.0 * M_PI * 6.0;
    EXPECT_NEAR(trackwright::traversalTime(5.0, 0.0, 8.0, l), trackwright::traversalTime(5.0 + circle, 0.0, 8.0, l), 1e-9);
    // Needing more than a whole circle: the speed change alone sets the time (Algorithm 4, line 13).
    EXPECT_NEAR(trackwright::traversalTime(1.0, 0.0, 13.8, l), 13.8 / 1.5, 1e-9);
    // With the lateral limit the smallest circle is the one v_max allows (line 10): longer, slower.
    car.maxLateralAcceleration = 10.0f;
    const trackwright::TraversalLimits lateral = trackwright::forwardLimits(car);
    EXPECT_NEAR(lateral.circleRadius, 13.8 * 13.8 / 10.0, 1e-5);
    EXPECT_GT(trackwright::traversalTime(5.0, 0.0, 8.0, lateral), trackwright::traversalTime(5.0 + circle, 0.0, 8.0, l));
    // Any detour: the shortfall costs only the speed change.
    const trackwright::TraversalLimits detour = trackwright::forwardLimits(car, trackwright::OvershootCircle::AnyDetour);
    EXPECT_NEAR(trackwright::traversalTime(5.0, 0.0, 8.0, detour), 8.0 / 1.5, 1e-9);
    EXPECT_NEAR(trackwright::traversalTime(5.0, 10.0, 0.0, detour), 10.0 / 5.0, 1e-9) << "too fast: braking all the way";
}

TEST(PlanTraversalTime, GrowsWithDistanceWhereSpeedsCanBeMatched) {
    const trackwright::PlanVehicle car = thesisCar();
    const trackwright::TraversalLimits l = trackwright::forwardLimits(car);
    double previous = 0.0;
    for (double s = 20.0; s < 400.0; s += 3.7) {
        const double t = trackwright::traversalTime(s, 4.0, 6.0, l);
        EXPECT_GT(t, previous);
        previous = t;
    }
}

TEST(PlanTraversalTime, LeastTimeIsAFloorUnderEveryWayAtLeastThatLong) {
    const trackwright::PlanVehicle car = thesisCar();
    for (const auto circle : {trackwright::OvershootCircle::AtTopSpeed, trackwright::OvershootCircle::AnyDetour}) {
        const trackwright::TraversalLimits l = trackwright::forwardLimits(car, circle);
        for (const auto& [v0, v1] : {std::pair{0.0, 12.0}, std::pair{12.0, 0.0}, std::pair{4.0, 6.0}, std::pair{13.8, 13.8}, std::pair{9.0, 2.0}}) {
            const double change = std::abs(v1 * v1 - v0 * v0) / (2.0 * (v1 > v0 ? 1.5 : 5.0));
            for (double s = 0.0; s < 150.0; s += 2.3) {
                const double least = trackwright::leastTraversalTime(s, v0, v1, l);
                for (double longer = s; longer < s + 80.0; longer += 0.7)
                    EXPECT_LE(least, trackwright::traversalTime(longer, v0, v1, l) + 1e-12) << v0 << " -> " << v1 << " over " << longer << " m";
                if (s >= change) EXPECT_NEAR(least, trackwright::traversalTime(s, v0, v1, l), 1e-12) << "eq. 4.1 where the speeds can be matched";
                else EXPECT_NEAR(least, std::abs(v1 - v0) / (v1 > v0 ? 1.5 : 5.0), 1e-12) << "the speed change alone where they cannot";
            }
        }
    }
}

TEST(PlanHeuristic, AStepsChildrenNeverEstimateBelowTheFloorItsParentGives) {
    // What the search prunes by: every child a forward step reaches (and not at the goal) has an
    // estimate at least estimateFloor(stepFloor(parent), step, speed). Around the goal, at every
    // speed and heading, over the thesis's cars; the floor must also be close enough to be worth it.
    std::mt19937 random(3);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    trackwright::PlanDiscretization discretization;
    discretization.accelerationLevels = 2;
    trackwright::PlanExpansion expansion;
    int children = 0, tight = 0;
    for (int i = 0; i < 400; ++i) {
        const trackwright::PlanVehicle car = trackwright::carPlanVehicle(5.0f + 3.0f * unit(random), 10.0f + 10.0f * unit(random), 1.5f, 5.0f, 13.8f);
        const trackwright::PlanState goal{0.0f, 0.0f, 6.2831853f * unit(random) - 3.1415926f, 13.8f * unit(random)};
        const trackwright::PlanHeuristic h(car, goal);
        const trackwright::PlanHeuristic distance(car, goal, trackwright::PlanHeuristicKind::DistanceOnly, trackwright::PlanHeuristicForm::Refined);
        ASSERT_TRUE(h.boundsSteps());
        ASSERT_TRUE(distance.boundsSteps());
        const float reach = (i % 4 == 0 ? 3.0f : 8.0f) * car.turningRadius;  // a quarter close in, where circle–circle–circle paths win
        const trackwright::PlanState parent{reach * (2.0f * unit(random) - 1.0f), reach * (2.0f * unit(random) - 1.0f), 6.2831853f * unit(random) - 3.1415926f,
                                        13.8f * unit(random)};
        trackwright::PlanHeuristic::Distances d;
        h.distancesFrom(parent.x, parent.y, parent.heading, std::cos(parent.heading), std::sin(parent.heading), d);
        trackwright::expandState(parent, car, discretization, trackwright::kNoGoalSpeed, expansion);
        for (int m = 0; m < expansion.motionCount; ++m) {
            const trackwright::PlanMotion& motion = expansion.motions[m];
            const trackwright::PlanPoseCandidate& pose = expansion.poses[motion.pose];
            ASSERT_GT(pose.direction, 0);
            const trackwright::PlanState child{pose.x, pose.y, pose.heading, motion.endSpeed};
            if (trackwright::MovementPlanner::reachesGoal(child, goal, {})) continue;
            const double floor = h.estimateFloor(h.stepFloor(d), discretization.cellSize, motion.endSpeed);
            const double estimate = h(child);
            ++children;
            EXPECT_LE(floor, estimate) << "search " << i << ", motion " << m;
            EXPECT_LE(distance.estimateFloor(distance.stepFloor(d), discretization.cellSize, motion.endSpeed), distance(child))
                << "distance only: search " << i << ", motion " << m;
            tight += floor > 0.8 * estimate;
        }
    }
    EXPECT_GT(children, 5000);
    EXPECT_GT(tight, children / 2) << "a floor far below the estimates prunes nothing";
}

TEST(PlanHeuristic, OnlyTheRefinedFormOfAForwardDrivingVehicleBoundsSteps) {
    const trackwright::PlanState goal{10.0f, 0.0f, 0.0f, 2.0f};
    EXPECT_TRUE(trackwright::PlanHeuristic(thesisCar(), goal).boundsSteps());
    EXPECT_FALSE(trackwright::PlanHeuristic(thesisCar(), goal, trackwright::PlanHeuristicKind::TraversalTime, trackwright::PlanHeuristicForm::Thesis).boundsSteps())
        << "Pinter's four are no metric";
    trackwright::PlanVehicle reversing = thesisCar();
    reversing.maxReverseSpeed = 3.0f;
    EXPECT_FALSE(trackwright::PlanHeuristic(reversing, goal).boundsSteps()) << "its estimate may take the backward distance";
}

TEST(PlanHeuristic, TimeHeuristicIsTurningDistanceOverTheSpeedProfile) {
    const trackwright::PlanVehicle car = thesisCar();
    const trackwright::PlanState goal{40.0f, 10.0f, 1.0f, 3.0f};
    const trackwright::PlanHeuristic time(car, goal);
    const trackwright::PlanHeuristic distance(car, goal, trackwright::PlanHeuristicKind::DistanceOnly);
    const trackwright::PlanState start{0.0f, 0.0f, 0.0f, 5.0f};
    const double d = trackwright::turningDistance({0, 0, 0}, {40.0, 10.0, 1.0}, 5.0);
    EXPECT_NEAR(d, trackwright::turningDistance({0, 0, 0}, {40.0, 10.0, 1.0}, 5.0, true), 1e-9) << "far away Pinter's four are Dubins's shortest";
    EXPECT_NEAR(time(start), trackwright::traversalTime(d, 5.0, 3.0, trackwright::forwardLimits(car)), 1e-5);
    EXPECT_NEAR(distance(start), d / 13.8, 1e-5);
    EXPECT_GT(time(start), distance(start)) << "accelerating to v_max and braking cost more than cruising at it";
}

TEST(PlanHeuristic, ReversingVehicleTakesTheFasterDirection) {
    trackwright::PlanVehicle car = thesisCar();
    car.maxReverseSpeed = 3.0f;
    // The goal 6 m straight behind, facing the same way, at rest: backing up beats a loop.
    const trackwright::PlanHeuristic h(car, {-6.0f, 0.0f, 0.0f, 0.0f});
    const trackwright::TraversalLimits rev = trackwright::reverseLimits(car);
    EXPECT_NEAR(h({0.0f, 0.0f, 0.0f, 0.0f}), trackwright::traversalTime(6.0, 0.0, 0.0, rev), 1e-5);
    const trackwright::PlanHeuristic forwardOnly(thesisCar(), {-6.0f, 0.0f, 0.0f, 0.0f});
    EXPECT_GT(forwardOnly({0.0f, 0.0f, 0.0f, 0.0f}), h({0.0f, 0.0f, 0.0f, 0.0f}));
}

TEST(PlanHeuristic, RefinedTakesTheQuickestPathNotTheTimeOfTheShortest) {
    // From 6 m/s to 12 m/s, 5 m behind-left: the shortest path cannot fit the speed change, a longer
    // one can. The thesis form adds a whole circle at v_max to the shortest; the refined form times
    // every path and lets any detour cover a shortfall.
    const trackwright::PlanVehicle car = thesisCar(5.7f);
    const trackwright::PlanState start{0.0f, 0.0f, 0.0f, 6.0f}, goal{-2.0f, 5.0f, 2.2f, 12.0f};
    const trackwright::PlanHeuristic thesis(car, goal, trackwright::PlanHeuristicKind::TraversalTime, trackwright::PlanHeuristicForm::Thesis);
    const trackwright::PlanHeuristic refined(car, goal);
    EXPECT_LT(refined(start), thesis(start));
    EXPECT_GE(refined(start), (12.0 - 6.0) / 1.5 - 1e-9) << "never below the speed change itself";
}

} // namespace
