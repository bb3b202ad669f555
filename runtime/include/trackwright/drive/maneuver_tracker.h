#pragma once

#include "trackwright/plan/maneuver.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

namespace trackwright {

/// How a manoeuvre is driven. Low speeds: recovery is about getting out, not about lap time.
struct ManeuverDriving {
    float lookahead = 2.0f;        ///< m along the manoeuvre to steer at (pure pursuit)
    float crawlSpeed = 0.8f;       ///< m/s: the least speed aimed for away from a stop
    float comfortBraking = 1.5f;   ///< m/s²: how a stop at a direction change is approached
    float speedGain = 1.0f;        ///< throttle per m/s of speed error
    float cuspTolerance = 0.5f;    ///< m: close enough to a direction change to take it
    float goalTolerance = 1.0f;    ///< m: close enough to the end
    float maxDeviation = 2.0f;     ///< m from the manoeuvre before it counts as failed
    float timeMargin = 4.0f;       ///< s beyond twice the planned duration before it counts as failed
};

/// Drives a planned manoeuvre with the reference vehicle's controls: the manoeuvre is cut at its
/// direction changes into runs; along a run, pure pursuit at a lookahead point (steering the tail
/// when reversing, a yaw-rate command for vehicles without steered wheels), speed from the plan with
/// a comfortable stop before each direction change; turns on the spot turn to the run's heading.
/// Finished at the end, failed when the car strays or takes far longer than planned (then the
/// caller re-plans or gives up). No allocation.
class ManeuverTracker {
public:
    /// Starts driving `maneuver` (owned by the caller, alive while active).
    void start(const Maneuver& maneuver);
    void stop() { m_maneuver = nullptr; }
    Controls update(const VehicleState& state, float dt, const VehicleParameters& vehicle, const ManeuverDriving& driving);

    bool active() const { return m_maneuver != nullptr && !m_finished && !m_failed; }
    bool finished() const { return m_finished; }
    bool failed() const { return m_failed; }

private:
    /// The last point of the run starting at `first` (the point before the direction changes).
    int runEnd(int first) const;

    const Maneuver* m_maneuver = nullptr;
    int m_runStart = 0;
    int m_runEnd = 0;
    int m_nearest = 0;
    float m_elapsed = 0.0f;
    bool m_finished = false;
    bool m_failed = false;
};

} // namespace trackwright
