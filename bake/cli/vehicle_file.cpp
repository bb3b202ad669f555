#include "bake/cli/vehicle_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "formats/source/class_json.h"

#include <algorithm>
#include <filesystem>

namespace bake::cli {

std::optional<formats::VehicleClass> readVehicleFile(const std::string& path, const char* command, const std::string& consequence, std::ostream& err,
                                                     int& exitCode) {
    formats::ClassLoadResult given = formats::loadClassOrCarFile(path);
    if (!given.vehicleClass) {
        printDiagnostics(err, path, given.diagnostics);
        exitCode = given.ioError ? kExitIo : kExitInvalidInput;
        return std::nullopt;
    }
    if (given.vehicleClass->car) {
        if (const char* problem = trackwright::format::carDescriptionProblem(*given.vehicleClass->car)) {
            err << path << ": error [vehicle-car]: " << problem << '\n' << command << ": " << consequence << '\n';
            exitCode = kExitInvalidInput;
            return std::nullopt;
        }
    }
    return std::move(given.vehicleClass);
}

int readClassFiles(const std::string& path, const char* command, std::vector<formats::VehicleClass>& classes, std::ostream& err) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        for (const auto& entry : fs::directory_iterator(path, ec))
            if (entry.path().extension() == ".json" && entry.is_regular_file(ec)) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        if (files.empty()) {
            err << command << ": --classes " << path << " holds no .json car or class file\n";
            return kExitInvalidInput;
        }
    } else {
        files.push_back(path);
    }
    for (const fs::path& file : files) {
        int exitCode = kExitOk;
        std::optional<formats::VehicleClass> given = readVehicleFile(file.string(), command, "nothing was run", err, exitCode);
        if (!given) return exitCode;
        if (given->name.empty()) given->name = file.stem().string();
        for (const formats::VehicleClass& earlier : classes)
            if (earlier.name == given->name) {
                err << command << ": two files of --classes " << path << " name the class \"" << given->name << "\": rename one\n";
                return kExitInvalidInput;
            }
        classes.push_back(std::move(*given));
    }
    return kExitOk;
}

bool putVehicleClass(formats::TrackDocument& document, const formats::VehicleClass& vehicleClass) {
    for (formats::VehicleClass& c : document.vehicleClasses)
        if (c.name == vehicleClass.name) {
            c = vehicleClass;
            return true;
        }
    document.vehicleClasses.push_back(vehicleClass);
    return false;
}

} // namespace bake::cli
