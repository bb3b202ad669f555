#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/job_pool.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/progress_bar.h"

#include "bake/cli/raceline_options.h"
#include "bake/cli/vehicle_file.h"

#include "bake/pipeline/bake_track.h"
#include "bake/lines/racing_lines.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <utility>

namespace bake::cli {
namespace {

namespace fs = std::filesystem;

/// What became of a track, in `build --json` (a pipeline reads it rather than the exit code alone).
constexpr const char* kStatusBaked = "baked";
constexpr const char* kStatusInvalid = "invalid";
constexpr const char* kStatusIoError = "io-error";

/// Bakes one file; diagnostics and messages go to the given streams. Returns the exit code.
int buildOne(const BuildCommand& command, const std::vector<formats::VehicleClass>& classes, const fs::path& input, const fs::path& output,
             std::ostream& out, std::ostream& err, const BakeContext& context) {
    const bool json = command.json;
    formats::TrackLoadResult loaded = formats::loadTrackFile(input);
    if (!loaded.document) {
        if (json) printDiagnosticsJson(out, input.string(), loaded.diagnostics, std::nullopt, loaded.ioError ? kStatusIoError : kStatusInvalid);
        else printDiagnostics(err, input.string(), loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    for (const formats::VehicleClass& c : classes) putVehicleClass(*loaded.document, c);
    if (command.raceline) {
        // Racing lines need a valid track; an invalid one goes on to the bake, which reports it.
        if (!formats::hasErrors(formats::validate(*loaded.document))) {
            RacingLineOptions options;
            if (const int code = racingLineOptionsFrom(command.method, command.vehicle, options, err, "build")) return code;
            options.refinement.threads = command.all ? 1 : 0;  // --all already runs a track per core
            RacingLineResult lines = optimiseRacingLines(*loaded.document, options);
            if (lines.reports.empty() && formats::hasErrors(lines.diagnostics)) {
                printDiagnostics(err, input.string(), lines.diagnostics);
                return kExitUsage;
            }
            loaded.document = std::move(lines.document);
        }
    }
    const BakeResult result = bakeTrack(*loaded.document, {}, context);
    if (result.status != BakeStatus::Ok) {
        if (json) printDiagnosticsJson(out, input.string(), result.diagnostics, std::nullopt, kStatusInvalid);
        else printDiagnostics(err, input.string(), result.diagnostics);
        return kExitInvalidInput;
    }
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result.data);
    std::string error;
    if (!formats::writeOutputFile(output, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), error)) {
        err << "twbake build: " << error << '\n';
        // In the JSON too: a track whose bake could not be written was left out of `--all --json`.
        if (json) printDiagnosticsJson(out, input.string(), {formats::Diagnostic{formats::Severity::Error, "io-write", error, "", {}, {}, {}, {}, {}}},
                                       std::nullopt, kStatusIoError);
        return kExitIo;
    }
    const formats::BakedTrackData& d = *result.data;
    if (json) {
        BuildSummary summary{output.string(), bytes.size(), d.nodes.size(), d.lines.size(), {}};
        for (const formats::BakedSpeedProfile& p : d.speedProfiles)
            summary.idealLapTimes.push_back({d.strings.c_str() + d.lines[p.line].nameOffset, d.strings.c_str() + d.vehicleClasses[p.vehicleClass].nameOffset, p.lapTime});
        printDiagnosticsJson(out, input.string(), result.diagnostics, summary, kStatusBaked);
    } else {
        if (!result.diagnostics.empty()) printDiagnostics(err, input.string(), result.diagnostics);
        out << "baked " << input.string() << " -> " << output.string() << ": " << bytes.size() << " bytes, " << d.nodes.size() << " nodes, "
            << d.lines.size() << (d.lines.size() == 1 ? " line, " : " lines, ") << d.vehicleClasses.size() << " vehicle classes\n";
        for (const formats::BakedSpeedProfile& p : d.speedProfiles)
            out << "  ideal lap " << d.strings.c_str() + d.lines[p.line].nameOffset << " / " << d.strings.c_str() + d.vehicleClasses[p.vehicleClass].nameOffset
                << ": " << p.lapTime << " s\n";
    }
    return kExitOk;
}

/// True for a track source: `.twtrack` in any case (`.TWTRACK` from a case-insensitive file system).
bool isTrackSource(const fs::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".twtrack";
}

/// The manifest `build --all` keeps in its output folder: the bakes it wrote, relative to it, one
/// a line. The next run deletes those whose track has gone (only files it wrote itself).
constexpr const char* kManifestName = ".twbake-manifest";

std::vector<fs::path> readManifest(const fs::path& folder) {
    std::vector<fs::path> written;
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(folder / kManifestName, error);
    if (!text) return written;
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);) {
        const fs::path relative(line);
        // Only plain relative paths below the folder: a manifest edited by hand deletes nothing else.
        const bool inside = !line.empty() && relative.is_relative() && std::none_of(relative.begin(), relative.end(), [](const fs::path& part) { return part == ".."; });
        if (inside && relative.extension() == ".twbake") written.push_back(relative);
    }
    return written;
}

int buildFolder(const BuildCommand& command, const std::vector<formats::VehicleClass>& classes, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    const fs::path root(command.input), outputRoot(command.output);
    if (!fs::is_directory(root, ec)) {
        const std::string why = command.input + " is not a folder: give the folder that holds the .twtrack files";
        err << "twbake build --all: " << why << '\n';
        if (command.json) {
            out << "[\n";
            printDiagnosticsJson(out, command.input, {formats::Diagnostic{formats::Severity::Error, "io-read", why, "", {}, {}, {}, {}, {}}}, std::nullopt,
                                 kStatusIoError);
            out << "]\n";
        }
        return kExitIo;
    }
    // Every track below the folder, subfolders too; each bake goes to the same relative place under
    // the output folder, so two tracks of one name in two folders do not collide.
    std::vector<fs::path> inputs;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_regular_file(ec) && isTrackSource(it->path())) inputs.push_back(it->path());
    }
    std::sort(inputs.begin(), inputs.end());  // stable report order whatever the file system lists
    if (inputs.empty()) {
        err << "twbake build --all: no .twtrack files in " << command.input << " or its subfolders: nothing to bake\n";
        if (command.json) out << "[\n]\n";
        return kExitInvalidInput;
    }
    std::vector<fs::path> outputs(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const fs::path relative = inputs[i].lexically_relative(root);
        outputs[i] = outputRoot / relative.parent_path() / (relative.stem().string() + ".twbake");
    }
    // Tracks that would bake to one file (a.twtrack beside a.TWTRACK): refused before any bake.
    for (std::size_t i = 0; i + 1 < inputs.size(); ++i)
        for (std::size_t j = i + 1; j < inputs.size(); ++j)
            if (outputs[i] == outputs[j]) {
                err << "twbake build --all: " << inputs[i].string() << " and " << inputs[j].string() << " would both bake to " << outputs[i].string()
                    << ": rename one\n";
                return kExitUsage;
            }
    std::vector<std::string> reports(inputs.size()), errors(inputs.size());
    std::vector<int> codes(inputs.size(), kExitOk);
    std::size_t done = 0;
    ProgressBar bar(err, "build");
    std::mutex barMutex;
    runJobs(inputs.size(), command.jobs, [&](std::size_t i) {
        std::ostringstream o, e;
        std::error_code made;
        fs::create_directories(outputs[i].parent_path(), made);
        codes[i] = buildOne(command, classes, inputs[i], outputs[i], o, e, {});
        // A track that no longer bakes leaves no bake of an older version behind to be shipped.
        if (codes[i] != kExitOk) {
            std::error_code removed;
            if (fs::remove(outputs[i], removed)) e << "twbake build --all: removed " << outputs[i].string() << ", the bake of an older version of the track\n";
        }
        reports[i] = o.str();
        errors[i] = e.str();
        const std::lock_guard lock(barMutex);
        bar.update(static_cast<double>(++done) / static_cast<double>(inputs.size()));
    });
    bar.finish();

    // The bakes of tracks deleted since the last run go too; then the manifest is this run's.
    std::vector<fs::path> written;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (codes[i] == kExitOk) written.push_back(outputs[i].lexically_relative(outputRoot));
    std::string stale;
    for (const fs::path& previous : readManifest(outputRoot)) {
        const bool current = std::any_of(outputs.begin(), outputs.end(), [&](const fs::path& o) { return o.lexically_relative(outputRoot) == previous; });
        std::error_code removed;
        if (!current && fs::remove(outputRoot / previous, removed)) stale += "twbake build --all: removed " + (outputRoot / previous).string() + ", its track is gone\n";
    }
    std::string manifest, error;
    for (const fs::path& path : written) manifest += path.generic_string() + "\n";
    const bool manifestWritten = formats::writeOutputFile(outputRoot / kManifestName, manifest, error);

    // With --json the per-track documents form one JSON array.
    int worst = kExitOk;
    bool first = true;
    if (command.json) out << "[\n";
    for (std::size_t i = 0; i < inputs.size(); ++i) {
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
    if (!command.json) out << "baked " << std::count(codes.begin(), codes.end(), kExitOk) << " of " << inputs.size() << " tracks\n";
    return worst;
}

} // namespace

int runBuild(const BuildCommand& command, std::ostream& out, std::ostream& err) {
    std::vector<formats::VehicleClass> classes;
    if (!command.classes.empty())
        if (const int code = readClassFiles(command.classes, "twbake build", classes, err)) return code;
    if (command.all) return buildFolder(command, classes, out, err);
    const NamedPath inputs[] = {{"input", command.input}};
    const NamedPath outputs[] = {{"-o", command.output}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake build: " << *conflict << '\n';
        return kExitUsage;
    }
    ProgressBar bar(err, "baking " + fs::path(command.input).filename().string());
    BakeContext context;
    context.progress = [&](double fraction) { bar.update(fraction); };
    const int code = buildOne(command, classes, command.input, command.output, out, err, context);
    bar.finish();
    return code;
}

} // namespace bake::cli
