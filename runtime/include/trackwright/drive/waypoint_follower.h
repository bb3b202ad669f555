#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/stuck_manager.h"

namespace trackwright {

/// The blog's waypoint driver. Distances in metres.
struct WaypointParameters {
    float spacing = 12.0f;       ///< m between waypoints taken from the line
    float radius = 5.0f;         ///< m: within it a waypoint counts as reached
    float trialTurnDegrees = 3.0f;  ///< the small trial turns compared by dot products
    float maxSpeed = 40.0f;      ///< m/s cap on the line's speed hints
    float speedGain = 1.0f;      ///< throttle per m/s of speed error
    float wheelbase = 2.6f;
    float maxSteeringAngle = 0.55f;
    StuckParameters stuck;
};

/// [waypoint] Waypoints with a radius along the line: once inside a waypoint's circle the car targets
/// the next one. Which way to turn: simulate a small turn left and right and keep the one whose dot
/// product with the vector to the waypoint is larger. How much: the angle to the waypoint spread
/// over the time until arrival (distance less radius, over speed). Speed from the baked hints.
class WaypointFollower final : public Follower {
public:
    WaypointFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const WaypointParameters& parameters);

    Controls update(const FollowerInput& input) override;
    void reset() override;
    int stuckEvents() const override { return m_stuck.events(); }
    StuckStats stuckStats() const override { return m_stuck.stats(); }
    TeleportRequest takeTeleportRequest() override;

private:
    BakedTrack m_track;  ///< a copy of the view (cheap): the game keeps only the bytes alive
    std::uint32_t m_line;
    LineSampler m_sampler;
    WaypointParameters m_p;
    StuckManager m_stuck;
    bool m_hasWaypoint = false;
    float m_waypointDistance = 0.0f;  ///< along the line
    float m_lineDistance = 0.0f;
};

} // namespace trackwright
