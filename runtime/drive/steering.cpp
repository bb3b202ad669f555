#include "trackwright/drive/steering.h"

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

} // namespace trackwright
