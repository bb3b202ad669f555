#include "bake/cli/roster_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"

#include <utility>

namespace bake::cli {

int readRoster(const std::string& path, const char* command, std::vector<RosterDriver>& roster, std::ostream& err) {
    RosterFile file = readRosterFile(path);
    if (!file.ioError.empty()) {
        err << command << ": " << file.ioError << '\n';
        return kExitIo;
    }
    if (!file.problems.empty()) {
        printDiagnostics(err, path, file.problems);
        return kExitInvalidInput;
    }
    roster = std::move(file.drivers);
    return kExitOk;
}

} // namespace bake::cli
