#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <vector>

namespace bake {

/// Where a line may lie on a route: per node of the route, offsets (m, left positive) from `lower`
/// to `upper`. Equal bounds fix a node (an open route's ends, a branch's junctions).
struct LineBounds {
    std::vector<double> lower, upper;
    formats::Diagnostics diagnostics;  ///< nodes where the tarmac is narrower than the margins
};

/// The tarmac less `margin` on each side (half the vehicle's width plus a safety distance); a node
/// too narrow for it keeps the middle of what there is, with a warning. An open route's ends are
/// fixed at `fixedEnds` (first, last), or at the centre when it is empty.
LineBounds tarmacBounds(const formats::TrackDocument& document, std::uint32_t route, double margin, const std::vector<double>& fixedEnds = {});

struct MinCurvatureOptions {
    int relinearisations = 30;  ///< at most this many Gauss–Newton steps, each around the newest line
};

struct MinCurvatureResult {
    std::vector<double> offsets;  ///< one per node of the route, m, left positive
    int solverIterations = 0;
    bool converged = false;
};

/// The offsets of a route's nodes within `bounds` that minimise the summed squared curvature of the
/// line (race-track chapter §39.5: a racing line as lateral offsets). The line's
/// points are P_i = N_i + α_i n_i, κ_i the curvature of the circle through P_{i−1}, P_i, P_{i+1} and
/// Δs_i half the chords either side; Σ κ_i² Δs_i, the discrete ∫κ² ds, is minimised by damped
/// Gauss–Newton, each step a banded (cyclic on a closed route) QP under the box bounds solved on
/// Eigen. The Δs_i weight matters: an unweighted Σ κ_i² pays as much for a bend of short links as of
/// long ones, and pushes the line outwards, longer and more curved on the spline a car drives.
/// Needs a validated document.
MinCurvatureResult minimumCurvatureOffsets(const formats::TrackDocument& document, std::uint32_t route, const LineBounds& bounds,
                                           const MinCurvatureOptions& options = {});

} // namespace bake
