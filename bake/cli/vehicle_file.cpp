#include "bake/cli/vehicle_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "formats/source/class_json.h"

namespace bake::cli {

std::optional<formats::VehicleClass> readVehicleFile(const std::string& path, const char* command, const std::string& output, std::ostream& err,
                                                     int& exitCode) {
    formats::ClassLoadResult given = formats::loadClassOrCarFile(path);
    if (!given.vehicleClass) {
        printDiagnostics(err, path, given.diagnostics);
        exitCode = given.ioError ? kExitIo : kExitInvalidInput;
        return std::nullopt;
    }
    if (given.vehicleClass->car) {
        if (const char* problem = trackwright::format::carDescriptionProblem(*given.vehicleClass->car)) {
            err << path << ": error [vehicle-car]: " << problem << '\n' << command << ": " << output << " was not written\n";
            exitCode = kExitInvalidInput;
            return std::nullopt;
        }
    }
    return std::move(given.vehicleClass);
}

} // namespace bake::cli
