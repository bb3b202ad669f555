#include "bake/cli/plan_tables.h"

#include <cstdio>
#include <string>

namespace bake::cli {
namespace {

// The thesis's figures (AIPATH, chapter 5), band by band (0–10 m … 60–70 m, then all).
constexpr int kThesisBands = 7;
struct Table53Row {
    int count, distance, time;
};
constexpr Table53Row kTable53[kThesisBands + 1] = {{167, 13651, 842}, {524, 18961, 705}, {811, 21393, 868}, {884, 35344, 585},
                                                  {467, 48894, 732}, {160, 49854, 1051}, {47, 51566, 1160}, {3060, 34238, 849}};
struct Table54Row {
    double distance, time;
};
constexpr Table54Row kTable54[kThesisBands + 1] = {{12.53, 11.89}, {12.19, 11.60}, {11.94, 11.66}, {12.47, 12.32},
                                                  {14.29, 14.07}, {16.32, 16.04}, {17.98, 17.69}, {13.96, 13.61}};
struct Table57Row {
    int count, astar, probe;
};
constexpr Table57Row kTable57[kThesisBands + 1] = {{79, 1442, 25}, {247, 3961, 34}, {383, 6770, 39}, {418, 7653, 44},
                                                  {222, 9141, 49}, {75, 15140, 56}, {22, 11152, 73}, {1446, 7894, 46}};
struct Table58Row {
    int count;
    double astar, probe, overhead, deviation;
};
constexpr Table58Row kTable58[kThesisBands + 1] = {{55, 2.46, 15.37, 83.94, 26.70},   {307, 7.22, 11.04, 34.51, 15.78},
                                                  {798, 12.00, 14.50, 17.19, 7.55},  {1522, 16.82, 19.11, 11.98, 5.35},
                                                  {1266, 21.29, 23.31, 8.65, 8.43},  {337, 25.62, 27.41, 6.51, 2.47},
                                                  {38, 31.70, 33.21, 4.53, 2.62},    {4323, 17.19, 19.64, 12.44, 11.87}};
constexpr int kTable52[] = {230, 1161, 678, 2323};
constexpr int kTable52All = 1098;
constexpr double kThesisMsPer1000 = 10.8;

std::string bandName(int band) {
    if (band == kDistanceBands) return "All";
    if (band == kDistanceBands - 1) return "70+";
    return std::to_string(10 * band) + "-" + std::to_string(10 * band + 10);
}

/// Our band b's row next to the thesis's (which has no 70+ band).
int thesisRow(int band) {
    return band == kDistanceBands ? kThesisBands : band;
}

double reduction(double from, double to) {
    return from > 0.0 ? 100.0 * (from - to) / from : 0.0;
}

} // namespace

void printPlanTables(std::ostream& out, const RandomSummary& s, const std::vector<CurveRow>& curves, std::uint64_t seed) {
    char line[256];
    auto print = [&](const char* text) { out << text << '\n'; };
    std::snprintf(line, sizeof line,
                  "AIPATH reproduction: %d random searches (thesis section 5.1: a_max 1.5, d_max 5, v_max 13.8 m/s, turning radius 5-8 m,\n"
                  "lateral acceleration 10-20 m/s^2, goals within 8 turning radii, goal within 0.3 m / 1 deg / 0.1 m/s, 100000 iterations), seed %llu.",
                  s.searches, static_cast<unsigned long long>(seed));
    print(line);
    std::snprintf(line, sizeof line,
                  "Solved: A* time heuristic (refined) %d, A* time heuristic (thesis form) %d, A* distance heuristic %d; probe reached the goal %d,\n"
                  "probe ended within one cell of it %d.",
                  s.astarFound, s.astarThesisFound, s.distanceFound, s.probeReached, s.probeWithinCell);
    print(line);

    print("\nTable 5.3  Average iterations, distance vs time heuristic (A*, thesis form; searches both solved);");
    print("           'shot': the same searches with the analytic final approach (A*, refined heuristic, issue 28)");
    print("band (m)   ours: n    distance      time  reduction     shot | thesis: n  distance   time  reduction");
    for (int b = 0; b <= kDistanceBands; ++b) {
        const Mean& d = s.pairedDistance[b];
        const Mean& t = s.pairedTime[b];
        if (d.count == 0 && b < kDistanceBands && b >= kThesisBands) continue;
        char thesis[96] = "";
        if (b < kThesisBands || b == kDistanceBands) {
            const Table53Row& r = kTable53[thesisRow(b)];
            std::snprintf(thesis, sizeof thesis, "%8d %9d %6d %8.2f%%", r.count, r.distance, r.time, reduction(r.distance, r.time));
        }
        std::snprintf(line, sizeof line, "%-9s %8d %11.0f %9.0f %9.2f%% %8.0f | %s", bandName(b).c_str(), d.count, d.mean(), t.mean(),
                      reduction(d.mean(), t.mean()), s.pairedTimeShot[b].mean(), thesis);
        print(line);
    }

    print("\nTable 5.4  Average traversal time (s), distance vs time heuristic (same searches)");
    print("band (m)   ours: distance   time  reduction | thesis: distance   time  reduction");
    for (int b = 0; b <= kDistanceBands; ++b) {
        const Mean& d = s.pairedDistanceSeconds[b];
        const Mean& t = s.pairedTimeSeconds[b];
        if (d.count == 0 && b < kDistanceBands && b >= kThesisBands) continue;
        char thesis[96] = "";
        if (b < kThesisBands || b == kDistanceBands) {
            const Table54Row& r = kTable54[thesisRow(b)];
            std::snprintf(thesis, sizeof thesis, "%14.2f %6.2f %8.2f%%", r.distance, r.time, reduction(r.distance, r.time));
        }
        std::snprintf(line, sizeof line, "%-9s %14.2f %6.2f %9.2f%% | %s", bandName(b).c_str(), d.mean(), t.mean(), reduction(d.mean(), t.mean()), thesis);
        print(line);
    }

    print("\nTable 5.7  Average iterations, A* vs probing search (searches A* solved; the probe runs until it stops);");
    print("           'shot': the same searches with the analytic final approach");
    print("band (m)   ours: n        A*    probe  reduction     shot | thesis: n      A*  probe  reduction");
    for (int b = 0; b <= kDistanceBands; ++b) {
        const Mean& a = s.pairedAStar[b];
        const Mean& p = s.pairedProbe[b];
        if (a.count == 0 && b < kDistanceBands && b >= kThesisBands) continue;
        char thesis[96] = "";
        if (b < kThesisBands || b == kDistanceBands) {
            const Table57Row& r = kTable57[thesisRow(b)];
            std::snprintf(thesis, sizeof thesis, "%8d %7d %6d %8.2f%%", r.count, r.astar, r.probe, reduction(r.astar, r.probe));
        }
        std::snprintf(line, sizeof line, "%-9s %8d %9.0f %8.0f %9.2f%% %8.0f | %s", bandName(b).c_str(), a.count, a.mean(), p.mean(),
                      reduction(a.mean(), p.mean()), s.pairedShot[b].mean(), thesis);
        print(line);
    }

    print("\nTable 5.8  Average traversal time (s), A* vs probing search (searches where the probe ended within one cell of the goal)");
    print("band (m)   ours: n      A*   probe  overhead  std.dev | thesis: n     A*  probe  overhead  std.dev");
    for (int b = 0; b <= kDistanceBands; ++b) {
        const Mean& a = s.overheadAStarTime[b];
        const Mean& p = s.overheadProbeTime[b];
        const Mean& o = s.overheadPct[b];
        if (a.count == 0 && b < kDistanceBands && b >= kThesisBands) continue;
        char thesis[96] = "";
        if (b < kThesisBands || b == kDistanceBands) {
            const Table58Row& r = kTable58[thesisRow(b)];
            std::snprintf(thesis, sizeof thesis, "%8d %6.2f %6.2f %8.2f%% %7.2f%%", r.count, r.astar, r.probe, r.overhead, r.deviation);
        }
        std::snprintf(line, sizeof line, "%-9s %8d %7.2f %7.2f %8.2f%% %7.2f%% | %s", bandName(b).c_str(), a.count, a.mean(), p.mean(), o.mean(), o.deviation(), thesis);
        print(line);
    }

    if (!curves.empty()) {
        print("\nTable 5.2  Average iterations per EM5 curve type (A*, within 3 m of the centre line; speeds, turning radius and lateral limit random)");
        print("           'shot': the same traversals with the analytic final approach, solved, mean iterations, median and p95 ms");
        print("curve                 radius  turn   ours: solved  iterations   shot: solved iterations median   p95 | thesis: iterations");
        Mean all, allShot;
        int solved = 0, searches = 0, shotSolved = 0;
        std::vector<double> allSeconds;
        auto row = [&](const char* name, const char* shape, int found, int count, double iterations, int shotFound, double shotIterations,
                       const std::vector<double>& seconds, int thesis) {
            std::snprintf(line, sizeof line, "%-20s %14s  %6d/%-6d %11.0f   %5d/%-6d %9.0f %6.2f %5.2f | %8d", name, shape, found, count, iterations, shotFound,
                          count, shotIterations, 1e3 * RandomSummary::quantile(seconds, 0.5), 1e3 * RandomSummary::quantile(seconds, 0.95), thesis);
            print(line);
        };
        for (std::size_t i = 0; i < curves.size(); ++i) {
            const CurveRow& c = curves[i];
            all.count += c.iterations.count;
            all.sum += c.iterations.sum;
            allShot.count += c.shotIterations.count;
            allShot.sum += c.shotIterations.sum;
            solved += c.found;
            shotSolved += c.shotFound;
            searches += c.searches;
            allSeconds.insert(allSeconds.end(), c.shotSeconds.begin(), c.shotSeconds.end());
            char shape[32];
            std::snprintf(shape, sizeof shape, "%5.0f m %4.0f°", c.curve.radius, c.curve.angleDeg);
            row(c.curve.name, shape, c.found, c.searches, c.iterations.mean(), c.shotFound, c.shotIterations.mean(), c.shotSeconds, i < 4 ? kTable52[i] : 0);
        }
        row("All", "", solved, searches, all.mean(), shotSolved, allShot.mean(), allSeconds, kTable52All);
    }

    print("\nThe analytic final approach (issue 28): A*, refined heuristic, with shots (every 32nd expansion and every one within 1 m of");
    print("the goal; the best kept until within 3 % of the lowest open cost + estimate, or 1750 expansions after the first)");
    std::snprintf(line, sizeof line, "solved %d of %d within %s iterations; iterations mean %.0f, median %.0f; search time median %.3f ms, p95 %.3f ms, max %.2f ms",
                  s.shotFound, s.searches, "100000", s.shotIterations.mean(), RandomSummary::quantile(s.shotIterationList, 0.5),
                  1e3 * RandomSummary::quantile(s.shotSeconds, 0.5), 1e3 * RandomSummary::quantile(s.shotSeconds, 0.95),
                  1e3 * RandomSummary::quantile(s.shotSeconds, 1.0));
    print(line);
    std::snprintf(line, sizeof line,
                  "against A* alone (refined), on the %d searches it solves: %+.2f %% time on average, %d within 5 %% (%.1f %%), the worst %+.1f %%",
                  s.shotSlowerPct.count, s.shotSlowerPct.mean(), s.shotWithin5Pct,
                  s.shotSlowerPct.count ? 100.0 * s.shotWithin5Pct / s.shotSlowerPct.count : 0.0, s.shotSlowerMaxPct);
    print(line);

    print("\nSpeed of the search");
    std::snprintf(line, sizeof line, "ms per 1000 iterations (A*, time heuristic, one core): ours %.3f | thesis %.1f (i7, generic implementation) | target <= 1",
                  s.msPer1000Iterations(), kThesisMsPer1000);
    print(line);
}

} // namespace bake::cli
