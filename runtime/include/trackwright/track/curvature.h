#pragma once

#include "trackwright/format/vec.h"

namespace trackwright {

using format::Vec2;

/// Signed curvature (1/m, positive turning left) at a node from its unit tangent and the next node,
/// by the race-track chapter's construction (eq. 39.3): the tangent at N extends as an arc through
/// the next node P; with θ the angle between tangent and link and d half the link length (the
/// half-chord of that arc), r = d / sin θ. Returned as 1/r so a straight gives 0, not infinity.
double nodeCurvature(Vec2 node, Vec2 unitTangent, Vec2 next);

/// Maximum curvature (1/m, unsigned) of the quadratic Bézier curve with control points p1, p2, p3
/// (path-following paper, eqs. 2–4). With m the midpoint of p1p3 and A the area of the control
/// triangle: if p2 lies outside both spheres of radius |p1 − m|/2 centred between m and each end,
/// κmax = |p2 − m|³ / A² (eq. 3); otherwise the curvature is monotone and peaks at an end,
/// κ = A / |p1 − p2|³ or A / |p3 − p2|³ (eq. 4). Collinear points give 0, or +∞ where the curve
/// doubles back on itself.
double bezierMaxCurvature(Vec2 p1, Vec2 p2, Vec2 p3);

} // namespace trackwright
