// Paths A*'s best come in that a shot of one word with circles of one speed each misses (issue 28):
// a goal too near to gather its speed on the way, reached winding left, right, left at full
// throttle; a last turn braked into as it tightens; a first turn taken as a corner — braked into,
// turned at its slowest, left on a widening spiral while gathering speed.

#include "bake/experiments/plan_experiment.h"
#include "trackwright/plan/plan_search.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

/// The shot search's path and A* alone's on one search of the thesis's set-up (§5.1).
struct Both {
    trackwright::PlanResult alone, shot;
    std::vector<trackwright::PlanStep> path;  ///< the shot search's
};
Both searchBoth(const bake::RandomSearch& s) {
    trackwright::MovementPlanner planner(1u << 20, 8192);
    Both both;
    both.alone = planner.plan(s.vehicle, s.start, s.goal, bake::thesisSettings());
    both.shot = planner.plan(s.vehicle, s.start, s.goal, bake::shotSettings());
    const auto path = planner.path();
    both.path.assign(path.begin(), path.end());
    return both;
}

/// How many times the path's turning changes hand (left to right or back), ignoring steps that
/// turn less than a degree.
int handChanges(const std::vector<trackwright::PlanStep>& path) {
    int changes = 0, hand = 0;
    for (const trackwright::PlanStep& step : path) {
        if (std::abs(step.turn) < M_PI / 180.0) continue;
        const int now = step.turn > 0.0f ? 1 : -1;
        changes += hand != 0 && now != hand;
        hand = now;
    }
    return changes;
}

TEST(PlanShotWinding, AGoalTooNearToGatherItsSpeedIsReachedWindingAtFullThrottleWithinFivePercentOfAStar) {
    // Seed 3's search 368: from 4.05 m/s to a goal 26 m ahead, heading 29° right, at 12.19 m/s.
    // Full throttle gathers that in 44 m, so the path must wind; A*'s (5.42 s, 11 080 expansions)
    // turns left 113°, right 176°, left 30°, speeding up all the way. The shot search's own word,
    // a loop to the right then a straight, took 7.09 s (+31 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(369, 3)[368];
    ASSERT_NEAR(s.start.speed, 4.05f, 0.01f);
    ASSERT_NEAR(s.goal.speed, 12.19f, 0.01f);
    const Both both = searchBoth(s);
    ASSERT_TRUE(both.alone.found());
    ASSERT_TRUE(both.shot.found());
    EXPECT_LE(both.shot.time, both.alone.time * 1.05f) << "A* alone: " << both.alone.time << " s";
    EXPECT_GE(handChanges(both.path), 2) << "left, right, left";
    float slowest = both.path.front().state.speed;
    for (std::size_t i = 1; i < both.path.size(); ++i) {
        EXPECT_GE(both.path[i].state.speed, both.path[i - 1].state.speed - 0.05f) << "it never brakes (step " << i << ")";
        slowest = std::min(slowest, both.path[i].state.speed);
    }
    EXPECT_GE(slowest, s.start.speed - 0.05f);
}

TEST(PlanShotWinding, ALastTurnBrakedIntoAsItTightensKeepsTheShotWithinFivePercentOfAStar) {
    // Seed 1's search 889: from 8.12 m/s to a goal 37 m behind at 9.98 m/s. A*'s path (5.80 s,
    // 69 061 expansions) gathers speed round 208° to the left, runs on to near the top speed and
    // brakes into its last turn; the shot's last circle, sized for the goal's speed, had the car
    // brake before it (6.20 s, +6.8 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(890, 1)[889];
    ASSERT_NEAR(s.start.speed, 8.12f, 0.01f);
    const Both both = searchBoth(s);
    ASSERT_TRUE(both.alone.found());
    ASSERT_TRUE(both.shot.found());
    EXPECT_LE(both.shot.time, both.alone.time * 1.05f) << "A* alone: " << both.alone.time << " s";
    bool brakesWhileTurning = false;
    for (std::size_t i = 1; i < both.path.size(); ++i)
        brakesWhileTurning |= std::abs(both.path[i].turn) > 0.01f && both.path[i].state.speed < both.path[i - 1].state.speed - 0.05f;
    EXPECT_TRUE(brakesWhileTurning);
}

TEST(PlanShotWinding, AFirstTurnTakenAsACornerIsWithinFivePercentOfAStar) {
    // Seed 6's search 869: from 11.69 m/s to a goal 23 m off, 140° left of the start's heading,
    // at 13.48 m/s. A*'s path (4.71 s, 74 194 expansions) sweeps 223° right: it brakes to 10.9 m/s,
    // turns at that speed, then gathers speed to 13.6 m/s as the turn widens, and runs straight
    // into the goal. The shots that gathered speed from the start on, or turned at one speed, took
    // 5.76 s (+22 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(870, 6)[869];
    ASSERT_NEAR(s.start.speed, 11.69f, 0.01f);
    const Both both = searchBoth(s);
    ASSERT_TRUE(both.alone.found());
    ASSERT_TRUE(both.shot.found());
    EXPECT_LE(both.shot.time, both.alone.time * 1.05f) << "A* alone: " << both.alone.time << " s";
    // Slower than the start somewhere in the turn, and quicker than the start while still turning.
    float slowest = s.start.speed;
    bool gathersInTheTurn = false;
    for (std::size_t i = 1; i < both.path.size(); ++i) {
        slowest = std::min(slowest, both.path[i].state.speed);
        gathersInTheTurn |= std::abs(both.path[i].turn) > 0.01f && both.path[i].state.speed > s.start.speed + 0.5f;
    }
    EXPECT_LT(slowest, s.start.speed - 0.3f) << "it brakes into the turn";
    EXPECT_TRUE(gathersInTheTurn) << "and leaves it gathering speed";
}

} // namespace
