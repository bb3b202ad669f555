#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// The one place a car description becomes the runtime's VehicleParameters: what the follower plans
// with until the product reads car descriptions itself (then this file goes).

#include "integrations/torcs/common/car_description.h"

#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright::torcs {

/// The follower's vehicle from a car description, physics only:
/// - lateralGrip = μ0·g (the tyres at their reference load, at low speed: no downforce);
/// - maxBraking = min(brake force, μ0·m·g) / m (the tyres may lock first);
/// - maxAcceleration = min(first gear's force at the torque peak, μ0·g·driven load share·m) / m;
/// - topSpeed = min(the speed where the engine's most power meets the drag, top gear at the limiter);
/// - drag = ½·ρ·CdA / m (1/m); wheelbase, width, maxSteeringAngle = steering lock.
/// The rest keeps VehicleParameters' defaults.
VehicleParameters vehicleFromCar(const CarDescription& car);

/// m/s the engine's power holds against the drag (½·ρ·CdA·v³ = P): the power-limited top speed.
float powerLimitedSpeed(const CarDescription& car);
/// m/s in top gear at the rev limiter.
float gearLimitedSpeed(const CarDescription& car);

} // namespace trackwright::torcs
