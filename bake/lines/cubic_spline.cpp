#include "bake/lines/cubic_spline.h"

#include <Eigen/Sparse>

#include <algorithm>
#include <cmath>

namespace bake {
namespace {

bool isNaturalEnd(const CubicSpline& s, std::size_t row) { return !s.closed && (row == 0 || row + 1 == s.points.size()); }

/// The coefficients of knot `row`'s equation: h_{i−1}, 2 (h_{i−1} + h_i), h_i, and its right-hand side.
struct SplineRow {
    double before = 0.0, diagonal = 1.0, after = 0.0;
    Eigen::RowVector2d rhs = Eigen::RowVector2d::Zero();
};

SplineRow splineRow(const CubicSpline& s, std::size_t row) {
    SplineRow r;
    if (isNaturalEnd(s, row)) return r;
    const std::size_t n = s.points.size();
    const std::size_t previous = (row + n - 1) % n;
    const double hBefore = s.chords[previous], hAfter = s.chords[row];
    const formats::Vec2 slope = (s.points[s.next(row)] - s.points[row]) * (1.0 / hAfter) - (s.points[row] - s.points[previous]) * (1.0 / hBefore);
    r.before = hBefore;
    r.after = hAfter;
    r.diagonal = 2.0 * (hBefore + hAfter);
    r.rhs = Eigen::RowVector2d(6.0 * slope.x, 6.0 * slope.y);
    return r;
}

} // namespace

CubicSpline fitCubicSpline(std::vector<formats::Vec2> points, bool closed) {
    CubicSpline s;
    s.points = std::move(points);
    s.closed = closed;
    const std::size_t n = s.points.size();
    s.chords.resize(closed ? n : n - 1);
    for (std::size_t i = 0; i < s.chords.size(); ++i) s.chords[i] = formats::length(s.points[s.next(i)] - s.points[i]);
    // Symmetric, diagonally dominant and (cyclic) tridiagonal: a sparse LDLᵀ in the natural order,
    // which fills in only the last row of a closed spline, so it costs O(n) without an ordering pass.
    std::vector<Eigen::Triplet<double>> t;
    Eigen::MatrixX2d rhs(static_cast<Eigen::Index>(n), 2);
    for (std::size_t i = 0; i < n; ++i) {
        const SplineRow r = splineRow(s, i);
        const auto row = static_cast<Eigen::Index>(i);
        rhs.row(row) = r.rhs;
        t.emplace_back(row, row, r.diagonal);
        if (r.before != 0.0 && !isNaturalEnd(s, (i + n - 1) % n)) t.emplace_back(row, static_cast<Eigen::Index>((i + n - 1) % n), r.before);
        if (r.after != 0.0 && !isNaturalEnd(s, s.next(i))) t.emplace_back(row, static_cast<Eigen::Index>(s.next(i)), r.after);
    }
    Eigen::SparseMatrix<double> A(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
    A.setFromTriplets(t.begin(), t.end());
    const Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower, Eigen::NaturalOrdering<int>> solver(A);
    s.secondDerivatives = solver.solve(rhs);
    return s;
}

void sampleSegment(const CubicSpline& s, std::size_t segment, int pieces, CurvatureSample* out) {
    const std::size_t j = s.next(segment);
    const double h = s.chords[segment];
    const Eigen::Vector2d a(s.points[segment].x, s.points[segment].y), b(s.points[j].x, s.points[j].y);
    const Eigen::Vector2d ma = s.secondDerivatives.row(static_cast<Eigen::Index>(segment)).transpose();
    const Eigen::Vector2d mb = s.secondDerivatives.row(static_cast<Eigen::Index>(j)).transpose();
    for (int k = 0; k < pieces; ++k) {
        // u from the segment's start, w to its end.
        const double u = h * (k + 0.5) / pieces, w = h - u;
        const Eigen::Vector2d first = (b - a) / h + (mb * u * u - ma * w * w) / (2.0 * h) - (mb - ma) * h / 6.0;
        const Eigen::Vector2d second = (ma * w + mb * u) / h;
        const double speed = first.norm();
        out[k].length = speed * h / pieces;
        out[k].curvature = speed > 0.0 ? (first.x() * second.y() - first.y() * second.x()) / (speed * speed * speed) : 0.0;
    }
}

formats::Vec2 splinePoint(const CubicSpline& s, std::size_t segment, double t) {
    const std::size_t j = s.next(segment);
    const double h = s.chords[segment];
    const Eigen::Vector2d a(s.points[segment].x, s.points[segment].y), b(s.points[j].x, s.points[j].y);
    const Eigen::Vector2d ma = s.secondDerivatives.row(static_cast<Eigen::Index>(segment)).transpose();
    const Eigen::Vector2d mb = s.secondDerivatives.row(static_cast<Eigen::Index>(j)).transpose();
    const double u = h * std::clamp(t, 0.0, 1.0), w = h - u;
    const Eigen::Vector2d p = ma * (w * w * w) / (6.0 * h) + mb * (u * u * u) / (6.0 * h) + (a / h - ma * h / 6.0) * w + (b / h - mb * h / 6.0) * u;
    return {p.x(), p.y()};
}

std::vector<formats::Vec2> resampleEvenly(const CubicSpline& s, double spacing) {
    // A dense walk along the spline (quarter-step pieces), then points at even arc length on it.
    std::vector<formats::Vec2> dense{s.points.front()};
    std::vector<double> along{0.0};
    for (std::size_t i = 0; i < s.segments(); ++i) {
        const std::size_t j = s.next(i);
        const double h = s.chords[i];
        const Eigen::Vector2d a(s.points[i].x, s.points[i].y), b(s.points[j].x, s.points[j].y);
        const Eigen::Vector2d ma = s.secondDerivatives.row(static_cast<Eigen::Index>(i)).transpose();
        const Eigen::Vector2d mb = s.secondDerivatives.row(static_cast<Eigen::Index>(j)).transpose();
        const auto pieces = static_cast<int>(std::max(1.0, std::ceil(4.0 * h / spacing)));
        for (int k = 1; k <= pieces; ++k) {
            const double u = h * k / pieces, w = h - u;
            const Eigen::Vector2d p = ma * (w * w * w) / (6.0 * h) + mb * (u * u * u) / (6.0 * h) + (a / h - ma * h / 6.0) * w + (b / h - mb * h / 6.0) * u;
            const formats::Vec2 q{p.x(), p.y()};
            along.push_back(along.back() + formats::length(q - dense.back()));
            dense.push_back(q);
        }
    }
    const double total = along.back();
    const auto steps = static_cast<std::size_t>(std::max(2.0, std::round(total / spacing)));
    std::vector<formats::Vec2> out;
    std::size_t at = 0;
    for (std::size_t k = 0; k < steps + (s.closed ? 0 : 1); ++k) {
        const double target = total * static_cast<double>(k) / static_cast<double>(steps);
        while (at + 2 < along.size() && along[at + 1] < target) ++at;
        const double span = along[at + 1] - along[at];
        const double t = span > 0.0 ? std::clamp((target - along[at]) / span, 0.0, 1.0) : 0.0;
        out.push_back(dense[at] + (dense[at + 1] - dense[at]) * t);
    }
    return out;
}

} // namespace bake
