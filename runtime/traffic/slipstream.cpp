#include "trackwright/traffic/slipstream.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

float slipstreamShare(const CarTraffic& traffic, float speed, float lateral, const SlipstreamRules& rules) {
    const float reach = rules.reachTime * std::max(0.0f, speed);
    if (!(reach > 0.0f) || !(rules.maxDragShare > 0.0f) || !(rules.wakeTime > 0.0f)) return 0.0f;
    float share = 0.0f;
    for (int k = 0; k < traffic.aheadCount; ++k) {
        const TrafficNeighbour& n = traffic.ahead[k];
        if (n.gap >= reach) break;  // nearest first: the rest are further still
        const float behind = std::max(0.0f, n.centre);
        const float across = 1.0f - std::abs(n.lateral - lateral) / std::max(0.1f, n.width + rules.wakeSpread * behind);
        if (!(across > 0.0f)) continue;
        const float back = 1.0f - std::exp(-behind / (rules.wakeTime * speed));  // of the drag that comes back
        share = std::max(share, (1.0f - back * back) * across);
    }
    return std::min(share, rules.maxDragShare);
}

float slipstreamTopSpeedFactor(float share) {
    const float spared = std::clamp(std::isfinite(share) ? share : 0.0f, 0.0f, 0.9f);
    return spared > 0.0f ? std::cbrt(1.0f / (1.0f - spared)) : 1.0f;  // most cars run in no wake: no cube root
}

VehicleParameters inSlipstream(const VehicleParameters& vehicle, float share) {
    VehicleParameters towed = vehicle;
    const float spared = std::clamp(std::isfinite(share) ? share : 0.0f, 0.0f, 0.9f);
    if (spared == 0.0f) return towed;
    towed.drag *= 1.0f - spared;
    towed.topSpeed *= slipstreamTopSpeedFactor(spared);
    return towed;
}

} // namespace trackwright
