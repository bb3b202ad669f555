// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/track_bake.h"

#include "integrations/torcs/common/subprocess.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace trackwright::torcs {
namespace fs = std::filesystem;

std::string twbakeIdentity(const std::string& twbake) {
    // The version, and the binary's size and modification time: a rebuilt twbake of the same
    // version (a developer's tree) bakes afresh.
    std::string identity;
    const ProcessResult version = runProcess({twbake, "--version"});
    if (version.started && version.exitCode == 0) identity = version.output;
    std::string resolved = twbake;
    if (twbake.find('/') == std::string::npos) {  // looked up on PATH
        const ProcessResult which = runProcess({"/bin/sh", "-c", "command -v \"$0\"", twbake});
        if (which.exitCode == 0 && !which.output.empty()) resolved = which.output.substr(0, which.output.find('\n'));
    }
    struct stat st {};
    if (stat(resolved.c_str(), &st) == 0)
        identity += " size " + std::to_string(st.st_size) + " mtime " + std::to_string(static_cast<long long>(st.st_mtime));
    return identity.empty() ? "unknown" : identity;
}

std::string trackBakeKey(const std::string& xmlBytes, const TrackBakeRequest& request, const std::string& identity) {
    std::uint64_t h = fnv1a(xmlBytes);
    h = fnv1a("\x1f" + request.carJson, h);
    h = fnv1a("\x1f" + identity, h);
    h = fnv1a(std::string("\x1f") + request.carClass + "\x1f" + request.vehicleClass + (request.lapTimeLine ? " laptime" : " mincurv"), h);
    return hexHash(h);
}

namespace {

bool run(const std::vector<std::string>& argv, std::string& log, int* exitCode = nullptr) {
    for (const std::string& a : argv) log += a + " ";
    log += "\n";
    const ProcessResult r = runProcess(argv);
    log += r.output;
    log += "exit " + std::to_string(r.exitCode) + "\n";
    if (exitCode) *exitCode = r.exitCode;
    return r.started && r.exitCode == 0;
}

} // namespace

TrackBakeResult bakeTorcsTrack(const TrackBakeRequest& request) {
    TrackBakeResult result;
    std::string xml;
    if (!readWholeFile(request.trackXml, xml)) {
        result.error = "cannot read the track file " + request.trackXml;
        return result;
    }
    result.key = trackBakeKey(xml, request, twbakeIdentity(request.twbake));
    result.folder = (fs::path(request.cacheDir) / result.key).string();
    const std::string baked = (fs::path(result.folder) / "track.twbake").string();
    result.baked = baked;
    std::error_code ec;
    if (fs::is_regular_file(baked, ec)) {
        result.ok = true;
        result.cached = true;
        result.carClassAdded = fs::exists(fs::path(result.folder) / "car-class", ec);
        return result;
    }
    // Baked into a private folder first, renamed into place when complete: another TORCS run baking
    // the same key at the same time never sees a half-written folder.
    const std::string work = result.folder + ".work" + std::to_string(::getpid());
    fs::remove_all(work, ec);
    fs::create_directories(work, ec);
    if (ec) {
        result.error = "cannot create the cache folder " + work + ": " + ec.message();
        return result;
    }
    const fs::path w(work);
    std::string& log = result.log;
    if (!writeFileAtomically((w / "car.json").string(), request.carJson)) {
        result.error = "cannot write " + (w / "car.json").string();
        return result;
    }
    std::vector<std::string> import = {request.twbake, "import", "--from", "torcs", request.trackXml};
    if (!request.torcsData.empty()) {
        import.push_back("--torcs-data");
        import.push_back(request.torcsData);
    }
    import.push_back("-o");
    import.push_back((w / "track.twtrack").string());
    if (!run(import, log)) {
        result.error = "twbake import failed on " + request.trackXml;
        writeFileAtomically((w / "bake.log").string(), log);
        return result;
    }
    std::string source = (w / "track.twtrack").string();
    std::string lineClass = request.vehicleClass;
    // The car as the track's vehicle class, when this twbake reads car descriptions.
    if (!request.carClass.empty() && runProcess({request.twbake, "class", "--help"}).exitCode == 0 &&
        run({request.twbake, "class", source, "--car", (w / "car.json").string(), "--name", request.carClass, "-o", source}, log)) {
        result.carClassAdded = true;
        lineClass = request.carClass;
        writeFileAtomically((w / "car-class").string(), request.carClass + "\n");
    }
    const std::string lined = (w / "raceline.twtrack").string();
    bool lines = false;
    if (request.lapTimeLine)
        lines = run({request.twbake, "raceline", source, "-o", lined, "--method", "laptime", "--vehicle", lineClass}, log);
    if (!lines) lines = run({request.twbake, "raceline", source, "-o", lined, "--vehicle", lineClass}, log);
    if (lines) source = lined;
    if (!run({request.twbake, "build", source, "-o", (w / "track.twbake").string()}, log)) {
        result.error = "twbake build failed on " + source;
        writeFileAtomically((w / "bake.log").string(), log);
        return result;
    }
    writeFileAtomically((w / "bake.log").string(), log);
    fs::rename(work, result.folder, ec);
    if (ec && !fs::is_regular_file(baked)) {  // lost a race to another run: its folder is as good
        result.error = "cannot move " + work + " to " + result.folder + ": " + ec.message();
        return result;
    }
    fs::remove_all(work, ec);
    result.ok = true;
    return result;
}

bool loadAligned(const std::string& path, std::vector<std::uint64_t>& storage, std::size_t& size) {
    std::string bytes;
    if (!readWholeFile(path, bytes)) return false;
    size = bytes.size();
    storage.assign((size + 7) / 8, 0);
    std::memcpy(storage.data(), bytes.data(), size);
    return true;
}

} // namespace trackwright::torcs
