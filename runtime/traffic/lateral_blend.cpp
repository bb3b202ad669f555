#include "trackwright/traffic/lateral_blend.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

void LateralBlend::update(float target, float maxRate, float maxRateChange, float dt) {
    if (!(dt > 0.0f) || !std::isfinite(target)) return;
    const float error = target - offset;
    // The fastest rate from which the offset still stops at the target decelerating at a, in
    // whole ticks: v with v·dt + (v − a·dt)·dt + … = |error|, i.e. v = √(2·a·|e| + (a·dt/2)²) − a·dt/2
    // (the continuous √(2·a·|e|) arrives with a rate the last tick would have to drop at once);
    // never more than maxRate.
    const float half = 0.5f * maxRateChange * dt;
    const float stopping = std::sqrt(2.0f * maxRateChange * std::abs(error) + half * half) - half;
    const float wanted = std::copysign(std::min(maxRate, stopping), error);
    rate += std::clamp(wanted - rate, -maxRateChange * dt, maxRateChange * dt);
    float step = rate * dt;
    if ((error > 0.0f && step > error) || (error < 0.0f && step < error)) {  // arrived this tick
        step = error;
        rate = 0.0f;
    }
    offset += step;
}

} // namespace trackwright
