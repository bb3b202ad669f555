#pragma once

#include "formats/diagnostic.h"
#include "formats/track_document.h"

#include <vector>

namespace bake {

/// Settings of the minimum-curvature optimiser.
struct MinCurvatureOptions {
    double vehicleWidth = 1.9;   ///< m: half of it is kept from each tarmac edge
    double safetyMargin = 0.5;   ///< m, added to the half width
    int relinearisations = 3;    ///< rebuilds around the new line (point spacing changes as it moves)
};

struct MinCurvatureResult {
    std::vector<double> offsets;  ///< one per node of the route, m, left positive
    int solverIterations = 0;
    bool converged = false;
    formats::Diagnostics diagnostics;  ///< nodes where the tarmac is narrower than the margins
};

/// The offsets of a route's nodes that minimise the summed squared curvature of the line within the
/// tarmac less a margin (race-track chapter §39.5: a racing line as lateral offsets). The line's
/// points P_i = N_i + α_i n_i; curvature at i is the second difference of the points over the local
/// spacing squared, so the objective Σ w_i |P_{i−1} − 2P_i + P_{i+1}|², w_i = 1 / h_i⁴, is a
/// quadratic in α (banded, cyclic on a closed route), solved under the box bounds by ADMM, then
/// re-weighted around the new line a few times. An open route keeps its end offsets (`fixedEnds`).
/// Needs a validated document.
MinCurvatureResult minimumCurvatureOffsets(const formats::TrackDocument& document, std::uint32_t route, const MinCurvatureOptions& options,
                                           const std::vector<double>& fixedEnds = {});

} // namespace bake
