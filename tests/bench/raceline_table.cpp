// Prints the racing-line comparison with the peer's lines (README, docs/raceline-comparison.txt):
//   build/release/tests/trackwright_raceline_table [TRACKS_FOLDER] [--laps N] [--only NAME]
// --laps sets the lap-time refinement's budget per circuit (0 skips it).

#include "tests/support/raceline_comparison.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    std::filesystem::path folder = TRACKWRIGHT_SHARED_TRACKS_DIR;
    int laps = 150;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--laps") && i + 1 < argc) laps = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else folder = argv[i];
    }
    std::vector<tw::test::CircuitComparison> rows;
    for (const auto& circuit : tw::test::circuitsWithPeerLines(folder)) {
        if (!only.empty() && circuit.stem() != only) continue;
        rows.push_back(tw::test::compareCircuit(circuit, folder / "racelines" / circuit.filename()));
    }

    std::printf("Racing lines: centre line / the peer's min-curvature line / ours, each measured on its own points the same way\n");
    std::printf("(cubic spline through the points for curvature and length; the bake's speed profile, car class, for the ideal lap).\n");
    std::printf("Equal room: ours keeps the peer's clearance from the tarmac edges (its 5th percentile), widened wherever the peer goes closer.\n\n");
    std::printf("%-12s %6s | %-23s | %-23s | %-23s | %-20s | %-20s | %8s\n", "circuit", "margin", "max |k| 1/m  c/p/o", "mean |k| 1/m  c/p/o",
                "integral k^2 ds  c/p/o", "length m  c/p/o", "ideal lap s  c/p/o", "opt ms");
    int wins = 0, lapWins = 0;
    double slowest = 0.0;
    for (const auto& r : rows) {
        std::printf("%-12s %6.2f | %.4f %.4f %.4f | %.4f %.4f %.4f | %.4f %.4f %.4f | %6.0f %6.0f %6.0f | %6.2f %6.2f %6.2f | %8.1f\n",
                    r.name.c_str(), r.margin, r.centre.metrics.maxAbsCurvature, r.peer.metrics.maxAbsCurvature, r.ours.metrics.maxAbsCurvature,
                    r.centre.metrics.meanAbsCurvature, r.peer.metrics.meanAbsCurvature, r.ours.metrics.meanAbsCurvature,
                    r.centre.metrics.integralSquaredCurvature, r.peer.metrics.integralSquaredCurvature, r.ours.metrics.integralSquaredCurvature,
                    r.centre.metrics.length, r.peer.metrics.length, r.ours.metrics.length, r.centre.idealLapTime, r.peer.idealLapTime,
                    r.ours.idealLapTime, r.optimiserMilliseconds);
        wins += r.ours.metrics.integralSquaredCurvature <= r.peer.metrics.integralSquaredCurvature;
        lapWins += r.ours.idealLapTime <= r.peer.idealLapTime;
        slowest = std::max(slowest, r.optimiserMilliseconds);
    }
    std::printf("\nours <= peer: integral k^2 ds on %d of %zu circuits, ideal lap on %d of %zu; slowest optimisation %.1f ms (one core)\n", wins,
                rows.size(), lapWins, rows.size(), slowest);

    if (laps <= 0) return 0;
    std::printf("\nLap-time refinement (chapter 39.6): the runner follower drives the car preset a flying lap (half-lap run-up);\n");
    std::printf("correlated moves kept when the lap is faster, %d simulated laps per circuit, batches of 8 on all cores.\n\n", laps);
    std::printf("%-12s | %12s | %12s | %8s | %6s | %7s\n", "circuit", "min-curv s", "refined s", "gain s", "moves", "wall s");
    for (auto& r : rows) {
        bake::LapTimeRefinementOptions options;
        options.maxEvaluations = laps;
        const auto started = std::chrono::steady_clock::now();
        const bake::LapTimeRefinementResult refined = bake::refineLapTime(r.document, r.racingLine, r.bounds, options);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("%-12s | %12.3f | %12.3f | %8.3f | %6d | %7.1f\n", r.name.c_str(), refined.lapTimeBefore, refined.lapTimeAfter,
                    refined.lapTimeBefore - refined.lapTimeAfter, refined.acceptedMoves, wall);
    }
    return 0;
}
