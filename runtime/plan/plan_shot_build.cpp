#include "runtime/plan/plan_shot_build.h"

#include "trackwright/plan/plan_search.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace plan_shot {
namespace {

/// Walks the shot step by step, handing `visit` each step's end state (speed and time from the
/// profile), length, heading change and direction; stops early when `visit` returns false. Each
/// segment is cut where the profile changes between speeding up, cruising and braking, and each
/// piece into equal steps of at most `spacing`: every step is an arc of constant curvature driven
/// at a uniform acceleration, as the search's own actions are (§4.3.5).
template <class Visit>
bool walkShot(const PlanShot& shot, double spacing, Visit visit) {
    double x = shot.from.x, y = shot.from.y, heading = shot.from.heading;  // the travel's heading (tail first: the vehicle's + π)
    double flip = 0.0;
    double along = 0.0;
    int knot = 0;
    const int knots = shot.profile.knotCount();
    std::int8_t direction = 1;
    auto emit = [&](double step, double turn, bool spot) {
        along = std::min(along + step, shot.length());
        double speed = 0.0, time = 0.0;
        shot.profile.at(along, speed, time, spot);
        PlanStep out;
        out.state = {static_cast<float>(x), static_cast<float>(y), wrapAngle(static_cast<float>(heading - flip)), static_cast<float>(direction * speed)};
        out.time = static_cast<float>(time);
        out.turn = static_cast<float>(turn);
        out.length = static_cast<float>(step);
        out.direction = spot ? std::int8_t{0} : direction;
        return visit(out);
    };
    for (int i = 0; i < shot.segmentCount; ++i) {
        const PlanShotSegment& s = shot.segments[i];
        // The travel's heading turns with the direction: tail first it is the vehicle's + π.
        const double segmentFlip = s.direction > 0 ? 0.0 : M_PI;
        heading += segmentFlip - flip;
        flip = segmentFlip;
        direction = s.direction;
        if (s.spotTurn != 0.0) {
            heading += s.spotTurn;
            if (!emit(0.0, s.spotTurn, true)) return false;
            continue;
        }
        const double end = along + s.length;
        // Knots within a millimetre of a cut already made are no cut of their own: a step that
        // short would time and accelerate by rounding noise.
        constexpr double kMinStep = 1e-3;
        while (along < end - 1e-9) {
            // The next cut: a knot inside this segment, or its end.
            while (knot < knots && shot.profile.knotDistance(knot) <= along + kMinStep) ++knot;
            double cut = knot < knots ? std::min(end, shot.profile.knotDistance(knot)) : end;
            if (cut > end - kMinStep) cut = end;
            const int steps = std::max(1, static_cast<int>(std::ceil((cut - along) / spacing - 1e-9)));
            const double step = (cut - along) / steps;
            for (int k = 0; k < steps; ++k) {
                double turn = 0.0;
                if (s.curvature == 0.0) {
                    x += step * std::cos(heading);
                    y += step * std::sin(heading);
                } else {
                    // Position' = (cos θ, sin θ) with θ' = κ: a circle of radius 1/κ.
                    turn = s.curvature * step;
                    x += (std::sin(heading + turn) - std::sin(heading)) / s.curvature;
                    y += (std::cos(heading) - std::cos(heading + turn)) / s.curvature;
                }
                heading += turn;
                if (!emit(step, turn, false)) return false;
            }
            along = cut;  // no drift between the cuts and the steps' sum
        }
    }
    return true;
}

} // namespace

bool shotSpeeds(const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, int direction, double& start, double& end) {
    start = direction * static_cast<double>(from.speed);
    end = direction * static_cast<double>(goal.speed);
    if (start < 0.0) return false;
    if (end < 0.0) {
        if (-end > tolerance.speed) return false;
        end = 0.0;
    }
    return true;
}

bool buildShot(const PlanVehicle& vehicle, const PlanState& from, const TurningPath& path, TurnCombination word, double firstRadius,
               double middleRadius, double lastRadius, double lead, const ArcChain& leadChain, double tail, const ArcChain& chain, int direction, double startSpeed,
               double endSpeed, PlanShot& out, const ArcChain& middleLead, const ArcChain& firstExit) {
    const double topSpeed = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    out.from = from;
    out.reedsShepp = false;
    out.segmentCount = 0;
    // At most: the lead's straight and arcs, the word's three pieces, the tail's straight, arcs and last straight.
    if ((lead > 0.0) + leadChain.count + 3 + firstExit.count + middleLead.count + (tail > 0.0) + chain.count + 1 > SpeedProfile::kMaxPieces)
        return false;
    SpeedPiece pieces[SpeedProfile::kMaxPieces];
    // Stretches under a millimetre (an angle's rounding, a lead of nothing) are left out: a step
    // that short would time and accelerate by rounding noise, and the end moves by far less than
    // the goal's tolerance (the end is checked against it).
    constexpr double kShortest = 1e-3;
    auto addStraight = [&](double length) {
        if (length < kShortest) return;
        out.segments[out.segmentCount] = {length, 0.0, 0.0};
        pieces[out.segmentCount++] = {length, topSpeed, 0.0};
    };
    auto addArc = [&](double arc, double radius, bool left) {
        if (arc <= 0.0 || (radius > 0.0 && radius * arc < kShortest)) return;
        PlanShotSegment& s = out.segments[out.segmentCount];
        SpeedPiece& p = pieces[out.segmentCount++];
        s = {};
        if (radius > 0.0) {
            s.length = radius * arc;
            s.curvature = (left ? 1.0 : -1.0) / radius;
            p = {s.length, arcSpeedCap(vehicle, radius, topSpeed), 0.0};
        } else {
            s.spotTurn = left ? arc : -arc;
            p = {0.0, 0.0, arc / vehicle.maxTurnRate};
        }
    };
    addStraight(lead);
    for (int i = 0; i < leadChain.count; ++i) addArc(std::abs(leadChain.turn[i]), leadChain.radius[i], leadChain.turn[i] > 0.0);
    addArc(path.firstArc, firstRadius, startsLeft(word));
    for (int i = 0; i < firstExit.count; ++i) addArc(std::abs(firstExit.turn[i]), firstExit.radius[i], firstExit.turn[i] > 0.0);
    if (!circleCircleCircle(word)) addStraight(path.straight);
    for (int i = 0; i < middleLead.count; ++i) addArc(std::abs(middleLead.turn[i]), middleLead.radius[i], middleLead.turn[i] > 0.0);
    if (circleCircleCircle(word)) addArc(path.middleArc, middleRadius, !startsLeft(word));
    addArc(path.secondArc, lastRadius, endsLeft(word));
    addStraight(tail);
    for (int i = 0; i < chain.count; ++i) addArc(std::abs(chain.turn[i]), chain.radius[i], chain.turn[i] > 0.0);
    addStraight(chain.after);
    if (out.segmentCount == 0) return false;
    for (int i = 0; i < out.segmentCount; ++i) out.segments[i].direction = static_cast<std::int8_t>(direction);
    return out.profile.build({pieces, static_cast<std::size_t>(out.segmentCount)}, startSpeed, endSpeed, vehicle.maxAcceleration,
                             vehicle.maxDeceleration);
}

bool buildReedsSheppShot(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                         const ReedsSheppPath& word, double radius, PlanShot& out) {
    out.from = from;
    out.reedsShepp = true;
    out.segmentCount = 0;
    SpeedPiece pieces[6];
    constexpr double kShortest = 1e-3;  // as buildShot: no stretch under a millimetre
    for (int i = 0; i < word.count; ++i) {
        const double length = std::abs(word.lengths[i]) * radius;
        if (length < kShortest) continue;
        const std::int8_t direction = word.lengths[i] > 0.0 ? std::int8_t{1} : std::int8_t{-1};
        const double top = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
        PlanShotSegment& s = out.segments[out.segmentCount];
        s = {};
        s.length = length;
        s.direction = direction;
        // Left steering turns the vehicle left going forwards and right going backwards; the
        // travel's heading turns as the vehicle's does.
        if (word.turns[i] == ReedsSheppTurn::Left) s.curvature = direction / radius;
        else if (word.turns[i] == ReedsSheppTurn::Right) s.curvature = -direction / radius;
        const bool cusp = out.segmentCount > 0 && out.segments[out.segmentCount - 1].direction != direction;
        pieces[out.segmentCount++] = {length, s.curvature != 0.0 ? arcSpeedCap(vehicle, radius, top) : top, 0.0, cusp};
    }
    if (out.segmentCount == 0) return false;
    const std::int8_t first = out.segments[0].direction, last = out.segments[out.segmentCount - 1].direction;
    if (from.speed * first < 0.0f) return false;  // moving the other way: it would have to stop first
    double endSpeed = goal.speed * last;
    if (endSpeed < 0.0) {
        if (-endSpeed > tolerance.speed) return false;
        endSpeed = 0.0;
    }
    return out.profile.build({pieces, static_cast<std::size_t>(out.segmentCount)}, std::abs(from.speed), endSpeed, vehicle.maxAcceleration,
                             vehicle.maxDeceleration);
}

bool shotIsValid(const PlanShot& shot, const PlanValidity& validity, double spacing) {
    if (validity.test == nullptr) return true;
    PlanState previous{shot.from.x, shot.from.y, shot.from.heading, 0.0f};
    return walkShot(shot, spacing, [&](const PlanStep& step) {
        const PlanState here{step.state.x, step.state.y, step.state.heading, 0.0f};
        if (!validity(previous, here)) return false;
        previous = here;
        return true;
    });
}

PlanState shotEnd(const PlanShot& shot) {
    PlanState end = shot.from;
    walkShot(shot, std::numeric_limits<double>::infinity(), [&](const PlanStep& step) {
        end = step.state;
        return true;
    });
    return end;
}

double leadExitSpeed(const PlanVehicle& vehicle, const PlanShotShape& shape, double startSpeed, double topSpeed) {
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral) return shape.leadSpeed;
    return shape.firstRadius > 0.0 ? std::min(startSpeed, arcSpeedCap(vehicle, shape.firstRadius, topSpeed)) : 0.0;
}

bool buildShape(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                const PlanShotShape& shape, PlanShot& out) {
    double startSpeed = 0.0, endSpeed = 0.0;
    if (shape.word < 0 || !shotSpeeds(from, goal, tolerance, shape.direction, startSpeed, endSpeed)) return false;
    const double a = vehicle.maxAcceleration, d = vehicle.maxDeceleration;
    const double lead = shape.leadLength;
    ArcChain leadChain, chain;
    auto mirrored = [](ArcChain c, bool right) {
        if (right)
            for (int i = 0; i < c.count; ++i) c.turn[i] = -c.turn[i];
        return c;
    };
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral)
        leadChain = mirrored(spiral(vehicle, startSpeed, shape.leadSpeed, d), shape.lead == PlanShotShape::RightBrakingSpiral);
    if (shape.tail == PlanShotShape::GoalArc) {
        chain.count = 1;
        chain.radius[0] = radiusFor(vehicle, endSpeed);
        chain.turn[0] = shape.tailTurn;
    } else if (shape.tail == PlanShotShape::LeftSpiral || shape.tail == PlanShotShape::RightSpiral) {
        chain = mirrored(spiral(vehicle, shape.tailFrom, shape.tailTo, a), shape.tail == PlanShotShape::RightSpiral);
    }
    chain.after = shape.tailLength;  // the straight into the goal, after the arcs if any
    const TurnCombination word = kWords[shape.word];
    double firstRadius = shape.firstRadius;
    const double topSpeed = shape.direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    if (const double entry = leadExitSpeed(vehicle, shape, startSpeed, topSpeed); shape.leadGatherTo > entry + 1e-3) {
        const ArcChain gather = mirrored(spiral(vehicle, entry, shape.leadGatherTo, a), !startsLeft(word));  // eq. 2.1
        if (leadChain.count + gather.count > ArcChain::kMaxArcs) return false;
        for (int i = 0; i < gather.count; ++i) {
            leadChain.radius[leadChain.count] = gather.radius[i];
            leadChain.turn[leadChain.count++] = gather.turn[i];
        }
        firstRadius = std::max(firstRadius, radiusFor(vehicle, shape.leadGatherTo));
    }
    if (const double exit = shape.lastRadius > 0.0 ? arcSpeedCap(vehicle, shape.lastRadius, topSpeed) : 0.0; shape.lastGatherTo > exit + 1e-3) {
        if (shape.lastRadius <= 0.0) return false;
        const ArcChain gather = mirrored(spiral(vehicle, exit, shape.lastGatherTo, a), !endsLeft(word));  // eq. 2.1
        if (chain.count + gather.count > ArcChain::kMaxArcs) return false;
        for (int i = chain.count - 1; i >= 0; --i) {
            chain.radius[i + gather.count] = chain.radius[i];
            chain.turn[i + gather.count] = chain.turn[i];
        }
        for (int i = 0; i < gather.count; ++i) {
            chain.radius[i] = gather.radius[i];
            chain.turn[i] = gather.turn[i];
        }
        chain.count += gather.count;
    }
    const ShotEnds ends(from, goal, shape.direction);
    TurningPath path;
    double middleRadius = shape.middleRadius > 0.0 ? shape.middleRadius : firstRadius;
    ArcChain middleLead, firstExit;
    if (!circleCircleCircle(word) && firstRadius > 0.0 && shape.firstGatherTo > arcSpeedCap(vehicle, firstRadius, topSpeed) + 1e-3)
        firstExit = mirrored(spiral(vehicle, arcSpeedCap(vehicle, firstRadius, topSpeed), shape.firstGatherTo, a), !startsLeft(word));  // eq. 2.1
    if (circleCircleCircle(word) && shape.middleTo > shape.middleFrom + 1e-3) {
        middleLead = mirrored(spiral(vehicle, shape.middleFrom, shape.middleTo, a), startsLeft(word));  // eq. 2.1
        middleRadius = std::max(middleRadius, radiusFor(vehicle, shape.middleTo));
    } else if (!circleCircleCircle(word) && shape.lastRadius > 0.0 && shape.lastBrakeFrom > arcSpeedCap(vehicle, shape.lastRadius, topSpeed) + 1e-3) {
        middleLead = mirrored(spiral(vehicle, shape.lastBrakeFrom, arcSpeedCap(vehicle, shape.lastRadius, topSpeed), vehicle.maxDeceleration),
                              !endsLeft(word));  // eq. 2.2
    }
    if (!shotPath(ends.inner(lead, leadChain, 0.0, chain), word, firstRadius, middleRadius, shape.lastRadius, tolerance.position, path,
                  shape.middleSide, middleLead, firstExit))
        return false;
    return buildShot(vehicle, from, path, word, firstRadius, middleRadius, shape.lastRadius, lead, leadChain, 0.0, chain, shape.direction, startSpeed,
                     endSpeed, out, middleLead, firstExit);
}

} // namespace plan_shot

int shotStepCount(const PlanShot& shot, double spacing) {
    int steps = 0;
    plan_shot::walkShot(shot, spacing, [&](const PlanStep&) { return ++steps, true; });
    return steps;
}

bool sampleShot(const PlanShot& shot, double spacing, float startTime, PlanStep* out, int capacity) {
    if (shotStepCount(shot, spacing) > capacity) return false;
    PlanState before = shot.from;
    int count = 0;
    plan_shot::walkShot(shot, spacing, [&](const PlanStep& step) {
        PlanStep& s = out[count++];
        s = step;
        s.time += startTime;
        if (step.length > 0.0f)
            s.acceleration = (step.state.speed * step.state.speed - before.speed * before.speed) / (2.0f * step.length);
        before = step.state;
        return true;
    });
    return true;
}

} // namespace trackwright
