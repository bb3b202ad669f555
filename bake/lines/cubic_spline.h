#pragma once

#include "formats/baked/format_names.h"

#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace bake {

/// The chord-length cubic spline through a line's points: periodic on a closed line, natural (no
/// bending) at an open line's ends. Between knots i and i+1 (chord h_i) it is cubic with second
/// derivatives M_i and M_{i+1} at the ends, and the M solve the tridiagonal system
/// h_{i−1} M_{i−1} + 2 (h_{i−1} + h_i) M_i + h_i M_{i+1} = 6 (d_i − d_{i−1}), d_i = (P_{i+1} − P_i) / h_i.
struct CubicSpline {
    std::vector<formats::Vec2> points;
    std::vector<double> chords;        ///< h_i, one per segment
    Eigen::MatrixX2d secondDerivatives;  ///< M, one row per point
    bool closed = false;

    std::size_t segments() const { return chords.size(); }
    std::size_t next(std::size_t i) const { return (i + 1) % points.size(); }
};

/// One point of a spline sampled by the midpoint rule: its signed curvature (positive turning left)
/// and the arc length it stands for.
struct CurvatureSample {
    double curvature = 0.0;
    double length = 0.0;
};

/// Fits the spline; needs at least three points and no two consecutive ones coincident.
CubicSpline fitCubicSpline(std::vector<formats::Vec2> points, bool closed);

/// `pieces` midpoint samples of segment i, with the exact κ = (x′y″ − y′x″) / |r′|³, written to `out`.
void sampleSegment(const CubicSpline& spline, std::size_t segment, int pieces, CurvatureSample* out);

/// The point a fraction `t` ∈ [0, 1] of the way along segment i's chord parameter.
formats::Vec2 splinePoint(const CubicSpline& spline, std::size_t segment, double t);

/// Points along the spline about every `spacing` metres of arc (the step adjusted to divide the
/// length evenly; a closed spline does not repeat its start), for measuring lines given with
/// different point spacings the same way.
std::vector<formats::Vec2> resampleEvenly(const CubicSpline& spline, double spacing);

} // namespace bake
