#pragma once

#include "trackwright/plan/maneuver.h"
#include "trackwright/drive/maneuver_tracker.h"
#include "trackwright/drive/stuck_stats.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <memory>

namespace trackwright {

class LineSampler;
class RecoveryPlanner;

/// Stuck-manager parameters (path-following paper, "stuck manager" module).
struct StuckParameters {
    float window = 3.0f;          ///< s: progress is judged over this long
    float minProgress = 2.0f;     ///< m along the route within the window, or the car is stuck
    float reverseTime = 1.5f;     ///< s of reversing with opposite steering per stuck event (without a plan)
    int eventsBeforeTeleport = 3; ///< consecutive events without progress before asking to teleport
    float recoveryLookahead = 12.0f;  ///< m along the line to a planned manoeuvre's goal
    int maxReplans = 2;           ///< fresh plans when a manoeuvre goes wrong, before falling back to reversing
    ManeuverDriving driving;      ///< how a planned manoeuvre is driven
};

/// What a planned recovery needs to know, handed over by the follower each tick.
struct StuckContext {
    const VehicleState* state = nullptr;
    const LineSampler* line = nullptr;  ///< the line the follower drives
    float lineDistance = 0.0f;          ///< where the car is level with along it, m
};

/// Watches progress along the route and, when there is too little of it, overrides the controls.
/// With a RecoveryPlanner attached (and a context), it plans a physically valid manoeuvre back onto
/// the line — reversing out, a three-point turn — and drives it (ManeuverTracker), re-planning if
/// it goes wrong; without one, or when no manoeuvre is found, it reverses with the steering
/// inverted for a while, as the paper's stuck manager does. After repeated events without progress
/// it asks for a teleport back onto the line. Allocates nothing per tick: the manoeuvre's buffer is
/// made once, when a planner is attached.
class StuckManager {
public:
    explicit StuckManager(const StuckParameters& parameters = {}) : m_p(parameters) {}

    /// Lends a planner (shared, owned by the caller) and the vehicle it plans for; nullptr detaches.
    /// Set-up time only: the first attach allocates the manoeuvre buffer.
    void attachPlanner(RecoveryPlanner* planner, const VehicleParameters& vehicle);

    /// Feeds this tick's progress (distance along the route, m) and the controls the follower wants;
    /// returns the controls to apply. `routeLength` > 0 unwraps closed routes. `context` enables
    /// planned recovery (with a planner attached).
    Controls update(float distance, float routeLength, float dt, const Controls& wanted, const StuckContext* context = nullptr);
    bool teleportWanted() const { return m_teleportWanted; }
    void clearTeleport();
    int events() const { return m_stats.events; }
    const StuckStats& stats() const { return m_stats; }
    /// Driving a planned manoeuvre right now.
    bool maneuvering() const { return m_tracker.active(); }
    /// The manoeuvre being (or last) driven; nullptr without a planner.
    const Maneuver* maneuver() const { return m_maneuver.get(); }
    void reset();

private:
    /// Plans a manoeuvre to the line ahead and starts driving it; false when none was found.
    bool planRecovery(const StuckContext& context);

    StuckParameters m_p;
    RecoveryPlanner* m_planner = nullptr;
    VehicleParameters m_vehicle;
    std::unique_ptr<Maneuver> m_maneuver;  ///< allocated when a planner is attached: only those cars carry one
    ManeuverTracker m_tracker;
    int m_replans = 0;
    float m_timer = 0.0f;
    float m_progress = 0.0f;       ///< m since the window began
    float m_lastDistance = 0.0f;
    bool m_hasDistance = false;
    float m_reverseLeft = 0.0f;
    int m_eventsWithoutProgress = 0;
    bool m_teleportWanted = false;
    StuckStats m_stats;
};

} // namespace trackwright
