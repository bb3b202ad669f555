#pragma once

#include <cstdint>

namespace trackwright {

/// π, spelled out: M_PI is POSIX, not C++, and MSVC leaves it undefined unless asked.
inline constexpr double kPlanPi = 3.14159265358979323846;

/// A point of the car-type state space (x, y, φ, v) of the AIPATH thesis (§3.1): metres, heading in
/// radians counter-clockwise from +x, speed in m/s along the heading (negative when reversing; the
/// velocity is collinear with the heading, §4.3.3).
struct PlanState {
    float x = 0.0f;
    float y = 0.0f;
    float heading = 0.0f;
    float speed = 0.0f;
};

/// One state of a planned path and the action that led to it (the first step is the start).
struct PlanStep {
    PlanState state;
    float time = 0.0f;          ///< s since the start
    float turn = 0.0f;          ///< heading change of the action, rad (left positive)
    float acceleration = 0.0f;  ///< m/s² of speed magnitude gained (negative braking)
    float length = 0.0f;        ///< m driven into this state (0 turning on the spot, and at the start)
    std::int8_t direction = 0;  ///< +1 forwards, −1 backwards, 0 turning on the spot (or the start)
};

} // namespace trackwright
