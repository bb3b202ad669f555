#include "trackwright/traffic/catch_up.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

bool validCatchUpPolicy(const CatchUpPolicy& p) {
    const auto within = [](float v, float low, float high) { return std::isfinite(v) && v >= low && v <= high; };
    return within(p.deadband, 0.0f, 600.0f) && within(p.gain, 0.0f, 1.0f) && within(p.maxHelp, 0.0f, 0.5f) && within(p.maxSlow, 0.0f, 0.5f) &&
           p.reference >= CatchUpPolicy::kFieldMedian;
}

float catchUpFactor(const CatchUpPolicy& p, double gapBehind, float limit) {
    if (!p.enabled || !std::isfinite(gapBehind) || !(limit > 0.0f)) return 1.0f;
    const double beyond = gapBehind > p.deadband ? gapBehind - p.deadband : gapBehind < -p.deadband ? gapBehind + p.deadband : 0.0;
    const double share = std::clamp(static_cast<double>(p.gain) * beyond, -static_cast<double>(p.maxSlow), static_cast<double>(p.maxHelp));
    return static_cast<float>(1.0 + share * std::min(1.0f, limit));
}

} // namespace trackwright
