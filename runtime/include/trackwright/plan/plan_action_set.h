#pragma once

#include "trackwright/plan/plan_buffer.h"
#include "trackwright/plan/plan_settings.h"
#include "trackwright/plan/plan_vehicle.h"

#include <cstdint>
#include <limits>

namespace trackwright {

/// Up to four intensities either way (PlanDiscretization::accelerationLevels), none, and the goal's speed.
inline constexpr int kMaxPlanForces = 10;
/// No steering, up to 8 multiples of the steering step and an exact limit per force, either side.
inline constexpr int kMaxPlanTurns = 2 * (8 + kMaxPlanForces) + 1;
/// What one expansion holds.
inline constexpr int kMaxPlanPoses = 64;
inline constexpr int kMaxPlanMotions = 224;

/// One composite action (§3.1): a force intensity and a steering intensity held for `duration`.
struct PlanMotion {
    std::uint8_t pose = 0;     ///< index into PlanExpansion::poses
    std::uint8_t speed = 0;    ///< index into PlanExpansion::endSpeeds: motions of one force share it
    float endSpeed = 0.0f;     ///< signed, m/s
    float acceleration = 0.0f; ///< m/s² of speed magnitude gained (negative braking)
    float duration = 0.0f;     ///< s: the action's cost
};

/// The moving actions of one direction of travel at one speed (thesis §3.1, §4.3.4–4.3.5): the force
/// intensities after their exact limits, the steering set with each heading change's cosine and
/// sine, and which forces each steering allows. They depend on the speed, the vehicle and the
/// discretisation only, not on where the vehicle is.
struct PlanActionSet {
    struct Force {
        float acceleration;  ///< of the speed magnitude, m/s²
        float endSpeed;      ///< magnitude, m/s
        float duration;      ///< s
        float turnLimit;     ///< largest heading change over the step, rad
    };
    struct Turn {
        float angle;  ///< rad, left positive
        double cos, sin;
        std::uint16_t forces;  ///< bit i: forces[i] allows this heading change
    };
    Force forces[kMaxPlanForces];
    Turn turns[kMaxPlanTurns];  ///< each allows at least one force
    /// Every steering with every force it allows, steering by steering in the order of `turns`,
    /// forces in their order: pose = the turn's index, speed = the force's, endSpeed signed. An
    /// expansion copies them as they are. turnMotions[t] is where turn t's motions begin
    /// (turnMotions[turnCount] = motionCount); more than an expansion holds are left out.
    PlanMotion motions[kMaxPlanMotions];
    std::uint16_t turnMotions[kMaxPlanTurns + 1] = {};
    int forceCount = 0;
    int turnCount = 0;
    int motionCount = 0;
};

/// The cosine and sine of k steering steps, k = 1…8: a child's heading vector is its parent's
/// turned by these, not a sine and cosine of its own.
struct PlanSteeringTable {
    double cos[9] = {}, sin[9] = {};
};
PlanSteeringTable makeSteeringTable(const PlanDiscretization& discretization);

/// The actions at `speed` (magnitude) in `direction` (+1 forwards, −1 backwards):
///  - each force intensity (full, intermediate, none, braking) over an arc of one cell; the speed
///    after it from v1² = v0² + 2as (eq. 2.1–2.2), the duration 2s / (v0 + v1). Limits are kept
///    exact (§4.3.4): an acceleration that would pass the top speed is cut to reach it, braking
///    that would stop before the cell ends is cut to stop exactly there. Keeping zero speed and
///    braking at standstill are not actions.
///  - steering: heading changes of multiples of the steering step and the exact limit of each
///    force, the tighter of the turning radius, the lateral acceleration at the step's highest speed
///    (r ≥ v²/a_lat, eq. 2.4) and the turn rate over the step's duration.
///  - the goal's speed, when `goalSpeed` (signed, m/s; NaN: none) lies in this direction and one
///    step's force within the limits reaches it exactly: the limit-keeping rule of §4.3.4 applied to
///    the goal. The goal test allows 0.1 m/s (§5.1), and speeds built from a few discrete forces over
///    whole cells hit so narrow a window only by rare combinations; without this intensity A* spends
///    tens of thousands of iterations on them (thesis set-up: 55 of 100 random searches solved within
///    10⁵ iterations without it, 74 with it).
/// Static move ordering (§5.4): accelerating first, then keeping speed, then braking, then the goal's speed.
void buildActionSet(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& discretization,
                    const PlanSteeringTable& steering, float goalSpeed, PlanActionSet& out);

/// No goal speed for buildActionSet and expandState.
inline constexpr float kNoGoalSpeed = std::numeric_limits<float>::quiet_NaN();

/// The action sets a search has built, by speed and direction. Speeds follow from v1² = v0² + 2as
/// with a few discrete forces, so a search meets the same speeds again and again: in the thesis's
/// random searches 89 % of expansions find theirs among 256 sets (71 % among 64, 97 % among 1024);
/// building a set takes up to ten square roots and as many sines and cosines, looking one up
/// none. 256 sets reserve 1.2 MB, touched as they fill. Allocated once; forgets everything when
/// asked for another vehicle, discretisation or goal speed.
class PlanActionCache {
public:
    PlanActionCache();

    /// The actions at `speed` (magnitude) in `direction` for this vehicle, discretisation and goal speed.
    const PlanActionSet& at(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& discretization, float goalSpeed);

private:
    static constexpr int kEntryBits = 8;
    static constexpr std::uint32_t kEntries = 1u << kEntryBits;
    struct Entry {
        std::uint64_t key;  ///< the speed's bits and the direction, + 1; 0: empty
        PlanActionSet actions;
    };
    PlanBuffer<Entry> m_entries;
    bool m_built = false;  ///< whether the entries belong to m_vehicle, m_discretization and m_goalSpeed
    PlanVehicle m_vehicle;
    PlanDiscretization m_discretization;
    float m_goalSpeed = kNoGoalSpeed;
    PlanSteeringTable m_steering;
};

} // namespace trackwright
