#pragma once

#include "formats/source/track_document.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <vector>

namespace bake {

/// The vehicle class whose speed hints match a preset of the reference vehicle model, named as the
/// preset ("car", "truck" …): the bake and the runtime share one vocabulary, so a game that drives
/// the truck preset finds the "truck" class by the preset's name and its hints ask for speeds the
/// truck reaches.
formats::VehicleClass vehicleClassFor(trackwright::VehiclePreset preset);

/// Adds vehicleClassFor(preset) to `doc` unless a class of the preset's name is there: how
/// `twbake race` and `laps` bake a source track for a preset it may not name.
void addVehicleClassFor(formats::TrackDocument& doc, trackwright::VehiclePreset preset);

/// The vehicle classes a bake uses when a track defines none: one per vehicle preset, in the
/// presets' order (car, truck, tank, armoured, buggy, hovercraft).
std::vector<formats::VehicleClass> defaultVehicleClasses();

} // namespace bake
