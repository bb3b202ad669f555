// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/twtorcs/torcs_run.h"

#include "integrations/torcs/common/subprocess.h"
#include "integrations/torcs/common/telemetry.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <map>
#include <poll.h>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace twtorcs {
namespace fs = std::filesystem;
using trackwright::torcs::writeFileAtomically;

namespace {

constexpr const char* kRaceName = "twtorcs";
constexpr const char* kOurModule = "trackwright";
constexpr int kOurIndices = 10;

std::string escapeXml(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

pugi::xml_node section(pugi::xml_node parent, const char* name) {
    for (pugi::xml_node s : parent.children("section"))
        if (std::strcmp(s.attribute("name").value(), name) == 0) return s;
    return {};
}

pugi::xml_node attribute(pugi::xml_node parent, const char* name) {
    for (pugi::xml_node a : parent.children())
        if ((std::strcmp(a.name(), "attstr") == 0 || std::strcmp(a.name(), "attnum") == 0) && std::strcmp(a.attribute("name").value(), name) == 0)
            return a;
    return {};
}

/// The robot file TORCS reads for `module`: a copy of the data folder's with the grid's cars put on
/// the indices it uses (the local folder's drivers/NAME/NAME.xml overrides the data folder's).
bool writeRobotOverride(const RunRequest& request, const std::string& module, const std::map<int, std::string>& cars,
                        const fs::path& local, std::string& error) {
    const fs::path original = fs::path(request.torcs.data) / "drivers" / module / (module + ".xml");
    pugi::xml_document doc;
    if (!doc.load_file(original.c_str())) {
        error = "cannot read the robot file " + original.string();
        return false;
    }
    pugi::xml_node index = section(section(doc.child("params"), "Robots"), "index");
    for (const auto& [i, car] : cars) {
        pugi::xml_node entry = section(index, std::to_string(i).c_str());
        pugi::xml_node carName = attribute(entry, "car name");
        if (!entry || !carName) {
            error = original.string() + " has no car name for index " + std::to_string(i);
            return false;
        }
        carName.attribute("val").set_value(car.c_str());
    }
    std::ostringstream text;
    text << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE params SYSTEM \"params.dtd\">\n";
    doc.save(text, "  ", pugi::format_default | pugi::format_no_declaration);
    const fs::path target = local / "drivers" / module / (module + ".xml");
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (!writeFileAtomically(target.string(), text.str())) {
        error = "cannot write " + target.string();
        return false;
    }
    return true;
}

/// Our robot file: ten indices, the grid's on their cars, the rest on the first car asked for.
bool writeOurRobotFile(const std::map<int, std::string>& cars, const std::string& fallbackCar, const fs::path& local, std::string& error) {
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE params SYSTEM \"params.dtd\">\n"
      << "<params name=\"" << kOurModule << "\" type=\"robotdef\">\n  <section name=\"Robots\">\n    <section name=\"index\">\n";
    for (int i = 0; i < kOurIndices; ++i) {
        const auto found = cars.find(i);
        const std::string car = found != cars.end() ? found->second : fallbackCar;
        x << "      <section name=\"" << i << "\">\n"
          << "        <attstr name=\"name\" val=\"trackwright " << i + 1 << "\"/>\n"
          << "        <attstr name=\"desc\" val=\"Trackwright runner follower\"/>\n"
          << "        <attstr name=\"team\" val=\"Trackwright\"/>\n"
          << "        <attstr name=\"author\" val=\"Trackwright\"/>\n"
          << "        <attstr name=\"car name\" val=\"" << escapeXml(car) << "\"/>\n"
          << "        <attnum name=\"race number\" val=\"" << 90 + i << "\"/>\n"
          << "        <attnum name=\"red\" val=\"0.1\"/><attnum name=\"green\" val=\"0.6\"/><attnum name=\"blue\" val=\"0.9\"/>\n"
          << "      </section>\n";
    }
    x << "    </section>\n  </section>\n</params>\n";
    const fs::path target = local / "drivers" / kOurModule / (std::string(kOurModule) + ".xml");
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (!writeFileAtomically(target.string(), x.str())) {
        error = "cannot write " + target.string();
        return false;
    }
    return true;
}

/// True when the observer stands in for the robots of this run (no trackwright car in it).
bool observed(const RunRequest& request) {
    if (request.observer.empty()) return false;
    for (const GridEntry& e : request.grid)
        if (e.module == kOurModule) return false;
    return true;
}

bool observable(const std::string& module) {
    for (const char* name : trackwright::torcs::kObservableRobots)
        if (module == name) return true;
    return false;
}

/// The private library folder: links to TORCS's modules/ and lib/, a drivers/ folder with a link
/// to every system robot (or, observed, to the observer in its place), and ours.
bool makeLibraryFolder(const RunRequest& request, const fs::path& lib, std::string& error) {
    std::error_code ec;
    fs::create_directories(lib / "drivers" / kOurModule, ec);
    if (ec) {
        error = "cannot create " + (lib / "drivers").string() + ": " + ec.message();
        return false;
    }
    for (const char* sub : {"modules", "lib"}) {
        fs::create_directory_symlink(fs::path(request.torcs.base) / sub, lib / sub, ec);
        if (ec) {
            error = "cannot link " + (lib / sub).string() + ": " + ec.message();
            return false;
        }
    }
    const bool observe = observed(request);
    for (const fs::directory_entry& robot : fs::directory_iterator(fs::path(request.torcs.base) / "drivers", ec)) {
        if (!robot.is_directory() || robot.path().filename() == kOurModule) continue;
        const std::string name = robot.path().filename().string();
        if (observe && observable(name)) {
            fs::create_directories(lib / "drivers" / name, ec);
            if (!ec) fs::create_symlink(fs::absolute(request.observer), lib / "drivers" / name / (name + ".so"), ec);
            if (ec) {
                error = "cannot link the observer for " + name + ": " + ec.message();
                return false;
            }
            continue;
        }
        fs::create_directory_symlink(robot.path(), lib / "drivers" / robot.path().filename(), ec);
        if (ec) {
            error = "cannot link " + robot.path().string() + ": " + ec.message();
            return false;
        }
    }
    if (request.robotModule.empty()) return true;  // no trackwright car in this run
    fs::create_symlink(fs::absolute(request.robotModule), lib / "drivers" / kOurModule / (std::string(kOurModule) + ".so"), ec);
    if (ec) {
        error = "cannot link the trackwright module " + request.robotModule + ": " + ec.message();
        return false;
    }
    return true;
}

std::string newestResults(const fs::path& folder) {
    std::string best;
    fs::file_time_type bestTime{};
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
        if (e.path().extension() != ".xml" || e.path().filename().string().rfind("results-", 0) != 0) continue;
        const auto t = e.last_write_time(ec);
        if (best.empty() || t > bestTime) {
            best = e.path().string();
            bestTime = t;
        }
    }
    return best;
}

} // namespace

bool readRobotFile(const std::string& path, std::vector<RobotIndex>& indices, std::string& error) {
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_file(path.c_str());
    if (!parsed) {
        error = "cannot read the robot file " + path + ": " + parsed.description();
        return false;
    }
    indices.clear();
    for (pugi::xml_node entry : section(section(doc.child("params"), "Robots"), "index").children("section")) {
        RobotIndex r;
        char* end = nullptr;
        r.index = static_cast<int>(std::strtol(entry.attribute("name").value(), &end, 10));
        if (end == entry.attribute("name").value()) continue;
        r.name = attribute(entry, "name").attribute("val").value();
        r.car = attribute(entry, "car name").attribute("val").value();
        indices.push_back(r);
    }
    if (indices.empty()) {
        error = path + " lists no robot index";
        return false;
    }
    return true;
}

std::string raceFile(const RunRequest& r) {
    const char* session = r.race ? "Race" : "Practice";
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE params SYSTEM \"params.dtd\">\n"
      << "<params name=\"" << kRaceName << "\" type=\"param\" mode=\"mw\">\n"
      << "  <section name=\"Header\"><attstr name=\"name\" val=\"" << kRaceName << "\"/><attnum name=\"priority\" val=\"100\"/></section>\n"
      << "  <section name=\"Tracks\"><attnum name=\"maximum number\" val=\"1\"/>\n"
      << "    <section name=\"1\"><attstr name=\"name\" val=\"" << escapeXml(r.trackName) << "\"/><attstr name=\"category\" val=\""
      << escapeXml(r.trackCategory) << "\"/></section></section>\n"
      << "  <section name=\"Races\"><section name=\"1\"><attstr name=\"name\" val=\"" << session << "\"/></section></section>\n"
      << "  <section name=\"" << session << "\">\n"
      << "    <attnum name=\"laps\" val=\"" << r.laps << "\"/><attstr name=\"type\" val=\"" << (r.race ? "race" : "practice") << "\"/>\n"
      << "    <attstr name=\"starting order\" val=\"drivers list\"/><attstr name=\"restart\" val=\"yes\"/>\n"
      << "    <attstr name=\"display mode\" val=\"results only\"/><attstr name=\"display results\" val=\"no\"/>\n"
      << "    <section name=\"Starting Grid\"><attnum name=\"rows\" val=\"" << (r.race ? 2 : 1) << "\"/>"
      << "<attnum name=\"distance to start\" val=\"" << (r.race ? 25 : 100) << "\"/>\n"
      << "      <attnum name=\"distance between columns\" val=\"20\"/><attnum name=\"offset within a column\" val=\"10\"/>\n"
      << "      <attnum name=\"initial speed\" unit=\"km/h\" val=\"0\"/><attnum name=\"initial height\" unit=\"m\" val=\"0.2\"/></section>\n"
      << "  </section>\n"
      << "  <section name=\"Drivers\"><attnum name=\"maximum number\" val=\"40\"/>";
    if (!r.grid.empty())
        x << "<attstr name=\"focused module\" val=\"" << escapeXml(r.grid.front().module) << "\"/><attnum name=\"focused idx\" val=\""
          << r.grid.front().index << "\"/>";
    x << "\n";
    for (std::size_t k = 0; k < r.grid.size(); ++k)
        x << "    <section name=\"" << k + 1 << "\"><attnum name=\"idx\" val=\"" << r.grid[k].index << "\"/><attstr name=\"module\" val=\""
          << escapeXml(r.grid[k].module) << "\"/></section>\n";
    x << "  </section>\n</params>\n";
    return x.str();
}

RunResult runTorcs(const RunRequest& request, const std::function<void(const std::string&)>& onOutput, const std::function<void()>& onTick) {
    RunResult result;
    const auto started = std::chrono::steady_clock::now();
    const fs::path work = fs::absolute(request.workDir);
    const fs::path home = work / "home", local = work / "local", lib = work / "lib";
    std::error_code ec;
    for (const fs::path& p : {home, local}) fs::create_directories(p, ec);
    if (ec) {
        result.error = "cannot create " + work.string() + ": " + ec.message();
        return result;
    }
    if (!makeLibraryFolder(request, lib, result.error)) return result;

    // TORCS's own set-up of a local folder (config files), run from its data folder as TORCS does.
    {
        const std::string setup = (fs::path(request.torcs.base) / "setup_linux.sh").string();
        const std::string command = "cd '" + request.torcs.data + "' && bash '" + setup + "' '" + local.string() + "'";
        const trackwright::torcs::ProcessResult s = trackwright::torcs::runProcess({"/bin/sh", "-c", command});
        if (!s.started || s.exitCode != 0) {
            result.error = "TORCS's setup_linux.sh failed: " + s.output;
            return result;
        }
    }
    // Robot files: ours generated, the others' copied with the grid's cars.
    std::map<std::string, std::map<int, std::string>> cars;
    for (const GridEntry& e : request.grid) cars[e.module][e.index] = e.car;
    for (const auto& [module, indexCars] : cars) {
        const bool ok = module == kOurModule ? writeOurRobotFile(indexCars, request.grid.front().car, local, result.error)
                                             : writeRobotOverride(request, module, indexCars, local, result.error);
        if (!ok) return result;
    }
    const fs::path race = work / (std::string(kRaceName) + ".xml");
    if (!writeFileAtomically(race.string(), raceFile(request))) {
        result.error = "cannot write " + race.string();
        return result;
    }

    const std::string torcsBin = (fs::path(request.torcs.base) / "torcs-bin").string();
    std::vector<std::string> args = {torcsBin, "-l", local.string() + "/", "-L", lib.string() + "/", "-D", request.torcs.data + "/", "-r",
                                     race.string()};
    std::vector<std::string> env;
    const std::set<std::string> replaced = {"HOME", "LD_LIBRARY_PATH", "TWTORCS_TELEMETRY", "TRACKWRIGHT_TWBAKE", "TRACKWRIGHT_TORCS_CACHE", "TWTORCS_REAL_DRIVERS"};
    // ($TRACKWRIGHT_TORCS_CAR_CLASS passes through unless --preset-hints sets it.)
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        if (!replaced.count(entry.substr(0, entry.find('=')))) env.push_back(entry);
    }
    env.push_back("HOME=" + home.string());
    env.push_back("LD_LIBRARY_PATH=" + request.torcs.lib);
    if (!request.telemetry.empty()) env.push_back("TWTORCS_TELEMETRY=" + request.telemetry);
    env.push_back("TRACKWRIGHT_TWBAKE=" + request.twbake);
    env.push_back("TRACKWRIGHT_TORCS_CACHE=" + request.cacheDir);
    env.push_back("TWTORCS_REAL_DRIVERS=" + (fs::path(request.torcs.base) / "drivers").string());
    if (request.presetHints) {
        env.erase(std::remove_if(env.begin(), env.end(), [](const std::string& e) { return e.rfind("TRACKWRIGHT_TORCS_CAR_CLASS=", 0) == 0; }), env.end());
        env.push_back("TRACKWRIGHT_TORCS_CAR_CLASS=0");
    }
    std::vector<char*> argv, envp;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    int out[2];
    if (pipe(out) != 0) {
        result.error = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    const std::string dataDir = request.torcs.data;
    const pid_t pid = fork();
    if (pid < 0) {
        result.error = std::string("fork: ") + std::strerror(errno);
        return result;
    }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        close(out[0]);
        close(out[1]);
        if (chdir(dataDir.c_str()) != 0) _exit(126);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    setpgid(pid, pid);
    close(out[1]);
    std::string pending;
    bool timedOut = false;
    for (;;) {
        pollfd p{out[0], POLLIN, 0};
        const int ready = poll(&p, 1, 100);
        if (ready > 0) {
            char buffer[4096];
            const ssize_t n = read(out[0], buffer, sizeof buffer);
            if (n > 0) {
                pending.append(buffer, static_cast<std::size_t>(n));
                result.output.append(buffer, static_cast<std::size_t>(n));
                std::size_t eol;
                while ((eol = pending.find('\n')) != std::string::npos) {
                    onOutput(pending.substr(0, eol));
                    pending.erase(0, eol + 1);
                }
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                break;
            }
        }
        onTick();
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (elapsed > request.timeoutSeconds) {
            timedOut = true;
            kill(-pid, SIGKILL);
            break;
        }
    }
    close(out[0]);
    if (!pending.empty()) onOutput(pending);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    onTick();
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (timedOut) {
        result.error = "TORCS did not finish within " + std::to_string(static_cast<int>(request.timeoutSeconds)) + " s; stopped";
        return result;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        result.error = "cannot run " + torcsBin;
        return result;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        result.error = "TORCS failed (" + (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status)) : "exit " + std::to_string(WEXITSTATUS(status))) + ")";
        return result;
    }
    result.resultsFile = newestResults(local / "results" / kRaceName);
    if (result.resultsFile.empty()) {
        result.error = "TORCS wrote no results (" + (local / "results" / kRaceName).string() + ")";
        return result;
    }
    result.ok = true;
    return result;
}

} // namespace twtorcs
