#pragma once

#include "bake/pipeline/speed_profile.h"

#include "formats/source/track_document.h"
#include "formats/baked/format_names.h"

#include <vector>

namespace bake {

/// Tangent and signed curvature of a line at each of its points, as the bake stores them: the
/// tangent by eq. 39.1 on the line's own points (race-track chapter §39.3.1), the curvature by
/// eq. 39.3 towards the next point (towards the previous one, negated, at an open line's end).
struct LinePointShape {
    formats::Vec2 tangent;
    double curvature = 0.0;
};
std::vector<LinePointShape> lineShape(const std::vector<formats::Vec2>& points, bool closed);

/// The ideal lap of a class on a line given as points, the way the bake computes its speed hints:
/// curvature as above, then the corner limit and the braking and acceleration passes. For comparing
/// lines that are not on a track's nodes (a peer's racing line).
double idealLapTime(const std::vector<formats::Vec2>& points, bool closed, const formats::VehicleClass& vehicleClass);

} // namespace bake
