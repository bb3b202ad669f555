#include "bake/lines/min_curvature_line.h"

#include "bake/lines/box_qp.h"
#include "bake/lines/offset_line.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <cmath>

namespace bake {
namespace {

struct LineModel {
    const std::vector<formats::Vec2>& nodes;
    const std::vector<formats::NodeFrame>& frames;
    bool closed;

    formats::Vec2 point(const Eigen::VectorXd& alpha, Eigen::Index i) const {
        return nodes[static_cast<std::size_t>(i)] + frames[static_cast<std::size_t>(i)].perpendicular * alpha[i];
    }
    /// κ_i √Δs_i, the residual at i, with node j's offset moved by `delta` (j one of i−1, i, i+1).
    double residual(const Eigen::VectorXd& alpha, Eigen::Index i, Eigen::Index j = -1, double delta = 0.0) const {
        const auto n = static_cast<Eigen::Index>(nodes.size());
        const Eigen::Index a = (i + n - 1) % n, b = (i + 1) % n;
        auto at = [&](Eigen::Index k) {
            formats::Vec2 p = point(alpha, k);
            if (k == j) p = p + frames[static_cast<std::size_t>(k)].perpendicular * delta;
            return p;
        };
        const formats::Vec2 pa = at(a), pi = at(i), pb = at(b);
        return circleCurvature(pa, pi, pb) * std::sqrt(0.5 * (formats::length(pi - pa) + formats::length(pb - pi)));
    }
    double objective(const Eigen::VectorXd& alpha, Eigen::Index first, Eigen::Index end) const {
        double sum = 0.0;
        for (Eigen::Index i = first; i < end; ++i) sum += std::pow(residual(alpha, i), 2);
        return sum;
    }
};

/// A first guess: Σ |P_{i−1} − 2P_i + P_{i+1}|² / h_i⁴ with h_i from the centre line is a quadratic
/// in α, solved once under the bounds. Biased towards the inside (it freezes the spacing), but a
/// good place for Gauss–Newton to start from.
Eigen::VectorXd secondDifferenceGuess(const LineModel& model, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper, Eigen::Index first,
                                      Eigen::Index end, int& iterations) {
    const auto n = static_cast<Eigen::Index>(model.nodes.size());
    std::vector<Eigen::Triplet<double>> triplets;
    Eigen::VectorXd c = Eigen::VectorXd::Zero(2 * n), weight = Eigen::VectorXd::Zero(2 * n);
    for (Eigen::Index i = first; i < end; ++i) {
        const Eigen::Index a = (i + n - 1) % n, b = (i + 1) % n;
        const auto& N = model.nodes;
        const double h = 0.5 * (formats::length(N[i] - N[a]) + formats::length(N[b] - N[i]));
        const formats::Vec2 constant = N[a] - N[i] * 2.0 + N[b];
        c[2 * i] = constant.x;
        c[2 * i + 1] = constant.y;
        weight[2 * i] = weight[2 * i + 1] = 1.0 / std::max(1e-6, h * h * h * h);
        for (const auto& [column, factor] : {std::pair{a, 1.0}, std::pair{i, -2.0}, std::pair{b, 1.0}}) {
            triplets.emplace_back(2 * i, column, factor * model.frames[static_cast<std::size_t>(column)].perpendicular.x);
            triplets.emplace_back(2 * i + 1, column, factor * model.frames[static_cast<std::size_t>(column)].perpendicular.y);
        }
    }
    Eigen::SparseMatrix<double> M(2 * n, n);
    M.setFromTriplets(triplets.begin(), triplets.end());
    const Eigen::SparseMatrix<double> Mt = M.transpose();
    const Eigen::SparseMatrix<double> P = Mt * (weight.asDiagonal() * M);
    const BoxQpResult solved = solveBoxQp(P, Mt * weight.cwiseProduct(c), lower, upper);
    iterations += solved.iterations;
    return solved.x;
}

} // namespace

LineBounds tarmacBounds(const formats::TrackDocument& document, std::uint32_t routeIndex, double margin, const std::vector<double>& fixedEnds) {
    const formats::Route& route = document.routes[routeIndex];
    const std::size_t n = route.nodes.size();
    LineBounds bounds;
    bounds.lower.resize(n);
    bounds.upper.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const formats::TrackNode& node = document.nodes[route.nodes[i]];
        bounds.lower[i] = -(node.right.track - margin);
        bounds.upper[i] = node.left.track - margin;
        if (bounds.lower[i] > bounds.upper[i]) {
            bounds.lower[i] = bounds.upper[i] = (node.left.track - node.right.track) / 2.0;
            formats::Diagnostic d;
            d.severity = formats::Severity::Warning;
            d.code = "raceline-narrow";
            d.route = routeIndex;
            d.node = route.nodes[i];
            d.message = "the tarmac at node " + std::to_string(*d.node) + " is narrower than the vehicle plus margins (" +
                std::to_string(2.0 * margin) + " m); the line keeps its middle. Widen the tarmac or use a narrower vehicle class";
            bounds.diagnostics.push_back(std::move(d));
        }
    }
    if (!route.closed && n > 0) {
        // A branch's end takes its parent's offset, but within its own node's room.
        auto fix = [&](std::size_t i, double value) { bounds.lower[i] = bounds.upper[i] = std::clamp(value, bounds.lower[i], bounds.upper[i]); };
        fix(0, fixedEnds.size() == 2 ? fixedEnds[0] : 0.0);
        fix(n - 1, fixedEnds.size() == 2 ? fixedEnds[1] : 0.0);
    }
    return bounds;
}

MinCurvatureResult minimumCurvatureOffsets(const formats::TrackDocument& document, std::uint32_t routeIndex, const LineBounds& bounds,
                                           const MinCurvatureOptions& o) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(document, route);
    const std::vector<formats::Vec2> nodes = formats::routeGroundPositions(document, route);
    const auto n = static_cast<Eigen::Index>(nodes.size());
    MinCurvatureResult result;
    result.offsets.assign(nodes.size(), 0.0);
    if (n < 3) return result;
    const Eigen::VectorXd lower = Eigen::Map<const Eigen::VectorXd>(bounds.lower.data(), n);
    const Eigen::VectorXd upper = Eigen::Map<const Eigen::VectorXd>(bounds.upper.data(), n);

    // Gauss–Newton with Levenberg damping on the residuals κ_i √Δs_i (the curvature of the circle
    // through each point and its neighbours): minimise Σ (r_i + J_i δ)² + λ|δ|² within the bounds, a banded (cyclic)
    // QP per step, linearised again around each new line. Linearising once around the centre line
    // is not enough: with the spacing frozen, a smaller radius looks straighter than it is.
    const LineModel model{nodes, frames, route.closed};
    const Eigen::Index first = route.closed ? 0 : 1;
    const Eigen::Index end = route.closed ? n : n - 1;
    Eigen::VectorXd alpha = Eigen::VectorXd::Zero(n).cwiseMax(lower).cwiseMin(upper);
    double current = model.objective(alpha, first, end);
    const Eigen::VectorXd guess = secondDifferenceGuess(model, lower, upper, first, end, result.solverIterations);
    if (const double value = model.objective(guess, first, end); value < current) {
        alpha = guess;
        current = value;
    }
    double lambda = 1e-3;
    constexpr double kStep = 1e-4;  // m, finite-difference step of the Jacobian
    for (int iteration = 0; iteration < std::max(1, o.relinearisations); ++iteration) {
        std::vector<Eigen::Triplet<double>> jacobian;
        Eigen::VectorXd residual = Eigen::VectorXd::Zero(n);
        for (Eigen::Index i = first; i < end; ++i) {
            residual[i] = model.residual(alpha, i);
            for (Eigen::Index j : {(i + n - 1) % n, i, (i + 1) % n}) {
                const double derivative = (model.residual(alpha, i, j, kStep) - model.residual(alpha, i, j, -kStep)) / (2.0 * kStep);
                jacobian.emplace_back(i, j, derivative);
            }
        }
        Eigen::SparseMatrix<double> J(n, n);
        J.setFromTriplets(jacobian.begin(), jacobian.end());
        const Eigen::SparseMatrix<double> JtJ = Eigen::SparseMatrix<double>(J.transpose()) * J;
        const Eigen::VectorXd g = Eigen::SparseMatrix<double>(J.transpose()) * residual;
        double meanDiagonal = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) meanDiagonal += JtJ.coeff(i, i);
        meanDiagonal = std::max(1e-30, meanDiagonal / static_cast<double>(n));
        bool improved = false;
        for (int attempt = 0; attempt < 8 && !improved; ++attempt) {
            Eigen::SparseMatrix<double> identity(n, n);
            identity.setIdentity();
            const Eigen::SparseMatrix<double> P = JtJ + (lambda * meanDiagonal) * identity;
            const BoxQpResult step = solveBoxQp(P, g, lower - alpha, upper - alpha);
            result.solverIterations += step.iterations;
            const Eigen::VectorXd candidate = (alpha + step.x).cwiseMax(lower).cwiseMin(upper);
            const double value = model.objective(candidate, first, end);
            if (value < current) {
                improved = true;
                const double gain = (current - value) / std::max(1e-30, current);
                alpha = candidate;
                current = value;
                lambda = std::max(1e-9, lambda / 3.0);
                result.converged = step.converged;
                if (gain < 1e-6) iteration = o.relinearisations;  // converged: no more to gain
            } else {
                lambda *= 5.0;
            }
        }
        if (!improved) {
            result.converged = true;  // no descent left within the bounds
            break;
        }
    }
    for (Eigen::Index i = 0; i < n; ++i) result.offsets[static_cast<std::size_t>(i)] = alpha[i];
    return result;
}

} // namespace bake
