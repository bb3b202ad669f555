#include "trackwright/traffic/follow_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

float trafficSpeedLimit(const CarTraffic& traffic, float speed, float braking, const FollowRules& r, bool tightBrakingZone, bool drafting,
                        const float* pathGaps) {
    float limit = std::numeric_limits<float>::infinity();
    const float v = std::max(0.0f, speed);
    const float b = std::max(0.1f, r.brakingFraction * braking);
    for (int k = 0; k < traffic.aheadCount; ++k) {
        const TrafficNeighbour& n = traffic.ahead[k];
        // Drawing apart across (a car pulling out to pass), the gap predicted at the catch time
        // decides: holding the passer at the other car's speed until its side was a metre clear
        // spent the pass's commitment time behind it. Into a tight corner both gaps count.
        const bool apart = !tightBrakingZone && n.lateralGapAtCatch > n.lateralGap;
        const float predicted = apart ? n.lateralGapAtCatch : std::min(n.lateralGap, n.lateralGapAtCatch);
        const float across = pathGaps ? std::min(predicted, pathGaps[k]) : predicted;
        if (across >= r.inTheWayLateralGap) continue;
        const float vAhead = std::max(0.0f, n.speed);
        const float desired = r.standstillGap + (drafting && k == 0 ? r.draftHeadway : r.headway) * v;
        const float follow = vAhead + (n.gap - desired) / r.gapClosingTime;
        if (drafting && k == 0) {  // in the tow on a clear straight: the time gap alone
            limit = std::min(limit, follow);
            continue;
        }
        const float theirStop = n.maxBraking > 0.0f ? vAhead * vAhead / (2.0f * n.maxBraking) : 0.0f;
        const float room = n.gap - r.standstillGap + theirStop;
        const float cap = room > 0.0f ? std::sqrt(2.0f * b * room) : 0.0f;
        limit = std::min(limit, std::min(follow, cap));
    }
    const float margin = tightBrakingZone ? std::max(r.alongsideMargin, r.brakingZoneMargin) : r.alongsideMargin;
    for (int k = 0; k < traffic.alongsideCount; ++k) {
        const TrafficNeighbour& n = traffic.alongside[k];
        if (n.lateralGap < margin && n.centre > 0.0f) limit = std::min(limit, n.speed - r.backOffSpeed);
        const float towards = traffic.lateralSpeed * n.side;
        if (r.driftLiftSpeed > 0.0f && towards > r.driftLiftSpeed && n.lateralGap < r.steeringMargin + r.steeringAnticipation * towards)
            limit = std::min(limit, v - r.backOffSpeed);
    }
    return std::max(0.0f, limit);
}

float brakingReach(float speed, float braking, const TrafficNeighbour& ahead, const FollowRules& r) {
    const float v = std::max(0.0f, speed), vAhead = std::max(0.0f, ahead.speed);
    const float b = std::max(0.1f, r.brakingFraction * braking);
    const float theirStop = ahead.maxBraking > 0.0f ? vAhead * vAhead / (2.0f * ahead.maxBraking) : 0.0f;
    return std::max(0.0f, v * v / (2.0f * b) - theirStop + r.standstillGap);
}

bool mayDraft(const CarTraffic& traffic, float speed, float brakingPoint, float maxBraking, const FollowRules& r) {
    if (traffic.aheadCount == 0 || !(maxBraking > 0.0f)) return false;
    const float v = std::max(0.0f, speed);
    const float clear = v * v / (2.0f * maxBraking) + r.draftClearTime * v;
    const bool alone = traffic.aheadCount < 2 || traffic.ahead[1].gap > traffic.ahead[0].gap + r.draftClearTime * v;
    return brakingPoint > clear && alone;
}

float alongsideSteering(const CarTraffic& traffic, float steering, float holdSteering, float steeringPerAcceleration, const FollowRules& r) {
    for (int k = 0; k < traffic.alongsideCount; ++k) {
        const TrafficNeighbour& n = traffic.alongside[k];
        // Lateral speed towards the other car (positive: closing on it).
        const float towards = traffic.lateralSpeed * n.side;
        if (n.lateralGap >= r.steeringMargin + r.steeringAnticipation * std::max(0.0f, towards)) continue;
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
