// Prints the racing-line comparison with the peer's lines (README, docs/results/raceline-comparison.txt):
//   build/release/tests/trackwright_raceline_table [TRACKS_FOLDER] [--laps N] [--only NAME] [--car CAR.json]
// --laps sets the lap-time refinement's budget per circuit (0 skips it); --car judges the ideal laps
// (and descends) on that car's g-g-v envelope instead of the car preset's constants.

#include "tests/support/raceline_comparison.h"

#include "bake/pipeline/class_vehicle.h"
#include "formats/source/car_json.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    std::filesystem::path folder = TRACKWRIGHT_SHARED_TRACKS_DIR;
    int laps = 300;  // the lap-time method's default budget
    std::string only, carFile;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--laps") && i + 1 < argc) laps = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!std::strcmp(argv[i], "--car") && i + 1 < argc) carFile = argv[++i];
        else folder = argv[i];
    }
    formats::VehicleClass vehicle = bake::vehicleClassFor(trackwright::VehiclePreset::Car);
    if (!carFile.empty()) {
        const formats::CarLoadResult car = formats::loadCarFile(carFile);
        if (!car.car) {
            std::fprintf(stderr, "%s: %s\n", carFile.c_str(), car.diagnostics.empty() ? "not a car file" : car.diagnostics[0].message.c_str());
            return 1;
        }
        vehicle = formats::VehicleClass{};
        vehicle.name = car.name.empty() ? "car" : car.name;
        vehicle.car = *car.car;
        vehicle = bake::resolvedClass(vehicle);
        if (laps > 0) std::fprintf(stderr, "--car judges the ideal laps; the refinement table drives the car preset: use --laps 0\n");
    }
    std::vector<tw::test::CircuitComparison> rows;
    for (const auto& circuit : tw::test::circuitsWithPeerLines(folder)) {
        if (!only.empty() && circuit.stem() != only) continue;
        rows.push_back(tw::test::compareCircuit(circuit, folder / "racelines" / circuit.filename(), vehicle));
    }

    std::printf("Racing lines: centre line (c) / the peer's min-curvature line (p) / our minimum-curvature line (o) / ours after the\n");
    std::printf("ideal-lap descent (o+, the lap-time method's first stage), each measured on its own points the same way: cubic spline\n");
    std::printf("through the points for curvature and length; the bake's speed profile, class %s%s, on an even 2 m resampling for the lap.\n",
                vehicle.name.c_str(), vehicle.car ? " (its car's envelope)" : "");
    std::printf("Equal room: ours keeps the peer's clearance from the tarmac edges (its 5th percentile), widened wherever the peer goes closer.\n\n");
    std::printf("%-12s %6s | %-20s | %-20s | %-27s | %-25s | %-27s | %6s | %7s\n", "circuit", "margin", "max |k| 1/m  c/p/o", "mean |k| 1/m c/p/o",
                "integral k^2 ds  c/p/o/o+", "length m  c/p/o/o+", "ideal lap s  c/p/o/o+", "opt ms", "o+ ms");
    int wins = 0, lapWins = 0, descentWins = 0;
    double slowest = 0.0, slowestDescent = 0.0;
    for (const auto& r : rows) {
        std::printf("%-12s %6.2f | %.4f %.4f %.4f | %.4f %.4f %.4f | %.4f %.4f %.4f %.4f | %5.0f %5.0f %5.0f %5.0f | %6.2f %6.2f %6.2f %6.2f | %6.1f | %7.0f\n",
                    r.name.c_str(), r.margin, r.centre.metrics.maxAbsCurvature, r.peer.metrics.maxAbsCurvature, r.ours.metrics.maxAbsCurvature,
                    r.centre.metrics.meanAbsCurvature, r.peer.metrics.meanAbsCurvature, r.ours.metrics.meanAbsCurvature,
                    r.centre.metrics.integralSquaredCurvature, r.peer.metrics.integralSquaredCurvature, r.ours.metrics.integralSquaredCurvature,
                    r.fastest.metrics.integralSquaredCurvature, r.centre.metrics.length, r.peer.metrics.length, r.ours.metrics.length,
                    r.fastest.metrics.length, r.centre.idealLapTime, r.peer.idealLapTime, r.ours.idealLapTime, r.fastest.idealLapTime,
                    r.optimiserMilliseconds, r.descentMilliseconds);
        wins += r.ours.metrics.integralSquaredCurvature <= r.peer.metrics.integralSquaredCurvature;
        lapWins += r.ours.idealLapTime <= r.peer.idealLapTime;
        descentWins += r.fastest.idealLapTime <= r.peer.idealLapTime;
        slowest = std::max(slowest, r.optimiserMilliseconds);
        slowestDescent = std::max(slowestDescent, r.descentMilliseconds);
    }
    std::printf("\nintegral k^2 ds, minimum-curvature line <= peer's on %d of %zu circuits; slowest optimisation %.1f ms (one core)\n", wins, rows.size(),
                slowest);
    std::printf("ideal lap <= peer's: minimum-curvature line on %d of %zu, after the ideal-lap descent on %d of %zu; slowest descent %.0f ms (one core)\n",
                lapWins, rows.size(), descentWins, rows.size(), slowestDescent);

    if (laps <= 0) return 0;
    std::printf("\nThe lap-time method's second stage: the runner follower drives the car preset a flying lap (half-lap run-up) on the\n");
    std::printf("minimum-curvature line (o) and on the descended line (o+); the faster is the start of the lap-time refinement\n");
    std::printf("(chapter 39.6): correlated moves kept when the lap is faster, %d simulated laps per circuit, batches of 8 on all cores.\n\n", laps);
    std::printf("%-12s | %10s | %10s | %10s | %10s | %8s | %6s | %7s\n", "circuit", "o lap s", "o+ lap s", "start", "refined s", "gain s", "moves", "wall s");
    for (auto& r : rows) {
        bake::LapTimeRefinementOptions options;
        options.maxEvaluations = laps;
        const auto started = std::chrono::steady_clock::now();
        r.document.lines[r.racingLine].offsets = r.minimumCurvatureOffsets;
        const double minimumCurvatureLap = bake::simulatedLapTime(r.document, r.racingLine, options);
        r.document.lines[r.racingLine].offsets = r.descendedOffsets;
        const double descendedLap = bake::simulatedLapTime(r.document, r.racingLine, options);
        const bool descended = descendedLap <= minimumCurvatureLap;
        if (!descended) r.document.lines[r.racingLine].offsets = r.minimumCurvatureOffsets;
        const bake::LapTimeRefinementResult refined = bake::refineLapTime(r.document, r.racingLine, r.bounds, options);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("%-12s | %10.3f | %10.3f | %10s | %10.3f | %8.3f | %6d | %7.1f\n", r.name.c_str(), minimumCurvatureLap, descendedLap,
                    descended ? "o+" : "o", refined.lapTimeAfter, refined.lapTimeBefore - refined.lapTimeAfter, refined.acceptedMoves, wall);
    }
    return 0;
}
