#include "trackwright/drive/waypoint_follower.h"

#include "trackwright/track/line_tracking.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

WaypointFollower::WaypointFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const WaypointParameters& parameters)
    : m_track(track), m_line(line), m_sampler(track, line, vehicleClass), m_p(parameters), m_stuck(parameters.stuck) {}

void WaypointFollower::reset() {
    m_hasWaypoint = false;
    m_stuck.reset();
}

Controls WaypointFollower::update(const FollowerInput& in) {
    if (Controls held; holdsStill(in, m_sampler.valid(), held)) return held;
    const std::uint32_t route = m_track.view.lines[m_line].route;
    if (in.registration.defined && in.registration.route == route) m_lineDistance = lineDistanceAt(m_track, m_line, in.registration);
    if (!m_hasWaypoint) {
        m_waypointDistance = (std::floor(m_lineDistance / m_p.spacing) + 1.0f) * m_p.spacing;
        m_hasWaypoint = true;
    }
    format::Vec2 waypoint = m_sampler.sample(m_waypointDistance).position;
    if (format::length(waypoint - in.state.position) <= m_p.radius) {
        m_waypointDistance += m_p.spacing;
        waypoint = m_sampler.sample(m_waypointDistance).position;
    }
    const format::Vec2 toWaypoint = waypoint - in.state.position;
    const double distance = format::length(toWaypoint);
    const format::Vec2 velocity{std::cos(in.state.heading), std::sin(in.state.heading)};

    // Turn decision: trial turns left and right, compared by their dot products with the waypoint.
    const double trial = m_p.trialTurnDegrees * M_PI / 180.0;
    const auto turned = [&](double a) { return format::Vec2{velocity.x * std::cos(a) - velocity.y * std::sin(a), velocity.x * std::sin(a) + velocity.y * std::cos(a)}; };
    const double decision = format::dot(turned(trial), toWaypoint) >= format::dot(turned(-trial), toWaypoint) ? 1.0 : -1.0;
    // Turn rate: the angle to the waypoint spread over the time until arrival.
    const double cosAngle = distance > 0.0 ? std::clamp(format::dot(velocity, toWaypoint) / distance, -1.0, 1.0) : 1.0;
    const double angle = std::acos(cosAngle);
    const double speed = std::max(1.0, static_cast<double>(std::abs(in.state.speed)));
    const double timeTillArrival = std::max(in.dt, static_cast<float>((distance - m_p.radius) / speed));
    const double yawRate = decision * angle / timeTillArrival;
    double steering = 0.0;
    if (m_p.maxSteeringAngle > 0.0f) steering = std::atan(yawRate * m_p.wheelbase / speed) / m_p.maxSteeringAngle;
    else steering = yawRate / 1.0;  // tracked: the command is a turn rate

    const float hint = m_sampler.sample(m_lineDistance).speedHint;
    const float target = std::min(hint > 0.0f ? hint : m_p.maxSpeed, m_p.maxSpeed);
    const float throttle = std::clamp(m_p.speedGain * (target - in.state.speed), -1.0f, 1.0f);

    return m_stuck.update(in.registration.defined ? in.registration.distance : NAN, wrapLength(m_track, m_line), in.dt,
                          {std::clamp(static_cast<float>(steering), -1.0f, 1.0f), throttle, false});
}

TeleportRequest WaypointFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    m_hasWaypoint = false;
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
