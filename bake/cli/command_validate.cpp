#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

namespace bake::cli {

int runValidate(const ValidateCommand& command, std::ostream& out, std::ostream& err) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(command.input);
    formats::Diagnostics diagnostics = std::move(loaded.diagnostics);
    if (loaded.document) {
        formats::Diagnostics found = formats::validate(*loaded.document);
        diagnostics.insert(diagnostics.end(), found.begin(), found.end());
    }
    if (command.json) {
        printDiagnosticsJson(out, command.input, diagnostics);
    } else {
        printDiagnostics(loaded.ioError ? err : out, command.input, diagnostics);
    }
    if (loaded.ioError) return kExitIo;
    return formats::hasErrors(diagnostics) ? kExitInvalidInput : kExitOk;
}

} // namespace bake::cli
