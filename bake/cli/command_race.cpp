#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/profiles_file.h"
#include "bake/cli/vehicle_file.h"
#include "bake/cli/job_pool.h"
#include "bake/cli/json_report.h"
#include "bake/cli/reports.h"
#include "bake/cli/roster_file.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/result_checks.h"
#include "bake/cli/progress.h"

#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/class_vehicle.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/passing_room.h"
#include "bake/sim/race_run.h"
#include "bake/sim/race_setup.h"
#include "bake/sim/roster.h"

#include "formats/source/track_json.h"
#include "trackwright/drive/runner_follower.h"
#include "trackwright/track/line_sampler.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace bake::cli {
namespace {

/// What every car of the race drives: the class --class names, else the car preset.
std::string carName(const RaceCommand& c) { return c.vehicleClass.empty() ? std::string("car") : "class " + c.vehicleClass; }

double contactsPer100km(const RaceResult& r) {
    return r.distance > 0.0 ? (r.rearContacts + r.sideContacts) / (r.distance / 100000.0) : 0.0;
}

/// m:ss.mmm, or "-" when there is no lap.
std::string lapText(double seconds) {
    if (!(seconds > 0.0)) return "-";
    char text[32];
    const int minutes = static_cast<int>(seconds / 60.0);
    std::snprintf(text, sizeof text, "%d:%06.3f", minutes, seconds - 60.0 * minutes);
    return text;
}

/// One car's side of a contact, for --explain: its rule, its motion and what its view predicted.
std::string explainState(std::uint32_t car, std::uint32_t other, const trackwright::ContactCarState& s) {
    char text[400];
    std::string rule = s.rule;
    if (s.passTarget != ~0u) rule += " car " + std::to_string(s.passTarget + 1);
    int n = std::snprintf(text, sizeof text, "    car %u: %s, %.1f m/s, %+.2f m from the centre line, steering %+.2f m off its line; ", car + 1, rule.c_str(),
                          double(s.speed), double(s.lateral), double(s.plannedOffset));
    if (s.sawOther)
        std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), "saw car %u %.2f m away along the route, closing at %.1f m/s, caught in %.2f s, %.2f m apart across then\n",
                      other + 1, double(s.gap), double(s.closingSpeed), double(s.catchTime), double(s.lateralGapAtCatch));
    else
        std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), "did not see car %u\n", other + 1);
    return text;
}

void writeContactState(cereal::JSONOutputArchive& a, const char* name, const trackwright::ContactCarState& s) {
    a.setNextName(name);
    a.startNode();
    a(cereal::make_nvp("rule", std::string(s.rule)), cereal::make_nvp("pass_target", s.passTarget == ~0u ? 0 : static_cast<int>(s.passTarget) + 1),
      cereal::make_nvp("speed_ms", s.speed), cereal::make_nvp("lateral_m", s.lateral), cereal::make_nvp("planned_offset_m", s.plannedOffset),
      cereal::make_nvp("saw_other", s.sawOther), cereal::make_nvp("gap_m", s.gap), cereal::make_nvp("closing_speed_ms", s.closingSpeed),
      cereal::make_nvp("catch_time_s", s.catchTime), cereal::make_nvp("lateral_gap_at_catch_m", s.lateralGapAtCatch));
    a.finishNode();
}

/// Car i's driver as the table names it: its roster name and character; "(drawn)" for a car beyond
/// the roster (drawn from the seed).
std::string driverText(const std::vector<RosterDriver>& roster, std::size_t i) {
    if (i >= roster.size()) return "(drawn)";
    return roster[i].name + " (" + std::string(trackwright::driverCharacterName(roster[i].character)) + ")";
}

void writeText(std::ostream& out, const std::string& name, const RaceCommand& c, const std::vector<RosterDriver>& roster, const RaceResult& r) {
    char line[512];
    out << "race on " << name << ": " << c.cars << " cars, " << c.laps << " laps, grid " << c.grid << ", seed " << c.seed << " (runner follower, " << carName(c) << ")\n";
    // The driver last: a name has spaces and any length, and without a roster the table is as it was.
    out << "car  pace   grid  finish  laps  best      median    alone     lost     contacts  blamed  passes  passed  stuck"
        << (c.pitStops ? "  pit lap  stops  in lane" : "") << (roster.empty() ? "\n" : "  driver\n");
    for (std::size_t i = 0; i < r.cars.size(); ++i) {
        const RaceCarResult& car = r.cars[i];
        std::snprintf(line, sizeof line, "%3zu  %.3f  %4u  %6u  %4d  %-8s  %-8s  %-8s  %+7.3f  %8d  %6d  %6d  %6d  %5d", i + 1, double(car.pace), car.grid,
                      car.finish, car.laps, lapText(car.bestLap).c_str(), lapText(car.medianLap).c_str(), lapText(car.medianAlone).c_str(),
                      car.lostInTraffic, car.contacts, car.blamed, car.overtakesMade, car.overtakesSuffered, car.stuckEvents);
        out << line;
        if (c.pitStops) {
            std::snprintf(line, sizeof line, "  %7d  %5d  %6.2f s", car.pitLap, car.pitStops, car.pitLaneTime);
            out << line;
        }
        if (!roster.empty()) out << "  " << driverText(roster, i);
        out << '\n';
    }
    for (const ContactEpisode& e : r.contacts) {
        char where[48] = "off the route";
        if (e.distance >= 0.0) std::snprintf(where, sizeof where, "%.0f m along the route", e.distance);
        std::snprintf(line, sizeof line, "contact at %.2f s, %s: car %u into car %u (%s)\n", e.time, where, e.blamed + 1, e.other + 1,
                      e.rear ? "rear" : "side");
        out << line;
        if (c.explain) out << explainState(e.blamed, e.other, e.blamedState) << explainState(e.other, e.blamed, e.otherState);
    }
    std::snprintf(line, sizeof line,
                  "race: %.1f s%s; contacts %d (rear %d, side %d; %.2f per 100 km); overtakes for position %d; passes looked at %d, "
                  "attempted %d (drew alongside), completed %d, aborted %d; defending moves %d; blue flags shown %d, obeyed %d, let by %d in %.1f s "
                  "mean (%.1f s worst); close calls %d; stuck events %d; time lost in traffic %.3f s a lap (%.2f %%)",
                  r.time, r.completed ? "" : " (time limit: not every car finished)", r.rearContacts + r.sideContacts, r.rearContacts,
                  r.sideContacts, contactsPer100km(r), r.overtakes, r.craft.looks, r.craft.attempts, r.craft.completed, r.craft.aborted, r.craft.defends,
                  r.blueFlagsShown, r.craft.yields, r.blueFlagsObeyed, r.blueFlagLatencyMean, r.blueFlagLatencyMax, r.closeCalls, r.stuckEvents, r.meanLostInTraffic,
                  r.meanLostInTrafficPct);
    out << line;
    if (c.pitStops) {
        std::snprintf(line, sizeof line, "; pit stops %d", r.pitStops);
        out << line;
    }
    trackwright::MistakeTally mistakes;
    for (const RaceCarResult& car : r.cars)
        for (int k = 0; k < trackwright::kMistakeKinds; ++k) mistakes.made[k] += car.mistakes.made[k];
    if (mistakes.total() > 0) {
        out << "; mistakes " << mistakes.total() << " (";
        for (int k = 0; k < trackwright::kMistakeKinds; ++k)
            out << (k ? ", " : "") << trackwright::mistakeKindName(static_cast<trackwright::MistakeKind>(k)) << ' ' << mistakes.made[k];
        out << ')';
    }
    if (c.catchUp) out << "; catch-up on";
    out << '\n';
}

void writeJson(std::ostream& out, const std::string& name, const RaceCommand& c, const std::vector<RosterDriver>& roster, const RaceResult& r) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& a = report.archive();
        a(cereal::make_nvp("track", name), cereal::make_nvp("cars", c.cars), cereal::make_nvp("laps", c.laps), cereal::make_nvp("grid", c.grid),
          cereal::make_nvp("seed", c.seed), cereal::make_nvp("catch_up", c.catchUp), cereal::make_nvp("completed", r.completed), cereal::make_nvp("time_s", r.time),
          cereal::make_nvp("contacts", r.rearContacts + r.sideContacts), cereal::make_nvp("rear_contacts", r.rearContacts),
          cereal::make_nvp("side_contacts", r.sideContacts), cereal::make_nvp("contacts_per_100km", contactsPer100km(r)),
          cereal::make_nvp("distance_km", r.distance / 1000.0), cereal::make_nvp("overtakes", r.overtakes),
          cereal::make_nvp("passes_looked", r.craft.looks), cereal::make_nvp("passes_dropped", r.craft.dropped),
          cereal::make_nvp("passes_attempted", r.craft.attempts), cereal::make_nvp("passes_completed", r.craft.completed),
          cereal::make_nvp("passes_aborted", r.craft.aborted), cereal::make_nvp("defending_moves", r.craft.defends),
          cereal::make_nvp("blue_flags_shown", r.blueFlagsShown), cereal::make_nvp("blue_flags_obeyed", r.craft.yields),
          cereal::make_nvp("blue_flags_let_by", r.blueFlagsObeyed), cereal::make_nvp("blue_flag_latency_mean_s", r.blueFlagLatencyMean),
          cereal::make_nvp("blue_flag_latency_max_s", r.blueFlagLatencyMax), cereal::make_nvp("close_calls", r.closeCalls),
          cereal::make_nvp("stuck_events", r.stuckEvents), cereal::make_nvp("lost_in_traffic_s", r.meanLostInTraffic), cereal::make_nvp("lost_in_traffic_pct", r.meanLostInTrafficPct));
        if (c.pitStops) a(cereal::make_nvp("pit_stops", r.pitStops));
        a.setNextName("contact_episodes");
        a.startNode();
        a.makeArray();
        for (const ContactEpisode& e : r.contacts) {
            a.startNode();
            a(cereal::make_nvp("time_s", e.time), cereal::make_nvp("distance_m", e.distance), cereal::make_nvp("blamed", static_cast<int>(e.blamed) + 1),
              cereal::make_nvp("other", static_cast<int>(e.other) + 1), cereal::make_nvp("kind", std::string(e.rear ? "rear" : "side")));
            writeContactState(a, "blamed_state", e.blamedState);
            writeContactState(a, "other_state", e.otherState);
            a.finishNode();
        }
        a.finishNode();
        a.setNextName("mistakes");  // every driver's, in time order (traffic/driver_mistakes.h)
        a.startNode();
        a.makeArray();
        for (const RaceEvent& e : r.events) {
            if (e.kind != RaceEvent::Kind::Mistake) continue;
            a.startNode();
            a(cereal::make_nvp("time_s", e.time), cereal::make_nvp("car", static_cast<int>(e.car) + 1),
              cereal::make_nvp("kind", std::string(trackwright::mistakeKindName(e.mistake))));
            a.finishNode();
        }
        a.finishNode();
        a.setNextName("results");
        a.startNode();
        a.makeArray();
        for (std::size_t i = 0; i < r.cars.size(); ++i) {
            const RaceCarResult& car = r.cars[i];
            a.startNode();
            a(cereal::make_nvp("car", static_cast<int>(i + 1)), cereal::make_nvp("pace", car.pace), cereal::make_nvp("strength", car.strength),
              cereal::make_nvp("grid", car.grid),
              cereal::make_nvp("finish", car.finish), cereal::make_nvp("laps", car.laps), cereal::make_nvp("finished", car.finished),
              cereal::make_nvp("finish_time_s", car.finishTime),
              cereal::make_nvp("best_lap_s", car.bestLap), cereal::make_nvp("median_lap_s", car.medianLap),
              cereal::make_nvp("median_lap_alone_s", car.medianAlone), cereal::make_nvp("clean_laps_s", car.cleanLaps),
              cereal::make_nvp("median_clean_lap_s", car.medianCleanLap), cereal::make_nvp("lost_in_traffic_s", car.lostInTraffic),
              cereal::make_nvp("contacts", car.contacts), cereal::make_nvp("blamed", car.blamed), cereal::make_nvp("overtakes_made", car.overtakesMade),
              cereal::make_nvp("overtakes_suffered", car.overtakesSuffered), cereal::make_nvp("stuck_events", car.stuckEvents));
            writeMistakeTally(a, "mistakes", car.mistakes);
            if (c.pitStops)
                a(cereal::make_nvp("pit_lap", car.pitLap), cereal::make_nvp("pit_stops", car.pitStops), cereal::make_nvp("pit_lane_s", car.pitLaneTime));
            // Only a roster's drivers have a name and a character; a drawn car has neither key.
            if (i < roster.size())
                a(cereal::make_nvp("name", roster[i].name), cereal::make_nvp("character", std::string(trackwright::driverCharacterName(roster[i].character))));
            a.finishNode();
        }
        a.finishNode();
    }
    out << '\n';
}

/// Loads (or bakes) `input` and fills the race options from the command; the exit code on failure.
int prepareRace(const std::string& input, const RaceCommand& command, const std::vector<formats::VehicleClass>& classes, GridOrder grid,
                const std::vector<DriverProfile>& drivers, LoadedBake& bake, RaceOptions& options, std::ostream& err) {
    const trackwright::VehiclePreset preset = trackwright::VehiclePreset::Car;
    const bool source = std::filesystem::path(input).extension() == ".twtrack";
    std::optional<formats::VehicleClass> named;
    if (!command.vehicleClass.empty()) {
        if (const int code = loadWithClass(input, command.vehicleClass, bake, named, err, "race", classes)) return code;
    } else if (const int code = classesNeedSource(input, classes, "race", err)) {
        return code;
    } else if (const int loaded = source ? bakeForVehicle(input, preset, bake, err, classes) : loadBakeFile(input, bake, err, "race")) {
        return loaded;
    }
    const trackwright::BakedTrack& track = bake.track;
    options.cars = command.cars;
    options.laps = command.laps;
    options.grid = grid;
    options.seed = command.seed;
    options.profiles = drivers;
    if (command.strength > 0.0) options.strength = static_cast<float>(command.strength);
    options.base = named ? raceCarSetup(track, named->name, classVehicle(*named)) : raceCarSetup(track, preset);
    if (options.base.line == formats::kNoRoute) {
        err << "twbake race: " << input << " has no line on its main route to race on\n";
        return kExitInvalidInput;
    }
    if (!(track.view.routes[track.view.lines[options.base.line].route].flags & formats::kRouteClosed)) {
        err << "twbake race: " << input << ": a race needs a closed main route (laps)\n";
        return kExitInvalidInput;
    }
    options.pitStops = command.pitStops;
    options.mistakes = command.mistakes;
    options.catchUp.enabled = command.catchUp;
    if (command.pitStops && raceBoxes(track).empty()) {
        err << "twbake race: " << input << " has no pit lane (a branch of the main route with pit-box markers): --pit-stops needs one\n";
        return kExitInvalidInput;
    }
    return kExitOk;
}

/// One row of the matrix: a track's races summed.
struct MatrixRow {
    std::string track;
    int races = 0, contacts = 0, overtakes = 0, attempts = 0, completed = 0, pitStops = 0, stuck = 0;
    double distance = 0.0, lostPct = 0.0;
    double twoAbreast = 0.0;  ///< share of the lap with room for two abreast (passing_room.h)
};

/// The figures of a row a --fail-if condition may name, as the JSON names them, in its order.
constexpr const char* kRowFigures[] = {"contacts_per_race",   "contacts_per_100km",    "overtakes_per_race", "attempts_per_race",
                                       "completed_pct",       "lost_in_traffic_pct",   "stuck_events_per_race", "two_abreast_pct"};

Figures rowFigures(const MatrixRow& r) {
    const double n = std::max(1, r.races);
    const double values[] = {r.contacts / n,
                             r.distance > 0.0 ? r.contacts / (r.distance / 100000.0) : 0.0,
                             r.overtakes / n,
                             r.attempts / n,
                             r.attempts ? 100.0 * r.completed / r.attempts : 0.0,
                             r.lostPct / n,
                             r.stuck / n,
                             100.0 * r.twoAbreast};
    static_assert(std::size(values) == std::size(kRowFigures));
    Figures figures;
    for (std::size_t k = 0; k < std::size(kRowFigures); ++k) figures.emplace_back(kRowFigures[k], values[k]);
    return figures;
}

void writeMatrix(std::ostream& out, const RaceCommand& c, const std::vector<MatrixRow>& rows) {
    char line[320];
    out << c.cars << " cars, " << c.laps << " laps, grid " << c.grid << ", seeds " << c.seed << "-" << c.seed + c.seeds - 1 << " (runner follower, " << carName(c) << ")\n";
    out << "track                 races  contacts/race  per 100 km  overtakes/race  attempts/race  completed  lost in traffic  stuck/race  two abreast"
        << (c.pitStops ? "  pit stops/race\n" : "\n");
    for (const MatrixRow& r : rows) {
        const double n = std::max(1, r.races);
        std::snprintf(line, sizeof line, "%-20s  %5d  %13.2f  %10.2f  %14.1f  %13.1f  %8.0f%%  %14.2f%%  %10.2f  %10.0f%%", r.track.c_str(), r.races,
                      r.contacts / n, r.distance > 0.0 ? r.contacts / (r.distance / 100000.0) : 0.0, r.overtakes / n, r.attempts / n,
                      r.attempts ? 100.0 * r.completed / r.attempts : 0.0, r.lostPct / n, r.stuck / n, 100.0 * r.twoAbreast);
        out << line;
        if (c.pitStops) {
            std::snprintf(line, sizeof line, "  %14.1f", r.pitStops / n);
            out << line;
        }
        out << '\n';
    }
}

/// The matrix as one JSON document: the settings, then a row per track with its sums and means.
/// The matrix as JSON, each track with its "status": passed or failed (with the --fail-if
/// conditions it met).
void writeMatrixJson(std::ostream& out, const RaceCommand& c, const std::vector<MatrixRow>& rows, const std::vector<std::vector<std::string>>& failures) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& a = report.archive();
        a(cereal::make_nvp("cars", c.cars), cereal::make_nvp("laps", c.laps), cereal::make_nvp("grid", c.grid), cereal::make_nvp("first_seed", c.seed),
          cereal::make_nvp("seeds", c.seeds), cereal::make_nvp("pit_stops", c.pitStops));
        a.setNextName("tracks");
        a.startNode();
        a.makeArray();
        for (std::size_t t = 0; t < rows.size(); ++t) {
            const MatrixRow& r = rows[t];
            const double n = std::max(1, r.races);
            a.startNode();
            a(cereal::make_nvp("track", r.track), cereal::make_nvp("status", std::string(failures[t].empty() ? "passed" : "failed")),
              cereal::make_nvp("failed_conditions", failures[t]), cereal::make_nvp("races", r.races));
            for (const auto& [name, value] : rowFigures(r)) a(cereal::make_nvp(name.c_str(), value));
            if (c.pitStops) a(cereal::make_nvp("pit_stops_per_race", r.pitStops / n));
            a.finishNode();
        }
        a.finishNode();
    }
    out << '\n';
}

/// The drivers of --profiles or --roster (none: all drawn), and the field's size a roster sets when
/// --cars is not given; the exit code on failure.
int readDrivers(RaceCommand& command, std::vector<DriverProfile>& drivers, std::vector<RosterDriver>& roster, std::ostream& err) {
    bool givesStrength = false;
    if (!command.profiles.empty())
        if (const int code = readProfilesFile(command.profiles, drivers, err, &givesStrength)) return code;
    if (!command.roster.empty()) {
        if (const int code = readRoster(command.roster, "twbake race", roster, err)) return code;
        for (const RosterDriver& d : roster) drivers.push_back(d.profile);
        if (!command.carsGiven) {
            if (roster.size() > static_cast<std::size_t>(kMostRaceCars)) {
                err << "twbake race: " << command.roster << " has " << roster.size() << " drivers and a race takes at most " << kMostRaceCars
                    << " cars: give --cars N to race the first N\n";
                return kExitInvalidInput;
            }
            command.cars = static_cast<int>(roster.size());
        }
    }
    // --strength sets every car: a file that gives a driver its own would be silently overridden.
    if (command.strength > 0.0) {
        const auto own = std::find_if(roster.begin(), roster.end(), [](const RosterDriver& d) { return d.setsStrength; });
        if (own != roster.end() || givesStrength) {
            err << "twbake race: --strength sets every car's strength, and "
                << (own != roster.end() ? command.roster + " gives \"" + own->name + "\" its own" : command.profiles + " gives drivers theirs (a sixth column)")
                << ": drop --strength or the file's strengths\n";
            return kExitUsage;
        }
    }
    return kExitOk;
}

} // namespace

int runRace(const RaceCommand& given, std::ostream& out, std::ostream& err) {
    RaceCommand command = given;  // a roster may set the field's size
    const std::optional<GridOrder> grid = gridOrderByName(command.grid);
    if (!grid) {
        err << "twbake race: --grid is ordered, reversed or random, not '" << command.grid << "'\n";
        return kExitUsage;
    }
    if (command.explain && (command.matrix || command.json)) {
        err << "twbake race: --explain traces the contacts of one race in text (the JSON has them always)\n";
        return kExitUsage;
    }
    if (!command.matrix && (!command.failIf.empty() || !command.reports.empty())) {
        err << "twbake race: --fail-if and --report judge the rows of --matrix (a matrix of one track and one seed is one race)\n";
        return kExitUsage;
    }
    std::vector<FailCondition> conditions;
    if (const int code = parseFailConditions(command.failIf, kRowFigures, "twbake race", conditions, err)) return code;
    {
        std::vector<NamedPath> inputs;
        for (const std::string& input : command.inputs) inputs.push_back({"input", input});
        inputs.push_back({"--profiles", command.profiles});
        inputs.push_back({"--roster", command.roster});
        inputs.push_back({"--classes", command.classes});
        std::vector<NamedPath> outputs;
        for (const std::string& report : command.reports) outputs.push_back({"--report", report});
        if (const auto conflict = findOutputConflict(inputs, outputs)) {
            err << "twbake race: " << *conflict << '\n';
            return kExitUsage;
        }
    }
    if (!command.matrix && (command.inputs.size() != 1 || command.seeds != 1)) {
        err << "twbake race: several tracks or --seeds need --matrix (one summary table)\n";
        return kExitUsage;
    }
    std::vector<DriverProfile> drivers;
    std::vector<RosterDriver> roster;
    if (const int code = readDrivers(command, drivers, roster, err)) return code;
    std::vector<formats::VehicleClass> classes;
    if (!command.classes.empty())
        if (const int code = readClassFiles(command.classes, "twbake race", classes, err)) return code;
    if (command.matrix) {
        // Every track loaded first (a bad one stops the matrix before any race), then every race of
        // every track and seed one job, summed per track in seed order: the same table at any --jobs.
        const std::size_t tracks = command.inputs.size();
        std::vector<LoadedBake> bakes(tracks);
        std::vector<RaceOptions> options(tracks);
        for (std::size_t t = 0; t < tracks; ++t)
            if (const int code = prepareRace(command.inputs[t], command, classes, *grid, drivers, bakes[t], options[t], err)) return code;
        const auto seeds = static_cast<std::size_t>(command.seeds);
        std::vector<RaceResult> results(tracks * seeds);
        std::vector<double> wall(results.size());  // s each race took, for the JUnit report alone
        Progress progress(err, command.progress, "race --matrix", results.size());
        runJobs(results.size(), command.jobs, [&](std::size_t job) {
            RaceOptions o = options[job / seeds];
            o.seed = command.seed + static_cast<std::uint64_t>(job % seeds);
            const auto started = std::chrono::steady_clock::now();
            results[job] = bake::runRace(bakes[job / seeds].track, o);
            wall[job] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            progress.itemDone(command.inputs[job / seeds] + " seed " + std::to_string(o.seed), "raced", wall[job]);
        });
        progress.finish();
        std::vector<MatrixRow> rows;
        for (std::size_t t = 0; t < tracks; ++t) {
            MatrixRow row;
            row.track = std::filesystem::path(command.inputs[t]).stem().string();
            row.twoAbreast = bake::twoAbreastShare(bakes[t].track, bake::vehicleOf(options[t].base).width, trackwright::OvertakeRules{}.passingClearance,
                                                   trackwright::RunnerParameters{}.wallMargin);
            for (std::size_t k = 0; k < seeds; ++k) {
                const RaceResult& r = results[t * seeds + k];
                if (r.cars.empty()) {
                    err << "twbake race: " << command.cars << " cars do not fit on the grid of " << command.inputs[t] << '\n';
                    return kExitInvalidInput;
                }
                ++row.races;
                row.contacts += r.rearContacts + r.sideContacts;
                row.overtakes += r.overtakes;
                row.attempts += r.craft.attempts;
                row.completed += r.craft.completed;
                row.distance += r.distance;
                row.lostPct += r.meanLostInTrafficPct;
                row.pitStops += r.pitStops;
                row.stuck += r.stuckEvents;
            }
            rows.push_back(row);
        }
        // --json asked for JSON: the text table under exit 0 broke a pipeline's parser (issue 48).
        std::vector<std::vector<std::string>> failures;
        for (const MatrixRow& row : rows) failures.push_back(failedConditions(conditions, rowFigures(row)));
        if (command.json) writeMatrixJson(out, command, rows, failures);
        else writeMatrix(out, command, rows);
        // A CI acts on the rows: each track a test case, failed by the conditions it meets.
        std::vector<ReportCase> cases;
        bool failed = false;
        for (std::size_t t = 0; t < rows.size(); ++t) {
            ReportCase c{rows[t].track, 0.0, failures[t], "", rowFigures(rows[t]), &bakes[t].track.view};
            for (std::size_t k = 0; k < seeds; ++k) c.seconds += wall[t * seeds + k];
            for (const std::string& f : c.failures) err << "twbake race: " << command.inputs[t] << " fails --fail-if: " << f << '\n';
            failed |= !c.failures.empty();
            cases.push_back(std::move(c));
        }
        if (const int code = writeReports(command.reports, "twbake race", cases, err)) return code;
        return failed ? kExitChecksFailed : kExitOk;
    }
    const std::string& input = command.inputs.front();
    LoadedBake bake;
    RaceOptions options;
    if (const int code = prepareRace(input, command, classes, *grid, drivers, bake, options, err)) return code;
    const RaceResult result = bake::runRace(bake.track, options);
    if (result.cars.empty()) {
        err << "twbake race: " << command.cars << " cars do not fit on the grid of " << input << '\n';
        return kExitInvalidInput;
    }
    const std::string name = std::filesystem::path(input).stem().string();
    if (command.json) writeJson(out, name, command, roster, result);
    else writeText(out, name, command, roster, result);
    return kExitOk;
}

} // namespace bake::cli
