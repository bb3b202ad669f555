#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// The one place a TORCS car description meets the runtime: the product's own car description
// (trackwright/format/car_description.h) and what the runtime makes of it (vehicleFromCar,
// trackwright/vehicle/car_physics.h), the follower's VehicleParameters.

#include "integrations/torcs/common/car_description.h"

#include "trackwright/format/car_description.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright::torcs {

/// The description in the product's format: the same figures, key for key (the JSON the bake reads).
format::CarDescription toProductCar(const CarDescription& car);

/// The follower's vehicle: the runtime's own reading of the car (trackwright::vehicleFromCar: grip
/// μ·g and the load sensitivity, downforce and drag per mass, the brakes' limit, the engine's
/// power, launch and top speed from the torque curve and gears, wheelbase, steer lock, width).
VehicleParameters vehicleFromCar(const CarDescription& car);

/// m/s the engine's power holds against the drag alone (½·ρ·CdA·v³ = P), for a hand check.
float powerLimitedSpeed(const CarDescription& car);
/// m/s in top gear at the rev limiter.
float gearLimitedSpeed(const CarDescription& car);

} // namespace trackwright::torcs
