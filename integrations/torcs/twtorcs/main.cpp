// SPDX-License-Identifier: GPL-2.0-or-later
// twtorcs: runs TORCS headless with Trackwright's robot and TORCS's own, and reports every car.
//
//   twtorcs practice --track road/e-track-1 --car car1-stock1 --driver trackwright,bt --laps 5 --json
//   twtorcs race --track road/e-track-1 --car car1-trb1 --field trackwright:3,bt:3 --laps 5 --seed 3 --json
//
// Exit codes (as twbake's): 0 ok, 1 bad input (unknown track, car or robot, a field a robot cannot
// fill), 2 usage, 3 I/O or TORCS failure (TORCS did not start, crashed, timed out or wrote no results).

#include "integrations/torcs/common/telemetry.h"
#include "integrations/torcs/twtorcs/report.h"
#include "integrations/torcs/twtorcs/results.h"
#include "integrations/torcs/twtorcs/torcs_run.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits.h>
#include <map>
#include <sstream>
#include <unistd.h>

#ifndef TWTORCS_ROBOT_DEFAULT
#define TWTORCS_ROBOT_DEFAULT ""
#endif
#ifndef TWTORCS_OBSERVER_DEFAULT
#define TWTORCS_OBSERVER_DEFAULT ""
#endif
#ifndef TWTORCS_OBSERVER_FROM_BIN
#define TWTORCS_OBSERVER_FROM_BIN "../lib/trackwright/torcs/trackwright_observer.so"
#endif
#ifndef TWTORCS_TWBAKE_DEFAULT
#define TWTORCS_TWBAKE_DEFAULT "twbake"
#endif
#ifndef TWTORCS_MODULE_FROM_BIN
#define TWTORCS_MODULE_FROM_BIN "../lib/trackwright/torcs/trackwright.so"
#endif
#ifndef TWTORCS_BASE_DIR
#define TWTORCS_BASE_DIR "/usr/lib/x86_64-linux-gnu/torcs"
#endif
#ifndef TWTORCS_DATA_DIR
#define TWTORCS_DATA_DIR "/usr/share/games/torcs"
#endif
#ifndef TWTORCS_LIB_DIR
#define TWTORCS_LIB_DIR "/usr/lib/x86_64-linux-gnu/torcs/lib"
#endif

namespace fs = std::filesystem;
using namespace twtorcs;
using trackwright::torcs::TelemetryAccumulator;
using trackwright::torcs::TelemetryRow;

namespace {

enum Exit : int { kOk = 0, kBadInput = 1, kUsage = 2, kFailure = 3 };
constexpr const char* kOurModule = "trackwright";

struct Options {
    std::string track, car = "car1-stock1", drivers, field, telemetry, keep, cache;
    std::string torcsBase = TWTORCS_BASE_DIR, torcsData = TWTORCS_DATA_DIR, torcsLib = TWTORCS_LIB_DIR;
    int laps = 5;
    unsigned long long seed = 1;
    double timeout = 0.0;
    bool json = false, verbose = false, carClass = false, presetHints = false;
};

/// Thrown for bad input, caught in main.
struct InputError {
    std::string message;
};

std::string environment(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

fs::path executableDir() {
    char buffer[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    if (n <= 0) return {};
    buffer[n] = 0;
    return fs::path(buffer).parent_path();
}

/// Our module: $TWTORCS_ROBOT, the installed one beside twtorcs, the build tree's.
std::string findRobotModule() {
    if (const std::string e = environment("TWTORCS_ROBOT"); !e.empty()) return e;
    const fs::path installed = executableDir() / TWTORCS_MODULE_FROM_BIN;
    std::error_code ec;
    if (fs::is_regular_file(installed, ec)) return installed.lexically_normal().string();
    return TWTORCS_ROBOT_DEFAULT;
}

/// The observer module: $TWTORCS_OBSERVER, the installed one, the build tree's ("" when none).
std::string findObserver() {
    if (const std::string e = environment("TWTORCS_OBSERVER"); !e.empty()) return e == "none" ? "" : e;
    std::error_code ec;
    const fs::path installed = executableDir() / TWTORCS_OBSERVER_FROM_BIN;
    if (fs::is_regular_file(installed, ec)) return installed.lexically_normal().string();
    return fs::is_regular_file(TWTORCS_OBSERVER_DEFAULT, ec) ? TWTORCS_OBSERVER_DEFAULT : "";
}

/// twbake: $TRACKWRIGHT_TWBAKE, beside twtorcs (an install), the build tree's, PATH.
std::string findTwbake() {
    if (const std::string e = environment("TRACKWRIGHT_TWBAKE"); !e.empty()) return e;
    const fs::path beside = executableDir() / "twbake";
    std::error_code ec;
    if (fs::is_regular_file(beside, ec)) return beside.string();
    if (fs::is_regular_file(TWTORCS_TWBAKE_DEFAULT, ec)) return TWTORCS_TWBAKE_DEFAULT;
    return "twbake";
}

std::string defaultCache() {
    std::string base = environment("XDG_CACHE_HOME");
    if (base.empty() && !environment("HOME").empty()) base = environment("HOME") + "/.cache";
    return base.empty() ? "" : base + "/trackwright/torcs";
}

/// "road/e-track-1" or "e-track-1" (looked up in every category).
std::pair<std::string, std::string> resolveTrack(const Options& o) {
    const fs::path tracks = fs::path(o.torcsData) / "tracks";
    std::string category, name = o.track;
    if (const auto slash = o.track.find('/'); slash != std::string::npos) {
        category = o.track.substr(0, slash);
        name = o.track.substr(slash + 1);
    }
    std::error_code ec;
    if (category.empty()) {
        for (const fs::directory_entry& c : fs::directory_iterator(tracks, ec))
            if (fs::is_regular_file(c.path() / name / (name + ".xml"), ec)) category = c.path().filename().string();
    }
    if (name.empty() || category.empty() || !fs::is_regular_file(tracks / category / name / (name + ".xml"), ec))
        throw InputError{"unknown track '" + o.track + "' (no " + (tracks / (category.empty() ? "*" : category) / name / (name + ".xml")).string() + ")"};
    return {category, name};
}

/// A module's indices: ours (ten, any car), or a TORCS robot's robot file.
std::vector<RobotIndex> robotIndices(const Options& o, const std::string& module) {
    std::vector<RobotIndex> indices;
    if (module == kOurModule) {
        for (int i = 0; i < 10; ++i) indices.push_back({i, "trackwright " + std::to_string(i + 1), o.car});
        return indices;
    }
    std::error_code ec;
    const fs::path so = fs::path(o.torcsBase) / "drivers" / module / (module + ".so");
    const fs::path file = fs::path(o.torcsData) / "drivers" / module / (module + ".xml");
    if (module.empty() || module.find('/') != std::string::npos || !fs::is_regular_file(so, ec) || !fs::is_regular_file(file, ec))
        throw InputError{"unknown robot '" + module + "' (no " + so.string() + " or " + file.string() + ")"};
    std::string error;
    if (!readRobotFile(file.string(), indices, error)) throw InputError{error};
    return indices;
}

/// `count` cars of `module` on `car`: its indices whose own car is that car first (their setups are
/// made for it), then the others, in index order.
std::vector<GridEntry> pickIndices(const Options& o, const std::string& module, int count, std::map<std::string, std::vector<int>>& used) {
    std::vector<RobotIndex> indices = robotIndices(o, module);
    std::stable_sort(indices.begin(), indices.end(), [&](const RobotIndex& a, const RobotIndex& b) { return (a.car == o.car) > (b.car == o.car); });
    std::vector<GridEntry> out;
    for (const RobotIndex& r : indices) {
        if (static_cast<int>(out.size()) == count) break;
        std::vector<int>& taken = used[module];
        if (std::find(taken.begin(), taken.end(), r.index) != taken.end()) continue;
        taken.push_back(r.index);
        out.push_back({module, r.index, o.car, r.name});
    }
    if (static_cast<int>(out.size()) < count)
        throw InputError{"robot '" + module + "' has " + std::to_string(indices.size()) + " indices; " + std::to_string(count) + " asked for"};
    return out;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, separator))
        if (!item.empty()) out.push_back(item);
    return out;
}

/// SplitMix64: the same shuffle on every platform.
std::uint64_t splitMix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void shuffle(std::vector<GridEntry>& grid, std::uint64_t seed) {
    std::uint64_t state = seed;
    for (std::size_t i = grid.size(); i > 1; --i) std::swap(grid[i - 1], grid[static_cast<std::size_t>(splitMix(state) % i)]);
}

/// Follows the telemetry file while TORCS runs: new rows into the accumulator, a line per lap.
class TelemetryTail {
public:
    TelemetryTail(std::string path, bool print) : m_path(std::move(path)), m_print(print) {
        std::error_code ec;
        m_offset = fs::exists(m_path, ec) ? static_cast<std::streamoff>(fs::file_size(m_path, ec)) : 0;
    }
    void poll() {
        std::ifstream in(m_path, std::ios::binary);
        if (!in) return;
        in.seekg(m_offset);
        std::string line;
        while (std::getline(in, line)) {
            if (in.eof()) break;  // a line still being written: read it next time
            m_offset += static_cast<std::streamoff>(line.size() + 1);
            TelemetryRow row;
            if (!trackwright::torcs::parseTelemetryLine(line, row)) continue;
            const std::size_t before = m_acc.summaries().count(row.car) ? m_acc.summaries().at(row.car).lapTimes.size() : 0;
            m_acc.add(row);
            const auto& s = m_acc.summaries().at(row.car);
            if (m_print && s.lapTimes.size() > before)
                std::fprintf(stderr, "twtorcs: %s (%s) lap %zu: %.3f s\n", row.driver.c_str(), row.module.c_str(), s.lapTimes.size(), s.lapTimes.back());
        }
    }
    const TelemetryAccumulator& accumulator() const { return m_acc; }
    bool any() const { return !m_acc.summaries().empty(); }

private:
    std::string m_path;
    bool m_print;
    std::streamoff m_offset = 0;
    TelemetryAccumulator m_acc;
};

struct Session {
    Options o;
    std::string category, name;
    fs::path work;
    std::string cache, robot, observer, twbake, telemetry;
    int runs = 0;
};

/// One TORCS run of `grid`; the cars' reports in grid order (results and telemetry merged).
std::vector<CarReport> runOnce(Session& s, std::vector<GridEntry> grid, bool race) {
    RunRequest request;
    request.torcs = {s.o.torcsBase, s.o.torcsData, s.o.torcsLib};
    request.trackCategory = s.category;
    request.trackName = s.name;
    request.race = race;
    request.laps = s.o.laps;
    request.grid = grid;
    request.robotModule = s.robot;
    request.observer = s.observer;
    request.twbake = s.twbake;
    request.cacheDir = s.cache;
    request.telemetry = s.telemetry;
    request.workDir = (s.work / ("run-" + std::to_string(++s.runs))).string();
    request.presetHints = s.o.presetHints && !s.o.carClass;
    request.timeoutSeconds = s.o.timeout > 0.0 ? s.o.timeout : 120.0 + 60.0 * s.o.laps * static_cast<double>(std::max<std::size_t>(1, grid.size()));
    TelemetryTail tail(s.telemetry, true);
    const std::string who = race ? std::string("race") : grid.front().name;
    const RunResult run = runTorcs(
        request,
        [&](const std::string& line) {
            if (line.rfind("trackwright: ", 0) == 0 || s.o.verbose) {
                std::fprintf(stderr, "%s\n", line.c_str());
            } else if (line.rfind("Sim Time:", 0) == 0 && !tail.any()) {
                double t = 0;
                int lap = 0;
                if (std::sscanf(line.c_str(), "Sim Time: %lf [s], Leader Laps: %d", &t, &lap) == 2)
                    std::fprintf(stderr, "twtorcs: %s: leader lap %d at %.2f s\n", who.c_str(), lap, t);
            }
        },
        [&] { tail.poll(); });
    if (!run.ok) {
        std::string last = run.output.size() > 2000 ? run.output.substr(run.output.size() - 2000) : run.output;
        throw std::runtime_error(run.error + (last.empty() ? "" : "\nTORCS said:\n" + last));
    }
    const Results results = readResults(run.resultsFile);
    if (!results.ok) throw std::runtime_error(results.error);
    std::vector<CarReport> out;
    const auto& telemetry = tail.accumulator().summaries();
    for (std::size_t k = 0; k < grid.size(); ++k) {
        const GridEntry& g = grid[k];
        CarReport c;
        c.driver = g.name;
        c.module = g.module;
        c.index = g.index;
        c.car = g.car;
        c.grid = static_cast<int>(k) + 1;
        const ResultEntry* found = nullptr;
        for (const ResultEntry& e : results.entries)
            if ((e.module == g.module || e.module.empty()) && e.index == g.index) found = &e;
        if (!found && !race && !results.entries.empty()) found = &results.entries.front();
        const trackwright::torcs::TelemetrySummary* t = nullptr;
        for (const auto& [car, summary] : telemetry)
            if (summary.module == g.module && summary.driver == g.name) t = &summary;
        if (found) {
            if (!found->name.empty()) c.driver = found->name;
            c.laps = found->laps;
            c.lapTimes = found->lapTimes;
            if (found->bestLap > 0.0) c.bestLap = found->bestLap;
            c.damage = found->damage;
            if (race) {
                c.finish = found->rank;
                c.totalTime = found->time;
            }
        }
        if (t) {
            c.offTrackSeconds = t->offTrackSeconds;
            c.carContacts = t->carContacts;
            c.wallContacts = t->wallContacts;
            c.topSpeed = t->maxSpeed;
            if (c.lapTimes.empty()) c.lapTimes = t->lapTimes;
            if (!found) {
                c.laps = static_cast<int>(t->lapTimes.size());
                c.damage = t->damage;
            }
            if (!c.bestLap && !t->lapTimes.empty()) c.bestLap = *std::min_element(t->lapTimes.begin(), t->lapTimes.end());
        }
        out.push_back(c);
    }
    return out;
}

void printTable(const Report& r, std::FILE* to) {
    std::fprintf(to, "%s %s, %s, %d laps\n", r.mode.c_str(), r.track.c_str(), r.car.c_str(), r.laps);
    std::fprintf(to, "%-4s %-22s %-12s %5s %10s %7s %9s %8s %6s\n", "pos", "driver", "module", "laps", "best lap", "damage", "off-track", "contacts", "walls");
    for (const CarReport& c : r.cars) {
        const std::string pos = c.finish ? std::to_string(*c.finish) : "-";
        const std::string best = c.bestLap ? std::to_string(*c.bestLap).substr(0, std::to_string(*c.bestLap).find('.') + 4) : "-";
        const std::string off = c.offTrackSeconds ? std::to_string(*c.offTrackSeconds).substr(0, std::to_string(*c.offTrackSeconds).find('.') + 2) : "-";
        std::fprintf(to, "%-4s %-22s %-12s %5d %10s %7d %9s %8s %6s\n", pos.c_str(), c.driver.c_str(), c.module.c_str(), c.laps, best.c_str(), c.damage,
                     off.c_str(), c.carContacts ? std::to_string(*c.carContacts).c_str() : "-",
                     c.wallContacts ? std::to_string(*c.wallContacts).c_str() : "-");
    }
}

int run(Options& o, bool race) {
    if (o.laps < 1) throw InputError{"--laps must be at least 1"};
    std::error_code ec;
    if (!fs::is_regular_file(fs::path(o.torcsBase) / "torcs-bin", ec))
        throw std::runtime_error("TORCS is not installed at " + o.torcsBase + " (no torcs-bin; Debian package torcs)");
    Session s;
    s.o = o;
    std::tie(s.category, s.name) = resolveTrack(o);
    if (!fs::is_regular_file(fs::path(o.torcsData) / "cars" / o.car / (o.car + ".xml"), ec))
        throw InputError{"unknown car '" + o.car + "' (no " + (fs::path(o.torcsData) / "cars" / o.car / (o.car + ".xml")).string() + ")"};
    // The grid (validated before anything runs).
    std::vector<std::vector<GridEntry>> runs;
    std::map<std::string, std::vector<int>> used;
    if (race) {
        std::vector<GridEntry> grid;
        for (const std::string& item : split(o.field, ',')) {
            const auto colon = item.find(':');
            const std::string module = item.substr(0, colon);
            int count = 1;
            if (colon != std::string::npos) {
                char* end = nullptr;
                count = static_cast<int>(std::strtol(item.c_str() + colon + 1, &end, 10));
                if (*end || count < 1) throw InputError{"bad --field item '" + item + "': MODULE:COUNT"};
            }
            for (GridEntry& e : pickIndices(o, module, count, used)) grid.push_back(e);
        }
        if (grid.empty()) throw InputError{"--field names no car"};
        if (grid.size() > 40) throw InputError{"TORCS races at most 40 cars"};
        shuffle(grid, o.seed);
        runs.push_back(grid);
    } else {
        for (const std::string& item : split(o.drivers, ',')) {
            const auto colon = item.find(':');
            const std::string module = item.substr(0, colon);
            if (colon == std::string::npos) {
                runs.push_back(pickIndices(o, module, 1, used));
                used.clear();
                continue;
            }
            char* end = nullptr;
            const int index = static_cast<int>(std::strtol(item.c_str() + colon + 1, &end, 10));
            const std::vector<RobotIndex> indices = robotIndices(o, module);
            const auto r = std::find_if(indices.begin(), indices.end(), [&](const RobotIndex& x) { return x.index == index; });
            if (*end || r == indices.end()) throw InputError{"robot '" + module + "' has no index '" + item.substr(colon + 1) + "'"};
            runs.push_back({{module, index, o.car, r->name}});
        }
        if (runs.empty()) throw InputError{"--driver names no driver"};
    }
    for (const auto& grid : runs)
        for (const GridEntry& e : grid)
            if (e.module == kOurModule) {
                s.robot = findRobotModule();
                if (s.robot.empty() || !fs::is_regular_file(s.robot, ec))
                    throw std::runtime_error("the trackwright robot module is not built or installed (" + s.robot + "); set TWTORCS_ROBOT");
            }
    s.twbake = findTwbake();
    s.observer = findObserver();
    // A private work folder; the bake cache outlives it (under ~/.cache, else inside it).
    std::string tmp = environment("TMPDIR");
    if (tmp.empty()) tmp = "/tmp";
    std::string pattern = tmp + "/twtorcs-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a folder in " + tmp);
    s.work = pattern;
    s.cache = !o.cache.empty() ? o.cache : defaultCache();
    if (s.cache.empty() || (fs::create_directories(s.cache, ec), !fs::is_directory(s.cache, ec))) s.cache = (s.work / "cache").string();
    s.telemetry = !o.telemetry.empty() ? fs::absolute(o.telemetry).string() : (s.work / "telemetry.csv").string();
    if (!o.telemetry.empty()) {
        std::ofstream truncate(s.telemetry, std::ios::trunc);
        if (!truncate) throw std::runtime_error("cannot write the telemetry file " + s.telemetry);
    }
    Report report;
    report.track = s.category + "/" + s.name;
    report.mode = race ? "race" : "practice";
    report.car = o.car;
    report.laps = o.laps;
    if (race) report.seed = o.seed;
    int status = kOk;
    try {
        for (const auto& grid : runs) {
            std::vector<CarReport> cars = runOnce(s, grid, race);
            report.cars.insert(report.cars.end(), cars.begin(), cars.end());
        }
    } catch (...) {
        if (o.keep.empty()) fs::remove_all(s.work, ec);
        throw;
    }
    if (!race) {
        // Side by side: the practices ranked by laps completed, then best lap.
        std::vector<std::size_t> order(report.cars.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const CarReport &x = report.cars[a], &y = report.cars[b];
            if (x.laps != y.laps) return x.laps > y.laps;
            return x.bestLap.value_or(1e18) < y.bestLap.value_or(1e18);
        });
        for (std::size_t place = 0; place < order.size(); ++place)
            if (report.cars[order[place]].bestLap) report.cars[order[place]].finish = static_cast<int>(place) + 1;
    }
    if (o.json) {
        const std::string text = reportJson(report);
        if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) status = kFailure;
    } else {
        printTable(report, stdout);
        if (std::fflush(stdout) != 0) status = kFailure;
    }
    if (!o.keep.empty()) {
        fs::create_directories(o.keep, ec);
        fs::copy(s.work, o.keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing | fs::copy_options::copy_symlinks, ec);
        if (ec) std::fprintf(stderr, "twtorcs: cannot keep the run in %s: %s\n", o.keep.c_str(), ec.message().c_str());
    }
    fs::remove_all(s.work, ec);
    return status;
}

void addCommon(CLI::App* sub, Options& o) {
    sub->add_option("--track", o.track, "TORCS track, CATEGORY/NAME (road/e-track-1) or NAME")->required();
    sub->add_option("--car", o.car, "TORCS car every driver drives")->capture_default_str();
    sub->add_option("--laps", o.laps, "Laps")->capture_default_str();
    sub->add_flag("--json", o.json, "Print the report as one JSON document");
    sub->add_option("--telemetry", o.telemetry, "Keep the telemetry CSV (one row per car per 0.1 s) in this file");
    sub->add_option("--keep", o.keep, "Copy the private TORCS folders (robot files, race file, results) here");
    sub->add_option("--timeout", o.timeout, "Wall seconds a TORCS run may take (default 120 + 60 per lap and car)");
    sub->add_option("--cache", o.cache, "Folder of baked tracks (default $XDG_CACHE_HOME/trackwright/torcs)");
    sub->add_option("--torcs-base", o.torcsBase, "TORCS's binary folder")->capture_default_str();
    sub->add_option("--torcs-data", o.torcsData, "TORCS's data folder")->capture_default_str();
    sub->add_option("--torcs-lib", o.torcsLib, "TORCS's libraries (libtgf.so)")->capture_default_str();
    sub->add_flag("--verbose", o.verbose, "Pass on everything TORCS prints");
    sub->add_flag("--preset-hints", o.presetHints,
                  "Drive on the track's preset classes (the car preset's hints) instead of the car's own description as the track's class");
    sub->add_flag("--car-class", o.carClass, "The car's own description as the track's class: the default (kept for scripts that name it)");
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"twtorcs: run TORCS headless with Trackwright's robot and TORCS's own.\n"
                 "Exit codes: 0 ok, 1 bad input (unknown track, car or robot), 2 usage, 3 I/O or TORCS failure."};
    app.require_subcommand(1);
    Options o;
    CLI::App* practice = app.add_subcommand("practice", "Each driver's practice alone, one after another, side by side");
    addCommon(practice, o);
    practice->add_option("--driver", o.drivers, "Drivers, comma separated: MODULE (its first index on the car) or MODULE:INDEX")->required();
    CLI::App* race = app.add_subcommand("race", "A race of a field, the grid shuffled by the seed");
    addCommon(race, o);
    race->add_option("--field", o.field, "The field, comma separated MODULE:COUNT (trackwright:3,bt:3)")->required();
    race->add_option("--seed", o.seed, "Seed of the grid's order")->capture_default_str();
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kUsage;
    }
    try {
        return run(o, app.got_subcommand(race));
    } catch (const InputError& e) {
        std::fprintf(stderr, "twtorcs: error: %s\n", e.message.c_str());
        return kBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "twtorcs: error: %s\n", e.what());
        return kFailure;
    }
}
