#pragma once

#include "bake/sim/reference_car.h"
#include "editor/preview/car_attitude.h"

#include "trackwright/track/baked_track.h"

namespace editor::preview {

/// s, the time constant a preview car pitches and rolls with.
inline constexpr double kAttitudeLag = 0.12;

/// How `car` sits on the surface the preview draws under it, with the road's pitch and roll eased
/// from `current` over `dt` seconds (0: at once, as a car placed on the grid). Ghost cars and race
/// cars alike sit this way, so both look the same on a bridge or a banking.
CarAttitude sitOnRoad(const trackwright::BakedTrack& track, const bake::ReferenceCar& car, const CarAttitude& current, double dt);

} // namespace editor::preview
