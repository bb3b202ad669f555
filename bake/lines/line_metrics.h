#pragma once

#include "formats/baked/format_names.h"

#include <vector>

namespace bake {

/// Curvature figures of a line given as points, measured on the interpolating cubic spline through
/// them so that lines with different point spacings compare fairly (the racing-line comparison
/// with the peer's lines): a polyline's curvature lives only in its corners, a spline's is spread
/// the way a car would drive it.
struct LineMetrics {
    double length = 0.0;               ///< m, of the spline
    double maxAbsCurvature = 0.0;      ///< 1/m
    double meanAbsCurvature = 0.0;     ///< 1/m: ∫|κ| ds / length
    double integralSquaredCurvature = 0.0;  ///< ∫κ² ds, 1/m: the summed squared curvature, independent of the spacing
};

/// Fits the chord-length cubic spline through `points` (periodic when `closed`, natural ends
/// otherwise) and integrates its exact curvature κ = (x′y″ − y′x″) / |r′|³ over sub-steps of at most
/// `step` metres.
LineMetrics measureLine(const std::vector<formats::Vec2>& points, bool closed, double step = 0.5);

} // namespace bake
