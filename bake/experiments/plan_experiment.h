#pragma once

#include "formats/source/track_document.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_vehicle.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace bake {

/// One search of the thesis's random setup (§5.1): a car with a turning radius of 5–8 m and a
/// lateral limit of 10–20 m/s², a_max 1.5, d_max 5, v_max 13.8 m/s, forward only; from the origin
/// facing +x at a random speed to a goal at a uniformly random distance of 0–8 turning radii in a
/// random direction, with a random heading and speed.
struct RandomSearch {
    trackwright::PlanVehicle vehicle;
    trackwright::PlanState start;
    trackwright::PlanState goal;
    float euclidean = 0.0f;  ///< m from start to goal
};

/// `count` searches from `seed` (std::mt19937_64: the same list on every platform and run).
std::vector<RandomSearch> thesisRandomSearches(int count, std::uint64_t seed);

/// The settings of the thesis's experiments (§5.1: goal within 0.3 cells, 1°, 0.1 m/s; 10⁵
/// iterations) with our default discretisation: A* alone, no analytic shot.
trackwright::PlanSettings thesisSettings();
/// The same set-up searched as the product searches: A* with the analytic final approach.
trackwright::PlanSettings shotSettings();

/// What one planner run gave.
struct SearchOutcome {
    trackwright::PlanStatus status = trackwright::PlanStatus::InvalidInput;
    std::uint32_t iterations = 0;
    float time = 0.0f;         ///< s of the path (found)
    double seconds = 0.0;      ///< processor time of the search (its thread's)
    bool found() const { return status == trackwright::PlanStatus::Found; }
};

/// Every run of one random search: A* with the time heuristic (refined and as the thesis prints
/// it), A* with the distance-only heuristic (Table 5.3), the probing search alone (Tables 5.7–5.8).
struct RandomSearchResult {
    SearchOutcome astar;        ///< A*, time heuristic, refined form (our planner's default)
    SearchOutcome astarThesis;  ///< A*, time heuristic, the thesis's form
    SearchOutcome distance;     ///< A*, distance-only heuristic
    SearchOutcome probe;        ///< probing search alone (found: it reached the goal tolerance)
    SearchOutcome shot;         ///< A*, time heuristic, refined form, with the analytic final approach (shotSettings)
    float probeEndDistance = 0.0f;  ///< m from the probe's last node to the goal
};

/// Runs every search of the list on `jobs` threads (0: one per core). Deterministic per search.
std::vector<RandomSearchResult> runRandomSearches(const std::vector<RandomSearch>& searches, unsigned jobs, std::uint32_t iterationLimit = 100000);

/// Euclidean-distance bands of the thesis's tables (0–10 m … 60–70 m), and a last one for the rest.
inline constexpr int kDistanceBands = 8;
int distanceBand(float euclidean);

/// Means over a set of searches (the thesis's tables average over the searches each method solved).
struct Mean {
    int count = 0;
    double sum = 0.0, sumSquares = 0.0;
    void add(double value) {
        ++count;
        sum += value;
        sumSquares += value * value;
    }
    double mean() const { return count ? sum / count : 0.0; }
    double deviation() const { return count > 1 ? std::sqrt(std::max(0.0, sumSquares / count - mean() * mean())) : 0.0; }
};

/// The summary statistics of a random experiment, overall and per distance band.
struct RandomSummary {
    int searches = 0;
    int astarFound = 0, astarThesisFound = 0, distanceFound = 0, probeReached = 0, probeWithinCell = 0;
    Mean astarIterations, astarThesisIterations, distanceIterations, probeIterations;  ///< each over what it solved (probe: all)
    /// Table 5.3: where both the thesis-form time heuristic and the distance heuristic solved it.
    Mean pairedTime[kDistanceBands + 1], pairedDistance[kDistanceBands + 1];
    Mean pairedTimeSeconds[kDistanceBands + 1], pairedDistanceSeconds[kDistanceBands + 1];
    /// Table 5.7: where A* (refined) solved it: its iterations and the probe's, and the search
    /// with the analytic final approach's beside them (shotSettings).
    Mean pairedAStar[kDistanceBands + 1], pairedProbe[kDistanceBands + 1], pairedShot[kDistanceBands + 1];
    /// Table 5.3's searches, the iterations of the search with the analytic final approach.
    Mean pairedTimeShot[kDistanceBands + 1];
    /// Table 5.8: where the probe ended within one cell (1 m) of the goal and A* solved it: the
    /// paths' times and the probe's overhead (%).
    Mean overheadAStarTime[kDistanceBands + 1], overheadProbeTime[kDistanceBands + 1], overheadPct[kDistanceBands + 1];
    /// The searches with the analytic final approach: how many solved, their iterations and
    /// processor seconds (every search, solved or not, as a user waits for each), and where A*
    /// without it solved the search too, how much slower the shot's path is (%, negative: quicker).
    int shotFound = 0, shotsEnded = 0;
    Mean shotIterations;
    std::vector<double> shotSeconds, shotIterationList;
    Mean shotSlowerPct;
    double shotSlowerMaxPct = 0.0;
    int shotWithin5Pct = 0;
    double astarSeconds = 0.0;        ///< wall clock of every A* (refined) search
    std::uint64_t astarTotalIterations = 0;
    /// The `q`-quantile (0…1) of a list, nearest rank.
    static double quantile(std::vector<double> values, double q);
    double msPer1000Iterations() const { return astarTotalIterations ? 1e6 * astarSeconds / static_cast<double>(astarTotalIterations) : 0.0; }
};
RandomSummary summarize(const std::vector<RandomSearch>& searches, const std::vector<RandomSearchResult>& results);

/// The EM5 curve types of the thesis (§5.3.1, Appendix A.3, Table 5.2). The figures of the curves
/// are not in the text we have; we rebuild each as a road of its radius turning 90° (short) or 180°
/// (long), with 10 m of straight before and after and 3 m of usable width each side of the centre.
struct CurveType {
    const char* name;
    double radius;     ///< m
    double angleDeg;   ///< turned, positive left
};
inline constexpr CurveType kEm5Curves[] = {
    {"short right", 6.0, -90.0}, {"short left", 13.0, 90.0}, {"long right", 8.0, -180.0}, {"long left", 15.0, 180.0}};

/// A road along a curve type: one node a metre, `usableWidth` of tarmac each side, a car class.
formats::TrackDocument curveRoad(const CurveType& curve, double usableWidth = 3.0);

/// Plans `count` random traversals of a curve (§5.3.1: random turning radius 5–8 m, lateral limit
/// 10–20 m/s², speed 1–13.8 m/s the same at both ends) from the entry of its lead-in straight to the
/// end of its lead-out, within the road (A*, time heuristic); the iterations of each, with `settings`
/// (thesisSettings for Table 5.2, shotSettings for the product's search).
std::vector<SearchOutcome> runCurveSearches(const CurveType& curve, int count, std::uint64_t seed, unsigned jobs,
                                            const trackwright::PlanSettings& settings = thesisSettings());

} // namespace bake
