#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/plan_tables.h"

#include "bake/pipeline/bake_track.h"
#include "bake/sim/corner_planner.h"
#include "bake/experiments/plan_experiment.h"

#include "formats/source/track_json.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/plan/plan_track_area.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace bake::cli {
namespace {

constexpr double kDegree = M_PI / 180.0;

/// "a,b,c,d" into four numbers.
bool parseFour(const std::string& text, double (&values)[4]) {
    std::stringstream stream(text);
    std::string part;
    int n = 0;
    while (std::getline(stream, part, ',')) {
        if (n == 4) return false;
        char* end = nullptr;
        values[n] = std::strtod(part.c_str(), &end);
        if (end == part.c_str() || *end != '\0' || !std::isfinite(values[n])) return false;
        ++n;
    }
    return n == 4;
}

/// x,y,heading,speed in world coordinates as a state in the track's local frame (the origin is
/// subtracted in doubles, before the planner's floats).
bool parseState(const std::string& text, trackwright::PlanState& state, formats::Vec3 origin = {}) {
    double v[4];
    if (!parseFour(text, v)) return false;
    state = {static_cast<float>(v[0] - origin.x), static_cast<float>(v[1] - origin.y), static_cast<float>(v[2] * kDegree), static_cast<float>(v[3])};
    return true;
}

/// A .twbake from disk, or a .twtrack baked in memory.
int loadTrack(const std::string& path, LoadedBake& bake, std::ostream& err) {
    if (std::filesystem::path(path).extension() != ".twtrack") return loadBakeFile(path, bake, err, "plan");
    return bakeSourceFile(path, bake, err);
}

/// The centre-line node nearest (x, y): where to point a user whose pose is off the track.
const formats::BakedNode* nearestNode(const trackwright::BakedTrack& track, float x, float y) {
    const formats::BakedNode* best = nullptr;
    float bestSquared = INFINITY;
    for (const formats::BakedNode& node : track.view.nodes) {
        const float squared = (node.x - x) * (node.x - x) + (node.y - y) * (node.y - y);
        if (squared < bestSquared) bestSquared = squared, best = &node;
    }
    return best;
}

/// Checks --from or --to against the area the planner may use, before a search that could only
/// fail: a start beyond the walls, or a goal the validity test can never accept, is the user's to
/// move, and saying where is worth more than "no path after 10^5 iterations". A start inside the
/// margin zone is fine (a car pressed against the wall backs away from it); a goal there is not,
/// unless the goal tolerance reaches back into the usable width (a node there passes the goal test).
bool endpointUsable(const trackwright::PlanTrackArea& area, const PlanCommand& c, const trackwright::PlanState& pose, bool isGoal,
                    float vehicleWidth, float goalTolerance, std::ostream& err) {
    const char* flag = isGoal ? "--to" : "--from";
    const std::string& text = isGoal ? c.to : c.from;
    float clearance = 0.0f;
    if (!area.clearance(pose.x, pose.y, clearance)) {
        err << c.input << ": error[plan-" << (isGoal ? "goal" : "start") << "-off-track]: " << flag << ' ' << text
            << " is off the track (beyond the walls, on no route)";
        if (const formats::BakedNode* node = nearestNode(*area.track, pose.x, pose.y)) {
            char where[160];
            const formats::Vec3 origin = area.track->origin();
            std::snprintf(where, sizeof where, "; the nearest centre-line node is node %u at %.2f,%.2f, %.1f m away", node->sourceNode,
                          node->x + origin.x, node->y + origin.y, std::hypot(node->x - pose.x, node->y - pose.y));
            err << where;
        }
        err << ": give " << (isGoal ? "a goal" : "a start") << " between the runoff edges\n";
        return false;
    }
    if (isGoal && clearance < -goalTolerance) {
        char detail[240];
        std::snprintf(detail, sizeof detail,
                      " is %.2f m beyond the usable width (the runoff edge less half the vehicle's %.2f m width), more than the goal "
                      "tolerance's %.2f m: move it at least %.2f m towards the centre line\n",
                      -clearance, vehicleWidth, goalTolerance, -clearance - goalTolerance);
        err << c.input << ": error[plan-goal-outside-usable-width]: " << flag << ' ' << text << detail;
        return false;
    }
    return true;
}

int runPath(const PlanCommand& c, std::ostream& out, std::ostream& err) {
    trackwright::PlanState from, to;
    if (!parseState(c.from, from) || !parseState(c.to, to)) {
        err << "twbake plan: --from and --to take x,y,heading,speed (metres, degrees, m/s)\n";
        return kExitUsage;
    }
    trackwright::PlanVehicle vehicle;
    float width = 0.5f;
    trackwright::VehiclePreset preset;
    if (c.vehicle == "pedestrian") {
        vehicle = trackwright::pedestrianPlanVehicle();
    } else if (trackwright::vehiclePresetByName(c.vehicle.c_str(), preset)) {
        const trackwright::VehicleParameters p = trackwright::vehiclePreset(preset);
        vehicle = trackwright::planVehicleFor(p);
        width = p.width;
    } else {
        err << "twbake plan: unknown vehicle \"" << c.vehicle << "\"\n";
        return kExitUsage;
    }
    trackwright::PlanSettings settings;
    settings.iterationLimit = c.iterations;
    settings.shot.enabled = !c.noShot;
    if (!c.tolerance.empty()) {
        double t[4];
        // A negative or zero tolerance no node can ever meet: the search would run to its limit for nothing.
        if (!parseFour(c.tolerance + ",0", t) || !(t[0] > 0.0 && t[0] <= 1000.0) || !(t[1] > 0.0 && t[1] <= 180.0) || !(t[2] > 0.0 && t[2] <= 1000.0)) {
            err << "twbake plan: --tolerance takes metres,degrees,m/s, each above 0 (at most 1000 m, 180 degrees, 1000 m/s), such as 0.3,1,0.1; got \""
                << c.tolerance << "\"\n";
            return kExitUsage;
        }
        settings.tolerance = {static_cast<float>(t[0]), static_cast<float>(t[1]), static_cast<float>(t[2])};
    }
    if (vehicle.turningRadius <= 0.0f) settings.discretization.steeringStepDeg = 15.0f;  // no turning radius: coarser steering
    LoadedBake bake;
    if (const int code = loadTrack(c.input, bake, err)) return code;
    const formats::Vec3 origin = bake.track.origin();  // positions in and out are world coordinates
    parseState(c.from, from, origin);
    parseState(c.to, to, origin);
    trackwright::PlanTrackArea area;
    area.track = &bake.track;
    area.edge = trackwright::TrackEdge::Runoff;
    area.margin = 0.5f * width;
    const float reach = settings.tolerance.position;
    if (!endpointUsable(area, c, from, false, width, reach, err) || !endpointUsable(area, c, to, true, width, reach, err)) return kExitInvalidInput;
    trackwright::MovementPlanner planner(1u << 20, 8192);
    const trackwright::PlanResult r = planner.plan(vehicle, from, to, settings, area.validity());

    if (c.json) {
        {
            JsonReport json(out);
            cereal::JSONOutputArchive& archive = json.archive();
            archive(cereal::make_nvp("file", c.input), cereal::make_nvp("vehicle", c.vehicle),
                    cereal::make_nvp("status", std::string(trackwright::planStatusName(r.status))), cereal::make_nvp("found", r.found()),
                    cereal::make_nvp("iterations", r.iterations), cereal::make_nvp("probe_iterations", r.probeIterations),
                    cereal::make_nvp("found_by_probe", r.byProbe), cereal::make_nvp("ends_in_shot", r.byShot), cereal::make_nvp("shot_time_s", r.shotTime),
                    cereal::make_nvp("shots", r.shots), cereal::make_nvp("nodes", r.nodes), cereal::make_nvp("time_s", r.time),
                    cereal::make_nvp("length_m", r.length));
            archive.setNextName("path");
            archive.startNode();
            archive.makeArray();
            for (const trackwright::PlanStep& s : planner.path()) {
                archive.startNode();
                archive(cereal::make_nvp("x", s.state.x + origin.x), cereal::make_nvp("y", s.state.y + origin.y),
                        cereal::make_nvp("heading_deg", static_cast<float>(s.state.heading / kDegree)), cereal::make_nvp("speed_mps", s.state.speed),
                        cereal::make_nvp("time_s", s.time), cereal::make_nvp("direction", static_cast<int>(s.direction)));
                archive.finishNode();
            }
            archive.finishNode();
        }
        out << '\n';
    } else {
        out << "plan: " << trackwright::planStatusName(r.status) << " after " << r.iterations << " iterations (probing " << r.probeIterations
            << (r.byProbe ? ", which reached the goal" : "") << ")";
        if (r.found()) out << "; " << r.time << " s, " << r.length << " m, " << planner.path().size() << " states";
        if (r.byShot) out << "; the last " << r.shotTime << " s by an analytic shot (" << r.shots << " tried)";
        out << "\nx,y,heading_deg,speed_mps,time_s,direction\n";
        for (const trackwright::PlanStep& s : planner.path())
            out << s.state.x + origin.x << ',' << s.state.y + origin.y << ',' << s.state.heading / kDegree << ',' << s.state.speed << ',' << s.time << ','
                << static_cast<int>(s.direction) << '\n';
    }
    return r.found() ? kExitOk : kExitInvalidInput;
}

int runCorners(const PlanCommand& c, std::ostream& out, std::ostream& err) {
    LoadedBake bake;
    if (const int code = loadTrack(c.input, bake, err)) return code;
    const trackwright::BakedTrack& track = bake.track;
    CornerPlanOptions options;
    options.search = cornerSearchSettings();
    options.search.iterationLimit = c.iterations;
    options.search.shot.enabled = !c.noShot;
    bool classFound = c.vehicleClass.empty();
    for (std::uint32_t i = 0; i < track.view.vehicleClasses.size(); ++i)
        if (c.vehicleClass == track.view.name(track.view.vehicleClasses[i].nameOffset)) {
            options.vehicleClass = i;
            classFound = true;
        }
    if (!classFound || track.view.vehicleClasses.empty()) {
        err << "twbake plan: no vehicle class \"" << c.vehicleClass << "\" in " << c.input << '\n';
        return kExitUsage;
    }
    options.line = trackwright::findLine(track, 0, c.line.c_str(), options.vehicleClass);
    for (std::uint32_t l = 0; l < track.view.lines.size() && options.line == formats::kNoRoute; ++l)
        if (track.view.lines[l].route == 0) options.line = l;
    trackwright::MovementPlanner planner(1u << 20, 8192);
    const CornerPlanReport report = planCorners(track, options, planner);
    const char* className = track.view.name(track.view.vehicleClasses[options.vehicleClass].nameOffset);
    const char* lineName = track.view.name(track.view.lines[options.line].nameOffset);
    if (c.json) {
        {
            JsonReport json(out);
            cereal::JSONOutputArchive& archive = json.archive();
            archive(cereal::make_nvp("file", c.input), cereal::make_nvp("vehicle_class", std::string(className)),
                    cereal::make_nvp("line", std::string(lineName)), cereal::make_nvp("corners_found", report.found),
                    cereal::make_nvp("line_time_s", report.lineTime), cereal::make_nvp("planned_time_s", report.plannedTime),
                    cereal::make_nvp("time_saved_pct", report.timeSavedPct()));
            archive.setNextName("corners");
            archive.startNode();
            archive.makeArray();
            for (const CornerPlan& p : report.corners) {
                archive.startNode();
                archive(cereal::make_nvp("start_m", p.startDistance), cereal::make_nvp("end_m", p.endDistance),
                        cereal::make_nvp("peak_curvature", p.peakCurvature), cereal::make_nvp("entry_speed_mps", p.entrySpeed),
                        cereal::make_nvp("exit_speed_mps", p.exitSpeed), cereal::make_nvp("line_length_m", p.lineLength),
                        cereal::make_nvp("line_time_s", p.lineTime), cereal::make_nvp("status", std::string(trackwright::planStatusName(p.status))),
                        cereal::make_nvp("iterations", p.iterations), cereal::make_nvp("planned_length_m", p.plannedLength),
                        cereal::make_nvp("planned_time_s", p.plannedTime), cereal::make_nvp("time_saved_s", p.timeSaved()));
                archive.finishNode();
            }
            archive.finishNode();
        }
        out << '\n';
    } else {
        char row[256];
        out << "corners of line \"" << lineName << "\" for class \"" << className << "\" (planned within the tarmac):\n";
        out << "   from     to  peak k  entry  exit |  line m  line s | status            iterations  plan m  plan s  saved s\n";
        for (const CornerPlan& p : report.corners) {
            std::snprintf(row, sizeof row, "%7.0f %6.0f %7.3f %6.1f %5.1f | %7.1f %7.2f | %-16s %11u %7.1f %7.2f %8.2f\n", p.startDistance,
                          p.endDistance, p.peakCurvature, p.entrySpeed, p.exitSpeed, p.lineLength, p.lineTime, trackwright::planStatusName(p.status),
                          p.iterations, p.plannedLength, p.plannedTime, p.timeSaved());
            out << row;
        }
        std::snprintf(row, sizeof row, "planned %d of %zu corners: %.2f s against %.2f s along the line, %.2f%% saved\n", report.found,
                      report.corners.size(), report.plannedTime, report.lineTime, report.timeSavedPct());
        out << row;
    }
    return kExitOk;
}

void writeRandomJson(std::ostream& out, const PlanCommand& c, const RandomSummary& s) {
    {
        JsonReport json(out);
            cereal::JSONOutputArchive& archive = json.archive();
        const Mean& overhead = s.overheadPct[kDistanceBands];
        archive(cereal::make_nvp("searches", s.searches), cereal::make_nvp("seed", c.seed), cereal::make_nvp("iteration_limit", c.iterations),
                cereal::make_nvp("mean_iterations_astar", s.astarIterations.mean()), cereal::make_nvp("astar_found", s.astarFound),
                cereal::make_nvp("mean_iterations_probing", s.probeIterations.mean()), cereal::make_nvp("probe_reached_goal", s.probeReached),
                cereal::make_nvp("probe_within_one_cell", s.probeWithinCell),
                cereal::make_nvp("mean_iterations_distance_heuristic", s.distanceIterations.mean()),
                cereal::make_nvp("distance_heuristic_found", s.distanceFound),
                cereal::make_nvp("mean_iterations_astar_thesis_form", s.astarThesisIterations.mean()),
                cereal::make_nvp("astar_thesis_form_found", s.astarThesisFound),
                cereal::make_nvp("probing_time_overhead_pct", overhead.mean()),
                cereal::make_nvp("probing_time_overhead_samples", overhead.count),
                cereal::make_nvp("ms_per_1000_iterations", s.msPer1000Iterations()),
                cereal::make_nvp("shot_found", s.shotFound), cereal::make_nvp("shot_mean_iterations", s.shotIterations.mean()),
                cereal::make_nvp("shot_median_iterations", RandomSummary::quantile(s.shotIterationList, 0.5)),
                cereal::make_nvp("shot_median_ms", 1e3 * RandomSummary::quantile(s.shotSeconds, 0.5)),
                cereal::make_nvp("shot_p95_ms", 1e3 * RandomSummary::quantile(s.shotSeconds, 0.95)),
                cereal::make_nvp("shot_max_ms", 1e3 * RandomSummary::quantile(s.shotSeconds, 1.0)),
                cereal::make_nvp("shot_slower_than_astar_mean_pct", s.shotSlowerPct.mean()),
                cereal::make_nvp("shot_slower_than_astar_max_pct", s.shotSlowerMaxPct),
                cereal::make_nvp("shot_within_5pct_of_astar", s.shotWithin5Pct),
                cereal::make_nvp("shot_compared_with_astar", s.shotSlowerPct.count));
    }
    out << '\n';
}

int runExperiments(const PlanCommand& c, std::ostream& out) {
    const int count = c.random > 0 ? c.random : 1000;
    const std::vector<RandomSearch> searches = thesisRandomSearches(count, c.seed);
    const RandomSummary summary = summarize(searches, runRandomSearches(searches, c.jobs, c.iterations));
    if (!c.tables) {
        if (c.json) {
            writeRandomJson(out, c, summary);
        } else {
            out << "searches " << summary.searches << "; mean iterations: A* " << summary.astarIterations.mean() << " (" << summary.astarFound
                << " solved), probing " << summary.probeIterations.mean() << " (" << summary.probeReached << " reached the goal), distance heuristic "
                << summary.distanceIterations.mean() << " (" << summary.distanceFound << " solved); probing time overhead "
                << summary.overheadPct[kDistanceBands].mean() << " % over " << summary.overheadPct[kDistanceBands].count << " searches; "
                << summary.msPer1000Iterations() << " ms per 1000 iterations\n";
        }
        return kExitOk;
    }
    std::vector<CurveRow> curves;
    const int perCurve = c.curves > 0 ? c.curves : 250;
    for (const CurveType& curve : kEm5Curves) {
        CurveRow row;
        row.curve = curve;
        for (const SearchOutcome& o : runCurveSearches(curve, perCurve, c.seed, c.jobs)) {
            ++row.searches;
            if (!o.found()) continue;
            ++row.found;
            row.iterations.add(o.iterations);
        }
        for (const SearchOutcome& o : runCurveSearches(curve, perCurve, c.seed, c.jobs, shotSettings())) {
            row.shotSeconds.push_back(o.seconds);
            if (!o.found()) continue;
            ++row.shotFound;
            row.shotIterations.add(o.iterations);
        }
        curves.push_back(row);
    }
    printPlanTables(out, summary, curves, c.seed);
    return kExitOk;
}

} // namespace

int runPlan(const PlanCommand& c, std::ostream& out, std::ostream& err) {
    if (c.random > 0 || c.tables) {
        if (!c.input.empty() || !c.from.empty() || !c.to.empty() || c.corners) {
            err << "twbake plan: --random and --tables run the thesis's experiments on an open plane; they take no track or states\n";
            return kExitUsage;
        }
        return runExperiments(c, out);
    }
    if (c.input.empty()) {
        err << "twbake plan: a track is needed (or --random N / --tables)\n";
        return kExitUsage;
    }
    if (c.corners) return runCorners(c, out, err);
    if (c.from.empty() || c.to.empty()) {
        err << "twbake plan: --from and --to are needed (or --corners)\n";
        return kExitUsage;
    }
    return runPath(c, out, err);
}

} // namespace bake::cli
