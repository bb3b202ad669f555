#include "runtime/plan_actions.h"

#include <algorithm>
#include <cmath>

namespace runtime {
namespace {

constexpr float kDegree = static_cast<float>(M_PI / 180.0);
/// No single one-cell step turns more than a quarter turn, whatever the vehicle: agents without a
/// turning radius would otherwise have an unbounded steering range.
constexpr float kMaxTurnPerStep = static_cast<float>(M_PI / 2.0);
constexpr int kMaxForces = 9;
static_assert(kMaxPlanSpeeds >= 2 * kMaxForces + 1, "an end speed per force of either direction, and standstill");

/// A force intensity for one direction of travel, after the exact limits.
struct Force {
    float acceleration;  ///< of the speed magnitude
    float endSpeed;      ///< magnitude
    float duration;
    float turnLimit;     ///< largest heading change over the step, rad
};

struct ForceSet {
    Force forces[kMaxForces];
    int count = 0;
};

void addForce(ForceSet& set, float acceleration, float speed, float limit, float cell, const PlanVehicle& vehicle) {
    float endSpeed;
    const float endSquared = speed * speed + 2.0f * acceleration * cell;
    if (acceleration > 0.0f && endSquared > limit * limit) {
        if (speed >= limit) return;  // already at the limit: keeping speed covers it
        acceleration = (limit * limit - speed * speed) / (2.0f * cell);  // exact limit: reach v_max, no more
        endSpeed = limit;
    } else if (endSquared <= 0.0f) {
        if (speed <= 0.0f) return;  // braking at standstill is not an action
        acceleration = -speed * speed / (2.0f * cell);  // exact limit: stop where the cell ends
        endSpeed = 0.0f;
    } else {
        endSpeed = std::sqrt(endSquared);
    }
    if (speed + endSpeed <= 1e-6f) return;  // keeping zero speed is not an action
    for (int i = 0; i < set.count; ++i)
        if (std::abs(set.forces[i].endSpeed - endSpeed) < 1e-5f) return;  // two intensities cut to the same limit
    if (set.count == kMaxForces) return;
    const float duration = 2.0f * cell / (speed + endSpeed);
    // The tightest turn this step allows: turning radius, lateral acceleration at the step's highest
    // speed (r ≥ v²/a_lat, eq. 2.4), turn rate over the step.
    float radius = vehicle.turningRadius;
    if (vehicle.maxLateralAcceleration > 0.0f) {
        const float peak = std::max(speed, endSpeed);
        radius = std::max(radius, peak * peak / vehicle.maxLateralAcceleration);
    }
    float turnLimit = radius > 0.0f ? cell / radius : kMaxTurnPerStep;
    if (vehicle.maxTurnRate > 0.0f) turnLimit = std::min(turnLimit, vehicle.maxTurnRate * duration);
    set.forces[set.count++] = {acceleration, endSpeed, duration, std::min(turnLimit, kMaxTurnPerStep)};
}

/// A heading change of the steering set, with its cosine and sine.
struct Turn {
    float angle;
    double cos, sin;
};

bool hasTurn(const Turn* turns, int count, float angle) {
    for (int i = 0; i < count; ++i)
        if (std::abs(turns[i].angle - angle) < 1e-6f) return true;
    return false;
}

/// Adds a heading change to the steering set unless it is already there.
void addTurn(Turn* turns, int& count, int capacity, float angle, double c, double s) {
    if (!hasTurn(turns, count, angle) && count < capacity) turns[count++] = {angle, c, s};
}

} // namespace

float wrapAngle(float angle) {
    const float pi = static_cast<float>(M_PI);
    // Most callers are one turn out at most (a sum or difference of wrapped headings): a subtraction
    // is exact enough there and far cheaper than remainder, kept for anything further out.
    if (angle > pi && angle <= 3.0f * pi) angle -= 2.0f * pi;
    else if (angle <= -pi && angle > -3.0f * pi) angle += 2.0f * pi;
    if (angle > pi || angle <= -pi) angle = static_cast<float>(std::remainder(angle, 2.0 * M_PI));
    if (angle <= -pi) angle += 2.0f * pi;
    return angle;
}

PlanPoseCandidate advancePose(float x, float y, float heading, double c, double s, float turn, int direction, float arc) {
    const double t = turn;
    return advancePose(x, y, heading, c, s, turn, std::cos(t), std::sin(t), direction, arc);
}

PlanPoseCandidate advancePose(float x, float y, float heading, double c, double s, float turn, double cosTurn, double sinTurn, int direction,
                              float arc) {
    PlanPoseCandidate p;
    p.turn = turn;
    p.direction = static_cast<std::int8_t>(direction);
    if (std::abs(turn) < 1e-7f) {
        p.x = static_cast<float>(x + static_cast<double>(direction) * arc * c);
        p.y = static_cast<float>(y + static_cast<double>(direction) * arc * s);
        p.cosHeading = c;
        p.sinHeading = s;
    } else {
        // Heading θ(λ) = θ + Δφλ, position' = ±arc·(cos θ(λ), sin θ(λ)): a circle of radius arc/Δφ.
        const double c1 = c * cosTurn - s * sinTurn, s1 = s * cosTurn + c * sinTurn;
        const double radius = direction * static_cast<double>(arc) / turn;
        p.x = static_cast<float>(x + radius * (s1 - s));
        p.y = static_cast<float>(y + radius * (c - c1));
        p.cosHeading = c1;
        p.sinHeading = s1;
    }
    p.heading = wrapAngle(static_cast<float>(static_cast<double>(heading) + turn));
    return p;
}

void expandState(const PlanState& state, const PlanVehicle& vehicle, const PlanDiscretization& d, PlanExpansion& out) {
    out.poseCount = 0;
    out.motionCount = 0;
    out.speedCount = 0;
    const float cell = d.cellSize;
    const double c = std::cos(state.heading), s = std::sin(state.heading);
    const float steeringStep = d.steeringStepDeg * kDegree;
    const int levels = std::clamp(d.accelerationLevels, 1, 4);

    for (const int direction : {1, -1}) {
        if (direction > 0 && state.speed < 0.0f) continue;
        if (direction < 0 && (state.speed > 0.0f || !vehicle.canReverse())) continue;
        const float speed = std::abs(state.speed);
        const float limit = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;

        ForceSet forces;
        for (int k = levels; k >= 1; --k) addForce(forces, vehicle.maxAcceleration * static_cast<float>(k) / static_cast<float>(levels), speed, limit, cell, vehicle);
        addForce(forces, 0.0f, speed, limit, cell, vehicle);
        for (int k = 1; k <= levels; ++k) addForce(forces, -vehicle.maxDeceleration * static_cast<float>(k) / static_cast<float>(levels), speed, limit, cell, vehicle);
        if (forces.count == 0) continue;
        const int firstSpeed = out.speedCount;
        for (int i = 0; i < forces.count; ++i) out.endSpeeds[out.speedCount++] = static_cast<float>(direction) * forces.forces[i].endSpeed;

        // Steering set: none, multiples of the step below the widest limit, every exact limit.
        float widest = 0.0f;
        for (int i = 0; i < forces.count; ++i) widest = std::max(widest, forces.forces[i].turnLimit);
        Turn turns[2 * (8 + kMaxForces) + 1];
        int turnCount = 0;
        constexpr int turnCapacity = static_cast<int>(sizeof turns / sizeof turns[0]);
        addTurn(turns, turnCount, turnCapacity, 0.0f, 1.0, 0.0);
        const int maxLevels = std::clamp(d.maxSteeringLevelsPerSide, 0, 8);
        if (out.steeringStepOfTable != steeringStep) {
            for (int k = 1; k <= 8; ++k) {
                const double angle = static_cast<float>(k) * steeringStep;
                out.steeringCos[k] = std::cos(angle);
                out.steeringSin[k] = std::sin(angle);
            }
            out.steeringStepOfTable = steeringStep;
        }
        for (int k = 1; k <= maxLevels && steeringStep > 0.0f && static_cast<float>(k) * steeringStep < widest - 1e-6f; ++k) {
            addTurn(turns, turnCount, turnCapacity, static_cast<float>(k) * steeringStep, out.steeringCos[k], out.steeringSin[k]);
            addTurn(turns, turnCount, turnCapacity, -static_cast<float>(k) * steeringStep, out.steeringCos[k], -out.steeringSin[k]);
        }
        for (int i = 0; i < forces.count; ++i) {
            const double turnLimit = forces.forces[i].turnLimit;
            if (turnLimit <= 1e-6 || hasTurn(turns, turnCount, forces.forces[i].turnLimit)) continue;  // a sine and cosine only when new
            const double cosLimit = std::cos(turnLimit), sinLimit = std::sin(turnLimit);
            addTurn(turns, turnCount, turnCapacity, forces.forces[i].turnLimit, cosLimit, sinLimit);
            addTurn(turns, turnCount, turnCapacity, -forces.forces[i].turnLimit, cosLimit, -sinLimit);
        }

        for (int t = 0; t < turnCount && out.poseCount < kMaxPlanPoses; ++t) {
            const std::uint8_t poseIndex = static_cast<std::uint8_t>(out.poseCount);
            bool used = false;
            for (int i = 0; i < forces.count && out.motionCount < kMaxPlanMotions; ++i) {
                const Force& f = forces.forces[i];
                if (std::abs(turns[t].angle) > f.turnLimit + 1e-6f) continue;
                out.motions[out.motionCount++] = {poseIndex, static_cast<std::uint8_t>(firstSpeed + i), static_cast<float>(direction) * f.endSpeed,
                                                  f.acceleration, f.duration};
                used = true;
            }
            if (used) out.poses[out.poseCount++] = advancePose(state.x, state.y, state.heading, c, s, turns[t].angle, turns[t].cos, turns[t].sin, direction, cell);
        }
    }

    // Turning on the spot at standstill.
    if (vehicle.turnsOnSpot && state.speed == 0.0f && vehicle.maxTurnRate > 0.0f && d.spotTurnStepDeg > 0.0f) {
        const auto standstill = static_cast<std::uint8_t>(out.speedCount);
        out.endSpeeds[out.speedCount++] = 0.0f;
        for (float angle = d.spotTurnStepDeg; angle <= d.spotTurnMaxDeg + 1e-3f; angle += d.spotTurnStepDeg) {
            for (const float sign : {1.0f, -1.0f}) {
                if (out.poseCount == kMaxPlanPoses || out.motionCount == kMaxPlanMotions) return;
                const float turn = sign * angle * kDegree;
                PlanPoseCandidate p;
                p.x = state.x;
                p.y = state.y;
                p.heading = wrapAngle(state.heading + turn);
                p.cosHeading = std::cos(p.heading);
                p.sinHeading = std::sin(p.heading);
                p.turn = turn;
                p.direction = 0;
                out.motions[out.motionCount++] = {static_cast<std::uint8_t>(out.poseCount), standstill, 0.0f, 0.0f, std::abs(turn) / vehicle.maxTurnRate};
                out.poses[out.poseCount++] = p;
            }
        }
    }
}

} // namespace runtime
