#include "bake/lines/box_qp.h"

#include <Eigen/SparseCholesky>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bake {

BoxQpResult solveBoxQp(const Eigen::SparseMatrix<double>& Pin, const Eigen::VectorXd& qin, const Eigen::VectorXd& lowerIn,
                       const Eigen::VectorXd& upperIn, const BoxQpSettings& settings) {
    const Eigen::Index n = qin.size();
    BoxQpResult result;
    result.x = lowerIn.cwiseMax(Eigen::VectorXd::Zero(n)).cwiseMin(upperIn);

    // Eliminate fixed variables: x_f is solved with q_f + P_fx x_x.
    std::vector<Eigen::Index> freeIndex(static_cast<std::size_t>(n), -1);
    Eigen::Index m = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        if (upperIn[i] - lowerIn[i] > 1e-12) freeIndex[static_cast<std::size_t>(i)] = m++;
        else result.x[i] = lowerIn[i];
    if (m == 0) {
        result.converged = true;
        return result;
    }
    // Scale so the mean diagonal of P is 1: the tolerances then mean the same on any problem.
    double diagonalMean = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) diagonalMean += Pin.coeff(i, i);
    const double scale = 1.0 / std::max(1e-300, diagonalMean / static_cast<double>(n));
    std::vector<Eigen::Triplet<double>> triplets;
    Eigen::VectorXd q(m), lower(m), upper(m);
    for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index fi = freeIndex[static_cast<std::size_t>(i)];
        if (fi < 0) continue;
        q[fi] = scale * qin[i];
        lower[fi] = lowerIn[i];
        upper[fi] = upperIn[i];
    }
    for (Eigen::Index column = 0; column < Pin.outerSize(); ++column) {
        for (Eigen::SparseMatrix<double>::InnerIterator it(Pin, column); it; ++it) {
            const Eigen::Index r = freeIndex[static_cast<std::size_t>(it.row())], c = freeIndex[static_cast<std::size_t>(it.col())];
            if (r >= 0 && c >= 0) triplets.emplace_back(r, c, scale * it.value());
            else if (r >= 0 && c < 0) q[r] += scale * it.value() * result.x[it.col()];
        }
    }
    Eigen::SparseMatrix<double> P(m, m);
    P.setFromTriplets(triplets.begin(), triplets.end());

    // Start in the middle of the box with unit duals.
    Eigen::VectorXd x = 0.5 * (lower + upper);
    Eigen::VectorXd sl = x - lower, su = upper - x;
    Eigen::VectorXd zl = Eigen::VectorXd::Ones(m), zu = Eigen::VectorXd::Ones(m);
    Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver;
    Eigen::SparseMatrix<double> system = P;
    for (Eigen::Index i = 0; i < m; ++i) system.coeffRef(i, i) += 1.0;  // make the diagonal structurally present
    solver.analyzePattern(system);

    const double qScale = std::max(1.0, q.lpNorm<Eigen::Infinity>());
    for (int k = 0; k < settings.maxIterations; ++k) {
        result.iterations = k + 1;
        const double mu = (sl.dot(zl) + su.dot(zu)) / static_cast<double>(2 * m);
        const Eigen::VectorXd gradient = P * x + q;
        const double stationarity = (gradient - zl + zu).lpNorm<Eigen::Infinity>() / qScale;
        if (mu < settings.tolerance && stationarity < 1e-7) {
            result.converged = true;
            break;
        }
        const double sigma = 0.1;
        Eigen::VectorXd diagonal = zl.cwiseQuotient(sl) + zu.cwiseQuotient(su);
        system = P;
        for (Eigen::Index i = 0; i < m; ++i) system.coeffRef(i, i) += diagonal[i];
        solver.factorize(system);
        const Eigen::VectorXd rhs = -gradient + sigma * mu * (sl.cwiseInverse() - su.cwiseInverse());
        const Eigen::VectorXd dx = solver.solve(rhs);
        const Eigen::VectorXd dzl = (sigma * mu * sl.cwiseInverse() - zl) - zl.cwiseQuotient(sl).cwiseProduct(dx);
        const Eigen::VectorXd dzu = (sigma * mu * su.cwiseInverse() - zu) + zu.cwiseQuotient(su).cwiseProduct(dx);
        // Fraction to the boundary: stay strictly inside.
        double step = 1.0;
        for (Eigen::Index i = 0; i < m; ++i) {
            if (dx[i] < 0.0) step = std::min(step, -0.99 * sl[i] / dx[i]);
            if (dx[i] > 0.0) step = std::min(step, 0.99 * su[i] / dx[i]);
            if (dzl[i] < 0.0) step = std::min(step, -0.99 * zl[i] / dzl[i]);
            if (dzu[i] < 0.0) step = std::min(step, -0.99 * zu[i] / dzu[i]);
        }
        x += step * dx;
        zl += step * dzl;
        zu += step * dzu;
        sl = (x - lower).cwiseMax(1e-300);
        su = (upper - x).cwiseMax(1e-300);
    }
    for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index fi = freeIndex[static_cast<std::size_t>(i)];
        if (fi >= 0) result.x[i] = std::clamp(x[fi], lowerIn[i], upperIn[i]);
    }
    return result;
}

} // namespace bake
