#pragma once

#include "bake/lines/min_curvature_line.h"

#include "formats/source/track_document.h"
#include "formats/baked/format_names.h"

#include <vector>

namespace bake {

/// Where a line of offsets runs: each node of the route moved along its perpendicular.
std::vector<formats::Vec2> offsetLinePoints(const formats::TrackDocument& document, std::uint32_t route, const std::vector<double>& offsets);

/// A correlated move (race-track chapter §39.6): node `centre`'s offset shifted by `step`, its
/// neighbours within `falloff` nodes by a raised-cosine share of it, each kept within `bounds`.
void applyCorrelatedMove(std::vector<double>& offsets, std::size_t centre, double step, const LineBounds& bounds, bool closed, int falloff);

/// Signed curvature of the circle through a, b, c (positive turning left): 2·cross(b−a, c−a) / (|ab||bc||ca|).
inline double circleCurvature(formats::Vec2 a, formats::Vec2 b, formats::Vec2 c) {
    const double d = formats::length(b - a) * formats::length(c - b) * formats::length(a - c);
    return d > 0.0 ? 2.0 * formats::cross(b - a, c - a) / d : 0.0;
}

} // namespace bake
