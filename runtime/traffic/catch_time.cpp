#include "trackwright/traffic/catch_time.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

namespace {
constexpr float kNever = std::numeric_limits<float>::infinity();
}

float catchTime(float gap, float speed, float leaderSpeed, float leaderBraking) {
    if (!(gap > 0.0f)) return 0.0f;
    const double v = speed, vl = std::max(0.0f, leaderSpeed);
    const double b = leaderBraking > 0.0f ? leaderBraking : 1e-3;
    const double g = gap;
    const double stop = vl / b;
    // While the car ahead brakes: ½·b·t² + (v − v_l)·t − g = 0, first positive root.
    const double p = v - vl;
    const double disc = p * p + 2.0 * b * g;
    const double t = (-p + std::sqrt(disc)) / b;
    if (t <= stop) return static_cast<float>(t);
    // After it stops: the gap left, closed at this car's speed.
    if (!(v > 0.0)) return kNever;
    return static_cast<float>((g + vl * vl / (2.0 * b)) / v);
}

float timeToCollision(float gap, float speed, float leaderSpeed) {
    if (!(gap > 0.0f)) return 0.0f;
    const float closing = speed - leaderSpeed;
    return closing > 0.0f ? gap / closing : kNever;
}

float brakingDistanceMargin(float speed, float braking, float leaderSpeed, float leaderBraking) {
    const float v = std::max(0.0f, speed), vl = std::max(0.0f, leaderSpeed);
    const float own = braking > 0.0f ? v * v / (2.0f * braking) : 0.0f;
    const float theirs = leaderBraking > 0.0f ? vl * vl / (2.0f * leaderBraking) : 0.0f;
    return std::max(0.0f, own - theirs);
}

} // namespace trackwright
