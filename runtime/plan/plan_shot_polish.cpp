#include "trackwright/plan/plan_shot.h"

#include "trackwright/plan/plan_search.h"

#include "runtime/plan/plan_shot_build.h"
#include "runtime/plan/plan_shot_geometry.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace trackwright {

using namespace plan_shot;

namespace {

/// Hooke and Jeeves's pattern search without the pattern move (1961): each number of `shape` up
/// and down by its step, the first quicker shot kept; the steps halve when none is, a few times.
/// `shape` and `time` become the quickest found; at most `evaluations` shots are built.
void descend(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, PlanShotShape& shape,
             double& time, int evaluations, PlanShot& trial) {
    const double tightest = radiusFor(vehicle, 0.0);
    const double topSpeed = shape.direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    const double widest = std::max(2.0 * tightest, 1.5 * radiusFor(vehicle, topSpeed));
    const bool middleCircle = circleCircleCircle(kWords[shape.word]);
    if (middleCircle && shape.middleRadius <= 0.0) shape.middleRadius = shape.firstRadius;
    struct Knob {
        double PlanShotShape::*field;
        double step, low, high;
    };
    Knob knobs[15];  // every number a shape has, at most
    int knobCount = 0;
    knobs[knobCount++] = {&PlanShotShape::firstRadius, 0.15 * shape.firstRadius, tightest, widest};
    if (middleCircle) knobs[knobCount++] = {&PlanShotShape::middleRadius, 0.15 * shape.middleRadius, tightest, widest};
    if (middleCircle && shape.middleTo > 0.0) {
        knobs[knobCount++] = {&PlanShotShape::middleFrom, 0.5, 0.0, topSpeed};
        knobs[knobCount++] = {&PlanShotShape::middleTo, 0.5, 0.0, topSpeed};
    }
    knobs[knobCount++] = {&PlanShotShape::lastRadius, 0.15 * shape.lastRadius, tightest, widest};
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral)
        knobs[knobCount++] = {&PlanShotShape::leadSpeed, 0.5, 0.0, std::abs(from.speed)};
    knobs[knobCount++] = {&PlanShotShape::leadLength, 1.0, 0.0, 200.0};
    knobs[knobCount++] = {&PlanShotShape::tailLength, 1.0, 0.0, 200.0};
    if (shape.tail == PlanShotShape::GoalArc) knobs[knobCount++] = {&PlanShotShape::tailTurn, 0.25, -2.0 * M_PI, 2.0 * M_PI};
    if (shape.firstRadius > 0.0) {
        if (shape.leadGatherTo == 0.0) shape.leadGatherTo = leadExitSpeed(vehicle, shape, std::abs(from.speed), topSpeed);
        knobs[knobCount++] = {&PlanShotShape::leadGatherTo, 0.5, 0.0, topSpeed};
    }
    // The way out of a first turn only where a seed has one: a number more on every shot's local
    // search doubled the median search's time for no path found quicker.
    if (!middleCircle && shape.firstGatherTo > 0.0) knobs[knobCount++] = {&PlanShotShape::firstGatherTo, 0.5, 0.0, topSpeed};
    if (!middleCircle && shape.lastRadius > 0.0) {
        if (shape.lastBrakeFrom == 0.0) shape.lastBrakeFrom = arcSpeedCap(vehicle, shape.lastRadius, topSpeed);
        knobs[knobCount++] = {&PlanShotShape::lastBrakeFrom, 0.5, 0.0, topSpeed};
    }
    if (shape.lastRadius > 0.0) {
        if (shape.lastGatherTo == 0.0) shape.lastGatherTo = arcSpeedCap(vehicle, shape.lastRadius, topSpeed);
        knobs[knobCount++] = {&PlanShotShape::lastGatherTo, 0.5, 0.0, topSpeed};
    }
    if (shape.tail == PlanShotShape::LeftSpiral || shape.tail == PlanShotShape::RightSpiral) {
        knobs[knobCount++] = {&PlanShotShape::tailFrom, 0.5, 0.0, topSpeed};
        knobs[knobCount++] = {&PlanShotShape::tailTo, 0.5, 0.0, topSpeed};
    }
    auto timeOf = [&](const PlanShotShape& s) {
        if ((s.tail == PlanShotShape::LeftSpiral || s.tail == PlanShotShape::RightSpiral) && !(s.tailFrom < s.tailTo))
            return std::numeric_limits<double>::infinity();
        return buildShape(vehicle, from, goal, tolerance, s, trial) ? trial.duration() : std::numeric_limits<double>::infinity();
    };
    // Circles that touch instead of their straight end off the goal's exact position: a shape
    // moved too far that way is no shot, and the search must not walk on from it (checked on the
    // quicker shapes only, the few a search keeps).
    auto endsAtGoal = [&] { return MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance); };
    if (!std::isfinite(time)) time = timeOf(shape), --evaluations;
    for (int round = 0, built = 0; round < 4 && built < evaluations;) {
        bool moved = false;
        for (int k = 0; k < knobCount && built < evaluations; ++k) {
            for (const double sign : {1.0, -1.0}) {
                PlanShotShape next = shape;
                next.*knobs[k].field = std::clamp(shape.*knobs[k].field + sign * knobs[k].step, knobs[k].low, knobs[k].high);
                if (next.*knobs[k].field == shape.*knobs[k].field) continue;
                ++built;
                const double t = timeOf(next);
                if (t < time && endsAtGoal()) {
                    time = t;
                    shape = next;
                    moved = true;
                    break;
                }
            }
        }
        if (!moved) {
            for (int k = 0; k < knobCount; ++k) knobs[k].step *= 0.5;
            ++round;
        }
    }
}

/// The quickest few shapes of a family a polish has built, each to be descended from: the quickest
/// seed is often not the one whose descent ends best.
struct SeedPool {
    static constexpr int kSize = 3;
    PlanShotShape shapes[kSize];
    double times[kSize];
    SeedPool() { std::fill(std::begin(times), std::end(times), std::numeric_limits<double>::infinity()); }
    void offer(const PlanShotShape& shape, double time) {
        if (!(time < times[kSize - 1])) return;
        for (const double held : times)
            if (held == time) return;  // the same shape, offered by two families' loops
        int at = kSize - 1;
        for (; at > 0 && time < times[at - 1]; --at) {
            times[at] = times[at - 1];
            shapes[at] = shapes[at - 1];
        }
        times[at] = time;
        shapes[at] = shape;
    }
};

/// What the seed families share: the ends, the vehicle, a scratch shot and the pool they feed.
struct Seeding {
    const PlanVehicle& vehicle;
    const PlanState& from;
    const PlanState& goal;
    const PlanGoalTolerance& tolerance;
    PlanShot& trial;
    SeedPool& pool;
    void offer(const PlanShotShape& shape) {
        if (buildShape(vehicle, from, goal, tolerance, shape, trial) && MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance))
            pool.offer(shape, trial.duration());
    }
};

/// Circle–straight–circle words whose speed changes on a turn, as A*'s best paths change it: a
/// start faster than the tightest circle allows brakes onto it on a spiral (a slower one keeps its
/// speed), then the first turn gathers speed as it widens, at full throttle, to where a turn of θ
/// at the lateral limit takes it ((a_lat / a)·ln(v₁ / v₀) radians), with the shot's own tail, with
/// none, or with none and a braking spiral onto the last circle; or the last turn gathers speed,
/// at full throttle and the rest on the straight into the goal; or the first turn taken as a
/// corner — braked into a little or not at all, turned at its slowest, left on a spiral that gathers
/// speed as it widens; or, after such a corner, the last turn a sweep gathering up to the goal's
/// speed over θ (its circle the one for the speed it starts at), with or without a short
/// counter-turn into the goal. θ runs over a few turns (a tail sized for the old turn mostly forces a
/// loop).
void seedSpeedChangingTurns(Seeding& seeding, const PlanShotShape& found) {
    const PlanVehicle& vehicle = seeding.vehicle;
    const double startSpeed = std::abs(seeding.from.speed), endSpeed = std::abs(seeding.goal.speed), a = vehicle.maxAcceleration;
    const double tightest = radiusFor(vehicle, 0.0), tightestSpeed = arcSpeedCap(vehicle, tightest, vehicle.maxSpeed);
    const double lateral = vehicle.maxLateralAcceleration;
    const double logSpeedPerRadian = lateral > 0.0f ? a / lateral : 0.1;
    for (const bool brakes : {true, false}) {
        if (brakes && !(startSpeed > tightestSpeed + 0.1)) continue;
        const double gatherFrom = brakes ? tightestSpeed : startSpeed;
        for (int word = 0; word < 4; ++word) {
            // The found shot's last circle and tail; nothing else of it.
            PlanShotShape base;
            base.word = static_cast<std::int8_t>(word);
            base.lastRadius = found.lastRadius;
            base.tail = found.tail;
            base.tailTurn = found.tailTurn;
            base.tailFrom = found.tailFrom;
            base.tailTo = found.tailTo;
            base.tailLength = found.tailLength;
            if (brakes) {
                base.lead = startsLeft(kWords[word]) ? PlanShotShape::LeftBrakingSpiral : PlanShotShape::RightBrakingSpiral;
                base.leadSpeed = tightestSpeed;
                base.firstRadius = tightest;
            } else {
                base.lead = PlanShotShape::NoLead;
                base.firstRadius = radiusFor(vehicle, startSpeed);
            }
            PlanShotShape untailed = base;
            untailed.tail = PlanShotShape::NoTail;
            untailed.tailLength = 0.0;
            untailed.lastRadius = std::max(base.lastRadius, radiusFor(vehicle, endSpeed));
            const bool tailless = base.tail == PlanShotShape::GatheringStraight || base.tail == PlanShotShape::NoTail;
            for (const double turnDeg : {45.0, 90.0, 135.0, 180.0, 225.0}) {
                const double turn = turnDeg * M_PI / 180.0;
                const double gathered = std::min(static_cast<double>(vehicle.maxSpeed), gatherFrom * std::exp(turn * logSpeedPerRadian));
                PlanShotShape next = base;
                next.leadGatherTo = gathered;
                seeding.offer(next);
                if (tailless) {
                    next = untailed;
                    next.leadGatherTo = gathered;
                    seeding.offer(next);
                    next.lastBrakeFrom = vehicle.maxSpeed;
                    seeding.offer(next);
                }
                PlanShotShape last = base;
                last.tail = PlanShotShape::NoTail;
                last.lastRadius = base.firstRadius;
                const double lastSpeed = arcSpeedCap(vehicle, last.lastRadius, vehicle.maxSpeed);
                last.lastGatherTo = std::min(static_cast<double>(vehicle.maxSpeed), lastSpeed * std::exp(turn * logSpeedPerRadian));
                last.tailLength = endSpeed > last.lastGatherTo ? (endSpeed * endSpeed - last.lastGatherTo * last.lastGatherTo) / (2.0 * a) : 0.0;
                seeding.offer(last);
            }
        }
    }
    // Or the first turn as a corner: braked into (a little, or not at all), turned at its slowest,
    // left on a spiral that gathers speed as it widens over a turn of θ, then the straight.
    for (const double brakeShare : {1.0, 0.92, 0.84})
        for (int word = 0; word < 4; ++word) {
            const double slowest = brakeShare * startSpeed;
            PlanShotShape corner;
            corner.word = static_cast<std::int8_t>(word);
            if (brakeShare < 1.0) {
                corner.lead = startsLeft(kWords[word]) ? PlanShotShape::LeftBrakingSpiral : PlanShotShape::RightBrakingSpiral;
                corner.leadSpeed = slowest;
            }
            corner.firstRadius = radiusFor(vehicle, slowest);
            corner.lastRadius = radiusFor(vehicle, endSpeed);
            const double from = arcSpeedCap(vehicle, corner.firstRadius, vehicle.maxSpeed);
            PlanShotShape sweep = corner;
            for (const double turnDeg : {45.0, 90.0, 135.0, 180.0, 225.0}) {
                const double turn = turnDeg * M_PI / 180.0;
                corner.firstGatherTo = std::min(static_cast<double>(vehicle.maxSpeed), from * std::exp(turn * logSpeedPerRadian));
                seeding.offer(corner);
                // Or the last turn a sweep that gathers speed over all of θ up to the goal's (or
                // nearly, the rest on a straight), into the goal or onto a short counter-turn on
                // the goal's circle: A*'s best paths end so where the sweep's end heading misses
                // the goal's by a little. After the lighter brakings and over 90° or more only:
                // the others found no quicker path on seeds 1–16 and cost a tenth of the p95.
                if (endSpeed > tightestSpeed + 0.1 && brakeShare > 0.9 && turnDeg > 45.0) {
                    sweep.lastRadius = radiusFor(vehicle, endSpeed * std::exp(-turn * logSpeedPerRadian));
                    sweep.lastGatherTo = endSpeed;
                    sweep.tail = PlanShotShape::NoTail;
                    seeding.offer(sweep);
                    sweep.tail = PlanShotShape::GoalArc;
                    sweep.tailTurn = endsLeft(kWords[word]) ? -0.4 : 0.4;
                    seeding.offer(sweep);
                    sweep.lastGatherTo = 0.95 * endSpeed;
                    sweep.tailLength = (endSpeed * endSpeed - sweep.lastGatherTo * sweep.lastGatherTo) / (2.0 * a);
                    seeding.offer(sweep);
                    sweep.tailLength = 0.0;
                }
            }
        }
}

/// Circle–circle–circle words for a goal too near to gather its speed on the way: A*'s best paths
/// wind left, right, left at full throttle over about the length the gathering takes, each turn no
/// tighter than the speed it is driven at allows. Of the words on circles for speeds between the
/// start's and the goal's — the middle turn on its circle alone or first gathering speed on a
/// spiral from one such speed to another, a straight of a share of the gathering into the goal or
/// none — those that long or a little longer whose circles allow the speed full throttle reaches
/// on them (geometry alone: no profile is built); the least too long are built until a pool's worth
/// hold (one that gathers just in time on paper may not, where a circle's cap slows it a little).
/// A middle spiral may begin slower than full throttle would have the car there: over a short first
/// turn A*'s best paths ease off for it (seed 8's search 489 of the thesis's set-up).
void seedWindingWords(Seeding& seeding) {
    const PlanVehicle& vehicle = seeding.vehicle;
    const double startSpeed = std::abs(seeding.from.speed), endSpeed = std::abs(seeding.goal.speed), a = vehicle.maxAcceleration;
    if (!(endSpeed > startSpeed + 0.5) || !(a > 0.0)) return;
    const double v0Squared = startSpeed * startSpeed, gathering = (endSpeed * endSpeed - v0Squared) / (2.0 * a);
    constexpr int kLevels = 6;
    double speeds[kLevels], radii[kLevels];
    for (int k = 0; k < kLevels; ++k) {
        speeds[k] = std::sqrt(v0Squared + (endSpeed * endSpeed - v0Squared) * k / (kLevels - 1.0));
        radii[k] = radiusFor(vehicle, speeds[k]);
    }
    const ShotEnds ends(seeding.from, seeding.goal, 1);
    constexpr int kSeeds = 6;
    double seedMiss[kSeeds];
    PlanShotShape seeds[kSeeds];
    std::fill(seedMiss, seedMiss + kSeeds, std::numeric_limits<double>::infinity());
    auto fullThrottle = [&](double s) { return std::sqrt(v0Squared + 2.0 * a * std::min(s, gathering)); };
    const double slack = 0.02 * endSpeed;
    for (int i = 0; i < kLevels; ++i)
        for (int j = 0; j < kLevels; ++j)
            for (const bool spiralled : {false, true}) {
                if ((spiralled && j <= i) || (!spiralled && ((i > 0 && radii[i] == radii[i - 1]) || (j > 0 && radii[j] == radii[j - 1])))) continue;
                const double m1 = spiralled ? speeds[i] : arcSpeedCap(vehicle, radii[i], vehicle.maxSpeed);
                const double m2 = arcSpeedCap(vehicle, radii[j], vehicle.maxSpeed);
                for (const int word : {4, 5}) {
                    ArcChain middleLead;
                    if (spiralled) {
                        middleLead = spiral(vehicle, m1, m2, a);  // eq. 2.1, on the middle circle's hand
                        if (word == 4)
                            for (int n = 0; n < middleLead.count; ++n) middleLead.turn[n] = -middleLead.turn[n];
                    }
                    for (const double tailShare : {0.0, 0.15, 0.3, 0.45})
                        for (const std::int8_t side : {std::int8_t{1}, std::int8_t{-1}})
                            for (int k = 0; k < kLevels; ++k) {
                                if (endSpeed > arcSpeedCap(vehicle, radii[k], vehicle.maxSpeed) + slack || (k > 0 && radii[k] == radii[k - 1])) continue;
                                const double tail = tailShare * gathering;
                                ShotEnds inner = ends;
                                inner.tailInto(tail, ArcChain{});
                                TurningPath path;
                                if (!circleCircleCircleOf(inner, radii[i], middleLead, radii[j], radii[k], word == 4, side, path)) continue;
                                const double miss = path.length + tail - gathering;
                                if (miss < 0.0 || !(miss < seedMiss[kSeeds - 1])) continue;
                                const double first = radii[i] * path.firstArc, second = first + middleLead.length() + radii[j] * path.middleArc;
                                if (fullThrottle(first) > arcSpeedCap(vehicle, radii[i], vehicle.maxSpeed) + slack || fullThrottle(second) > m2 + slack) continue;
                                int at = kSeeds - 1;
                                for (; at > 0 && miss < seedMiss[at - 1]; --at) {
                                    seedMiss[at] = seedMiss[at - 1];
                                    seeds[at] = seeds[at - 1];
                                }
                                seedMiss[at] = miss;
                                PlanShotShape& seed = seeds[at];
                                seed = PlanShotShape{};
                                seed.word = static_cast<std::int8_t>(word);
                                seed.middleSide = side;
                                seed.firstRadius = radii[i];
                                seed.middleRadius = radii[j];
                                seed.lastRadius = radii[k];
                                seed.tailLength = tail;
                                if (spiralled) seed.middleFrom = m1, seed.middleTo = m2;
                            }
                }
            }
    for (int s = 0, built = 0; s < kSeeds && built < SeedPool::kSize && std::isfinite(seedMiss[s]); ++s) {
        if (!buildShape(vehicle, seeding.from, seeding.goal, seeding.tolerance, seeds[s], seeding.trial) ||
            !MovementPlanner::reachesGoal(shotEnd(seeding.trial), seeding.goal, seeding.tolerance))
            continue;
        ++built;
        seeding.pool.offer(seeds[s], seeding.trial.duration());
    }
}

} // namespace

bool improvePlanShot(const PlanVehicle& vehicle, const PlanState& goal, const PlanGoalTolerance& tolerance, const PlanValidity& validity,
                     float spacing, PlanShot& shot, int evaluations, bool polish) {
    if (shot.reedsShepp || shot.shape.word < 0 || vehicle.turningRadius <= 0.0f) return false;
    PlanShot trial;
    const double original = shot.duration();
    PlanShotShape best = shot.shape;
    double bestTime = original;
    descend(vehicle, shot.from, goal, tolerance, best, bestTime, evaluations, trial);
    if (polish && shot.shape.direction > 0) {
        // The search's final shot: descents from two families of shapes other than the one found
        // (A*'s best paths come in both), the best two seeds of each.
        SeedPool pools[2];
        Seeding turning{vehicle, shot.from, goal, tolerance, trial, pools[0]};
        seedSpeedChangingTurns(turning, shot.shape);
        Seeding winding{vehicle, shot.from, goal, tolerance, trial, pools[1]};
        seedWindingWords(winding);
        for (int s = 0; s < 2 * SeedPool::kSize; ++s) {
            const SeedPool& pool = pools[s / SeedPool::kSize];
            if (!std::isfinite(pool.times[s % SeedPool::kSize])) continue;
            PlanShotShape shape = pool.shapes[s % SeedPool::kSize];
            double time = pool.times[s % SeedPool::kSize];
            // Again while a descent gains: each starts with whole steps, which a halved one
            // cannot take back out of a narrow valley.
            for (int round = 0; round < 2; ++round) {
                const double before = time;
                descend(vehicle, shot.from, goal, tolerance, shape, time, evaluations, trial);
                if (!(time < before)) break;
            }
            // Kept only when it holds on its own: a miss must not cost the first descent's gain.
            if (time < bestTime && buildShape(vehicle, shot.from, goal, tolerance, shape, trial) &&
                MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance) && shotIsValid(trial, validity, spacing)) {
                bestTime = time;
                best = shape;
            }
        }
    }
    if (!(bestTime < original) || !buildShape(vehicle, shot.from, goal, tolerance, best, trial)) return false;
    if (!MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance) || !shotIsValid(trial, validity, spacing)) return false;
    trial.shape = best;
    shot = trial;
    return true;
}

} // namespace trackwright
