#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/job_pool.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/progress_bar.h"

#include "bake/cli/raceline_options.h"

#include "bake/pipeline/bake_track.h"
#include "bake/lines/racing_lines.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <utility>

namespace bake::cli {
namespace {

namespace fs = std::filesystem;

/// Bakes one file; diagnostics and messages go to the given streams. Returns the exit code.
int buildOne(const BuildCommand& command, const fs::path& input, const fs::path& output, std::ostream& out, std::ostream& err, const BakeContext& context) {
    const bool json = command.json;
    formats::TrackLoadResult loaded = formats::loadTrackFile(input);
    if (!loaded.document) {
        if (json) printDiagnosticsJson(out, input.string(), loaded.diagnostics);
        else printDiagnostics(err, input.string(), loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
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
        if (json) printDiagnosticsJson(out, input.string(), result.diagnostics);
        else printDiagnostics(err, input.string(), result.diagnostics);
        return kExitInvalidInput;
    }
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result.data);
    std::string error;
    if (!formats::writeOutputFile(output, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), error)) {
        err << "twbake build: " << error << '\n';
        return kExitIo;
    }
    const formats::BakedTrackData& d = *result.data;
    if (json) {
        BuildSummary summary{output.string(), bytes.size(), d.nodes.size(), d.lines.size(), {}};
        for (const formats::BakedSpeedProfile& p : d.speedProfiles)
            summary.idealLapTimes.push_back({d.strings.c_str() + d.lines[p.line].nameOffset, d.strings.c_str() + d.vehicleClasses[p.vehicleClass].nameOffset, p.lapTime});
        printDiagnosticsJson(out, input.string(), result.diagnostics, summary);
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

int buildFolder(const BuildCommand& command, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    if (!fs::is_directory(command.input, ec)) {
        err << "twbake build --all: " << command.input << " is not a folder\n";
        return kExitIo;
    }
    fs::create_directories(command.output, ec);
    std::vector<fs::path> inputs;
    for (const auto& entry : fs::directory_iterator(command.input, ec))
        if (entry.path().extension() == ".twtrack") inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());  // stable report order whatever the file system lists
    // Each track is baked on its own; reports are collected per track and printed in input order.
    std::vector<std::string> reports(inputs.size()), errors(inputs.size());
    std::vector<int> codes(inputs.size(), kExitOk);
    runJobs(inputs.size(), command.jobs, [&](std::size_t i) {
        std::ostringstream o, e;
        const fs::path output = fs::path(command.output) / (inputs[i].stem().string() + ".twbake");
        codes[i] = buildOne(command, inputs[i], output, o, e, {});
        reports[i] = o.str();
        errors[i] = e.str();
    });

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
    if (!command.json) out << "baked " << std::count(codes.begin(), codes.end(), kExitOk) << " of " << inputs.size() << " tracks\n";
    return worst;
}

} // namespace

int runBuild(const BuildCommand& command, std::ostream& out, std::ostream& err) {
    if (command.all) return buildFolder(command, out, err);
    const NamedPath inputs[] = {{"input", command.input}};
    const NamedPath outputs[] = {{"-o", command.output}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake build: " << *conflict << '\n';
        return kExitUsage;
    }
    ProgressBar bar(err, "baking " + fs::path(command.input).filename().string());
    BakeContext context;
    context.progress = [&](double fraction) { bar.update(fraction); };
    const int code = buildOne(command, command.input, command.output, out, err, context);
    bar.finish();
    return code;
}

} // namespace bake::cli
