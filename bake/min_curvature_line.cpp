#include "bake/min_curvature_line.h"

#include "bake/box_qp.h"

#include "formats/route_frames.h"

#include <algorithm>
#include <cmath>

namespace bake {

MinCurvatureResult minimumCurvatureOffsets(const formats::TrackDocument& document, std::uint32_t routeIndex, const MinCurvatureOptions& o,
                                           const std::vector<double>& fixedEnds) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(document, route);
    const std::vector<formats::Vec2> nodes = formats::routeGroundPositions(document, route);
    const auto n = static_cast<Eigen::Index>(nodes.size());
    MinCurvatureResult result;
    result.offsets.assign(nodes.size(), 0.0);
    if (n < 3) return result;

    // Bounds: the tarmac less half the vehicle and the safety margin; a node too narrow for it
    // keeps the middle of what there is.
    const double margin = o.vehicleWidth / 2.0 + o.safetyMargin;
    Eigen::VectorXd lower(n), upper(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const formats::TrackNode& node = document.nodes[route.nodes[static_cast<std::size_t>(i)]];
        lower[i] = -(node.right.track - margin);
        upper[i] = node.left.track - margin;
        if (lower[i] > upper[i]) {
            const double middle = (node.left.track - node.right.track) / 2.0;
            lower[i] = upper[i] = middle;
            formats::Diagnostic d;
            d.severity = formats::Severity::Warning;
            d.code = "raceline-narrow";
            d.route = routeIndex;
            d.node = route.nodes[static_cast<std::size_t>(i)];
            d.message = "the tarmac at node " + std::to_string(*d.node) + " is narrower than the vehicle plus margins; the line keeps its middle";
            result.diagnostics.push_back(std::move(d));
        }
    }
    if (!route.closed) {
        const double first = fixedEnds.size() == 2 ? fixedEnds[0] : 0.0;
        const double last = fixedEnds.size() == 2 ? fixedEnds[1] : 0.0;
        lower[0] = upper[0] = first;
        lower[n - 1] = upper[n - 1] = last;
    }

    Eigen::VectorXd alpha = Eigen::VectorXd::Zero(n).cwiseMax(lower).cwiseMin(upper);
    const Eigen::Index first = route.closed ? 0 : 1;
    const Eigen::Index end = route.closed ? n : n - 1;
    for (int pass = 0; pass < std::max(1, o.relinearisations); ++pass) {
        // Current line points, for the local spacing h_i that scales each second difference.
        std::vector<formats::Vec2> points(nodes.size());
        for (Eigen::Index i = 0; i < n; ++i) points[i] = nodes[i] + frames[i].perpendicular * alpha[i];
        std::vector<Eigen::Triplet<double>> triplets;
        Eigen::VectorXd c = Eigen::VectorXd::Zero(2 * n);
        Eigen::VectorXd weight = Eigen::VectorXd::Zero(2 * n);
        for (Eigen::Index i = first; i < end; ++i) {
            const Eigen::Index a = (i + n - 1) % n, b = (i + 1) % n;
            const double h = 0.5 * (formats::length(points[i] - points[a]) + formats::length(points[b] - points[i]));
            const double w = 1.0 / std::max(1e-6, h * h * h * h);
            const formats::Vec2 constant = nodes[a] - nodes[i] * 2.0 + nodes[b];
            c[2 * i] = constant.x;
            c[2 * i + 1] = constant.y;
            weight[2 * i] = weight[2 * i + 1] = w;
            for (const auto& [column, factor] : {std::pair{a, 1.0}, std::pair{i, -2.0}, std::pair{b, 1.0}}) {
                triplets.emplace_back(2 * i, column, factor * frames[column].perpendicular.x);
                triplets.emplace_back(2 * i + 1, column, factor * frames[column].perpendicular.y);
            }
        }
        Eigen::SparseMatrix<double> M(2 * n, n);
        M.setFromTriplets(triplets.begin(), triplets.end());
        const Eigen::SparseMatrix<double> WM = weight.asDiagonal() * M;
        const Eigen::SparseMatrix<double> P = Eigen::SparseMatrix<double>(M.transpose()) * WM;
        const Eigen::VectorXd q = Eigen::SparseMatrix<double>(M.transpose()) * weight.cwiseProduct(c);
        const BoxQpResult solved = solveBoxQp(P, q, lower, upper);
        alpha = solved.x;
        result.solverIterations += solved.iterations;
        result.converged = solved.converged;
    }
    for (Eigen::Index i = 0; i < n; ++i) result.offsets[static_cast<std::size_t>(i)] = alpha[i];
    return result;
}

} // namespace bake
