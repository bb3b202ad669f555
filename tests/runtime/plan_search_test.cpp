// The AIPATH planner (thesis Algorithms 1 and 6, §4.3): goals reached with every physical limit
// kept, the heuristic below the costs it estimates, vehicles that turn on the spot, validity,
// and a search that allocates nothing.

#include "trackwright/plan/plan_search.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <random>

// Counts heap allocations while a test asks for it: the planner must make none per search.
namespace {
std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};
} // namespace

// GCC inlines these into gtest's `new TestClass` and then sees malloc's memory freed by a
// replaced operator delete; the pairing is ours and consistent, so the warning is a false positive.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
    if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
// Every form the rest of the binary may use is replaced, so no memory crosses between the
// sanitizer's allocator and malloc.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return ::operator new(size);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return ::operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace {

using trackwright::PlanState;
using trackwright::PlanStep;

constexpr float kDegree = static_cast<float>(M_PI / 180.0);

trackwright::PlanVehicle thesisCar(float radius = 6.0f, float lateral = 15.0f) {
    return trackwright::carPlanVehicle(radius, lateral, 1.5f, 5.0f, 13.8f);  // §5.1
}

/// Checks that every step of `path` is an action the vehicle can do (§4.3.4–4.3.5): the next state
/// is exactly its length along an arc from the previous one (one cell for the search's own steps,
/// a shot's as long as it says), the speed change within a and d, the speed within the limits, the
/// turn within the turning radius, lateral acceleration and turn rate, and the time the kinematics
/// give.
void expectPhysicallyValid(std::span<const PlanStep> path, const trackwright::PlanVehicle& v, float cellSize) {
    ASSERT_FALSE(path.empty());
    for (std::size_t i = 1; i < path.size(); ++i) {
        const PlanStep& a = path[i - 1];
        const PlanStep& b = path[i];
        const float u0 = std::abs(a.state.speed), u1 = std::abs(b.state.speed);
        const float dt = b.time - a.time;
        EXPECT_GT(dt, 0.0f) << "step " << i;
        if (b.direction == 0) {  // turning on the spot
            ASSERT_TRUE(v.turnsOnSpot) << "step " << i;
            EXPECT_EQ(a.state.x, b.state.x);
            EXPECT_EQ(a.state.y, b.state.y);
            EXPECT_EQ(b.state.speed, 0.0f);
            EXPECT_NEAR(dt, std::abs(b.turn) / v.maxTurnRate, 1e-4f);
            continue;
        }
        EXPECT_GT(b.length, 0.0f) << "step " << i;
        EXPECT_LE(b.length, cellSize + 1e-4f) << "step " << i;
        const float cell = b.length;
        const trackwright::PlanPoseCandidate p = trackwright::advancePose(a.state.x, a.state.y, a.state.heading, std::cos(a.state.heading),
                                                                  std::sin(a.state.heading), b.turn, b.direction, cell);
        EXPECT_NEAR(p.x, b.state.x, 1e-4f) << "step " << i;
        EXPECT_NEAR(p.y, b.state.y, 1e-4f) << "step " << i;
        EXPECT_NEAR(trackwright::wrapAngle(p.heading - b.state.heading), 0.0f, 1e-5f) << "step " << i;
        EXPECT_LE(b.acceleration, v.maxAcceleration + 1e-3f) << "step " << i;
        EXPECT_GE(b.acceleration, -v.maxDeceleration - 1e-3f) << "step " << i;
        EXPECT_NEAR(u1 * u1, u0 * u0 + 2.0f * b.acceleration * cell, 1e-3f) << "step " << i;
        EXPECT_LE(u1, (b.direction > 0 ? v.maxSpeed : v.maxReverseSpeed) + 1e-4f) << "step " << i;
        EXPECT_NEAR(dt, 2.0f * cell / (u0 + u1), 1e-4f) << "step " << i;
        // Direction changes only through standstill.
        if (a.state.speed != 0.0f) {
            EXPECT_EQ(a.state.speed > 0.0f, b.direction > 0) << "step " << i;
        }
        const float turn = std::abs(b.turn);
        if (v.turningRadius > 0.0f) {
            EXPECT_LE(turn, cell / v.turningRadius + 1e-5f) << "step " << i;
        }
        if (v.maxLateralAcceleration > 0.0f) {
            const float peak = std::max(u0, u1);
            EXPECT_LE(turn / cell * peak * peak, v.maxLateralAcceleration + 1e-2f) << "step " << i << ": v²κ over the limit";
        }
        if (v.maxTurnRate > 0.0f) {
            EXPECT_LE(turn, v.maxTurnRate * dt + 1e-5f) << "step " << i;
        }
    }
}

TEST(PlanSearch, StraightAheadIsFoundByTheProbeAlone) {
    trackwright::MovementPlanner planner(1 << 14, 512);
    const PlanState start{0.0f, 0.0f, 0.0f, 5.0f}, goal{20.0f, 0.0f, 0.0f, 5.0f};
    trackwright::PlanSettings settings;
    settings.tolerance.speed = 0.5f;
    const trackwright::PlanResult r = planner.plan(thesisCar(), start, goal, settings);
    ASSERT_TRUE(r.found()) << trackwright::planStatusName(r.status);
    EXPECT_TRUE(r.byProbe);
    EXPECT_EQ(r.iterations, r.probeIterations);
    EXPECT_EQ(r.iterations, 21u) << "one expansion per metre, plus the goal";
    expectPhysicallyValid(planner.path(), thesisCar(), 1.0f);
}

TEST(PlanSearch, FromRestToTheGoalsSpeedWithinTheThesisTolerance) {
    // The thesis's 0.1 m/s (§5.1): speeds built from whole-cell steps of a few discrete forces
    // rarely land in so narrow a window; the goal's speed as one more exact intensity lets the
    // probe reach it. (Without it this search ran out of its 10⁵ iterations.)
    trackwright::MovementPlanner planner(1 << 18, 512);
    const PlanState start{0.0f, 0.0f, 0.0f, 0.0f}, goal{38.0f, 2.0f, 0.0f, 5.0f};
    const trackwright::PlanResult r = planner.plan(thesisCar(), start, goal, trackwright::PlanSettings{});
    ASSERT_TRUE(r.found()) << trackwright::planStatusName(r.status) << " after " << r.iterations;
    EXPECT_TRUE(r.byProbe);
    EXPECT_NEAR(planner.path().back().state.speed, 5.0f, 0.1f);
    expectPhysicallyValid(planner.path(), thesisCar(), 1.0f);
}

TEST(PlanSearch, ReachesGoalsAroundTheCarKeepingEveryLimit) {
    trackwright::MovementPlanner planner(1 << 18, 1024);
    const trackwright::PlanVehicle car = thesisCar();
    const PlanState start{0.0f, 0.0f, 0.0f, 4.0f};
    const PlanState goals[] = {
        {25.0f, 18.0f, 90.0f * kDegree, 4.0f},    // a left turn
        {30.0f, -6.0f, 0.0f, 0.0f},               // stop beside the line ahead
        {-10.0f, 12.0f, 180.0f * kDegree, 3.0f},  // behind and facing back: a loop
        {40.0f, 0.0f, 0.0f, 9.0f},                // faster than the road ahead allows: a detour
    };
    trackwright::PlanSettings settings;
    for (const PlanState& goal : goals) {
        const trackwright::PlanResult r = planner.plan(car, start, goal, settings);
        ASSERT_TRUE(r.found()) << goal.x << "," << goal.y << ": " << trackwright::planStatusName(r.status);
        ASSERT_FALSE(planner.path().empty());
        EXPECT_TRUE(trackwright::MovementPlanner::reachesGoal(planner.path().back().state, goal, settings.tolerance));
        EXPECT_EQ(planner.path().front().state.x, start.x);
        EXPECT_NEAR(planner.path().back().time, r.time, 1e-6f);
        expectPhysicallyValid(planner.path(), car, settings.discretization.cellSize);
    }
}

TEST(PlanSearch, ACellTableThatGrowsMidSearchSearchesAsOneGrownBefore) {
    // A fresh planner's cell table starts small and doubles during the search, moving every cell;
    // after a large search it starts large. Nodes waiting on the open list must find their cells
    // either way: the same search, node for node.
    const trackwright::PlanVehicle car = thesisCar(6.5f, 12.0f);
    const PlanState start{0.0f, 0.0f, 0.0f, 4.0f}, goal{-20.0f, 31.0f, 2.5f, 9.0f};
    trackwright::PlanSettings settings;
    settings.mode = trackwright::PlanMode::AStarOnly;
    settings.shot.enabled = false;  // the thesis's A*, long enough to grow the table
    settings.iterationLimit = 3000;
    trackwright::MovementPlanner fresh(1 << 17, 2048), grown(1 << 17, 2048);
    trackwright::PlanSettings large = settings;
    large.iterationLimit = 6000;
    ASSERT_GT(grown.plan(car, start, {35.0f, -28.0f, -2.0f, 0.0f}, large).nodes, 4u * settings.iterationLimit);
    const trackwright::PlanResult a = fresh.plan(car, start, goal, settings), b = grown.plan(car, start, goal, settings);
    ASSERT_GT(a.nodes, 4096u) << "the fresh table must grow during the search";
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.iterations, b.iterations);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.time, b.time);
}

TEST(PlanSearch, RefinedHeuristicNeverExceedsTheFoundPathsTime) {
    // Admissibility (§5.4) on the thesis's random setup (§5.1): from the start to the state the path
    // really ends in, the estimate must not exceed the time the path takes.
    trackwright::MovementPlanner planner(1 << 18, 2048);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    int checked = 0;
    for (int i = 0; i < 40; ++i) {
        const trackwright::PlanVehicle car = thesisCar(5.0f + 3.0f * unit(random), 10.0f + 10.0f * unit(random));
        const float distance = 8.0f * car.turningRadius * unit(random), angle = 2.0f * static_cast<float>(M_PI) * unit(random);
        const PlanState start{0.0f, 0.0f, 0.0f, 13.8f * unit(random)};
        const PlanState goal{distance * std::cos(angle), distance * std::sin(angle), trackwright::wrapAngle(6.2831853f * unit(random)), 13.8f * unit(random)};
        trackwright::PlanSettings settings;
        settings.iterationLimit = 15000;
        const trackwright::PlanResult r = planner.plan(car, start, goal, settings);
        if (!r.found()) continue;
        ++checked;
        const PlanState end = planner.path().back().state;
        const trackwright::PlanHeuristic refined(car, end);
        EXPECT_LE(refined(start), r.time + 1e-3) << "search " << i;
    }
    EXPECT_GE(checked, 10);
}

TEST(PlanSearch, ThesisFormOverestimatesWhereACircleCircleCirclePathIsShorter) {
    // Near the start Pinter's four paths are not the shortest (the search found this one, §5.4).
    const trackwright::PlanVehicle car = thesisCar(5.4f, 11.4f);
    const PlanState start{0.0f, 0.0f, 0.0f, 6.23f}, end{-0.5f, 0.7f, 147.7f * kDegree, 6.46f};
    const double pinter = trackwright::turningDistance({0, 0, 0}, {end.x, end.y, end.heading}, car.turningRadius);
    const double dubins = trackwright::turningDistance({0, 0, 0}, {end.x, end.y, end.heading}, car.turningRadius, true);
    EXPECT_GT(pinter, dubins + 15.0);
    const trackwright::PlanHeuristic thesis(car, end, trackwright::PlanHeuristicKind::TraversalTime, trackwright::PlanHeuristicForm::Thesis);
    const trackwright::PlanHeuristic refined(car, end);
    EXPECT_GT(thesis(start), refined(start) + 1.0);
}

TEST(PlanSearch, TankTurnsOnTheSpot) {
    trackwright::MovementPlanner planner(1 << 14, 256);
    const trackwright::PlanVehicle tank = trackwright::tankPlanVehicle(1.0f, 2.5f, 8.0f, 18.0f);
    const PlanState start{5.0f, 5.0f, 0.0f, 0.0f}, goal{5.0f, 5.0f, static_cast<float>(M_PI), 0.0f};
    trackwright::PlanSettings settings;
    const trackwright::PlanResult r = planner.plan(tank, start, goal, settings);
    ASSERT_TRUE(r.found()) << trackwright::planStatusName(r.status);
    for (std::size_t i = 1; i < planner.path().size(); ++i) EXPECT_EQ(planner.path()[i].direction, 0);
    EXPECT_NEAR(r.time, static_cast<float>(M_PI) / tank.maxTurnRate, 1e-3f) << "half a turn at the turn rate";
    EXPECT_EQ(r.length, 0.0f);
    // A car has to drive: a loop back to where it stood, facing the other way.
    const trackwright::PlanResult car = planner.plan(thesisCar(), start, goal, settings);
    ASSERT_TRUE(car.found()) << trackwright::planStatusName(car.status);
    EXPECT_GT(car.length, 2.0f * static_cast<float>(M_PI) * thesisCar().turningRadius * 0.5f);
    for (std::size_t i = 1; i < planner.path().size(); ++i) EXPECT_EQ(planner.path()[i].direction, 1);
    expectPhysicallyValid(planner.path(), thesisCar(), settings.discretization.cellSize);
}

TEST(PlanSearch, TankAndPedestrianKeepTheirLimitsDrivingToAGoalBehind) {
    trackwright::MovementPlanner planner(1 << 18, 512);
    trackwright::PlanSettings settings;
    settings.discretization.steeringStepDeg = 15.0f;
    const PlanState start{0.0f, 0.0f, 0.0f, 0.0f}, goal{-8.0f, 3.0f, static_cast<float>(M_PI), 0.0f};
    for (const trackwright::PlanVehicle& v : {trackwright::tankPlanVehicle(1.0f, 2.5f, 8.0f, 18.0f), trackwright::pedestrianPlanVehicle()}) {
        const trackwright::PlanResult r = planner.plan(v, start, goal, settings);
        ASSERT_TRUE(r.found()) << trackwright::planStatusName(r.status);
        expectPhysicallyValid(planner.path(), v, settings.discretization.cellSize);
    }
}

/// A corridor |y| ≤ 4 with a wall across it from y = −4 to y = 1 at 12 ≤ x ≤ 14: the car must weave.
bool corridor(const void* user, const PlanState&, const PlanState& to) {
    ++*static_cast<int*>(const_cast<void*>(user));
    if (std::abs(to.y) > 4.0f) return false;
    return !(to.x >= 12.0f && to.x <= 14.0f && to.y <= 1.0f);
}

TEST(PlanSearch, ValidityIsNeverViolatedAndTheProbesNodesSeedAStar) {
    trackwright::MovementPlanner planner(1 << 18, 512);
    const trackwright::PlanVehicle car = thesisCar(5.0f);
    const PlanState start{0.0f, -2.0f, 0.0f, 3.0f}, goal{26.0f, -2.0f, 0.0f, 3.0f};
    int calls = 0;
    trackwright::PlanSettings settings;
    settings.tolerance.speed = 0.5f;
    const trackwright::PlanResult r = planner.plan(car, start, goal, settings, {&corridor, &calls});
    ASSERT_TRUE(r.found()) << trackwright::planStatusName(r.status);
    EXPECT_FALSE(r.byProbe) << "the wall stops the greedy probe";
    EXPECT_GT(r.probeIterations, 3u);
    EXPECT_GT(r.iterations, r.probeIterations);
    EXPECT_GT(calls, 0);
    int ignored = 0;
    for (const PlanStep& s : planner.path()) EXPECT_TRUE(corridor(&ignored, s.state, s.state)) << s.state.x << "," << s.state.y;
    expectPhysicallyValid(planner.path(), car, 1.0f);
}

TEST(PlanSearch, NothingValidMeansNoPath) {
    trackwright::MovementPlanner planner(1 << 12, 64);
    trackwright::PlanSettings settings;
    const trackwright::PlanValidity nowhere{[](const void*, const PlanState&, const PlanState&) { return false; }, nullptr};
    const trackwright::PlanResult r = planner.plan(thesisCar(), {0, 0, 0, 2}, {10, 0, 0, 2}, settings, nowhere);
    EXPECT_EQ(r.status, trackwright::PlanStatus::NoPath);
    EXPECT_TRUE(planner.path().empty());
}

TEST(PlanSearch, HeadingsNeedNotBeWrapped) {
    // Callers pass headings straight from their own state (accumulated yaw, degrees turned into
    // radians): whole turns more or less plan the same path, and a huge finite heading ends.
    trackwright::MovementPlanner planner(1 << 17, 256);
    trackwright::PlanSettings settings;
    settings.iterationLimit = 20000;
    const trackwright::PlanResult wrapped = planner.plan(thesisCar(), {0, 0, 0.3f, 4}, {14, 6, 1.2f, 4}, settings);
    ASSERT_TRUE(wrapped.found());
    const float turns = static_cast<float>(6.0 * M_PI);
    const trackwright::PlanResult unwrapped = planner.plan(thesisCar(), {0, 0, 0.3f - turns, 4}, {14, 6, 1.2f + turns, 4}, settings);
    ASSERT_TRUE(unwrapped.found());
    EXPECT_NEAR(unwrapped.time, wrapped.time, 0.05f);
    const trackwright::PlanResult huge = planner.plan(thesisCar(), {0, 0, 1e20f, 4}, {14, 6, -3e19f, 4}, settings);
    EXPECT_TRUE(huge.found() || huge.status == trackwright::PlanStatus::IterationLimit) << trackwright::planStatusName(huge.status);
}

TEST(PlanSearch, IterationLimitAndFixedPoolStopTheSearch) {
    const PlanState start{0.0f, 0.0f, 0.0f, 6.0f}, goal{-3.0f, 1.0f, 2.0f, 11.0f};
    trackwright::PlanSettings settings;
    settings.shot.enabled = false;  // a shot would end this search in a few iterations
    settings.iterationLimit = 500;
    trackwright::MovementPlanner roomy(1 << 16, 64);
    const trackwright::PlanResult limited = roomy.plan(thesisCar(), start, goal, settings);
    EXPECT_EQ(limited.status, trackwright::PlanStatus::IterationLimit);
    EXPECT_EQ(limited.iterations, 500u);
    trackwright::MovementPlanner cramped(300, 64);
    settings.iterationLimit = 100000;
    const trackwright::PlanResult full = cramped.plan(thesisCar(), start, goal, settings);
    EXPECT_EQ(full.status, trackwright::PlanStatus::PoolExhausted);
    EXPECT_LE(full.nodes, 300u);
    EXPECT_EQ(cramped.nodeCapacity(), 300u) << "the pool never grows";
}

TEST(PlanSearch, ASearchAllocatesNothing) {
    trackwright::MovementPlanner planner(1 << 18, 1024);  // every buffer is allocated here, once
    const PlanState start{0.0f, 0.0f, 0.0f, 4.0f}, goal{-10.0f, 12.0f, 180.0f * kDegree, 3.0f};
    trackwright::PlanSettings settings;
    int calls = 0;
    g_allocations = 0;
    g_counting = true;
    const trackwright::PlanResult r = planner.plan(thesisCar(), {0.0f, -2.0f, 0.0f, 3.0f}, {26.0f, -2.0f, 0.0f, 3.0f}, settings, {&corridor, &calls});
    const trackwright::PlanResult again = planner.plan(thesisCar(), start, goal, settings);
    g_counting = false;
    EXPECT_GT(r.iterations + again.iterations, 100u);
    EXPECT_EQ(g_allocations.load(), 0) << "allocations during " << r.iterations + again.iterations << " iterations";
}

} // namespace
