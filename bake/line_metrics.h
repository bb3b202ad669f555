#pragma once

#include "formats/vec.h"

#include <vector>

namespace bake {

/// Curvature figures of a polyline, measured on an even resampling so lines with different point
/// spacings compare fairly (the racing-line comparison with the peer's lines).
struct LineMetrics {
    double length = 0.0;               ///< m
    double maxAbsCurvature = 0.0;      ///< 1/m
    double meanAbsCurvature = 0.0;     ///< 1/m
    double sumSquaredCurvature = 0.0;  ///< Σ κ² over the resampled points, 1/m²
};

/// Resamples `points` about every `spacing` metres (the step adjusted to divide the length exactly,
/// closing it when `closed`) and takes the curvature of the circle through each point and its two
/// neighbours.
LineMetrics measureLine(const std::vector<formats::Vec2>& points, bool closed, double spacing = 2.0);

} // namespace bake
