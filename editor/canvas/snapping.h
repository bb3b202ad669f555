#pragma once

#include "formats/baked/format_names.h"

#include <numbers>

namespace editor {

/// View ▸ Snap: while it is on, a dragged node lands on a grid and a node added at a route's end
/// keeps its link at a multiple of 15° and of the grid step, as drawing programs snap.
inline constexpr double kSnapAngle = std::numbers::pi / 12.0;

/// The grid step at a zoom of `pixelsPerMetre`: the smallest round length (1, 2 or 5 × 10ⁿ m) at
/// least 10 pixels long, so the grid is as fine as the designer can still aim at.
double snapGridStep(double pixelsPerMetre);

/// `p` on the nearest grid point.
formats::Vec2 snapToGrid(formats::Vec2 p, double step);

/// `to` as a link from `from`: its direction turned to the nearest multiple of `angleStep` (from
/// east, counter-clockwise) and its length rounded to a whole number of `lengthStep`s, at least one.
formats::Vec2 snapLink(formats::Vec2 from, formats::Vec2 to, double angleStep, double lengthStep);

} // namespace editor
