#include "bake/cli/bake_cache.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/job_pool.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/progress.h"

#include "bake/cli/raceline_options.h"
#include "bake/cli/reports.h"
#include "bake/cli/roster_file.h"
#include "bake/cli/track_files.h"
#include "bake/cli/vehicle_file.h"

#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/loaded_bake.h"
#include "bake/sim/roster.h"
#include "bake/lines/racing_lines.h"

#include "trackwright/format/baked_limits.h"

#include "formats/source/class_json.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <utility>

namespace bake::cli {
namespace {

namespace fs = std::filesystem;

/// What `build` puts into every track it bakes: the classes of --classes (into the source) and the
/// roster of --roster (into the bake).
struct TrackExtras {
    std::vector<formats::VehicleClass> classes;
    std::vector<RosterDriver> roster;
};

/// The roster's drivers as the cache key's text: every field that goes into the bake.
std::string rosterKeyText(const std::vector<RosterDriver>& roster) {
    std::ostringstream text;
    text.precision(9);
    for (const RosterDriver& d : roster) {
        const trackwright::DriverProfile& p = d.profile;
        text << d.name.size() << ':' << d.name << ',' << static_cast<int>(d.character) << ',' << p.strength << ',' << p.pace << ',' << p.aggression << ','
             << p.consistency << ',' << p.reactionTime << ',' << p.composure << ',' << p.optimism << ',' << p.smoothness << ',' << p.pitCrew << ','
             << p.mistakes << ',' << p.seed << ';';
    }
    return text.str();
}

/// Reads --roster FILE for `build`; prints why it cannot and returns the exit code, else 0.
int readBuildRoster(const std::string& path, std::vector<RosterDriver>& roster, std::ostream& err) {
    std::vector<RosterDriver> drivers;
    if (const int code = readRoster(path, "twbake build", drivers, err)) return code;
    if (drivers.size() > formats::kMaxBakedDrivers) {
        err << "twbake build: " << path << " has " << drivers.size() << " drivers and a bake holds at most " << formats::kMaxBakedDrivers
            << ": split the roster\n";
        return kExitInvalidInput;
    }
    roster = std::move(drivers);
    return kExitOk;
}

/// What became of a track, in `build --json` (a pipeline reads it rather than the exit code alone).
constexpr const char* kStatusBaked = "baked";
constexpr const char* kStatusInvalid = "invalid";
constexpr const char* kStatusIoError = "io-error";

/// The options that change a bake, for the cache key: the racing-line options, the classes
/// --classes puts into every track and the roster --roster bakes into it.
std::string cacheOptions(const BuildCommand& command, const TrackExtras& extras) {
    std::string options = "raceline=" + std::string(command.raceline ? "1" : "0") + ";method=" + (command.raceline ? command.method : "") +
                          ";vehicle=" + (command.raceline ? command.vehicle : "") + ";classes=";
    for (const formats::VehicleClass& c : extras.classes) options += formats::writeClassJson(c);
    if (!extras.roster.empty()) options += ";roster=" + rosterKeyText(extras.roster);
    return options;
}

/// The bake of a source that is not in the cache, and the diagnostics it reported; nothing, with
/// the diagnostics printed and `code` set, when the track does not bake.
std::optional<std::string> bakeSource(const BuildCommand& command, const TrackExtras& extras, std::string_view source,
                                     const fs::path& input, std::ostream& out, std::ostream& err, const BakeContext& context,
                                     formats::Diagnostics& diagnostics, int& code) {
    const bool json = command.json;
    formats::TrackLoadResult loaded = formats::parseTrackJson(source);
    diagnostics = loaded.diagnostics;  // the reader's warnings (a key it does not read) come first
    if (!loaded.document) {
        if (json) printDiagnosticsJson(out, input.string(), loaded.diagnostics, std::nullopt, kStatusInvalid);
        else printDiagnostics(err, input.string(), loaded.diagnostics);
        code = kExitInvalidInput;
        return std::nullopt;
    }
    for (const formats::VehicleClass& c : extras.classes) putVehicleClass(*loaded.document, c);
    // Racing lines need a valid track; an invalid one goes on to the bake, which reports it.
    if (command.raceline && !formats::hasErrors(formats::validate(*loaded.document))) {
        RacingLineOptions lineOptions;
        if ((code = racingLineOptionsFrom(command.method, command.vehicle, lineOptions, err, "build"))) return std::nullopt;
        lineOptions.refinement.threads = command.all ? 1 : 0;  // --all already runs a track per core
        RacingLineResult lines = optimiseRacingLines(*loaded.document, lineOptions);
        if (lines.reports.empty() && formats::hasErrors(lines.diagnostics)) {
            printDiagnostics(err, input.string(), lines.diagnostics);
            code = kExitUsage;
            return std::nullopt;
        }
        loaded.document = std::move(lines.document);
    }
    BakeResult result = bakeTrack(*loaded.document, {}, context);
    if (result.data) putRoster(extras.roster, *result.data);
    diagnostics.insert(diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
    if (result.status != BakeStatus::Ok) {
        if (json) printDiagnosticsJson(out, input.string(), diagnostics, std::nullopt, kStatusInvalid);
        else printDiagnostics(err, input.string(), diagnostics);
        code = kExitInvalidInput;
        return std::nullopt;
    }
    const std::vector<std::byte> raw = formats::writeBakedTrack(*result.data);
    return std::string(reinterpret_cast<const char*>(raw.data()), raw.size());
}

/// A diagnostic of a file that could not be read or written.
formats::Diagnostic ioDiagnostic(const char* code, const std::string& message) {
    return formats::Diagnostic{formats::Severity::Error, code, message, "", {}, {}, {}, {}, {}};
}

/// What `build` made of a track, for its summary, its manifest line and its reports.
struct BuiltOutput {
    bool fromCache = false;
    std::string hash;                  ///< contentHash of the .twbake, for the manifest
    formats::Diagnostics diagnostics;  ///< what reading, validating and baking it said
    std::string error;                 ///< why there is no bake (unreadable, unwritable), when not the diagnostics
    Figures figures;                   ///< its bake's figures, for --report
    std::optional<LoadedBake> bake;    ///< kept for an HTML report's plan
};

/// Bakes one file, or takes its bake from `cache`; diagnostics and messages go to the given
/// streams. Returns the exit code.
int buildOne(const BuildCommand& command, const TrackExtras& extras, BakeCache& cache, const fs::path& input,
             const fs::path& output, std::ostream& out, std::ostream& err, const BakeContext& context, BuiltOutput& built) {
    built = {};
    // An HTML report draws each track's plan: its bake is kept, only then.
    const bool keepBake = wantsHtmlReport(command.reports);
    const bool json = command.json;
    std::string error;
    thread_local std::string source;  // one buffer a thread: no fresh memory to fault in for every track
    if (!formats::readWholeFileInto(input, source, error)) {
        built.error = error;
        const formats::Diagnostics diagnostics{ioDiagnostic("io-read", error)};
        if (json) printDiagnosticsJson(out, input.string(), diagnostics, std::nullopt, kStatusIoError);
        else printDiagnostics(err, input.string(), diagnostics);
        return kExitIo;
    }
    // A hit costs reading and hashing the source and reading the entry: the track is not parsed,
    // the bake is loaded where it was read.
    const std::string key = cache.enabled() ? cache.key(source, cacheOptions(command, extras)) : std::string();
    thread_local std::string entryBuffer;
    std::optional<CachedBake> cachedBake = key.empty() ? std::nullopt : cache.find(key, entryBuffer);
    // The report reads the bake as a game would, whether it was baked now or found in the cache.
    trackwright::BakedTrack track;
    if (cachedBake && trackwright::loadBakedTrack(std::as_bytes(std::span(cachedBake->bake())), track) != trackwright::LoadStatus::Ok) cachedBake.reset();  // a miss, replaced
    const bool cached = cachedBake.has_value();
    std::string baked;
    formats::Diagnostics bakeDiagnostics;
    LoadedBake loadedBake;
    if (!cached) {
        int code = kExitOk;
        std::optional<std::string> fresh = bakeSource(command, extras, source, input, out, err, context, bakeDiagnostics, code);
        if (!fresh) {
            built.diagnostics = std::move(bakeDiagnostics);
            return code;
        }
        baked = std::move(*fresh);
        if (!key.empty()) cache.store(key, bakeDiagnostics, baked);
        if (loadBakedBytes(baked.data(), baked.size(), loadedBake) != trackwright::LoadStatus::Ok) {
            err << "twbake build: " << output.string() << " does not load back; this is a bug in twbake\n";
            return kExitInvalidInput;
        }
    }
    const std::string_view bytes = cached ? cachedBake->bake() : std::string_view(baked);
    bool unchanged = false;
    if (!formats::writeOutputFileIfChanged(output, bytes, error, unchanged)) {
        built.error = error;
        err << "twbake build: " << error << '\n';
        // In the JSON too: a track whose bake could not be written was left out of `--all --json`.
        if (json) printDiagnosticsJson(out, input.string(), {ioDiagnostic("io-write", error)}, std::nullopt, kStatusIoError);
        return kExitIo;
    }
    const formats::Diagnostics& diagnostics = cached ? cachedBake->diagnostics : bakeDiagnostics;
    const formats::BakedTrackView& d = cached ? track.view : loadedBake.track.view;
    if (json) {
        BuildSummary summary{output.string(), bytes.size(), d.nodes.size(), d.lines.size(), {}, cached};
        for (const formats::BakedSpeedProfile& p : d.speedProfiles)
            summary.idealLapTimes.push_back({d.name(d.lines[p.line].nameOffset), d.name(d.vehicleClasses[p.vehicleClass].nameOffset), p.lapTime});
        printDiagnosticsJson(out, input.string(), diagnostics, summary, kStatusBaked);
    } else {
        if (!diagnostics.empty()) printDiagnostics(err, input.string(), diagnostics);
        out << "baked " << input.string() << " -> " << output.string() << (cached ? " (from the cache)" : "") << ": " << bytes.size() << " bytes, "
            << d.nodes.size() << " nodes, " << d.lines.size() << (d.lines.size() == 1 ? " line, " : " lines, ") << d.vehicleClasses.size()
            << " vehicle classes\n";
        for (const formats::BakedSpeedProfile& p : d.speedProfiles)
            out << "  ideal lap " << d.name(d.lines[p.line].nameOffset) << " / " << d.name(d.vehicleClasses[p.vehicleClass].nameOffset) << ": " << p.lapTime
                << " s\n";
    }
    built.fromCache = cached;
    built.hash = contentHash(bytes);
    built.diagnostics = diagnostics;
    built.figures = {{"bytes", double(bytes.size())}, {"nodes", double(d.nodes.size())}, {"lines", double(d.lines.size())},
                     {"vehicle_classes", double(d.vehicleClasses.size())}, {"warnings", double(formats::countSeverity(diagnostics, formats::Severity::Warning))},
                     {"cached", cached ? 1.0 : 0.0}};
    for (const formats::BakedSpeedProfile& p : d.speedProfiles)
        if (std::string(d.name(d.lines[p.line].nameOffset)) == "racing" || &p == &d.speedProfiles.back()) {
            built.figures.emplace_back("ideal_lap_s", p.lapTime);  // the racing line's first class (else the last profile's)
            break;
        }
    if (keepBake) {
        built.bake.emplace();
        if (loadBakedBytes(bytes.data(), bytes.size(), *built.bake) != trackwright::LoadStatus::Ok) built.bake.reset();
    }
    return kExitOk;
}

/// The manifest `build --all` keeps in its output folder: the bakes it wrote, one a line, as
/// `xxhsum -H2` prints them (the XXH3-128 of the file, two spaces, its path relative to the folder),
/// so `xxhsum -c .twbake-manifest` run there checks them. The next run deletes those whose track
/// has gone (only files it wrote itself).
constexpr const char* kManifestName = ".twbake-manifest";

/// The manifest of this run: one a shard (`.twbake-manifest-2-of-3`), so shards sharing an output
/// folder never take each other's bakes for stale ones.
std::string manifestNameFor(const BuildCommand& command) {
    if (command.shardCount <= 1) return kManifestName;
    return std::string(kManifestName) + "-" + std::to_string(command.shardIndex) + "-of-" + std::to_string(command.shardCount);
}

/// The shard (0-based, of `count`) a track falls to, from its path relative to the input folder.
unsigned shardOf(const fs::path& relative, unsigned count) {
    const std::string key = relative.generic_string();
    return count <= 1 ? 0u : static_cast<unsigned>(XXH3_64bits(key.data(), key.size()) % count);
}

std::vector<fs::path> readManifest(const fs::path& file) {
    std::vector<fs::path> written;
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(file, error);
    if (!text) return written;
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);) {
        // "HASH  path"; a manifest of twbake before the hashes holds the path alone.
        const bool hashed = line.size() > 34 && line.compare(32, 2, "  ") == 0 &&
                            std::all_of(line.begin(), line.begin() + 32, [](unsigned char c) { return std::isxdigit(c) != 0; });
        if (hashed) line.erase(0, 34);
        const fs::path relative(line);
        // Only plain relative paths below the folder: a manifest edited by hand deletes nothing else.
        const bool inside = !line.empty() && relative.is_relative() && std::none_of(relative.begin(), relative.end(), [](const fs::path& part) { return part == ".."; });
        if (inside && relative.extension() == ".twbake") written.push_back(relative);
    }
    return written;
}

/// A track's cases in `build`'s reports: its validation (failed by its errors) and its bake (an
/// error when there is none: the track did not validate, or could not be read or written).
void addReportCases(const std::string& name, int code, const BuiltOutput& built, double seconds, std::vector<ReportCase>& cases) {
    ReportCase validation{name + " validation", 0.0, {}, "", {}, nullptr};
    for (const formats::Diagnostic& d : built.diagnostics)
        if (d.severity == formats::Severity::Error && validation.failures.size() < 5)
            validation.failures.push_back(d.code + ": " + d.message + (d.jsonPath.empty() ? "" : " (at " + d.jsonPath + ")"));
    validation.figures = {{"errors", double(formats::countSeverity(built.diagnostics, formats::Severity::Error))},
                          {"warnings", double(formats::countSeverity(built.diagnostics, formats::Severity::Warning))}};
    if (!built.error.empty() && built.diagnostics.empty()) validation.error = built.error;
    ReportCase bake{name + " bake", seconds, {}, "", built.figures, built.bake ? &built.bake->track.view : nullptr};
    if (code != kExitOk) bake.error = !built.error.empty() ? built.error : "not baked: the track does not validate (its validation case says why)";
    cases.push_back(std::move(validation));
    cases.push_back(std::move(bake));
}

/// The cache a command's options ask for (--cache DIR, --no-cache, --cache-size MB).
BakeCache cacheFor(const BuildCommand& command, std::ostream& err) {
    return BakeCache(command.cache.empty() ? BakeCache::defaultFolder() : std::filesystem::path(command.cache), !command.noCache,
                     static_cast<std::uint64_t>(command.cacheSizeMegabytes * 1048576.0), err);
}

int buildFolder(const BuildCommand& command, const TrackExtras& extras, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    // A folder (every track below it), or a list file naming tracks below its own folder (a farm's
    // work list); each bake goes to the track's relative place under the output folder, so two
    // tracks of one name in two folders do not collide.
    const bool listed = fs::is_regular_file(command.input, ec);
    const fs::path root = listed ? fs::path(command.input).parent_path() : fs::path(command.input), outputRoot(command.output);
    const auto refuse = [&](const std::string& why, int code) {
        err << "twbake build --all: " << why << '\n';
        if (command.json) {
            out << "[\n";
            printDiagnosticsJson(out, command.input, {formats::Diagnostic{formats::Severity::Error, "io-read", why, "", {}, {}, {}, {}, {}}}, std::nullopt,
                                 kStatusIoError);
            out << "]\n";
        }
        return code;
    };
    std::vector<fs::path> inputs;
    if (listed) {
        std::string error;
        std::optional<std::vector<fs::path>> named = trackSourcesListedIn(command.input, error);
        if (!named) return refuse(error, fs::exists(command.input, ec) && error.find("outside") != std::string::npos ? kExitUsage : kExitIo);
        inputs = std::move(*named);
    } else if (fs::is_directory(root, ec)) {
        inputs = trackSourcesIn(root);
    } else {
        return refuse(command.input + " is neither a folder nor a list of tracks: give the folder that holds the .twtrack files, or a text file naming them", kExitIo);
    }
    if (inputs.empty()) {
        err << "twbake build --all: " << (listed ? "the list " + command.input + " names no track" : "no .twtrack files in " + command.input + " or its subfolders")
            << ": nothing to bake\n";
        if (command.json) out << "[\n]\n";
        return kExitInvalidInput;
    }
    std::vector<fs::path> outputs(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const fs::path relative = inputs[i].lexically_relative(root);
        outputs[i] = outputRoot / relative.parent_path() / (relative.stem().string() + ".twbake");
    }
    // Tracks that would bake to one file (a.twtrack beside a.TWTRACK): refused before any bake.
    std::map<fs::path, std::size_t> bakedBy;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (const auto [other, fresh] = bakedBy.emplace(outputs[i], i); !fresh) {
            err << "twbake build --all: " << inputs[other->second].string() << " and " << inputs[i].string() << " would both bake to " << outputs[i].string()
                << ": rename one\n";
            return kExitUsage;
        }
    // This run's share: every track with --shard 1/1 (the default), else those whose path falls to
    // this shard. By the path, not the position: adding a track moves no other to another shard.
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (shardOf(inputs[i].lexically_relative(root), command.shardCount) == command.shardIndex - 1) mine.push_back(i);
    BakeCache cache = cacheFor(command, err);
    std::vector<std::string> reports(inputs.size()), errors(inputs.size());
    std::vector<int> codes(inputs.size(), kExitOk);
    std::vector<BuiltOutput> built(inputs.size());
    std::vector<double> seconds(inputs.size(), 0.0);
    Progress progress(err, command.progress, "build --all", mine.size());
    runJobs(mine.size(), command.jobs, [&](std::size_t job) {
        const std::size_t i = mine[job];
        std::ostringstream o, e;
        std::error_code made;
        fs::create_directories(outputs[i].parent_path(), made);
        const auto started = std::chrono::steady_clock::now();
        codes[i] = buildOne(command, extras, cache, inputs[i], outputs[i], o, e, {}, built[i]);
        seconds[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        // A track that no longer bakes leaves no bake of an older version behind to be shipped.
        if (codes[i] != kExitOk) {
            std::error_code removed;
            if (fs::remove(outputs[i], removed)) e << "twbake build --all: removed " << outputs[i].string() << ", the bake of an older version of the track\n";
        }
        reports[i] = o.str();
        errors[i] = e.str();
        progress.itemDone(inputs[i].string(), codes[i] != kExitOk ? "failed" : built[i].fromCache ? "from the cache" : "baked", seconds[i]);
    });
    progress.finish();

    // The bakes of tracks deleted since the last run go too (a track of any shard is not gone);
    // then the manifest is this run's, one a shard.
    std::set<fs::path> current;
    for (const fs::path& o : outputs) current.insert(o.lexically_relative(outputRoot));
    const std::string manifestName = manifestNameFor(command);
    std::string stale;
    for (const fs::path& previous : readManifest(outputRoot / manifestName)) {
        std::error_code removed;
        if (!current.count(previous) && fs::remove(outputRoot / previous, removed))
            stale += "twbake build --all: removed " + (outputRoot / previous).string() + ", its track is gone\n";
    }
    // Bakes no manifest knows (written by hand, by another tool, before the manifests): named, and
    // removed with --prune.
    for (const fs::path& found : trackBakesIn(outputRoot)) {
        if (current.count(found.lexically_relative(outputRoot))) continue;
        std::error_code removed;
        if (command.prune && fs::remove(found, removed)) stale += "twbake build --all: pruned " + found.string() + ", the bake of no track here\n";
        else if (!command.prune) stale += "twbake build --all: " + found.string() + " is the bake of no track here; --prune removes it\n";
    }
    std::string manifest, error;
    for (const std::size_t i : mine)
        if (codes[i] == kExitOk) manifest += built[i].hash + "  " + outputs[i].lexically_relative(outputRoot).generic_string() + "\n";
    const bool manifestWritten = formats::writeOutputFile(outputRoot / manifestName, manifest, error);

    // With --json the per-track documents form one JSON array.
    int worst = kExitOk;
    bool first = true;
    if (command.json) out << "[\n";
    for (const std::size_t i : mine) {
        if (command.json && !reports[i].empty() && !std::exchange(first, false)) out << ",\n";
        out << reports[i];
        err << errors[i];
        worst = std::max(worst, codes[i]);
    }
    if (command.json) out << "]\n";
    err << stale;
    if (!manifestWritten) {
        err << "twbake build --all: " << error << '\n';
        worst = std::max(worst, static_cast<int>(kExitIo));
    }
    std::vector<ReportCase> cases;
    for (const std::size_t i : mine) addReportCases(inputs[i].lexically_relative(root).generic_string(), codes[i], built[i], seconds[i], cases);
    worst = std::max(worst, writeReports(command.reports, "twbake build", cases, err));
    if (!command.json) {
        const auto baked = std::count_if(mine.begin(), mine.end(), [&](std::size_t i) { return codes[i] == kExitOk; });
        out << "baked " << baked << " of " << mine.size() << " tracks (" << std::count_if(built.begin(), built.end(), [](const BuiltOutput& b) { return b.fromCache; }) << " from the cache";
        if (command.shardCount > 1) out << "; shard " << command.shardIndex << "/" << command.shardCount << " of " << inputs.size() << " tracks";
        out << ")\n";
    }
    return worst;
}

} // namespace

int runBuild(const BuildCommand& command, std::ostream& out, std::ostream& err) {
    if (command.prune && !command.all) {
        err << "twbake build: --prune cleans the output folder of --all; one track has no folder to clean\n";
        return kExitUsage;
    }
    if (command.shardCount > 1 && !command.all) {
        err << "twbake build: --shard splits the tracks of --all; one track is one shard\n";
        return kExitUsage;
    }
    TrackExtras extras;
    if (!command.classes.empty())
        if (const int code = readClassFiles(command.classes, "twbake build", extras.classes, err)) return code;
    if (!command.roster.empty())
        if (const int code = readBuildRoster(command.roster, extras.roster, err)) return code;
    if (command.all) return buildFolder(command, extras, out, err);
    const NamedPath inputs[] = {{"input", command.input}, {"--roster", command.roster}};
    std::vector<NamedPath> outputs = {{"-o", command.output}};
    for (const std::string& report : command.reports) outputs.push_back({"--report", report});
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake build: " << *conflict << '\n';
        return kExitUsage;
    }
    Progress progress(err, command.progress, "build", 1);
    BakeContext context;
    context.progress = [&](double fraction) { progress.fraction(command.input, fraction); };
    BakeCache cache = cacheFor(command, err);
    BuiltOutput built;
    const auto started = std::chrono::steady_clock::now();
    const int code = buildOne(command, extras, cache, command.input, command.output, out, err, context, built);
    progress.finish();
    std::vector<ReportCase> cases;
    addReportCases(command.input, code, built, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), cases);
    return std::max(code, writeReports(command.reports, "twbake build", cases, err));
}

} // namespace bake::cli
