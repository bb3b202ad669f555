#pragma once

#include "formats/diagnostic.h"
#include "formats/track_document.h"

#include <vector>

namespace bake {

/// Settings of the minimum-curvature optimiser.
struct MinCurvatureOptions {
    double vehicleWidth = 1.9;   ///< m: half of it is kept from each tarmac edge
    double safetyMargin = 0.5;   ///< m, added to the half width
    int relinearisations = 30;   ///< at most this many Gauss–Newton steps, each around the newest line
};

struct MinCurvatureResult {
    std::vector<double> offsets;  ///< one per node of the route, m, left positive
    int solverIterations = 0;
    bool converged = false;
    formats::Diagnostics diagnostics;  ///< nodes where the tarmac is narrower than the margins
};

/// The offsets of a route's nodes that minimise the summed squared curvature of the line within the
/// tarmac less a margin (race-track chapter §39.5: a racing line as lateral offsets). The line's
/// points are P_i = N_i + α_i n_i, κ_i the curvature of the circle through P_{i−1}, P_i, P_{i+1} and
/// Δs_i half the chords either side; Σ κ_i² Δs_i, the discrete ∫κ² ds, is minimised by damped
/// Gauss–Newton, each step a banded (cyclic on a closed route) QP under the box bounds solved on
/// Eigen. The Δs_i weight matters: an unweighted Σ κ_i² pays as much for a bend of short links as of
/// long ones, and pushes the line outwards, longer and more curved on the spline a car drives. An open route keeps its end offsets (`fixedEnds`). Needs a
/// validated document.
MinCurvatureResult minimumCurvatureOffsets(const formats::TrackDocument& document, std::uint32_t route, const MinCurvatureOptions& options,
                                           const std::vector<double>& fixedEnds = {});

} // namespace bake
