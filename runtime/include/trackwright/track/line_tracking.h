#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/registrar.h"

namespace trackwright {

/// Distance along `line` (m, from its first point) level with a registration on the line's route:
/// the line's own distances at the segment's two nodes, interpolated by the registration ratio.
/// Followers use it to look ahead along their line from where the car is.
float lineDistanceAt(const BakedTrack& track, std::uint32_t line, const Registration& registration);

} // namespace trackwright
