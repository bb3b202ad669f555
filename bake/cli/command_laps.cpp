#include "bake/cli/baked_file.h"
#include "bake/cli/reports.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/result_checks.h"
#include "bake/cli/vehicle_file.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/job_pool.h"
#include "bake/cli/json_report.h"
#include "bake/cli/lap_table.h"
#include "bake/cli/progress.h"

#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/class_vehicle.h"
#include "bake/sim/verification_laps.h"

#include "formats/source/track_json.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/traffic/driver_strength.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <algorithm>
#include <cstring>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <sstream>

namespace bake::cli {
namespace {

/// One run, from file to metrics. `lineName` falls back to the main route's first line.
int runOne(const LapJob& job, const LapsCommand& command, const std::vector<formats::VehicleClass>& classes, LapRunResult& result, std::ostream& err) {
    const std::string& lineName = command.line;
    LapRunOptions options;
    options.follower = job.follower;
    options.vehicle = job.vehicle;
    options.laps = command.laps;
    options.plannedRecovery = !command.noPlannedRecovery;
    options.speedCap = command.sourceSpeedCaps ? trackwright::FollowerSpeedCap::Sources : trackwright::FollowerSpeedCap::Vehicle;
    LoadedBake bake;
    const bool source = std::filesystem::path(job.input).extension() == ".twtrack";
    if (!job.vehicleClass.empty()) {
        std::optional<formats::VehicleClass> named;
        if (const int code = loadWithClass(job.input, job.vehicleClass, bake, named, err, "laps", classes)) return code;
        options.parameters = classVehicle(*named);
    } else if (const int code = classesNeedSource(job.input, classes, "laps", err)) {
        return code;
    } else if (const int loaded = source ? bakeForVehicle(job.input, job.vehicle, bake, err, classes) : loadBakeFile(job.input, bake, err, "laps")) {
        return loaded;
    }
    const trackwright::BakedTrack& track = bake.track;
    const std::string vehicleName = job.vehicleName();
    for (std::uint32_t c = 0; c < track.view.vehicleClasses.size(); ++c)
        if (vehicleName == track.view.name(track.view.vehicleClasses[c].nameOffset)) options.vehicleClass = c;
    options.line = trackwright::findLine(track, 0, lineName.c_str(), options.vehicleClass);
    for (std::uint32_t l = 0; l < track.view.lines.size() && options.line == formats::kNoRoute; ++l)
        if (track.view.lines[l].route == 0) options.line = l;
    options.strength = command.strength;
    options.mistakes = command.mistakes;
    options.seed = command.seed;
    if (command.targetLap > 0.0) {
        // The strength-1 lap first: strength is a ratio to it (traffic/driver_strength.h).
        options.strength = 1.0f;
        const LapRunResult one = runVerificationLaps(track, options);
        if (!one.completed || one.lapTimes.empty()) {
            err << "twbake laps: " << job.input << ": the strength-1 run did not complete a lap, so no strength laps in " << command.targetLap << " s\n";
            return kExitInvalidInput;
        }
        const double best = *std::min_element(one.lapTimes.begin(), one.lapTimes.end());
        options.strength = trackwright::strengthForLapTime(best, command.targetLap);
        if (command.targetLap < best || command.targetLap > best / trackwright::kLeastStrength)
            err << "twbake laps: " << job.input << ": " << command.targetLap << " s is outside the laps strengths 0.5-1 drive (" << best << "-"
                << best / trackwright::kLeastStrength << " s): strength " << options.strength << '\n';
    }
    result = runVerificationLaps(track, options);
    return kExitOk;
}

template <class Kind, class ByName>
bool parseList(const std::string& text, const char* what, std::vector<Kind>& out, ByName byName, std::span<const Kind> all, std::ostream& err) {
    if (text == "all") {
        out.assign(all.begin(), all.end());
        return true;
    }
    std::stringstream stream(text);
    std::string name;
    while (std::getline(stream, name, ',')) {
        Kind kind;
        if (!byName(name.c_str(), kind)) {
            err << "twbake laps: unknown " << what << " \"" << name << "\"\n";
            return false;
        }
        out.push_back(kind);
    }
    return !out.empty();
}

/// The figures of a run a --fail-if condition may name, as the JSON names them, in its order.
constexpr const char* kRunFigures[] = {"completed",         "total_time_s",        "stuck_events",      "planned_recoveries",
                                       "unrecovered_stuck_events", "teleports",     "cte_mean_m",        "cte_max_m",
                                       "inside_corridor_pct", "inside_runoff_pct",  "mean_speed_mps",    "max_lat_accel_mps2",
                                       "ideal_lap_time_s",  "ideal_ratio",       "strength",          "mistakes"};

Figures runFigures(const LapRunResult& r) {
    const double values[] = {r.completed ? 1.0 : 0.0, r.totalTime, double(r.stuckEvents), double(r.plannedRecoveries),
                             double(r.unrecoveredStuckEvents), double(r.teleports), r.cteMean, r.cteMax,
                             r.insideCorridorPct, r.insideRunoffPct, r.meanSpeed, r.maxLateralAcceleration,
                             r.idealLapTime, r.idealRatio, double(r.strength), double(r.mistakes.total())};
    static_assert(std::size(values) == std::size(kRunFigures));
    Figures figures;
    for (std::size_t k = 0; k < std::size(kRunFigures); ++k) figures.emplace_back(kRunFigures[k], values[k]);
    return figures;
}

/// A run's name in reports: track, follower and vehicle.
std::string runName(const LapJob& job) {
    return std::filesystem::path(job.input).stem().string() + " " + trackwright::followerName(job.follower) + " " + job.vehicleName();
}

/// The runs as JSON, each with its "status": passed, failed (with the --fail-if conditions it met)
/// or did-not-start (with why, and no figures).
void writeRunsJson(std::ostream& out, const std::vector<LapJob>& jobs, const std::vector<LapRunResult>& results, const std::vector<int>& codes,
                   const std::vector<std::string>& errors, const std::vector<std::vector<std::string>>& failures) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& archive = report.archive();
        archive.setNextName("runs");
        archive.startNode();
        archive.makeArray();
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            const LapRunResult& r = results[i];
            archive.startNode();
            archive(cereal::make_nvp("track", std::filesystem::path(jobs[i].input).stem().string()),
                    cereal::make_nvp("follower", std::string(trackwright::followerName(jobs[i].follower))),
                    cereal::make_nvp("vehicle", jobs[i].vehicleName()), cereal::make_nvp("strength", results[i].strength));
            if (codes[i] != kExitOk) {
                archive(cereal::make_nvp("status", std::string("did-not-start")), cereal::make_nvp("error", errors[i]));
                archive.finishNode();
                continue;
            }
            archive(cereal::make_nvp("status", std::string(failures[i].empty() ? "passed" : "failed")), cereal::make_nvp("failed_conditions", failures[i]));
            archive(cereal::make_nvp("completed", r.completed),
                    cereal::make_nvp("lap_times_s", r.lapTimes), cereal::make_nvp("total_time_s", r.totalTime),
                    cereal::make_nvp("stuck_events", r.stuckEvents), cereal::make_nvp("planned_recoveries", r.plannedRecoveries),
                    cereal::make_nvp("unrecovered_stuck_events", r.unrecoveredStuckEvents), cereal::make_nvp("teleports", r.teleports),
                    cereal::make_nvp("cte_mean_m", r.cteMean),
                    cereal::make_nvp("cte_max_m", r.cteMax), cereal::make_nvp("inside_corridor_pct", r.insideCorridorPct),
                    cereal::make_nvp("inside_runoff_pct", r.insideRunoffPct), cereal::make_nvp("mean_speed_mps", r.meanSpeed),
                    cereal::make_nvp("max_lat_accel_mps2", r.maxLateralAcceleration), cereal::make_nvp("ideal_lap_time_s", r.idealLapTime),
                    cereal::make_nvp("ideal_ratio", r.idealRatio));
            writeMistakeTally(archive, "mistakes", r.mistakes);
            archive.finishNode();
        }
        archive.finishNode();
    }
    out << '\n';
}

} // namespace

int runLaps(const LapsCommand& command, std::ostream& out, std::ostream& err) {
    std::vector<trackwright::FollowerKind> followers;
    std::vector<trackwright::VehiclePreset> vehicles;
    if (!parseList(command.follower, "follower", followers, trackwright::followerByName, std::span<const trackwright::FollowerKind>(trackwright::kAllFollowerKinds), err) ||
        !parseList(command.vehicle, "vehicle", vehicles, trackwright::vehiclePresetByName, std::span<const trackwright::VehiclePreset>(trackwright::kAllVehiclePresets), err))
        return kExitUsage;
    if (!command.vehicleClass.empty() && vehicles.size() != 1) {
        err << "twbake laps: --class drives the track's class; leave out --vehicle\n";
        return kExitUsage;
    }
    if (!command.matrix && (followers.size() != 1 || vehicles.size() != 1 || command.inputs.size() != 1)) {
        err << "twbake laps: one track, follower and vehicle per run; use --matrix for several\n";
        return kExitUsage;
    }
    std::vector<FailCondition> conditions;
    if (const int code = parseFailConditions(command.failIf, kRunFigures, "twbake laps", conditions, err)) return code;
    {
        std::vector<NamedPath> inputs;
        for (const std::string& input : command.inputs) inputs.push_back({"input", input});
        inputs.push_back({"--classes", command.classes});
        std::vector<NamedPath> outputs;
        for (const std::string& report : command.reports) outputs.push_back({"--report", report});
        if (const auto conflict = findOutputConflict(inputs, outputs)) {
            err << "twbake laps: " << *conflict << '\n';
            return kExitUsage;
        }
    }
    std::vector<formats::VehicleClass> classes;
    if (!command.classes.empty())
        if (const int code = readClassFiles(command.classes, "twbake laps", classes, err)) return code;
    std::vector<LapJob> jobs;
    for (const std::string& input : command.inputs)
        for (trackwright::FollowerKind f : followers)
            for (trackwright::VehiclePreset v : vehicles) jobs.push_back({input, f, v, command.vehicleClass});

    std::vector<LapRunResult> results(jobs.size());
    std::vector<double> wall(jobs.size());  // s each run took, for the JUnit report alone
    std::vector<int> codes(jobs.size(), kExitOk);
    std::vector<std::string> errors(jobs.size());
    Progress progress(err, command.progress, command.matrix ? "laps --matrix" : "laps", jobs.size());
    runJobs(jobs.size(), command.jobs, [&](std::size_t i) {
        std::ostringstream e;
        const auto started = std::chrono::steady_clock::now();
        codes[i] = runOne(jobs[i], command, classes, results[i], e);
        wall[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        errors[i] = e.str();
        progress.itemDone(runName(jobs[i]), codes[i] == kExitOk ? "driven" : "failed", wall[i]);
    });
    progress.finish();

    int worst = kExitOk;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        err << errors[i];
        worst = std::max(worst, codes[i]);
    }
    if (worst == kExitIo || worst == kExitUsage) return worst;
    // Only runs that drove: a track that did not load has no run to report (before, it printed
    // "did NOT complete in 0 s" and --matrix averaged that into its table).
    std::vector<LapJob> ranJobs;
    std::vector<LapRunResult> ranResults;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (codes[i] != kExitOk) continue;
        ranJobs.push_back(jobs[i]);
        ranResults.push_back(results[i]);
    }
    if (ranJobs.size() < jobs.size())
        err << "twbake laps: " << jobs.size() - ranJobs.size() << " of " << jobs.size() << " runs did not start (see above) and are left out\n";
    if (ranJobs.empty() && !command.json) return worst;
    std::vector<std::vector<std::string>> failures(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i)
        if (codes[i] == kExitOk) failures[i] = failedConditions(conditions, runFigures(results[i]));
    if (command.json) {
        writeRunsJson(out, jobs, results, codes, errors, failures);
    } else if (command.matrix) {
        printLapTable(out, ranJobs, ranResults, followers, vehicles);
    } else {
        const LapRunResult& r = results.front();
        out << std::filesystem::path(jobs.front().input).stem().string() << ": " << trackwright::followerName(jobs.front().follower) << " + "
            << jobs.front().vehicleName() << (r.strength != 1.0f ? " at strength " + std::to_string(r.strength).substr(0, 5) : std::string()) << (r.completed ? " completed" : " did NOT complete") << " in " << r.totalTime << " s; laps:";
        for (double t : r.lapTimes) out << ' ' << t;
        out << " s; ideal " << r.idealLapTime << " s (ratio " << r.idealRatio << "); stuck events " << r.stuckEvents << " ("
            << r.plannedRecoveries << " planned recoveries, " << r.unrecoveredStuckEvents << " unrecovered, " << r.teleports << " teleports); cte mean "
            << r.cteMean << " m, max " << r.cteMax << " m; on tarmac " << r.insideCorridorPct << "%; mean speed " << r.meanSpeed << " m/s";
        if (command.mistakes > 0.0f) {
            out << "; mistakes:";
            for (int k = 0; k < trackwright::kMistakeKinds; ++k)
                out << (k ? ", " : " ") << trackwright::mistakeKindName(static_cast<trackwright::MistakeKind>(k)) << ' ' << r.mistakes.made[k];
        }
        out << '\n';
    }
    // A CI acts on the runs: each a test case, failed by the conditions it meets; one that did not
    // start is an error case.
    std::vector<ReportCase> cases;
    bool failed = false;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        ReportCase c{runName(jobs[i]), wall[i], {}, "", {}, nullptr};
        if (codes[i] != kExitOk) {
            c.error = errors[i].empty() ? "the run did not start" : errors[i];
        } else {
            c.figures = runFigures(results[i]);
            c.failures = failures[i];
            for (const std::string& f : c.failures) err << "twbake laps: " << c.name << " fails --fail-if: " << f << '\n';
            failed |= !c.failures.empty();
        }
        cases.push_back(std::move(c));
    }
    if (const int code = writeReports(command.reports, "twbake laps", cases, err)) return code;
    if (worst != kExitOk) return worst;
    for (const LapRunResult& r : ranResults)
        if (!r.completed) return kExitInvalidInput;
    return failed ? kExitChecksFailed : kExitOk;
}

} // namespace bake::cli
