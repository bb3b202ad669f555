#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/output_paths.h"

#include "formats/source/file_io.h"
#include "formats/import/overpass_lift.h"
#include "formats/import/torcs_import.h"
#include "formats/import/track_import.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <filesystem>

namespace bake::cli {
namespace {

void report(const ImportCommand& command, const std::string& file, const formats::Diagnostics& diagnostics,
            std::ostream& out, std::ostream& err) {
    if (command.json)
        printDiagnosticsJson(out, file, diagnostics);
    else if (!diagnostics.empty())
        printDiagnostics(err, file, diagnostics);
}

/// Lifts overpasses when asked, validates, writes the document and reports: the steps every input kind shares.
int finishImport(const ImportCommand& command, formats::ImportResult imported, std::ostream& out, std::ostream& err) {
    if (!imported.document) {
        report(command, command.input, imported.diagnostics, out, err);
        return kExitInvalidInput;
    }
    formats::Diagnostics diagnostics = std::move(imported.diagnostics);
    if (command.overpass) {
        const formats::Diagnostics lifted = formats::liftOverpasses(*imported.document, 0);
        diagnostics.insert(diagnostics.end(), lifted.begin(), lifted.end());
    }

    // The track is written even when validation finds errors, so the designer can fix them in the
    // editor; the exit code still tells a pipeline that it is not ready to bake.
    const formats::Diagnostics found = formats::validate(*imported.document);
    diagnostics.insert(diagnostics.end(), found.begin(), found.end());
    std::string ioError;
    if (!formats::writeOutputFile(command.output, formats::writeTrackJson(*imported.document), ioError)) {
        err << "twbake import: " << ioError << '\n';
        return kExitIo;
    }
    report(command, command.output, diagnostics, out, err);
    if (!command.json) {
        out << "imported " << command.input << " -> " << command.output << ": " << imported.document->nodes.size()
            << " nodes, " << imported.document->lines.size() << (imported.document->lines.size() == 1 ? " line" : " lines") << '\n';
    }
    return formats::hasErrors(diagnostics) ? kExitInvalidInput : kExitOk;
}

formats::ImportResult importTorcs(const ImportCommand& command) {
    formats::TorcsImportOptions options;
    options.torcsData = command.torcsData;
    formats::ImportResult imported = formats::importTorcsTrackFile(command.input, options);
    if (imported.document && !command.name.empty()) imported.document->name = command.name;
    return imported;
}

} // namespace

int runImport(const ImportCommand& command, std::ostream& out, std::ostream& err) {
    if (command.from == "tum-csv" && command.open) {
        err << "twbake import: --open does not apply to tum-csv, whose tracks are closed loops\n";
        return kExitUsage;
    }
    if (command.from == "torcs" && (command.open || command.closed || !command.raceline.empty())) {
        err << "twbake import: --open, --closed and --raceline do not apply to torcs, whose tracks are closed loops with their own widths\n";
        return kExitUsage;
    }
    if (command.from != "torcs" && !command.torcsData.empty()) {
        err << "twbake import: --torcs-data applies only to --from torcs\n";
        return kExitUsage;
    }
    // A TORCS track reads TORCS's surfaces.xml too (found beside it or in --torcs-data): an output
    // naming it would overwrite what the import just read.
    std::filesystem::path surfaces;
    if (command.from == "torcs")
        if (const auto found = formats::findTorcsSurfaces(command.input, command.torcsData)) surfaces = *found;
    const NamedPath inputs[] = {{"input", command.input}, {"--raceline", command.raceline}, {"surfaces.xml (read with the TORCS track)", surfaces.string()}};
    const NamedPath outputs[] = {{"-o", command.output}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake import: " << *conflict << '\n';
        return kExitUsage;
    }
    if (command.from == "torcs") {
        formats::ImportResult imported = importTorcs(command);
        for (const formats::Diagnostic& d : imported.diagnostics) {
            if (d.code != "torcs-io") continue;
            err << "twbake import: " << d.message << '\n';
            return kExitIo;
        }
        return finishImport(command, std::move(imported), out, err);
    }
    std::string ioError;
    const std::optional<std::string> csv = formats::readWholeFile(command.input, ioError);
    if (!csv) {
        err << "twbake import: " << ioError << '\n';
        return kExitIo;
    }
    std::optional<std::string> racelineCsv;
    if (!command.raceline.empty()) {
        racelineCsv = formats::readWholeFile(command.raceline, ioError);
        if (!racelineCsv) {
            err << "twbake import: " << ioError << '\n';
            return kExitIo;
        }
    }

    const std::string name = command.name.empty() ? std::filesystem::path(command.input).stem().string() : command.name;
    const formats::ImportMargins margins{command.runoffMargin, command.wallMargin};
    std::optional<std::string_view> line;
    if (racelineCsv) line = *racelineCsv;
    formats::ImportResult imported = command.from == "tum-csv"
        ? formats::importTumCsv(*csv, name, margins, line)
        : formats::importWaypoints(*csv, name, {command.closed, command.width, margins}, line);
    return finishImport(command, std::move(imported), out, err);
}

} // namespace bake::cli
