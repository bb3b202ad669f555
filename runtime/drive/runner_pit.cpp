// The runner follower's pit stops: the request and the tick that hands the car to its PitStop
// (drive/pit_stop.h). Kept apart from runner_follower.cpp so the racing and the pitting change apart.
#include "trackwright/drive/runner_follower.h"

#include "trackwright/traffic/driver_profile.h"

namespace trackwright {

PitRequestStatus RunnerFollower::requestPitStop(std::uint32_t boxMarker) {
    // The car's class: the one whose profile the runner drives on (m_firstHint).
    std::uint32_t vehicleClass = 0;
    for (const format::BakedSpeedProfile& p : track().view.speedProfiles)
        if (p.line == m_line && static_cast<std::int64_t>(p.firstHint) == m_firstHint) vehicleClass = p.vehicleClass;
    if (m_firstHint < 0) return PitRequestStatus::NoLine;
    return m_pit.request(track(), m_line, vehicleClass, boxMarker, m_hasDriver ? pitCrewFactor(m_driver) : 1.0f);
}

bool RunnerFollower::updatePit(const FollowerInput& in, Controls& out) {
    PitDriving p;
    p.wheelbase = m_p.vehicle.wheelbase;
    p.maxSteeringAngle = m_p.vehicle.maxSteeringAngle;
    p.maxBraking = m_p.vehicle.maxBraking;
    p.maxAcceleration = m_p.vehicle.maxAcceleration;
    p.brakingFraction = m_p.brakingFraction;
    p.lookaheadMin = m_p.lookaheadMin;
    p.lookaheadTime = m_p.lookaheadTime;
    p.speedGain = m_p.speedGain;
    p.width = m_p.vehicle.width;
    p.length = m_p.length;
    p.follow = m_p.follow;
    const float pace = driverPace();
    const bool wasActive = m_pit.active();
    const bool driving = m_pit.drive(in, m_traffic, pace, p, out);
    if (wasActive && !m_pit.active()) {
        // Back on the main route: the runner and the stuck manager start afresh from the car.
        m_hasRunner = false;
        m_stuck.reset();
        m_corner = {};
        m_offset = 0.0f;
    }
    if (driving) {
        m_stuck.reset();  // a car standing in its box is not stuck
        m_hasRunner = false;
    }
    return driving;
}

} // namespace trackwright
