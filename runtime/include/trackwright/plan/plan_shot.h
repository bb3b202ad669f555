#pragma once

#include "trackwright/plan/plan_settings.h"
#include "trackwright/plan/plan_speed_profile.h"
#include "trackwright/plan/plan_state.h"
#include "trackwright/plan/plan_turning_distance.h"
#include "trackwright/plan/plan_validity.h"
#include "trackwright/plan/plan_vehicle.h"

#include <cstdint>
#include <limits>
#include <memory>

namespace trackwright {

/// One stretch of a shot: an arc of constant curvature, a straight (curvature 0), or a turn on the
/// spot (length 0, `spotTurn` radians).
struct PlanShotSegment {
    double length = 0.0;     ///< m travelled
    double curvature = 0.0;  ///< 1/m, the travel's heading change per metre, left positive (backwards: of the tail-first travel)
    double spotTurn = 0.0;   ///< rad turned at standstill (vehicles that turn on the spot)
    std::int8_t direction = 1;  ///< +1 forwards, −1 backwards; the vehicle stops where it changes (a cusp)
};

/// The analytic final approach of hybrid A* (Dolgov et al. 2008, "Practical search techniques in
/// path planning for autonomous driving", §3): from a searched state, the exact shortest turning
/// path to the goal pose — one of Dubins's six words (1957), driven all forwards or, for a vehicle
/// that reverses, all backwards, or for such a vehicle one of Reeds and Shepp's 48 words with cusps
/// (1990; a three-point turn is one) — on turning circles no tighter than the vehicle's and wide enough
/// for the speeds they are driven at. Generalisations let the speed change where a single circle
/// could not: the first and last circle of a circle–straight–circle word may differ (a wide turn at
/// the start's speed, a tight one at the goal's); a word may begin with the straight a car needs to
/// brake down to its first circle's speed, or with a spiral that brakes as it tightens (arcs on the
/// circles for the falling speeds), and end with the straight it needs to gather the goal's speed,
/// an arc at the goal's speed after a tighter one, or a spiral that gathers speed as it widens (all
/// the way to the goal's speed, or part of it, the rest on a straight into the goal) — the
/// car at full braking or throttle and at its lateral limit, as the best paths of the thesis's
/// set-up drive (A* finds such spirals after tens of thousands of expansions). Along it, the
/// fastest speed profile that keeps
/// the acceleration, braking, lateral and turn-rate limits (AIPATH thesis §2.3) and ends at the
/// goal's speed. Its time is exact, so a path that ends in a shot is timed as honestly as one built of
/// search steps.
/// How a Dubins-like shot is made, in numbers that vary continuously (improvePlanShot moves them):
/// the word, its circles' radii (a circle–circle–circle word's three each its own), what leads into
/// the first circle (a braking straight down to its speed, or a spiral that brakes as it tightens,
/// then one that gathers speed as it widens), what comes between the circles (a spiral gathering
/// speed out of the first circle, or into the middle one, or braking onto the last), and what
/// follows the last one to the
/// goal (a spiral gathering speed as it widens, then a straight gathering the goal's speed, an arc
/// at the goal's speed, or a spiral that gathers speed as it widens, then a straight for the rest).
struct PlanShotShape {
    enum Lead : std::uint8_t { NoLead, BrakingStraight, LeftBrakingSpiral, RightBrakingSpiral };
    enum Tail : std::uint8_t { NoTail, GatheringStraight, GoalArc, LeftSpiral, RightSpiral };
    std::int8_t word = -1;          ///< index of the word (LSL, RSR, LSR, RSL, LRL, RLR); −1: none (Reeds–Shepp)
    std::int8_t direction = 1;      ///< +1 forwards, −1 backwards
    double firstRadius = 0.0, lastRadius = 0.0;  ///< m
    double middleRadius = 0.0;      ///< m, a circle–circle–circle word's middle circle (0: the first's)
    /// Which of the two middle circles touching both outer ones (+1, −1 the side of the line
    /// between the outer centres, looking from the first); 0: the shorter path's.
    std::int8_t middleSide = 0;
    /// m/s a spiral that gathers speed as it widens, on the middle circle's hand before it, begins
    /// and ends at (a circle–circle–circle word's; the middle circle then no tighter than the end
    /// speed allows). middleTo no more than middleFrom: none.
    double middleFrom = 0.0, middleTo = 0.0;
    /// m/s a spiral that brakes as it tightens, on the last circle's hand between the straight and
    /// that circle (a circle–straight–circle word's), begins at, ending at the speed the circle
    /// allows. No more than that speed: none.
    double lastBrakeFrom = 0.0;
    /// m/s a spiral that gathers speed as it widens, on the first circle's hand between that circle
    /// and the straight (a circle–straight–circle word's), ends at, from the speed the circle
    /// allows: the way out of a first turn taken at its slowest. No more than that speed: none.
    double firstGatherTo = 0.0;
    Lead lead = NoLead;
    double leadLength = 0.0;        ///< m of straight from the start (before a braking spiral)
    double leadSpeed = 0.0;         ///< m/s the braking spiral ends at
    Tail tail = NoTail;
    double tailTurn = 0.0;          ///< rad of the goal arc, left positive
    double tailFrom = 0.0, tailTo = 0.0;  ///< m/s the spiral begins and ends at
    double tailLength = 0.0;        ///< m of straight into the goal (after a goal arc or spiral)
    /// m/s a spiral that gathers speed as it widens, after the lead and on the first circle's hand,
    /// ends at; the first circle then no tighter than that speed allows. 0, or no more than the
    /// speed the lead leaves: none. Only improvePlanShot sets it.
    double leadGatherTo = 0.0;
    /// m/s a spiral that gathers speed as it widens, after the last circle (from the speed that
    /// circle allows) and on its hand, ends at, before the tail. 0, or no more than that speed:
    /// none. Only improvePlanShot sets it.
    double lastGatherTo = 0.0;
};

struct PlanShot {
    PlanState from;                 ///< where it starts: a searched state
    bool reedsShepp = false;        ///< a Reeds–Shepp word (cusps allowed); otherwise a Dubins-like one
    PlanShotShape shape;            ///< how a Dubins-like one is made
    PlanShotSegment segments[SpeedProfile::kMaxPieces];
    int segmentCount = 0;
    SpeedProfile profile;           ///< along the path's length

    double duration() const { return profile.duration(); }
    double length() const { return profile.length(); }
};

/// Scratch memory of findPlanShot: the few thousand candidates one try weighs (about 100 KB),
/// allocated once by whoever shoots (a MovementPlanner owns one), so a try allocates nothing. One
/// try at a time: a workspace is not shared between threads.
class PlanShotWorkspace {
public:
    PlanShotWorkspace();
    ~PlanShotWorkspace();
    PlanShotWorkspace(const PlanShotWorkspace&) = delete;
    PlanShotWorkspace& operator=(const PlanShotWorkspace&) = delete;
    struct Buffers;
    Buffers& buffers() { return *m_buffers; }

private:
    std::unique_ptr<Buffers> m_buffers;
};

/// Looks for the quickest shot from `from` to `goal` whose samples (every `spacing` metres, and
/// every turn on the spot) `validity` accepts, and quicker than `budget` seconds; false when there
/// is none. Radii tried, for either circle: the vehicle's turning radius and the least radius its
/// lateral and turn-rate limits allow at the start speed, the goal speed and two thirds of the top
/// speed; spirals from or to the start's and goal's speeds and the tightest circle's, and spirals off the
/// tightest circle to 20, 40, 60 and 80 % of the way (in v²) to the goal's speed. Two circles too
/// close for their straight by at most the goal's position tolerance touch instead: the shot then
/// ends within the tolerance, as the search's own paths may. Allocates nothing.
/// At most `maxValidated` candidates are walked through `validity` (the quickest first).
[[nodiscard]] bool findPlanShot(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                  const PlanValidity& validity, float spacing, PlanShotWorkspace& workspace, PlanShot& out,
                  double budget = std::numeric_limits<double>::infinity(), std::uint32_t maxValidated = std::numeric_limits<std::uint32_t>::max());

/// A local search on `shot`'s shape (its radii, its spirals' speeds and its straights' lengths,
/// PlanShotShape) from the same start to the same goal — Hooke and Jeeves's pattern search (1961)
/// without the pattern move: each number in turn is moved up and down by a step, a quicker shot
/// kept, the steps halved when none is, at most `evaluations` shots built. The best paths of the
/// thesis's set-up turn on circles between the few radii findPlanShot tries. Keeps the quicker shot
/// when `validity` accepts it and it ends at the goal; false (`shot` unchanged) when none was found.
/// `polish` (the search's final shot, when the search could not prove it near enough the best):
/// more searches, from the two best shapes of each of two families A*'s best paths on the thesis's
/// set-up come in, other than the one found — circle–straight–circle words whose speed changes on a
/// turn (braking onto the tightest circle or keeping the start's speed, then gathering speed as the
/// first or the last turn widens, or braking as the last one tightens; or the first turn taken as a
/// corner: braked into, turned at its slowest, left gathering speed), and, for a goal too near to
/// gather its speed on the way, circle–circle–circle words on circles for the speeds between the
/// start's and the goal's over about the length full throttle takes to gather it. Each runs while
/// it gains, twice at most. Allocates nothing.
bool improvePlanShot(const PlanVehicle& vehicle, const PlanState& goal, const PlanGoalTolerance& tolerance, const PlanValidity& validity,
                     float spacing, PlanShot& shot, int evaluations = 64, bool polish = false);

/// How many steps sampleShot writes for `shot` at `spacing` metres: each segment in equal steps of
/// at most `spacing`, a turn on the spot in one.
int shotStepCount(const PlanShot& shot, double spacing);

/// The shot as path steps (its start not included), times counted from `startTime`: each step an
/// arc of constant curvature with the speed and time of the profile at its end. Writes
/// shotStepCount steps; false, writing nothing, when more than `capacity`.
bool sampleShot(const PlanShot& shot, double spacing, float startTime, PlanStep* out, int capacity);

} // namespace trackwright
