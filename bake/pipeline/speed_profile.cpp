#include "bake/pipeline/speed_profile.h"

#include <algorithm>
#include <cmath>

namespace bake {

SpeedProfile computeSpeedProfile(const SpeedProfileInput& input, const SpeedLimits& limits) {
    const std::size_t n = input.curvature.size();
    SpeedProfile profile;
    profile.speed.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double kappa = std::abs(input.curvature[i]);
        double v = kappa > 0.0 ? std::sqrt(limits.maxLateralAcceleration / kappa) : limits.topSpeed;
        v = std::min(v, limits.topSpeed);
        if (i < input.overrides.size() && input.overrides[i]) v = *input.overrides[i];
        profile.speed[i] = v;
    }
    if (n < 2) return profile;

    const std::size_t segments = input.closed ? n : n - 1;
    auto segment = [&](std::size_t i) { return input.segmentLength[i]; };
    // Each pass only lowers speeds, so the passes converge; a closed line needs at most a second lap
    // of each for a limit to propagate all the way round, and that lap ends where a speed stays as
    // it was: everything beyond depends on it alone, so stays too.
    const int laps = input.closed ? 2 : 1;
    for (int lap = 0; lap < laps; ++lap) {
        for (std::size_t k = segments; k-- > 0;) {
            const std::size_t next = (k + 1) % n;
            const double v = std::sqrt(profile.speed[next] * profile.speed[next] + 2.0 * limits.maxBraking * segment(k));
            if (v < profile.speed[k]) profile.speed[k] = v;
            else if (lap > 0) break;
        }
    }
    for (int lap = 0; lap < laps; ++lap) {
        for (std::size_t k = 0; k < segments; ++k) {
            const std::size_t next = (k + 1) % n;
            const double v = std::sqrt(profile.speed[k] * profile.speed[k] + 2.0 * limits.maxAcceleration * segment(k));
            if (v < profile.speed[next]) profile.speed[next] = v;
            else if (lap > 0) break;
        }
    }
    for (std::size_t k = 0; k < segments; ++k) {
        const double mean = profile.speed[k] + profile.speed[(k + 1) % n];
        profile.lapTime += mean > 0.0 ? 2.0 * segment(k) / mean : 0.0;
    }
    return profile;
}

} // namespace bake
