#pragma once

#include "bake/cli/progress.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

/// One function per twbake subcommand; twbake.cpp parses the command line and calls them.
namespace bake::cli {

struct ImportCommand {
    std::string from;          ///< "tum-csv", "waypoints" or "torcs"
    std::string input;
    std::string raceline;      ///< optional line CSV
    std::string output;
    std::string name;          ///< track name; defaults to the input's file stem
    bool closed = false;
    bool open = false;
    double width = 10.0;       ///< waypoints: total tarmac width, metres
    double runoffMargin = 2.0; ///< metres beyond the tarmac
    double wallMargin = 1.0;   ///< metres beyond the runoff
    bool overpass = false;     ///< lift the second pass of every self-crossing into a bridge
    std::string torcsData;     ///< torcs: folder with surfaces.xml; empty = search beside the track
    bool json = false;
};
int runImport(const ImportCommand& command, std::ostream& out, std::ostream& err);

struct DrapeCommand {
    std::string input;                       ///< the .twtrack
    std::string mesh;                        ///< the level mesh (glTF, OBJ, FBX, AC3D)
    std::vector<std::string> roadMaterials;  ///< shell patterns naming the road's materials
    std::vector<std::string> barrierMaterials;  ///< shell patterns naming the barriers' materials
    bool widths = false;                     ///< set the widths from the mesh too
    std::vector<std::string> routes;         ///< drape these routes' nodes only; none: every node
    std::string up = "y";                    ///< the mesh file's up axis: y or z
    double metresPerUnit = 1.0;              ///< the mesh file's unit
    std::string output;
    bool json = false;
};
/// `twbake drape`: each node's height, banking (and widths) from the level mesh under it; exit 1
/// and nothing written when a node finds no surface.
int runDrape(const DrapeCommand& command, std::ostream& out, std::ostream& err);

struct ValidateCommand {
    std::string input;
    bool json = false;
};
int runValidate(const ValidateCommand& command, std::ostream& out, std::ostream& err);

struct BuildCommand {
    ProgressMode progress = ProgressMode::Auto;  ///< --progress (resolved for the terminal before the command runs)
    std::string input;       ///< a .twtrack, or with `all` a folder of them
    std::string output;      ///< a .twbake, or with `all` a folder
    bool all = false;
    unsigned jobs = 0;       ///< 0: one per core
    bool json = false;
    bool raceline = false;   ///< optimise the racing lines (in memory) before baking
    std::string classes;     ///< car or class files (a file or a folder) put into every track before baking
    std::string roster;      ///< a roster file (bake/sim/roster.h) baked into every track, for the game to read
    std::string cache;       ///< the bake cache's folder (bake_cache.h); empty: the default
    bool noCache = false;
    double cacheSizeMegabytes = 2048.0;  ///< the least recently used entries go beyond it
    unsigned shardIndex = 1, shardCount = 1;  ///< --all --shard I/N: this run bakes the tracks of shard I (1-based) of N
    bool prune = false;      ///< --all: remove .twbake files in the output folder that are the bake of no track
    std::vector<std::string> reports;  ///< --report files: JUnit XML (.xml) or the summary page (.html), a validation and a bake case a track
    std::string method = "mincurv";
    std::string vehicle;
};
int runBuild(const BuildCommand& command, std::ostream& out, std::ostream& err);

struct DumpCommand {
    std::string input;
    bool json = false;
};
int runDump(const DumpCommand& command, std::ostream& out, std::ostream& err);

struct UpgradeCommand {
    std::vector<std::string> inputs;  ///< .twtrack files or folders of them
    bool check = false;               ///< say what would be upgraded (exit 1 if anything), write nothing
    bool dropUnknown = false;         ///< upgrade files holding keys Trackwright does not read, dropping them
    bool json = false;
};
/// `twbake upgrade`: rewrites tracks of an older schema as this Trackwright writes them (in place,
/// atomically); a file it would lose something of is left alone.
int runUpgrade(const UpgradeCommand& command, std::ostream& out, std::ostream& err);

struct DiffCommand {
    std::string a, b;  ///< two .twbake files
    bool json = false;
};
/// `twbake diff A B`: what changed between two bakes (bake_diff.h); exit 0 identical, 1 different,
/// 3 when either cannot be read as a bake.
int runDiff(const DiffCommand& command, std::ostream& out, std::ostream& err);

struct RegisterCommand {
    std::string input;       ///< .twbake
    std::string points;      ///< CSV of x,y[,z]
    bool trajectory = false; ///< register the rows in order with one registrar (coherent), not each cold
};
int runRegister(const RegisterCommand& command, std::ostream& out, std::ostream& err);

struct LapsCommand {
    ProgressMode progress = ProgressMode::Auto;  ///< --progress (resolved for the terminal before the command runs)
    std::vector<std::string> inputs;  ///< .twtrack (baked in memory) or .twbake; several with --matrix
    std::string follower = "runner";  ///< a name, or with --matrix a comma list or "all"
    std::string vehicle = "car";      ///< a name, or with --matrix a comma list or "all"
    std::string vehicleClass;         ///< a vehicle class of each track (its car when it has one) in place of --vehicle
    std::string classes;              ///< car or class files (a file or a folder) put into each .twtrack first
    std::vector<std::string> failIf;  ///< conditions on a run's figures that fail the command (result_checks.h)
    std::vector<std::string> reports; ///< --report (and --junit) files: JUnit XML (.xml) or the summary page (.html), a case per run
    bool matrix = false;
    unsigned jobs = 0;
    std::string line = "racing";
    int laps = 3;
    bool noPlannedRecovery = false;  ///< the paper's stuck manager alone: reverse, then teleport
    bool sourceSpeedCaps = false;    ///< the sources' speed caps (pursuit v_max 10 m/s): the paper's experiment
    float strength = 1.0f;           ///< the driver's strength (traffic/driver_strength.h)
    double targetLap = 0.0;          ///< s: drive at the strength that laps in this time (found from a strength-1 run); 0: --strength
    float mistakes = 0.0f;           ///< the driver's mistakes, a multiple of the documented rates (traffic/driver_mistakes.h)
    std::uint64_t seed = 0;          ///< the driver's noise (when its mistakes come)
    bool json = false;
};
int runLaps(const LapsCommand& command, std::ostream& out, std::ostream& err);

struct RacelineCommand {
    ProgressMode progress = ProgressMode::Auto;  ///< --progress (resolved for the terminal before the command runs)
    std::string input;
    std::string output;
    std::string method = "mincurv";  ///< "mincurv" or "laptime"
    std::string vehicle;             ///< class or preset the line is for; empty: the widest class, plus per-class lines
    std::string csv;                 ///< also write the first route's racing line as x_m,y_m
    int evaluations = 300;           ///< laptime: simulated laps per line, at most
    double timeLimit = 0.0;          ///< laptime: seconds per line, 0 for none
    unsigned jobs = 0;               ///< laptime: threads, 0 one per core; the result is the same for any value
    double safety = 0.5;             ///< m beyond half the vehicle's width
    std::string classes;             ///< car or class files put into the track first (and into the output: its lines are theirs)
    bool noAlternates = false;
    bool json = false;
};
int runRaceline(const RacelineCommand& command, std::ostream& out, std::ostream& err);
struct PlanCommand {
    std::string input;          ///< .twbake (or .twtrack, baked in memory): the valid area
    std::string from, to;       ///< "x,y,heading,speed": metres, degrees counter-clockwise from +x, m/s
    std::string vehicle = "car";  ///< a reference preset or "pedestrian"
    std::string tolerance;      ///< "metres,degrees,m/s"; default the thesis's 0.3,1,0.1
    std::uint32_t iterations = 100000;
    bool noShot = false;        ///< A* (and the probe) alone, without the analytic final approach: the thesis's search
    bool corners = false;       ///< plan the corners of a line instead (the thesis's local planner)
    std::string vehicleClass;   ///< --corners: baked class (default the first)
    std::string line = "racing";  ///< --corners: line (falls back to the route's first)
    int random = 0;             ///< --random N: the thesis's random experiment (§5.1)
    int curves = 0;             ///< --curves N: N searches per EM5 curve type (Table 5.2)
    bool tables = false;        ///< print the reproduction tables beside the thesis's figures
    std::uint64_t seed = 1;
    unsigned jobs = 0;
    bool json = false;
};
int runPlan(const PlanCommand& command, std::ostream& out, std::ostream& err);

struct RaceCommand {
    ProgressMode progress = ProgressMode::Auto;  ///< --progress (resolved for the terminal before the command runs)
    std::vector<std::string> inputs;  ///< .twtrack (baked in memory) or .twbake, with a closed main route; several with --matrix
    int cars = 10;               ///< without --cars a --roster races one car a driver
    bool carsGiven = false;      ///< --cars was given: it, not the roster, sets the field's size
    int laps = 5;
    std::string grid = "ordered";  ///< ordered (fastest on pole), reversed or random
    std::uint64_t seed = 1;
    int seeds = 1;              ///< with --matrix: seeds seed, seed + 1, … per track
    bool matrix = false;        ///< one summary table over the tracks and seeds
    bool pitStops = false;      ///< every car pits once, in the middle third of the race
    std::optional<float> mistakes; ///< every driver's mistakes (a multiple of the documented rates); none: the drivers' own
    bool catchUp = false;       ///< catch-up on, with the runtime's default policy (traffic/catch_up.h)
    bool json = false;
    std::string profiles;       ///< a drivers CSV (profiles_file.h); empty: every driver drawn from the seed
    std::string roster;         ///< a roster JSON (bake/sim/roster.h): named drivers with characters; excludes --profiles
    double strength = 0.0;      ///< every car's strength, [0.5, 1]; 0: each driver's own
    unsigned jobs = 0;          ///< with --matrix: races at once (0: one per hardware thread)
    bool explain = false;       ///< under each contact, each car's rule and what its view predicted
    std::string vehicleClass;   ///< every car drives this class of the track (its car when it has one); empty: the car preset
    std::string classes;        ///< car or class files (a file or a folder) put into each .twtrack first
    std::vector<std::string> failIf;  ///< with --matrix: conditions on a track's row that fail the run (result_checks.h)
    std::vector<std::string> reports;  ///< with --matrix: --report (and --junit) files, JUnit XML (.xml) or the summary page (.html), a case per track
};
/// The most cars a race takes (--cars, a roster's drivers).
inline constexpr int kMostRaceCars = 200;
int runRace(const RaceCommand& command, std::ostream& out, std::ostream& err);

struct ClassCommand {
    std::string input;   ///< .twtrack
    std::string car;     ///< a car file or a class file (docs/formats.md, "car", "A class file"), told apart by "format"
    std::string name;    ///< the class's name; default the file's "name", else its file stem
    std::string output;  ///< .twtrack, written atomically; may be the input
};
/// Adds the car (or the class of a class file) as a vehicle class of the track, or replaces the class
/// of the same name.
int runClass(const ClassCommand& command, std::ostream& out, std::ostream& err);

struct CalibrateCommand {
    std::vector<std::string> inputs;  ///< telemetry CSV logs (bake/calibration/telemetry_log.h), one car each chosen
    std::string output;               ///< the class file, written atomically
    std::string name;                 ///< the class's name; default the output's file stem
    std::string driver;               ///< the car to fit, by its `driver` (or, when one car has it, `module`)
    int carIndex = -1;                ///< the car to fit, by its `car` column; < 0: not chosen by index
    std::string car;                  ///< a car or class file: the geometry, and its limits shown beside the fit's
    double wheelbase = 0.0;           ///< m; 0: the --car file's, else the car preset's
    double width = 0.0;               ///< m; 0: as the wheelbase
    double steeringLock = 0.0;        ///< rad; 0: as the wheelbase
    bool json = false;
};
/// Fits a vehicle class (limits and envelope, no car) to what the logged car did and writes it as a
/// class file, reporting the per-bin figures, the fits and their residuals.
int runCalibrate(const CalibrateCommand& command, std::ostream& out, std::ostream& err);

} // namespace bake::cli
