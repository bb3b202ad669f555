#pragma once

#include "formats/baked/format_names.h"

#include <optional>

namespace bake {

/// Length of a link in 3D from its plan length `run` and its rise, metres. A level link keeps its
/// plan length bit for bit (flat tracks bake as they always did).
double linkLength3d(double run, double rise);

/// The vertical component of a point's unit tangent taken in 3D: eq. 39.1's normalised average of
/// the links into and out of it (`backward` = P(i) − P(i−1), `forward` = P(i+1) − P(i), either
/// missing at an open end), i.e. sin of the climb angle there. Its plan part points where the plan
/// tangent does; where the plan parts cancel (a reversal) the forward link alone decides, as
/// formats::computeRouteFrames does. 0 without links.
double verticalTangent(const std::optional<formats::Vec3>& backward, const std::optional<formats::Vec3>& forward);

} // namespace bake
