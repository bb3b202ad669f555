#include "trackwright/traffic/follow_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

float trafficSpeedLimit(const CarTraffic& traffic, float speed, float braking, const FollowRules& r, bool tightBrakingZone) {
    float limit = std::numeric_limits<float>::infinity();
    const float v = std::max(0.0f, speed);
    const float b = std::max(0.1f, r.brakingFraction * braking);
    for (int k = 0; k < traffic.aheadCount; ++k) {
        const TrafficNeighbour& n = traffic.ahead[k];
        if (std::min(n.lateralGap, n.lateralGapAtCatch) >= r.inTheWayLateralGap) continue;
        const float vAhead = std::max(0.0f, n.speed);
        const float desired = r.standstillGap + r.headway * v;
        const float follow = vAhead + (n.gap - desired) / r.gapClosingTime;
        const float theirStop = n.maxBraking > 0.0f ? vAhead * vAhead / (2.0f * n.maxBraking) : 0.0f;
        const float room = n.gap - r.standstillGap + theirStop;
        const float cap = room > 0.0f ? std::sqrt(2.0f * b * room) : 0.0f;
        limit = std::min(limit, std::min(follow, cap));
    }
    const float margin = tightBrakingZone ? std::max(r.alongsideMargin, r.brakingZoneMargin) : r.alongsideMargin;
    for (int k = 0; k < traffic.alongsideCount; ++k) {
        const TrafficNeighbour& n = traffic.alongside[k];
        if (n.lateralGap < margin && n.centre > 0.0f) limit = std::min(limit, n.speed - r.backOffSpeed);
    }
    return std::max(0.0f, limit);
}

float alongsideSteering(const CarTraffic& traffic, float steering, float holdSteering, float steeringPerAcceleration, const FollowRules& r) {
    for (int k = 0; k < traffic.alongsideCount; ++k) {
        const TrafficNeighbour& n = traffic.alongside[k];
        if (n.lateralGap >= r.steeringMargin) continue;
        // Lateral speed towards the other car (positive: closing on it).
        const float towards = traffic.lateralSpeed * n.side;
        const float cap = holdSteering - steeringPerAcceleration * r.alongsideGain * towards * n.side;
        steering = n.side > 0.0f ? std::min(steering, cap) : std::max(steering, cap);
    }
    return std::clamp(steering, -1.0f, 1.0f);
}

} // namespace trackwright

namespace trackwright {

float steeringPerLateralAcceleration(float speed, float wheelbase, float maxSteeringAngle) {
    const float v = std::max(5.0f, std::abs(speed));
    return maxSteeringAngle > 0.0f ? wheelbase / (v * v) / maxSteeringAngle : 0.0f;
}

} // namespace trackwright
