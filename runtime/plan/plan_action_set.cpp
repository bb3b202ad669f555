#include "trackwright/plan/plan_action_set.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace trackwright {
namespace {

constexpr float kDegree = static_cast<float>(M_PI / 180.0);
/// No single one-cell step turns more than a quarter turn, whatever the vehicle: agents without a
/// turning radius would otherwise have an unbounded steering range.
constexpr float kMaxTurnPerStep = static_cast<float>(M_PI / 2.0);
static_assert(kMaxPlanForces <= 16, "a turn's forces are a 16-bit mask");

void addForce(PlanActionSet& set, float acceleration, float speed, float limit, float cell, const PlanVehicle& vehicle) {
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
    for (int i = 0; i < set.forceCount; ++i)
        if (std::abs(set.forces[i].endSpeed - endSpeed) < 1e-5f) return;  // two intensities cut to the same limit
    if (set.forceCount == kMaxPlanForces) return;
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
    set.forces[set.forceCount++] = {acceleration, endSpeed, duration, std::min(turnLimit, kMaxTurnPerStep)};
}

bool hasTurn(const PlanActionSet& set, float angle) {
    for (int i = 0; i < set.turnCount; ++i)
        if (std::abs(set.turns[i].angle - angle) < 1e-6f) return true;
    return false;
}

/// Adds a heading change to the steering set unless it is already there.
void addTurn(PlanActionSet& set, float angle, double c, double s) {
    if (!hasTurn(set, angle) && set.turnCount < kMaxPlanTurns) set.turns[set.turnCount++] = {angle, c, s, 0};
}

} // namespace

PlanSteeringTable makeSteeringTable(const PlanDiscretization& d) {
    PlanSteeringTable table;
    const float steeringStep = d.steeringStepDeg * kDegree;
    for (int k = 1; k <= 8; ++k) {
        const double angle = static_cast<float>(k) * steeringStep;
        table.cos[k] = std::cos(angle);
        table.sin[k] = std::sin(angle);
    }
    return table;
}

void buildActionSet(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& d, const PlanSteeringTable& steering,
                    float goalSpeed, PlanActionSet& out) {
    out.forceCount = 0;
    out.turnCount = 0;
    out.motionCount = 0;
    out.turnMotions[0] = 0;
    const float cell = d.cellSize;
    const int levels = std::clamp(d.accelerationLevels, 1, 4);
    const float limit = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    for (int k = levels; k >= 1; --k) addForce(out, vehicle.maxAcceleration * static_cast<float>(k) / static_cast<float>(levels), speed, limit, cell, vehicle);
    addForce(out, 0.0f, speed, limit, cell, vehicle);
    for (int k = 1; k <= levels; ++k) addForce(out, -vehicle.maxDeceleration * static_cast<float>(k) / static_cast<float>(levels), speed, limit, cell, vehicle);
    // The goal's speed (its sign is its direction): stopping exactly is an exact limit already.
    const float goalMagnitude = static_cast<float>(direction) * goalSpeed;
    if (goalMagnitude > 0.0f && goalMagnitude <= limit) {
        const float acceleration = (goalMagnitude * goalMagnitude - speed * speed) / (2.0f * cell);
        if (acceleration <= vehicle.maxAcceleration && acceleration >= -vehicle.maxDeceleration) addForce(out, acceleration, speed, limit, cell, vehicle);
    }
    if (out.forceCount == 0) return;

    // Steering set: none, multiples of the step below the widest limit, every exact limit.
    float widest = 0.0f;
    for (int i = 0; i < out.forceCount; ++i) widest = std::max(widest, out.forces[i].turnLimit);
    addTurn(out, 0.0f, 1.0, 0.0);
    const float steeringStep = d.steeringStepDeg * kDegree;
    const int maxLevels = std::clamp(d.maxSteeringLevelsPerSide, 0, 8);
    for (int k = 1; k <= maxLevels && steeringStep > 0.0f && static_cast<float>(k) * steeringStep < widest - 1e-6f; ++k) {
        addTurn(out, static_cast<float>(k) * steeringStep, steering.cos[k], steering.sin[k]);
        addTurn(out, -static_cast<float>(k) * steeringStep, steering.cos[k], -steering.sin[k]);
    }
    for (int i = 0; i < out.forceCount; ++i) {
        const double turnLimit = out.forces[i].turnLimit;
        if (turnLimit <= 1e-6 || hasTurn(out, out.forces[i].turnLimit)) continue;  // a sine and cosine only when new
        const double cosLimit = std::cos(turnLimit), sinLimit = std::sin(turnLimit);
        addTurn(out, out.forces[i].turnLimit, cosLimit, sinLimit);
        addTurn(out, -out.forces[i].turnLimit, cosLimit, -sinLimit);
    }
    // Which forces allow each steering; a steering none allows goes (none does: the widest force
    // allows every multiple below its limit, each force its own limit).
    int kept = 0;
    for (int t = 0; t < out.turnCount; ++t) {
        PlanActionSet::Turn turn = out.turns[t];
        for (int i = 0; i < out.forceCount; ++i)
            if (std::abs(turn.angle) <= out.forces[i].turnLimit + 1e-6f) turn.forces |= static_cast<std::uint16_t>(1u << i);
        if (turn.forces != 0) out.turns[kept++] = turn;
    }
    out.turnCount = kept;
    for (int t = 0; t < out.turnCount; ++t) {
        for (int i = 0; i < out.forceCount && out.motionCount < kMaxPlanMotions; ++i) {
            if (!(out.turns[t].forces >> i & 1u)) continue;
            const PlanActionSet::Force& f = out.forces[i];
            out.motions[out.motionCount++] = {static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(i), static_cast<float>(direction) * f.endSpeed,
                                              f.acceleration, f.duration};
        }
        out.turnMotions[t + 1] = static_cast<std::uint16_t>(out.motionCount);
    }
}

PlanActionCache::PlanActionCache() : m_entries(kEntries) {}

const PlanActionSet& PlanActionCache::at(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& discretization,
                                         float goalSpeed) {
    const bool sameGoalSpeed = goalSpeed == m_goalSpeed || (std::isnan(goalSpeed) && std::isnan(m_goalSpeed));
    if (!m_built || !(vehicle == m_vehicle) || !(discretization == m_discretization) || !sameGoalSpeed) {
        for (std::uint32_t i = 0; i < kEntries; ++i) m_entries[i].key = 0;
        m_vehicle = vehicle;
        m_discretization = discretization;
        m_goalSpeed = goalSpeed;
        m_steering = makeSteeringTable(discretization);
        m_built = true;
    }
    const std::uint64_t key = (static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(speed)) << 1 | (direction < 0 ? 1u : 0u)) + 1u;
    // Fibonacci hashing: nearby speeds' bit patterns differ in their low bits, the product's top bits mix them.
    Entry& entry = m_entries[static_cast<std::uint32_t>((key * 0x9e3779b97f4a7c15ull) >> (64 - kEntryBits))];
    if (entry.key != key) {
        buildActionSet(speed, direction, vehicle, discretization, m_steering, m_goalSpeed, entry.actions);
        entry.key = key;
    }
    return entry.actions;
}

} // namespace trackwright
