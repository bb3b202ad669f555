#include "trackwright/plan/plan_actions.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

constexpr float kDegree = static_cast<float>(M_PI / 180.0);

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

namespace {

/// advancePose, written straight into its place: returned through memory, the pose was copied out
/// with wider loads than the stores that built it, and the processor stalls on such a load until
/// the stores reach the cache (a third of expandState's time went there).
void placePose(PlanPoseCandidate& p, float x, float y, float heading, double c, double s, float turn, double cosTurn, double sinTurn, int direction,
               float arc) {
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
}

} // namespace

PlanPoseCandidate advancePose(float x, float y, float heading, double c, double s, float turn, int direction, float arc) {
    const double t = turn;
    return advancePose(x, y, heading, c, s, turn, std::cos(t), std::sin(t), direction, arc);
}

PlanPoseCandidate advancePose(float x, float y, float heading, double c, double s, float turn, double cosTurn, double sinTurn, int direction,
                              float arc) {
    PlanPoseCandidate p;
    placePose(p, x, y, heading, c, s, turn, cosTurn, sinTurn, direction, arc);
    return p;
}

void expandState(const PlanState& state, const PlanVehicle& vehicle, const PlanDiscretization& d, float goalSpeed, PlanExpansion& out) {
    out.poseCount = 0;
    out.motionCount = 0;
    out.speedCount = 0;
    const float cell = d.cellSize;
    const double c = std::cos(state.heading), s = std::sin(state.heading);

    for (const int direction : {1, -1}) {
        if (direction > 0 && state.speed < 0.0f) continue;
        if (direction < 0 && (state.speed > 0.0f || !vehicle.canReverse())) continue;
        const PlanActionSet& actions = out.actions.at(std::abs(state.speed), direction, vehicle, d, goalSpeed);
        if (actions.forceCount == 0) continue;
        const int firstSpeed = out.speedCount;
        for (int i = 0; i < actions.forceCount; ++i) out.endSpeeds[out.speedCount++] = static_cast<float>(direction) * actions.forces[i].endSpeed;
        // The set's motions as they are, renumbered past what the other direction added, as far as
        // the expansion has room: a steering gets its pose only if at least one of its motions fits.
        const int turns = std::min(actions.turnCount, kMaxPlanPoses - out.poseCount);
        const int motions = std::min<int>(actions.turnMotions[turns], kMaxPlanMotions - out.motionCount);
        PlanMotion* added = std::copy_n(actions.motions, motions, out.motions + out.motionCount) - motions;
        if (out.poseCount != 0 || firstSpeed != 0) {
            for (int m = 0; m < motions; ++m) {
                added[m].pose = static_cast<std::uint8_t>(added[m].pose + out.poseCount);
                added[m].speed = static_cast<std::uint8_t>(added[m].speed + firstSpeed);
            }
        }
        out.motionCount += motions;
        for (int t = 0; t < turns && actions.turnMotions[t] < motions; ++t) {
            const PlanActionSet::Turn& turn = actions.turns[t];
            placePose(out.poses[out.poseCount++], state.x, state.y, state.heading, c, s, turn.angle, turn.cos, turn.sin, direction, cell);
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

} // namespace trackwright
