#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <cstdint>

/// Turning a centre line that crosses itself in plan (a figure-eight, Suzuka's crossover) into a
/// track with a bridge: the later pass of each crossing is lifted over the earlier one.
namespace formats {

struct OverpassOptions {
    double maxGradient = 0.06;  ///< steepest ramp up to and down from a bridge
    double margin = 0.5;        ///< m above the track's crossing clearance, so rounding never dips below it
};

/// Lifts, at every place where `route`'s centre line crosses itself, the second pass (in route
/// order) over the first: flat at the first pass's height plus the document's crossing clearance
/// (and `margin`) wherever the two surfaces overlap (walls included, at the crossing's angle), with
/// smoothstep ramps either side no steeper than `maxGradient`. Heights change by adding to each
/// node's z; nothing else moves. One "overpass-lifted" warning per bridge names the crossing links,
/// the lifted nodes and the height; an "overpass-no-room" error when the two passes are too close
/// along the route for the ramps (then nothing is lifted for that crossing).
Diagnostics liftOverpasses(TrackDocument& document, std::uint32_t route, const OverpassOptions& options = {});

} // namespace formats
