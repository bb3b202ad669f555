#pragma once

#include "bake/experiments/plan_experiment.h"

#include <ostream>
#include <vector>

namespace bake::cli {

/// Iterations of one EM5 curve type's searches (Table 5.2).
struct CurveRow {
    CurveType curve;
    int searches = 0;
    int found = 0;
    Mean iterations;  ///< over the found ones
    int shotFound = 0;      ///< the same traversals with the analytic final approach (shotSettings)
    Mean shotIterations;    ///< over the ones it found
    std::vector<double> shotSeconds;
};

/// Prints the AIPATH thesis's reproduction tables with its figures beside ours: Table 5.3 (time
/// vs distance heuristic iterations), Tables 5.7 and 5.8 (probing vs A* iterations and traversal
/// time), Table 5.2 (iterations per curve type), milliseconds per 1000 iterations.
void printPlanTables(std::ostream& out, const RandomSummary& random, const std::vector<CurveRow>& curves, std::uint64_t seed);

} // namespace bake::cli
