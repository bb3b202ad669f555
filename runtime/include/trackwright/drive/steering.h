#pragma once

#include "trackwright/vehicle/vehicle_state.h"

namespace trackwright {

/// Pure-pursuit steering towards `target` (world metres): road-wheel angle
/// δ = atan(2 L sin α / ld), α the bearing of the target from the heading, ld its distance, L the
/// wheelbase; returned as a command in [-1, 1] of `maxSteeringAngle`. Vehicles without steered wheels
/// (maxSteeringAngle 0, tanks) get the bearing itself scaled so a quarter turn is full lock.
float purePursuitSteering(const VehicleState& state, format::Vec2 target, float wheelbase, float maxSteeringAngle);

/// Bearing of `target` from the car's heading, radians in (−π, π], positive to the left.
float bearingTo(const VehicleState& state, format::Vec2 target);

} // namespace trackwright
