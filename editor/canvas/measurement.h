#pragma once

#include "formats/baked/format_names.h"

#include <optional>
#include <vector>

namespace editor {

/// What the Measure tool reads off its points: the first two give a distance and a bearing, a third
/// the radius of the circle through all three (a corner's radius, read off the centre line).
struct Measurement {
    double distance = 0.0;  ///< m, first to second point
    double bearing = 0.0;   ///< degrees counter-clockwise from east, [0, 360)
    std::optional<double> radius;  ///< m, the circle through the three points; none while collinear or fewer than three
};

/// The measurement of `points` (two or three of them; fewer give zeros).
Measurement measure(const std::vector<formats::Vec2>& points);

} // namespace editor
