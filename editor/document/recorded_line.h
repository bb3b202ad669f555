#pragma once
// Record a line by driving (issue 49): the path a designer drove in the preview made into one of a
// route's lines, as rFactor and Assetto Corsa modders record the AI line by driving the car.

#include "formats/source/track_document.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace editor {

/// A route's line as a driven path makes it.
struct RecordedLine {
    std::vector<double> offsets;  ///< one per node of the route, metres along its perpendicular, left positive
    std::size_t recorded = 0;     ///< nodes the path crossed (the others kept their offsets)
};

/// Where `path` (world x/y, in the order driven) crossed each node's cross-section of `route`,
/// driving forwards, within its walls: the last such crossing, so the latest of several laps
/// wins. The crossings are smoothed by `passes` of a [1 2 1] / 4 filter along the route (a hand on
/// a keyboard weaves), kept within the walls; nodes the path never crossed keep `previous`'s
/// offset (0 without one).
RecordedLine lineFromPath(const formats::TrackDocument& track, std::uint32_t route, const std::vector<formats::Vec2>& path,
                          const std::vector<double>& previous, int passes = 3);

} // namespace editor
