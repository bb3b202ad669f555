#include "bake/cli/twbake.h"

#include "bake/cli/commands.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/option_checks.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/reports.h"
#include "bake/cli/terminal_text.h"

#include "trackwright/format/baked_limits.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>

#include <unistd.h>
#include <sstream>

namespace bake::cli {
namespace {

/// `--report FILE` (repeatable) and `--junit FILE` (the same, JUnit only): the files a CI reads.
void addReports(CLI::App* sub, std::vector<std::string>& reports, const char* what) {
    sub->add_option_function<std::vector<std::string>>(
           "--report",
           [&reports](const std::vector<std::string>& paths) {
               for (const std::string& path : paths) {
                   if (const auto problem = reportPathProblem(path)) throw CLI::ValidationError("--report", *problem);
                   reports.push_back(path);
               }
           },
           std::string("Also write a report, ") + what + ": FILE.xml JUnit XML (a CI's test results), FILE.html a summary page with each track's plan; repeatable")
        ->type_name("FILE");
    sub->add_option_function<std::string>(
           "--junit",
           [&reports](const std::string& path) {
               if (const auto problem = reportPathProblem(path); problem || path.size() < 4 || path.substr(path.size() - 4) != ".xml")
                   throw CLI::ValidationError("--junit", "a JUnit report is FILE.xml, not '" + path + "'");
               reports.push_back(path);
           },
           "The same as --report FILE.xml")
        ->type_name("FILE.xml");
}

/// A named threshold (`--max-contacts 1`): a --fail-if condition written for the user.
void addThreshold(CLI::App* sub, std::vector<std::string>& failIf, const char* option, const char* figure, const char* compare, const char* help) {
    sub->add_option_function<double>(
           option, [&failIf, figure, compare](double value) { failIf.push_back(std::string(figure) + compare + std::to_string(value)); }, help)
        ->check(CLI::Number)
        ->type_name("N");
}

/// `--progress` on the long jobs: how they report on stderr while they run.
void addProgress(CLI::App* sub, ProgressMode& mode) {
    sub->add_option_function<std::string>(
           "--progress",
           [&mode](const std::string& text) {
               if (!parseProgressMode(text, mode)) throw CLI::ValidationError("--progress", "write auto, bar, lines, json or none, not '" + text + "'");
           },
           "How progress is reported on stderr: auto (a bar with the ETA on a terminal, else a line per item with its time and the ETA), "
           "bar, lines, json (one JSON object a line: job, item, status, done, total, seconds, elapsed_s, eta_s) or none")
        ->type_name("MODE");
}

void addImport(CLI::App& app, ImportCommand& command) {
    CLI::App* sub = app.add_subcommand("import", "Turn a centre-line CSV or a TORCS track into a .twtrack source document, then validate it");
    sub->add_option("--from", command.from, "Input kind: tum-csv (x_m,y_m,w_tr_right_m,w_tr_left_m, closed loop), waypoints (x,y[,z]) "
                    "or torcs (a TORCS track XML, version 3 or 4)")
        ->required()->check(CLI::IsMember({"tum-csv", "waypoints", "torcs"}));
    sub->add_option("input", command.input, "Input CSV or XML file")->required();
    sub->add_option("--torcs-data", command.torcsData, "torcs: the folder with TORCS's surfaces.xml (default: a data/ folder beside the "
                    "track file or one or two folders above it)");
    sub->add_option("-o,--output", command.output, "Output .twtrack file (written atomically)")->required();
    sub->add_option("--raceline", command.raceline, "Racing line CSV (x_m,y_m); becomes the line \"racing\"");
    sub->add_option("--name", command.name, "Track name (default: the input file's name)");
    CLI::Option* closed = sub->add_flag("--closed", command.closed, "waypoints: the route is a loop");
    CLI::Option* open = sub->add_flag("--open", command.open, "waypoints: the route is point-to-point (default)");
    closed->excludes(open);
    sub->add_option("--width", command.width, "waypoints: total tarmac width in metres, split evenly left and right")
        ->capture_default_str()->check(finiteAbove(0.0, 2000.0));
    sub->add_option("--runoff", command.runoffMargin, "Runoff beyond the tarmac edge, metres per side")
        ->capture_default_str()->check(finiteIn(0.0, 1000.0));
    sub->add_option("--wall", command.wallMargin, "Wall beyond the runoff edge, metres per side")
        ->capture_default_str()->check(finiteIn(0.0, 1000.0));
    sub->add_flag("--overpass", command.overpass,
                  "Where the centre line crosses itself, lift the second pass over the first into a bridge (the track's crossing "
                  "clearance above it, ramps of at most 6 %), with a warning naming where");
    sub->add_flag("--json", command.json, "Print the diagnostics as one JSON document");
}

void addDrape(CLI::App& app, DrapeCommand& command) {
    CLI::App* sub = app.add_subcommand("drape", "Lay a .twtrack over a level's road mesh: each node's height and banking from the surface under it, "
                                                "its widths from the road's edges with --widths (exit 1 and nothing written when a node finds no surface)");
    sub->add_option("input", command.input, "Input .twtrack file")->required();
    sub->add_option("--mesh", command.mesh, "The level mesh: glTF 2.0 (.gltf, .glb), OBJ, FBX or AC3D (.ac, TORCS's .acc)")->required();
    sub->add_option("--road-material", command.roadMaterials,
                    "A shell pattern naming the road's materials or textures, say '*asphalt*' (repeatable; case is ignored). "
                    "Tarmac ends where the surface stops matching; none given: every surface is road")
        ->take_all();
    sub->add_option("--barrier-material", command.barrierMaterials,
                    "A shell pattern naming the barriers' materials: only their steep faces end the runoff (repeatable; none given: "
                    "every face steeper than 60°, a tree's too)")
        ->take_all();
    sub->add_flag("--widths", command.widths, "Set the widths from the mesh too: tarmac to the road materials' edge, runoff to the end of the "
                                              "drivable surface, wall at the first barrier face");
    sub->add_option("--route", command.routes, "Drape the nodes of this route only (repeatable; default: every route); the others keep "
                                               "their values and anchor the deck the draped ones choose")
        ->take_all();
    sub->add_option("--up", command.up, "The mesh file's up axis (glTF, AC3D and most exporters: y)")->capture_default_str()->check(CLI::IsMember({"y", "z"}));
    sub->add_option("--unit", command.metresPerUnit, "Metres per unit of the mesh file (a centimetre engine: 0.01)")
        ->capture_default_str()->check(finiteAbove(0.0, 1e6));
    sub->add_option("-o,--output", command.output, "Output .twtrack file (written atomically; may be the input)")->required();
    sub->add_flag("--json", command.json, "Print the report as one JSON document");
}

void addDiff(CLI::App& app, DiffCommand& command) {
    CLI::App* sub = app.add_subcommand("diff", "Say what changed between two bakes: nodes, routes, classes, each line's length, smoothness and "
                                               "largest move, each ideal lap and speed hints (exit 0 identical, 1 different, 3 unreadable)");
    sub->add_option("a", command.a, "The first .twbake (A, say the last release's)")->required();
    sub->add_option("b", command.b, "The second .twbake (B, say this build's)")->required();
    sub->add_flag("--json", command.json, "Print one JSON document: identical, changes [{subject, figure, before, after, at_m}], sections");
}

void addUpgrade(CLI::App& app, UpgradeCommand& command) {
    CLI::App* sub = app.add_subcommand("upgrade", "Rewrite tracks of an older schema as this Trackwright writes them, in place (exit 1 with --check "
                                                  "when any would change)");
    sub->add_option("inputs", command.inputs, ".twtrack files, or folders of them (subfolders too)")->required();
    sub->add_flag("--check", command.check, "Write nothing: list the files an upgrade would rewrite, exit 1 if there are any (for CI)");
    sub->add_flag("--drop-unknown", command.dropUnknown, "Upgrade files holding keys Trackwright does not read too, dropping those keys");
    sub->add_flag("--json", command.json, "Print one JSON document: files [{file, status, from_schema, to_schema, unknown_keys}]");
}

void addValidate(CLI::App& app, ValidateCommand& command) {
    CLI::App* sub = app.add_subcommand("validate", "Check a .twtrack file and list every problem with its node and JSON path");
    sub->add_option("input", command.input, "Input .twtrack file")->required();
    sub->add_flag("--json", command.json, "Print the diagnostics as one JSON document");
}

void addBuild(CLI::App& app, BuildCommand& command) {
    CLI::App* sub = app.add_subcommand("build", "Bake a .twtrack into a .twbake (or, with --all, every track in a folder)");
    addProgress(sub, command.progress);
    sub->add_option("input", command.input, "Input .twtrack file, or a folder with --all")->required();
    sub->add_option("-o,--output", command.output, "Output .twbake file, or a folder with --all (written atomically)")->required();
    sub->add_flag("--all", command.all, "Bake every .twtrack in the input folder into the output folder, in parallel");
    sub->add_option("--jobs", command.jobs, "Tracks baked at once with --all (default: one per core); the output is identical for any value")
        ->check(CLI::Range(1u, 1024u));
    sub->add_flag("--json", command.json, "Print the result (diagnostics, sizes, lap times) as one JSON document");
    sub->add_flag("--raceline", command.raceline, "Optimise the racing lines first, as twbake raceline does (the source file is not changed)");
    sub->add_option("--method", command.method, "With --raceline: mincurv or laptime")->capture_default_str();
    sub->add_option("--vehicle", command.vehicle, "With --raceline: the vehicle class or preset the line is for (default: the widest class)");
    sub->add_option("--classes", command.classes, "Car or class files (JSON: a file, or a folder of them) put into each .twtrack in memory first, replacing classes of their names: a studio's cars given once");
    sub->add_option("--roster", command.roster, "A roster file (JSON, as race --roster reads) baked into each .twbake: named drivers with their characters, "
                                                "which a game reads back (tw_track_roster_driver)");
    sub->add_option("--cache", command.cache,
                    "The bake cache's folder, shareable between machines (default: $TRACKWRIGHT_CACHE_DIR, else ~/.cache/trackwright/bakes)");
    sub->add_flag("--no-cache", command.noCache, "Bake every track, neither reading nor filling the cache");
    addReports(sub, command.reports, "a validation and a bake case per track");
    sub->add_flag("--prune", command.prune, "With --all: remove the .twbake files in the output folder that are the bake of no track in the input folder");
    sub->add_option_function<std::string>(
           "--shard",
           [&command](const std::string& text) {
               unsigned index = 0, count = 0;
               char slash = 0, rest = 0;
               if (std::sscanf(text.c_str(), "%u%c%u%c", &index, &slash, &count, &rest) != 3 || slash != '/' || index < 1 || count < 1 || index > count ||
                   count > 100000)
                   throw CLI::ValidationError("--shard", "write I/N with 1 <= I <= N (say 2/3), not '" + text + "'");
               command.shardIndex = index;
               command.shardCount = count;
           },
           "With --all: bake only the tracks of shard I of N (by their paths: run 1/N … N/N on N machines, into one output folder or N)");
    sub->add_option("--cache-size", command.cacheSizeMegabytes, "MB the cache keeps; the least recently used bakes go beyond it")
        ->capture_default_str()->check(finiteIn(0.001, 1e9));
}

void addRaceline(CLI::App& app, RacelineCommand& command) {
    CLI::App* sub = app.add_subcommand("raceline", "Optimise the racing line, alternate lines and per-class lines of a .twtrack and write them into it");
    addProgress(sub, command.progress);
    sub->add_option("input", command.input, "Input .twtrack file")->required();
    sub->add_option("-o,--output", command.output, "Output .twtrack file (written atomically; may be the input)")->required();
    sub->add_option("--method", command.method, "mincurv (minimum curvature) or laptime (minimum curvature, then simulated-lap refinement)")
        ->capture_default_str();
    sub->add_option("--vehicle", command.vehicle,
                    "Vehicle class or preset the line is for (default: the widest class, plus a line per narrower class)");
    sub->add_option("--csv", command.csv, "Also write the first route's racing line as x_m,y_m");
    sub->add_option("--laps", command.evaluations, "laptime: simulated laps per line, at most")->capture_default_str()->check(CLI::Range(1, 1000000));
    sub->add_option("--time-limit", command.timeLimit, "laptime: seconds per line, at most (0: no limit; results then depend on the machine)")
        ->capture_default_str()->check(finiteIn(0.0, 1e6));
    sub->add_option("--jobs", command.jobs, "laptime: threads (default: one per core); the result is identical for any value")->check(CLI::Range(1u, 1024u));
    sub->add_option("--safety", command.safety, "Metres kept beyond half the vehicle's width from each tarmac edge")->capture_default_str()->check(finiteIn(0.0, 20.0));
    sub->add_flag("--no-alternates", command.noAlternates, "Only the racing lines: no defending or overtaking lines");
    sub->add_option("--classes", command.classes, "Car or class files (JSON: a file, or a folder of them) put into the track first, replacing "
                    "classes of their names; they are in the output, with the lines optimised for them");
    sub->add_flag("--json", command.json, "Print the report as one JSON document");
}

void addClass(CLI::App& app, ClassCommand& command) {
    CLI::App* sub = app.add_subcommand("class", "Add a car (a car description file) or a class file to a .twtrack as a vehicle class, "
                                                "or replace the class of its name");
    sub->add_option("input", command.input, "Input .twtrack file")->required();
    sub->add_option("--car", command.car, "A car file or a class file (JSON, told apart by \"format\": docs/formats.md, \"car\" and "
                                          "\"A class file\"; twbake calibrate writes class files)")->required();
    sub->add_option("--name", command.name, "Class name (default: the file's \"name\", else its file name)");
    sub->add_option("-o,--output", command.output, "Output .twtrack file (written atomically; may be the input)")->required();
}

void addCalibrate(CLI::App& app, CalibrateCommand& command) {
    CLI::App* sub = app.add_subcommand("calibrate", "Fit a vehicle class (limits and g-g-v envelope) to logged laps of a car and write it as a class file");
    sub->add_option("input", command.inputs, "Telemetry CSV log(s): time_s,speed_mps,yaw_rate,accel_x,accel_y[,car,driver,module,off_track,pit,"
                                             "collision] (twtorcs --telemetry writes them)")->required();
    sub->add_option("-o,--output", command.output, "Output class file (JSON, written atomically; twbake class --car reads it)")->required();
    sub->add_option("--name", command.name, "Class name (default: the output's file name)");
    CLI::Option* driver = sub->add_option("--driver", command.driver, "The car to fit: its driver column (or module, when one car has it)");
    CLI::Option* index = sub->add_option("--car-index", command.carIndex, "The car to fit: its car column")->check(CLI::Range(0, 1000000));
    driver->excludes(index);
    sub->add_option("--car", command.car, "A car file or a class file: the wheelbase, steering lock and width, and its limits shown beside the fit's");
    sub->add_option("--wheelbase", command.wheelbase, "Wheelbase, m (default: --car's, else the car preset's)")->check(finiteIn(trackwright::format::kMinBakedLength, trackwright::format::kMaxBakedWheelbase));
    sub->add_option("--width", command.width, "Body width, m (default: --car's, else the car preset's)")->check(finiteAbove(0.0, trackwright::format::kMaxBakedVehicleWidth));
    sub->add_option("--steering-lock", command.steeringLock, "Road-wheel angle at full lock, rad (default: --car's, else the car preset's)")
        ->check(finiteIn(trackwright::format::kMinBakedSteering, trackwright::format::kMaxBakedSteering));
    sub->add_flag("--json", command.json, "Print the report as one JSON document");
}

void addDump(CLI::App& app, DumpCommand& command) {
    CLI::App* sub = app.add_subcommand("dump", "Print everything in a .twbake, readable");
    sub->add_option("input", command.input, "Input .twbake file")->required();
    sub->add_flag("--json", command.json, "Print it as one JSON document");
}

void addRegister(CLI::App& app, RegisterCommand& command) {
    CLI::App* sub = app.add_subcommand("register", "Register points against a .twbake: prints x,y,route,segment,ratio,lateral,distance,defined per row");
    sub->add_option("input", command.input, "Input .twbake file")->required();
    sub->add_option("--points", command.points, "CSV of x,y[,z] rows (an optional header or # lines)")->required();
    sub->add_flag("--trajectory", command.trajectory, "Treat the rows as one car's path: register coherently in order instead of each row cold");
}

void addLaps(CLI::App& app, LapsCommand& command) {
    CLI::App* sub = app.add_subcommand("laps", "Verification laps: a follower drives the reference vehicle from a standing start for N laps");
    addProgress(sub, command.progress);
    sub->add_option("input", command.inputs, "A .twtrack (baked in memory) or a .twbake; several with --matrix")->required();
    sub->add_option("--follower", command.follower,
                    "pursuit, pursuit-tuned, runner, predictive, rabbit, waypoint or baseline (with --matrix: a comma list or all)")
        ->capture_default_str();
    sub->add_option("--vehicle", command.vehicle, "car, truck, tank, armoured, buggy or hovercraft (with --matrix: a comma list or all)")
        ->capture_default_str();
    sub->add_option("--class", command.vehicleClass,
                    "A vehicle class of the track to drive instead of a preset: its hints and its car (from a .twbake: its limits only)");
    sub->add_option("--classes", command.classes, "Car or class files (JSON: a file, or a folder of them) put into each .twtrack in memory first, replacing classes of their names: a studio's cars given once");
    sub->add_flag("--matrix", command.matrix, "Run followers x vehicles x tracks on all cores and print the paper's Table I layout");
    sub->add_option("--jobs", command.jobs, "Runs at once with --matrix (default: one per core)")->check(CLI::Range(1u, 1024u));
    sub->add_option("--line", command.line, "Line to follow (falls back to the route's first line)")->capture_default_str();
    sub->add_option("--laps", command.laps, "Laps on a closed route (an open one is driven start to end)")->capture_default_str()->check(CLI::Range(1, 100));
    sub->add_option("--strength", command.strength, "The driver's strength: 1 laps at the car's ideal, S in 1/S of the strength-1 lap's time "
                                                    "(corners and braking zones taken slower, straights flat out)")
        ->capture_default_str()->check(finiteIn(0.5, 1.0));
    sub->add_option("--target-lap", command.targetLap, "Seconds: drive at the strength whose clean lap takes this long (found from a strength-1 run "
                                                      "first; a game's \"match my pace\"); replaces --strength")
        ->check(finiteIn(1e-3, 1e6));
    sub->add_option("--mistakes", command.mistakes, "The driver's mistakes as a multiple of the documented rates (late braking, lock-ups, missed "
                                                    "apexes, slides; docs/runtime-api.md), 0-4; 0 makes none")
        ->capture_default_str()->check(finiteIn(0.0, 4.0));
    sub->add_option("--seed", command.seed, "The driver's noise: when its mistakes come")->capture_default_str()->check(unsignedInteger());
    sub->add_flag("--no-planned-recovery", command.noPlannedRecovery,
                  "Stuck manager without the movement planner: reverse with inverted steering, then teleport (the paper's)");
    sub->add_flag("--source-speed-caps", command.sourceSpeedCaps,
                  "The sources' own speed caps (pursuit v_max 10 m/s, waypoint 40 m/s) instead of the vehicle's top speed: the paper's experiment");
    sub->add_option("--fail-if", command.failIf,
                    "A condition on a run's figures (its JSON's names: completed, ideal_ratio, stuck_events, teleports, cte_max_m, "
                    "inside_corridor_pct…), say ideal_ratio<0.95: a run meeting one fails the command (exit 4); repeatable");
    addReports(sub, command.reports, "a case per run (failed by --fail-if)");
    addThreshold(sub, command.failIf, "--min-ideal-ratio", "ideal_ratio", "<", "Fail a run (exit 4) whose ideal_ratio is below N: the same as --fail-if ideal_ratio<N");
    addThreshold(sub, command.failIf, "--max-stuck", "stuck_events", ">", "Fail a run (exit 4) stuck more than N times: the same as --fail-if stuck_events>N");
    sub->add_flag("--json", command.json, "Print {\"runs\": [...]} with the metrics");
}

void addPlan(CLI::App& app, PlanCommand& command) {
    CLI::App* sub = app.add_subcommand("plan", "AIPATH movement planning: a physically valid path between two states on a track, "
                                               "the corners of a line, or the thesis's experiments");
    sub->add_option("input", command.input, "A .twbake (or a .twtrack, baked in memory): the valid area is its usable width");
    sub->add_option("--from", command.from, "Start x,y,heading,speed (m, degrees counter-clockwise from +x, m/s)");
    sub->add_option("--to", command.to, "Goal x,y,heading,speed");
    sub->add_option("--vehicle", command.vehicle, "car, truck, tank, armoured, buggy, hovercraft or pedestrian")->capture_default_str();
    sub->add_option("--tolerance", command.tolerance, "Goal tolerance metres,degrees,m/s (default the thesis's 0.3,1,0.1)");
    sub->add_option("--iterations", command.iterations, "Iteration limit (the thesis's 100000)")->capture_default_str()->check(CLI::Range(1u, 10000000u));
    sub->add_flag("--no-shot", command.noShot, "Search without the analytic final approach (the thesis's A* and probe alone; slower, for comparison)");
    sub->add_flag("--corners", command.corners, "Plan every corner of a line within the usable width and report the time saved against the line");
    sub->add_option("--class", command.vehicleClass, "--corners: the baked vehicle class (default the first)");
    sub->add_option("--line", command.line, "--corners: the line (falls back to the main route's first)")->capture_default_str();
    sub->add_option("--random", command.random, "Run the thesis's random experiment (section 5.1) with N searches")->check(CLI::Range(1, 1000000));
    sub->add_option("--curves", command.curves, "With --tables: N searches per EM5 curve type (Table 5.2)")->check(CLI::Range(1, 100000));
    sub->add_flag("--tables", command.tables, "Print the reproduction tables (5.2, 5.3, 5.7, 5.8, ms per 1000 iterations) beside the thesis's figures");
    sub->add_option("--seed", command.seed, "Random seed")->capture_default_str()->check(unsignedInteger());
    sub->add_option("--jobs", command.jobs, "Searches at once (default: one per core); results do not depend on it")->check(CLI::Range(1u, 1024u));
    sub->add_flag("--json", command.json, "Print one JSON document");
}

void addRace(CLI::App& app, RaceCommand& command) {
    CLI::App* sub = app.add_subcommand("race", "A race in traffic: N runner cars with spread paces from a two-column grid, L laps, "
                                               "with contacts, overtakes, close calls and the time lost in traffic");
    addProgress(sub, command.progress);
    sub->add_option("input", command.inputs, "A .twtrack (baked in memory) or a .twbake with a closed main route; several with --matrix")->required();
    sub->add_option("--cars", command.cars, "Cars on the grid (default 10, or one a --roster driver)")
        ->check(CLI::Range(1, kMostRaceCars))
        ->each([&command](const std::string&) { command.carsGiven = true; });
    sub->add_option("--laps", command.laps, "Laps to race")->capture_default_str()->check(CLI::Range(1, 100));
    sub->add_option("--grid", command.grid, "ordered (fastest on pole), reversed (slowest on pole) or random")->capture_default_str();
    sub->add_option("--seed", command.seed, "Seed of the drivers' profiles and a random grid")->capture_default_str()->check(unsignedInteger());
    sub->add_flag("--matrix", command.matrix, "Race every input with --seeds seeds and print one summary table (a row per track)");
    sub->add_option("--mistakes", command.mistakes, "Every driver's mistakes as a multiple of the documented rates (late braking, lock-ups, missed "
                                                    "apexes, slides; docs/runtime-api.md), 0-4; drawn drivers make none without it")
        ->check(finiteIn(0.0, 4.0));
    sub->add_flag("--catch-up", command.catchUp, "Catch-up on: cars behind the field's middle car are helped and cars ahead of it slowed in the "
                                                 "corners, by 2 % a second of gap beyond 1 s, at most 25 % and 15 % (docs/runtime-api.md)");
    sub->add_option("--seeds", command.seeds, "With --matrix: races per track, seeds --seed, --seed + 1, …")->capture_default_str()->check(CLI::Range(1, 1000));
    CLI::Option* profiles =
        sub->add_option("--profiles", command.profiles, "Drivers CSV, one a row in car order: pace,aggression,consistency,reaction_time[,seed[,strength]]; "
                                                        "cars beyond its rows are drawn from the seed");
    sub->add_option("--roster", command.roster, "Roster JSON, {\"drivers\": [{\"name\", \"character\", profile fields…}]}: named drivers in car order, "
                                                "one car each unless --cars says otherwise (docs/cli.md)")
        ->excludes(profiles);
    sub->add_option("--strength", command.strength, "Every car's strength, 0.5-1: S laps in 1/S of the strength-1 lap's time "
                                                    "(refused with a roster or --profiles that gives strengths)")
        ->check(finiteIn(0.5, 1.0));
    sub->add_flag("--pit-stops", command.pitStops, "Every car pits once, told on a lap drawn from the seed in the middle third of the race (needs a pit lane)");
    sub->add_option("--jobs", command.jobs, "Races at once with --matrix (default: one per core); the table is identical for any value")->check(CLI::Range(1u, 1024u));
    sub->add_flag("--explain", command.explain, "Under each contact, each car's race-craft rule and what its traffic view predicted of the other");
    sub->add_option("--class", command.vehicleClass,
                    "A vehicle class of the track every car drives instead of the car preset: its hints and its car (from a .twbake: its limits only)");
    sub->add_option("--classes", command.classes, "Car or class files (JSON: a file, or a folder of them) put into each .twtrack in memory first, replacing classes of their names: a studio's cars given once");
    sub->add_option("--fail-if", command.failIf,
                    "With --matrix: a condition on a track's row (its JSON's names: contacts_per_race, completed_pct, lost_in_traffic_pct…), "
                    "say completed_pct<80: a track meeting one fails the command (exit 4); repeatable");
    addReports(sub, command.reports, "with --matrix, a case per track (failed by --fail-if)");
    addThreshold(sub, command.failIf, "--max-contacts", "contacts_per_race", ">",
                 "With --matrix: fail a track (exit 4) with more than N contacts a race: the same as --fail-if contacts_per_race>N");
    addThreshold(sub, command.failIf, "--max-stuck", "stuck_events_per_race", ">",
                 "With --matrix: fail a track (exit 4) with more than N stuck events a race: the same as --fail-if stuck_events_per_race>N");
    sub->add_flag("--json", command.json, "Print one JSON document");
}

} // namespace

int runTwbake(int argc, const char* const* argv, std::ostream& rawOut, std::ostream& rawErr) {
    TerminalSafeStream out(rawOut), err(rawErr);
    CLI::App app{"twbake: validate, import and bake Trackwright tracks.\n"
                 "Exit codes: 0 ok, 1 invalid input (diagnostics printed), 2 usage error, 3 I/O error.",
                 "twbake"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "twbake 0.2.0");
    ImportCommand import;
    ValidateCommand validate;
    BuildCommand build;
    DumpCommand dump;
    addImport(app, import);
    addValidate(app, validate);
    addBuild(app, build);
    addDump(app, dump);
    DiffCommand diff;
    addDiff(app, diff);
    DrapeCommand drape;
    addDrape(app, drape);
    UpgradeCommand upgrade;
    addUpgrade(app, upgrade);
    RegisterCommand registerPoints;
    addRegister(app, registerPoints);
    LapsCommand laps;
    addLaps(app, laps);
    RacelineCommand raceline;
    addRaceline(app, raceline);
    PlanCommand plan;
    addPlan(app, plan);
    RaceCommand race;
    addRace(app, race);
    ClassCommand vehicleClass;
    addClass(app, vehicleClass);
    CalibrateCommand calibrate;
    addCalibrate(app, calibrate);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e, out, err);
        return code == 0 ? kExitOk : kExitUsage;
    }

    // Data written to standard output itself (`-o /dev/stdout`) must not get the report mixed in.
    std::ostream* reportTo = &out;
    for (const CLI::App* sub : app.get_subcommands())
        for (const char* name : {"--output", "--csv"})
            if (const CLI::Option* option = sub->get_option_no_throw(name); option != nullptr && option->count() > 0 && namesStandardOutput(option->as<std::string>()))
                reportTo = &err;
    std::ostream& report = *reportTo;
    // A bar on an interactive terminal; a log (CI, a pipe, a test) gets lines it can keep.
    const bool stderrIsTerminal = &rawErr == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    for (ProgressMode* mode : {&build.progress, &laps.progress, &race.progress, &raceline.progress}) *mode = resolveProgressMode(*mode, stderrIsTerminal);
    if (app.got_subcommand("import")) return runImport(import, report, err);
    if (app.got_subcommand("build")) return runBuild(build, report, err);
    if (app.got_subcommand("dump")) return runDump(dump, report, err);
    if (app.got_subcommand("diff")) return runDiff(diff, report, err);
    if (app.got_subcommand("drape")) return runDrape(drape, report, err);
    if (app.got_subcommand("upgrade")) return runUpgrade(upgrade, report, err);
    if (app.got_subcommand("register")) return runRegister(registerPoints, report, err);
    if (app.got_subcommand("laps")) return runLaps(laps, report, err);
    if (app.got_subcommand("raceline")) return runRaceline(raceline, report, err);
    if (app.got_subcommand("plan")) return runPlan(plan, report, err);
    if (app.got_subcommand("race")) return runRace(race, report, err);
    if (app.got_subcommand("class")) return runClass(vehicleClass, report, err);
    if (app.got_subcommand("calibrate")) return runCalibrate(calibrate, report, err);
    return runValidate(validate, report, err);
}

} // namespace bake::cli
