#pragma once

#include <Eigen/Sparse>

namespace bake {

/// Settings of the box-constrained QP solver.
struct BoxQpSettings {
    int maxIterations = 80;
    double tolerance = 1e-9;  ///< on the duality measure μ and the scaled stationarity residual
};

struct BoxQpResult {
    Eigen::VectorXd x;
    int iterations = 0;
    bool converged = false;
};

/// Minimises ½ xᵀPx + qᵀx subject to lower ≤ x ≤ upper (P symmetric positive semi-definite,
/// sparse). A primal-dual interior-point method: each Newton step solves the sparse system
/// (P + Z_l/S_l + Z_u/S_u) dx = −(Px + q) + σμ (1/S_l − 1/S_u) with an LDLᵀ whose pattern is
/// analysed once, steps to 99 % of the distance to the bounds, and shrinks μ; it converges in a few
/// dozen factorisations where first-order methods crawl on the ill-conditioned curvature problems.
/// Variables with equal bounds are fixed and eliminated. Deterministic.
BoxQpResult solveBoxQp(const Eigen::SparseMatrix<double>& P, const Eigen::VectorXd& q, const Eigen::VectorXd& lower,
                       const Eigen::VectorXd& upper, const BoxQpSettings& settings = {});

} // namespace bake
