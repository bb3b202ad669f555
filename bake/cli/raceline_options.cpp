#include "bake/cli/raceline_options.h"

#include "bake/cli/exit_codes.h"

namespace bake::cli {

int racingLineOptionsFrom(const std::string& method, const std::string& vehicle, RacingLineOptions& options, std::ostream& err, const char* command) {
    if (method == "mincurv") options.method = RacingLineMethod::MinimumCurvature;
    else if (method == "laptime") options.method = RacingLineMethod::LapTime;
    else {
        err << "twbake " << command << ": unknown method \"" << method << "\": use mincurv or laptime\n";
        return kExitUsage;
    }
    options.vehicleClass = vehicle;
    return kExitOk;
}

} // namespace bake::cli
