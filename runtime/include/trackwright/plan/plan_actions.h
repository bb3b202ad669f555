#pragma once

#include "trackwright/plan/plan_action_set.h"
#include "trackwright/plan/plan_settings.h"
#include "trackwright/plan/plan_state.h"
#include "trackwright/plan/plan_vehicle.h"

#include <cstdint>

namespace trackwright {

/// Where an action ends, without its speed: several force intensities share a pose (same steering,
/// same one-cell step), so the search computes validity and turning distances once per pose.
struct PlanPoseCandidate {
    float x = 0.0f, y = 0.0f, heading = 0.0f;
    double cosHeading = 1.0, sinHeading = 0.0;
    float turn = 0.0f;         ///< heading change, rad, left positive
    std::int8_t direction = 0; ///< +1 forwards, −1 backwards, 0 turning on the spot
};

inline constexpr int kMaxPlanSpeeds = 2 * kMaxPlanForces + 1;  ///< forces of either direction, and standstill

/// The children of one node, in a fixed buffer (no allocation).
struct PlanExpansion {
    PlanPoseCandidate poses[kMaxPlanPoses];
    PlanMotion motions[kMaxPlanMotions];
    /// The distinct end speeds (signed): what the search times once an expansion, not once a child.
    float endSpeeds[kMaxPlanSpeeds] = {};
    int poseCount = 0;
    int motionCount = 0;
    int speedCount = 0;
    /// The moving actions by speed: an expansion looks its parent's speed up instead of building them.
    PlanActionCache actions;
};

/// Generates every physically possible child of `state` (§3.1, Figure 3.2; §4.3.4–4.3.5):
///  - moving (forwards, and backwards for vehicles that reverse): the actions of buildActionSet at
///    the state's speed (and `goalSpeed`, see there), each over an arc of one cell; direction
///    changes only through standstill.
///  - at standstill, vehicles that turn on the spot turn by multiples of the spot-turn step, taking
///    |Δφ| / turn rate.
/// Static move ordering (§5.4): accelerating first, then keeping speed, then braking.
void expandState(const PlanState& state, const PlanVehicle& vehicle, const PlanDiscretization& discretization, float goalSpeed,
                 PlanExpansion& out);

/// The pose after travelling `arcLength` metres in `direction` (±1) while the heading changes by
/// `turn` radians at a constant rate: a circular arc (or a straight).
PlanPoseCandidate advancePose(float x, float y, float heading, double cosHeading, double sinHeading, float turn, int direction, float arcLength);
/// The same with the turn's cosine and sine known.
PlanPoseCandidate advancePose(float x, float y, float heading, double cosHeading, double sinHeading, float turn, double cosTurn, double sinTurn,
                              int direction, float arcLength);

/// Heading wrapped to (−π, π].
float wrapAngle(float angle);

} // namespace trackwright
