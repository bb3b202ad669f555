#pragma once

#include "formats/source/track_document.h"

#include <cstddef>
#include <vector>

/// The Sketch tool's curve: a centripetal Catmull–Rom spline (α = ½, as Unity Splines and most
/// drawing tools use: no cusps or self-loops between close control points) through the designer's
/// control points, and the nodes laid along it. Plain functions; the canvas keeps the points.
namespace editor {

struct SketchCurve {
    std::vector<formats::Vec2> controls;
    bool closed = false;
};

/// Segments of the curve: one between each pair of neighbouring control points (and from the last
/// back to the first on a loop).
std::size_t sketchSegmentCount(const SketchCurve& curve);

/// The point a fraction `u` ∈ [0, 1] along segment `j` (centripetal parameterisation; an open
/// curve's end segments mirror their inner neighbour).
formats::Vec2 sketchPoint(const SketchCurve& curve, std::size_t j, double u);

/// The nodes of segment `j`: its start, then points on the curve no further apart than `spacing`,
/// closer where it bends so no link turns more than 5° at a node (never closer than 0.5 m), each
/// link at most 25 % longer than its neighbour; its end is left to the next segment, except on the
/// last segment of an open curve, whose end is its last node.
std::vector<formats::Vec2> laySketchSegment(const SketchCurve& curve, std::size_t j, double spacing);

/// The segments control point `i` shapes (Catmull–Rom is local: the two before it and the two
/// after): only their nodes are laid again when it moves.
std::vector<std::size_t> segmentsShapedBy(const SketchCurve& curve, std::size_t i);

} // namespace editor
