#pragma once

#include "bake/sim/simulated_car.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <string>

namespace bake {

/// The setup every car of a race on `track` shares (`twbake race`, the race tests): `preset`'s
/// vehicle, the baked class named after it (else the first), and that class's `racing` line on the
/// main route, else the main route's first line. `line` is format::kNoRoute when the main route has
/// no line at all.
CarSetup raceCarSetup(const trackwright::BakedTrack& track, trackwright::VehiclePreset preset = trackwright::VehiclePreset::Car);

/// The same for the baked class `className` driven as `vehicle` (a track's class with its car:
/// class_vehicle.h), its hints and its racing line.
CarSetup raceCarSetup(const trackwright::BakedTrack& track, const std::string& className, const trackwright::VehicleParameters& vehicle);

} // namespace bake
