#pragma once

#include "trackwright/plan/plan_search.h"

#include <cstdint>
#include <span>

namespace trackwright {

/// One point of a planned manoeuvre: where the car should be, facing where, how fast (signed,
/// negative reversing), and the way it drives into this point.
struct ManeuverPoint {
    float x = 0.0f, y = 0.0f;
    float heading = 0.0f;
    float speed = 0.0f;
    float time = 0.0f;             ///< s since the manoeuvre began, as planned
    float curvature = 0.0f;        ///< 1/m: heading change per metre of signed travel into this point, tan(δ)/L of a bicycle
    std::int8_t direction = 0;     ///< +1 forwards, −1 backwards, 0 turning on the spot
};

inline constexpr int kMaxManeuverPoints = 160;

/// A physically valid manoeuvre (reverse out, three-point turn …) from the movement planner, in a
/// fixed buffer a follower owns: no allocation when one is planned or driven.
struct Maneuver {
    ManeuverPoint points[kMaxManeuverPoints];
    int count = 0;

    /// Copies a planned path (start first); false, and empty, when it has more points than fit.
    bool assign(std::span<const PlanStep> path);
    float duration() const { return count > 0 ? points[count - 1].time : 0.0f; }
};

} // namespace trackwright
