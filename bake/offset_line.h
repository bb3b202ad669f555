#pragma once

#include "formats/track_document.h"
#include "formats/vec.h"

#include <vector>

namespace bake {

/// Where a line of offsets runs: each node of the route moved along its perpendicular.
std::vector<formats::Vec2> offsetLinePoints(const formats::TrackDocument& document, std::uint32_t route, const std::vector<double>& offsets);

/// Signed curvature of the circle through a, b, c (positive turning left): 2·cross(b−a, c−a) / (|ab||bc||ca|).
inline double circleCurvature(formats::Vec2 a, formats::Vec2 b, formats::Vec2 c) {
    const double d = formats::length(b - a) * formats::length(c - b) * formats::length(a - c);
    return d > 0.0 ? 2.0 * formats::cross(b - a, c - a) / d : 0.0;
}

} // namespace bake
