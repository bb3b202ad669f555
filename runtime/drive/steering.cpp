#include "trackwright/drive/steering.h"

#include "trackwright/vehicle/vehicle_limits.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

float bearingTo(const VehicleState& state, format::Vec2 target) {
    const double dx = target.x - state.position.x, dy = target.y - state.position.y;
    const double c = std::cos(state.heading), s = std::sin(state.heading);
    return static_cast<float>(std::atan2(-dx * s + dy * c, dx * c + dy * s));
}

float purePursuitSteering(const VehicleState& state, format::Vec2 target, float wheelbase, float maxSteeringAngle) {
    const float alpha = bearingTo(state, target);
    if (maxSteeringAngle <= 0.0f) return std::clamp(alpha / static_cast<float>(M_PI / 4), -1.0f, 1.0f);
    const double distance = std::max(1e-3, std::hypot(target.x - state.position.x, target.y - state.position.y));
    double delta = std::atan2(2.0 * wheelbase * std::sin(alpha), distance);
    if (state.speed < -0.1f) delta = -delta;  // reversing: the front wheels steer the tail
    return std::clamp(static_cast<float>(delta / maxSteeringAngle), -1.0f, 1.0f);
}

float UndersteerCompensation::ratio() const {
    if (!(m_askedFiltered > 0.5f * kLeastCurvature)) return 1.0f;
    const float least = m_scaleWithSpeed ? kLeastRatio : kLeastPresetRatio;
    const float measured = std::clamp(m_drivenFiltered / m_askedFiltered, least, kMostRatio);
    // r = L/(L + K v²): 1/r − 1 = K v²/L scales with v², from the speed it was measured at to this one.
    if (!m_scaleWithSpeed || !(m_speedFiltered > kLeastSpeed) || !(m_speed > kLeastSpeed)) return measured;
    const float scale = (m_speed * m_speed) / (m_speedFiltered * m_speedFiltered);
    return std::clamp(1.0f / (1.0f + (1.0f / measured - 1.0f) * scale), least, kMostRatio);
}

float UndersteerCompensation::compensate(float steering, const VehicleState& state, float dt, const VehicleParameters& vehicle) {
    if (!(vehicle.maxSteeringAngle > 0.0f) || !(vehicle.wheelbase > 0.0f)) return steering;
    if (state.speed > kLeastSpeed && std::abs(m_asked) > kLeastCurvature && dt > 0.0f) {
        const float a = std::min(1.0f, dt / kTime);
        const float driven = state.yawRate / state.speed * (m_asked > 0.0f ? 1.0f : -1.0f);
        m_askedFiltered += a * (std::abs(m_asked) - m_askedFiltered);
        m_drivenFiltered += a * (driven - m_drivenFiltered);
        m_speedFiltered += a * (state.speed - m_speedFiltered);
    }
    m_speed = state.speed;
    m_scaleWithSpeed = hasEnvelope(vehicle);
    const float r = ratio();
    if (r == 1.0f) return steering;
    const float curvature = std::tan(steering * vehicle.maxSteeringAngle) / vehicle.wheelbase;
    return std::clamp(std::atan(curvature / r * vehicle.wheelbase) / vehicle.maxSteeringAngle, -1.0f, 1.0f);
}

void UndersteerCompensation::commanded(float steering, const VehicleParameters& vehicle) {
    m_asked = vehicle.wheelbase > 0.0f ? std::tan(std::clamp(steering, -1.0f, 1.0f) * vehicle.maxSteeringAngle) / vehicle.wheelbase : 0.0f;
}

} // namespace trackwright
