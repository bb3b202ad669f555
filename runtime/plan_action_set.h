#pragma once

#include "runtime/plan_buffer.h"
#include "runtime/plan_settings.h"
#include "runtime/plan_vehicle.h"

#include <cstdint>

namespace runtime {

inline constexpr int kMaxPlanForces = 9;
/// No steering, up to 8 multiples of the steering step and an exact limit per force, either side.
inline constexpr int kMaxPlanTurns = 2 * (8 + kMaxPlanForces) + 1;

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
    Turn turns[kMaxPlanTurns];
    int forceCount = 0;
    int turnCount = 0;
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
/// Static move ordering (§5.4): accelerating first, then keeping speed, then braking.
void buildActionSet(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& discretization,
                    const PlanSteeringTable& steering, PlanActionSet& out);

/// The action sets a search has built, by speed and direction. Speeds follow from v1² = v0² + 2as
/// with a few discrete forces, so a search meets the same few speeds again and again (about 80 % of
/// expansions find their speed among the last 64); building a set takes up to nine square roots and
/// as many sines and cosines, looking one up none. Allocated once; forgets everything when asked
/// for another vehicle or discretisation.
class PlanActionCache {
public:
    PlanActionCache();

    /// The actions at `speed` (magnitude) in `direction` for this vehicle and discretisation.
    const PlanActionSet& at(float speed, int direction, const PlanVehicle& vehicle, const PlanDiscretization& discretization);

private:
    static constexpr int kEntryBits = 6;
    static constexpr std::uint32_t kEntries = 1u << kEntryBits;
    struct Entry {
        std::uint64_t key;  ///< the speed's bits and the direction, + 1; 0: empty
        PlanActionSet actions;
    };
    PlanBuffer<Entry> m_entries;
    bool m_built = false;  ///< whether the entries belong to m_vehicle and m_discretization
    PlanVehicle m_vehicle;
    PlanDiscretization m_discretization;
    PlanSteeringTable m_steering;
};

} // namespace runtime
