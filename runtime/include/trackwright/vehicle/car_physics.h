#pragma once

#include "trackwright/format/car_description.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// What a game's car description (format::CarDescription) means to the runtime: its limits at each
/// speed and the reference model's parameters, derived by physics alone — nothing tuned per car.

/// N at the driven wheels at `speed` m/s in forward gear `gear` (0 = first) at full throttle: the
/// torque curve at the engine speed the gear gives (held at the curve's first rpm below it, a
/// launch on the clutch), times the gear, final drive and efficiency, over the wheel radius;
/// 0 above the rev limit or for a gear the car lacks.
double wheelForce(const format::EngineDescription& engine, double speed, int gear);

/// The gear (0 = first) with the most force at the wheels at `speed` m/s: where a driver shifts.
int bestGear(const format::EngineDescription& engine, double speed);

/// The reference model's parameters for the car (vehicle_limits.h reads the envelope from them):
/// - lateral grip and tyre braking μ·g at rest on the level (μ at the car's own load: the reference
///   load's μ moved by the load sensitivity), the load sensitivity per weight of the car;
/// - downforce ρ·Cl·A/(2m) and drag ρ·Cd·A/(2m), 1/m; rolling resistance c_rr·g;
/// - the brakes' limit brakeForce/m; the engine's power: the most of wheelForce·v over the speeds,
///   over m; maxAcceleration the most force the gears give (first gear at its torque peak),
///   capped by the traction of the driven wheels (μ·g·drivenLoadShare);
/// - top speed where the best gear's force no longer beats drag and rolling resistance, at most the
///   top gear's rev limit;
/// - wheelbase, steering lock (and rate, when given), width.
/// For a description format::carDescriptionProblem refuses, the car preset's parameters.
VehicleParameters vehicleFromCar(const format::CarDescription& car);

} // namespace trackwright
