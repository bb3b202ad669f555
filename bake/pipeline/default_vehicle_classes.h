#pragma once

#include "formats/source/track_document.h"

#include <vector>

namespace bake {

/// The vehicle classes a bake uses when a track defines none: a GT race car, a road car and a
/// truck, so speed hints cover a fast, a middling and a slow vehicle out of the box.
std::vector<formats::VehicleClass> defaultVehicleClasses();

} // namespace bake
