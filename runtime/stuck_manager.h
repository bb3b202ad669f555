#pragma once

#include "runtime/vehicle_state.h"

namespace runtime {

/// Stuck-manager parameters (path-following paper, "stuck manager" module).
struct StuckParameters {
    float window = 3.0f;          ///< s: progress is judged over this long
    float minProgress = 2.0f;     ///< m along the route within the window, or the car is stuck
    float reverseTime = 1.5f;     ///< s of reversing with opposite steering per stuck event
    int eventsBeforeTeleport = 3; ///< consecutive events without progress before asking to teleport
};

/// Watches progress along the route and, when there is too little of it, overrides the controls:
/// reverse with the steering inverted for a while, then resume; after repeated events without
/// progress, asks for a teleport back onto the line.
class StuckManager {
public:
    explicit StuckManager(const StuckParameters& parameters = {}) : m_p(parameters) {}

    /// Feeds this tick's progress (distance along the route, m) and the controls the follower wants;
    /// returns the controls to apply. `routeLength` > 0 unwraps closed routes.
    Controls update(float distance, float routeLength, float dt, const Controls& wanted);
    bool teleportWanted() const { return m_teleportWanted; }
    void clearTeleport();
    int events() const { return m_events; }
    void reset();

private:
    StuckParameters m_p;
    float m_timer = 0.0f;
    float m_progress = 0.0f;       ///< m since the window began
    float m_lastDistance = 0.0f;
    bool m_hasDistance = false;
    float m_reverseLeft = 0.0f;
    int m_events = 0;
    int m_eventsWithoutProgress = 0;
    bool m_teleportWanted = false;
};

} // namespace runtime
