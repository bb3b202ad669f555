#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/output_paths.h"

#include "formats/source/file_io.h"
#include "formats/import/overpass_lift.h"
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

} // namespace

int runImport(const ImportCommand& command, std::ostream& out, std::ostream& err) {
    if (command.from == "tum-csv" && command.open) {
        err << "twbake import: --open does not apply to tum-csv, whose tracks are closed loops\n";
        return kExitUsage;
    }
    const NamedPath inputs[] = {{"input", command.input}, {"--raceline", command.raceline}};
    const NamedPath outputs[] = {{"-o", command.output}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake import: " << *conflict << '\n';
        return kExitUsage;
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
    const std::string_view line = racelineCsv ? std::string_view(*racelineCsv) : std::string_view();
    formats::ImportResult imported = command.from == "tum-csv"
        ? formats::importTumCsv(*csv, name, margins, line)
        : formats::importWaypoints(*csv, name, {command.closed, command.width, margins}, line);
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

} // namespace bake::cli
