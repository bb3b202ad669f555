// Paths A*'s best come in that a shot of one word with circles of one speed each misses (issue 28):
// a goal too near to gather its speed on the way, reached winding left, right, left at full
// throttle; a last turn braked into as it tightens; a first turn taken as a corner — braked into,
// turned at its slowest, left on a widening spiral while gathering speed; a last turn swept up to
// the goal's speed, into the goal or onto a short counter-turn.

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

/// Both searches, checked for what every case here asserts: each finds a path, and the shot
/// search's is within 5 % of A* alone's time.
Both searchBothWithinFivePercent(const bake::RandomSearch& s) {
    Both both = searchBoth(s);
    EXPECT_TRUE(both.alone.found());
    EXPECT_TRUE(both.shot.found());
    EXPECT_LE(both.shot.time, both.alone.time * 1.05f) << "A* alone: " << both.alone.time << " s";
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

/// The path's turns, each a run of steps turning the same way (ignoring steps that turn less than
/// a degree, as handChanges does): signed radians.
std::vector<float> turnRuns(const std::vector<trackwright::PlanStep>& path) {
    std::vector<float> runs;
    int hand = 0;
    for (const trackwright::PlanStep& step : path) {
        if (std::abs(step.turn) < M_PI / 180.0) continue;
        const int now = step.turn > 0.0f ? 1 : -1;
        if (now == hand) runs.back() += step.turn;
        else runs.push_back(step.turn);
        hand = now;
    }
    return runs;
}

TEST(PlanShotWinding, AGoalTooNearToGatherItsSpeedIsReachedWindingAtFullThrottleWithinFivePercentOfAStar) {
    // Seed 3's search 368: from 4.05 m/s to a goal 26 m ahead, heading 29° right, at 12.19 m/s.
    // Full throttle gathers that in 44 m, so the path must wind; A*'s (5.42 s, 11 080 expansions)
    // turns left 113°, right 176°, left 30°, speeding up all the way. The shot search's own word,
    // a loop to the right then a straight, took 7.09 s (+31 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(369, 3)[368];
    ASSERT_NEAR(s.start.speed, 4.05f, 0.01f);
    ASSERT_NEAR(s.goal.speed, 12.19f, 0.01f);
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
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
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
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
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
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

TEST(PlanShotWinding, AMiddleTurnGatheringFromAShortFirstOneIsWithinFivePercentOfAStar) {
    // Seed 8's search 489: from 6.67 m/s to a goal 12 m behind, facing back, at 11.66 m/s. A*'s
    // path (4.52 s, 15 289 expansions) turns 17° left, then 233° right gathering speed all the
    // way, then 30° left into the goal. The winding words' seeds had the middle spiral begin at the
    // speed full throttle reaches after the first turn, which a short first turn never allows
    // slower; the search took 5.19 s (+14.9 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(490, 8)[489];
    ASSERT_NEAR(s.start.speed, 6.67f, 0.01f);
    ASSERT_NEAR(s.goal.speed, 11.66f, 0.01f);
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
    const std::vector<float> runs = turnRuns(both.path);
    ASSERT_EQ(runs.size(), 3u) << "left, right, left";
    EXPECT_GT(runs[0], 0.0f);
    EXPECT_LT(runs[1], -M_PI);
    EXPECT_GT(runs[2], 0.0f);
}

TEST(PlanShotWinding, ALastTurnSweptUpToTheGoalsSpeedIsWithinFivePercentOfAStar) {
    // Seed 5's search 722: from 9.95 m/s to a goal 26 m ahead at 12 m/s. A*'s path (3.18 s,
    // 20 052 expansions) turns 131° left at an even speed, runs a metre straight and turns 121°
    // right gathering speed all the way to the goal's. Full throttle's spiral onto the goal, with
    // the last circle before it, left the circles overlapping unless the first turn is braked into
    // a little; the search took 3.71 s (+16.5 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(723, 5)[722];
    ASSERT_NEAR(s.start.speed, 9.95f, 0.01f);
    ASSERT_NEAR(s.goal.speed, 12.0f, 0.01f);
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
    const std::vector<float> runs = turnRuns(both.path);
    ASSERT_EQ(runs.size(), 2u) << "left, then right";
    // The last turning step is at the goal's speed, and the right turn began 1.5 m/s slower.
    std::size_t lastTurning = 0, firstOfLastTurn = 0;
    for (std::size_t i = 1; i < both.path.size(); ++i)
        if (both.path[i].turn < -0.01f) {
            if (lastTurning == 0) firstOfLastTurn = i;
            lastTurning = i;
        }
    EXPECT_GE(both.path[lastTurning].state.speed, s.goal.speed - 0.1f);
    EXPECT_LT(both.path[firstOfLastTurn - 1].state.speed, s.goal.speed - 1.5f);
}

TEST(PlanShotWinding, ASweepEndingInAShortCounterTurnIsWithinFivePercentOfAStar) {
    // Seed 2's search 378: from 7.70 m/s to a goal 26 m off at 13.45 m/s. A*'s path (4.82 s,
    // 89 842 expansions) turns 137° left, then 188° right gathering speed to 12.7 m/s, and a few
    // degrees of left into the goal, whose heading the sweep misses. The shot search's word, its
    // right turn ending on the goal's heading and then a straight, took 5.11 s (+5.8 %).
    const bake::RandomSearch s = bake::thesisRandomSearches(379, 2)[378];
    ASSERT_NEAR(s.start.speed, 7.70f, 0.01f);
    ASSERT_NEAR(s.goal.speed, 13.45f, 0.01f);
    const Both both = searchBothWithinFivePercent(s);
    ASSERT_TRUE(both.shot.found());
    const std::vector<float> runs = turnRuns(both.path);
    ASSERT_GE(runs.size(), 3u);
    EXPECT_LT(runs[runs.size() - 2], -M_PI / 2.0) << "the sweep";
    EXPECT_GT(runs.back(), 0.0f) << "a counter-turn";
    EXPECT_LT(runs.back(), M_PI / 6.0) << "a short one";
}

} // namespace
