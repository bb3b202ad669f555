#include "trackwright/traffic/lateral_blend.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

void LateralBlend::update(float target, float maxRate, float maxRateChange, float dt) {
    if (!(dt > 0.0f) || !std::isfinite(target)) return;
    const float error = target - offset;
    // The fastest rate from which the offset still stops at the target: √(2·a·|error|) (constant
    // deceleration), and never more than maxRate.
    const float stopping = std::sqrt(2.0f * maxRateChange * std::abs(error));
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
