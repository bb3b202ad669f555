// A search whose best path brakes onto the tightest circle and gathers speed as the turn widens
// (issue 28: seed 1's search 644, whose shot turned at its start's speed throughout, 6.7 % slower
// than A*'s path).

#include "bake/experiments/plan_experiment.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_shot.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

/// The thesis's set-up (§5.1), seed 1, search 644: a 6.81 m turning radius and 15.28 m/s² lateral
/// limit, from 11.33 m/s to a goal 30 m behind and to the right, heading 84° right, at 10.90 m/s.
/// A*'s path (5.25 s, 76 885 expansions) brakes to the tightest circle's speed in its first 30°,
/// then turns 200° more at full throttle on a widening circle.
bake::RandomSearch brakeAndGatherSearch() { return bake::thesisRandomSearches(645, 1)[644]; }

TEST(PlanShotGathering, ASearchWhoseBestPathBrakesOntoTheTightestCircleThenGathersSpeedIsWithinFivePercentOfAStar) {
    const bake::RandomSearch s = brakeAndGatherSearch();
    trackwright::MovementPlanner planner(1u << 20, 8192);
    const trackwright::PlanResult alone = planner.plan(s.vehicle, s.start, s.goal, bake::thesisSettings());
    ASSERT_TRUE(alone.found());
    const trackwright::PlanSettings settings = bake::shotSettings();
    const trackwright::PlanResult shot = planner.plan(s.vehicle, s.start, s.goal, settings);
    ASSERT_TRUE(shot.found());
    EXPECT_LE(shot.time, alone.time * 1.05f) << "A* alone: " << alone.time << " s";
    const auto path = planner.path();
    EXPECT_TRUE(trackwright::MovementPlanner::reachesGoal(path.back().state, s.goal, settings.tolerance));
    // The way A* drives it: slower than the start somewhere in the turn, and gathering speed while
    // still turning at the lateral limit.
    float slowest = s.start.speed;
    bool gathersInTheTurn = false;
    for (std::size_t i = 1; i < path.size(); ++i) {
        slowest = std::min(slowest, path[i].state.speed);
        const bool turning = path[i].length > 0.0f && std::abs(path[i].turn) > 0.5f * path[i].length * s.vehicle.maxLateralAcceleration /
                                                                                    (path[i].state.speed * path[i].state.speed);
        gathersInTheTurn |= turning && path[i].state.speed > path[i - 1].state.speed + 1e-3f && path[i].state.speed > slowest + 0.5f;
    }
    EXPECT_LT(slowest, s.start.speed - 0.5f) << "it brakes onto a tighter circle";
    EXPECT_TRUE(gathersInTheTurn) << "and gathers speed as the turn widens";
}

TEST(PlanShotGathering, ImprovingWithTheBrakingShapeNeverMakesAShotSlowerAndKeepsItAtTheGoal) {
    trackwright::PlanShotWorkspace workspace;
    int improved = 0;
    for (const bake::RandomSearch& s : bake::thesisRandomSearches(100, 7)) {
        trackwright::PlanShot shot;
        if (!trackwright::findPlanShot(s.vehicle, s.start, s.goal, {}, {}, 1.0f, workspace, shot)) continue;
        const double before = shot.duration();
        if (!trackwright::improvePlanShot(s.vehicle, s.goal, {}, {}, 1.0f, shot, 64, true)) continue;
        ++improved;
        EXPECT_LT(shot.duration(), before);
        std::vector<trackwright::PlanStep> steps(static_cast<std::size_t>(trackwright::shotStepCount(shot, 1.0)));
        ASSERT_TRUE(trackwright::sampleShot(shot, 1.0, 0.0f, steps.data(), static_cast<int>(steps.size())));
        ASSERT_FALSE(steps.empty());
        EXPECT_TRUE(trackwright::MovementPlanner::reachesGoal(steps.back().state, s.goal, {}));
        for (const trackwright::PlanStep& step : steps)
            EXPECT_LE(step.state.speed, s.vehicle.maxSpeed + 1e-3f);
    }
    EXPECT_GT(improved, 10);
}

} // namespace
