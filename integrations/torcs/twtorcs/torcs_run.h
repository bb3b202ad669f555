#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// One headless TORCS run in a private home and library folder: nothing under /usr or the user's
// ~/.torcs changes.

#include <functional>
#include <string>
#include <vector>

namespace twtorcs {

/// Where TORCS is installed.
struct TorcsInstall {
    std::string base;  ///< torcs-bin, setup_linux.sh, drivers/, modules/, lib/
    std::string data;  ///< tracks/, cars/, categories/, drivers/, config/
    std::string lib;   ///< libtgf.so …: LD_LIBRARY_PATH
};

/// One index of a robot module as its robot file describes it.
struct RobotIndex {
    int index = 0;
    std::string name;
    std::string car;
};

/// A car on the grid: a module's index, on a car.
struct GridEntry {
    std::string module;
    int index = 0;
    std::string car;
    std::string name;  ///< the driver's name (the robot file's)
};

struct RunRequest {
    TorcsInstall torcs;
    std::string trackCategory, trackName;
    bool race = false;             ///< a race; else a practice (one car)
    int laps = 1;
    std::vector<GridEntry> grid;   ///< in starting order
    std::string robotModule;       ///< our trackwright.so
    /// The observer module: stands in for the TORCS robots it knows when no trackwright car runs,
    /// so the telemetry covers every car ("": none, the robots run as they are).
    std::string observer;
    std::string twbake;
    std::string cacheDir;          ///< the module's bake cache
    std::string telemetry;         ///< the telemetry file the module appends to ("": none)
    std::string workDir;           ///< a fresh private folder for this run (created)
    double timeoutSeconds = 600.0; ///< wall time before TORCS is stopped
    bool presetHints = false;      ///< drive on the track's preset classes, not the car's description as its class (twbake class)
};

struct RunResult {
    bool ok = false;
    std::string error;             ///< why not
    std::string resultsFile;       ///< TORCS's results-*.xml
    std::string output;            ///< TORCS's standard output and error
    double wallSeconds = 0.0;
};

/// A robot's indices from its robot file (data folder's drivers/NAME/NAME.xml); false when missing.
bool readRobotFile(const std::string& path, std::vector<RobotIndex>& indices, std::string& error);

/// Runs TORCS once. `onOutput` gets each line TORCS prints as it comes; `onTick` is called about
/// every 100 ms while it runs (twtorcs reads the telemetry there).
RunResult runTorcs(const RunRequest& request, const std::function<void(const std::string&)>& onOutput,
                   const std::function<void()>& onTick);

/// The race file (TORCS's params XML) for the request: "results only", no results screen.
std::string raceFile(const RunRequest& request);

} // namespace twtorcs
