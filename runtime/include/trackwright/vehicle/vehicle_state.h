#pragma once

#include "trackwright/format/vec.h"

namespace trackwright {

/// What a follower sees of its car. SI units; heading in radians, counter-clockwise from +x.
struct VehicleState {
    format::Vec2 position;
    float heading = 0.0f;
    float speed = 0.0f;    ///< signed, along the heading: negative when reversing
    float yawRate = 0.0f;  ///< rad/s, positive turning left
};

/// What a follower asks of its car.
struct Controls {
    float steering = 0.0f;  ///< [-1, 1], positive steers left
    float throttle = 0.0f;  ///< [-1, 1]; negative brakes, then reverses once stopped
    bool handbrake = false;
};

} // namespace trackwright
