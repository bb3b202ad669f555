#pragma once

namespace runtime {

/// A point of the car-type state space (x, y, φ, v) of the AIPATH thesis (§3.1): metres, heading in
/// radians counter-clockwise from +x, speed in m/s along the heading (negative when reversing; the
/// velocity is collinear with the heading, §4.3.3).
struct PlanState {
    float x = 0.0f;
    float y = 0.0f;
    float heading = 0.0f;
    float speed = 0.0f;
};

} // namespace runtime
