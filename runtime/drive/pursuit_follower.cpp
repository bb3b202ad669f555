#include "trackwright/drive/pursuit_follower.h"

#include "trackwright/track/curvature.h"
#include "trackwright/track/line_tracking.h"
#include "trackwright/track/road_surface.h"
#include "trackwright/drive/steering.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {
constexpr float kGravityFloat = static_cast<float>(kGravity);  // the paper's a_lat·g in float, as eq. 1 has always been computed
constexpr int kMaxWaypoints = 32;
} // namespace

PursuitFollower::PursuitFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const PursuitParameters& parameters)
    : m_track(track), m_line(line), m_sampler(track, line, vehicleClass), m_p(parameters), m_stuck(parameters.stuck) {}

void PursuitFollower::reset() {
    m_integral = 0.0f;
    m_stuck.reset();
}

float PursuitFollower::computeTargetSpeed(format::Vec2 position, float lineDistance) const {
    // Algorithm 1: P̃ = [r, p2 … pN], each p a further Δh along the line.
    format::Vec2 points[kMaxWaypoints];
    const int n = std::clamp(m_p.waypointCount, 3, kMaxWaypoints);
    points[0] = position;
    for (int i = 1; i < n; ++i) points[i] = m_sampler.sample(lineDistance + m_p.waypointSpacing * static_cast<float>(i)).position;
    double kappaMax = 0.0;
    for (int i = 0; i + 2 < n; ++i) kappaMax = std::max(kappaMax, bezierMaxCurvature(points[i], points[i + 1], points[i + 2]));
    const double v = kappaMax > 0.0 ? m_strength * std::sqrt(m_p.lateralAccelerationG * kGravityFloat / kappaMax) : m_p.maxSpeed;  // eq. 1
    return std::clamp(static_cast<float>(v), m_p.minSpeed, m_p.maxSpeed);
}

Controls PursuitFollower::update(const FollowerInput& in) {
    if (Controls held; holdsStill(in, m_sampler.valid(), held)) return held;
    if (in.registration.defined && in.registration.route == m_track.view.lines[m_line].route)
        m_lineDistance = lineDistanceAt(m_track, m_line, in.registration);

    m_targetSpeed = m_pace * computeTargetSpeed(in.state.position, m_lineDistance);
    const float lookahead = m_p.lookaheadMin + m_p.lookaheadTime * std::max(0.0f, in.state.speed);
    m_targetPoint = m_sampler.sample(m_lineDistance + lookahead).position;
    float steering = purePursuitSteering(in.state, m_targetPoint, m_p.wheelbase, m_p.maxSteeringAngle);
    if (m_traffic) {
        // Follow the car ahead in the way; never steer into a car alongside (traffic/follow_rules.h).
        m_targetSpeed = std::min(m_targetSpeed, trafficSpeedLimit(*m_traffic, std::max(0.0f, in.state.speed), m_p.maxBraking, m_p.follow));
        const float curvature = m_sampler.sample(m_lineDistance).curvature;
        const float hold = m_p.maxSteeringAngle > 0.0f ? std::atan(m_p.wheelbase * curvature) / m_p.maxSteeringAngle : 0.0f;
        steering = alongsideSteering(*m_traffic, steering, hold, steeringPerLateralAcceleration(in.state.speed, m_p.wheelbase, m_p.maxSteeringAngle), m_p.follow);
    }

    // PI speed control; the integral only grows while the output is not saturated in its direction.
    const float error = m_targetSpeed - in.state.speed;
    const float unclamped = m_p.speedGainP * error + m_p.speedGainI * m_integral;
    if (std::abs(unclamped) < 1.0f || (error > 0.0f) != (m_integral > 0.0f))
        m_integral = std::clamp(m_integral + error * in.dt, -m_p.integralLimit, m_p.integralLimit);
    const float throttle = std::clamp(m_p.speedGainP * error + m_p.speedGainI * m_integral, -1.0f, 1.0f);

    const float progress = in.registration.defined ? in.registration.distance : NAN;
    const StuckContext context{&in.state, &m_sampler, m_lineDistance};
    return m_stuck.update(progress, wrapLength(m_track, m_line), in.dt, {steering, throttle, false}, &context);
}

TeleportRequest PursuitFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    m_integral = 0.0f;
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
