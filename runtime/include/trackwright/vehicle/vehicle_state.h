#pragma once

#include "trackwright/format/vec.h"
#include "trackwright/track/tick.h"

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
    /// The follower wants to drive backwards (a stuck recovery, a manoeuvre's reversing leg), not to
    /// brake: a game with a gearbox engages reverse and drives with −throttle; once the car moves
    /// backwards a negative throttle is the reverse drive. The reference model needs no flag (its
    /// negative throttle at rest reverses).
    bool reverse = false;
};

} // namespace trackwright
