#pragma once

#include "bake/pipeline/speed_profile.h"
#include "formats/source/track_document.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace bake {

/// The vehicle a class describes, as the runtime's reference model and followers take it: its car's
/// physics (trackwright/vehicle/car_physics.h) when it has one, each limit and envelope term the class
/// writes (non-zero) winning over the derived one; else its constants and envelope terms on the car
/// preset's other parameters (a class without a car that writes no drag keeps the preset's).
trackwright::VehicleParameters classVehicle(const formats::VehicleClass& vehicleClass);

/// The class with every limit and envelope term filled: those it writes, the rest derived from its
/// car (what is baked into the class record and shown by `dump`). A class without a car as it is.
formats::VehicleClass resolvedClass(const formats::VehicleClass& vehicleClass);

/// The limits its speed hints and lap times obey: the resolved constants, and the envelope
/// (SpeedLimits::car, classVehicle) when the class has a car or writes any envelope term.
SpeedLimits classSpeedLimits(const formats::VehicleClass& vehicleClass);

} // namespace bake
