#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/vehicle_file.h"

#include "bake/pipeline/class_vehicle.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include <filesystem>
#include <iomanip>

namespace bake::cli {

namespace {

/// What the car means, as a designer checks it: the limits at rest and at speed.
void printEnvelope(std::ostream& out, const formats::VehicleClass& c) {
    const trackwright::VehicleParameters v = classVehicle(c);
    out << std::fixed << std::setprecision(1) << "class \"" << c.name << "\": top speed " << v.topSpeed << " m/s, lateral grip " << v.lateralGrip
        << " m/s² at rest";
    for (float speed : {30.0f, 60.0f}) {
        if (speed > v.topSpeed) break;
        out << ", " << trackwright::lateralLimit(v, speed) << " at " << speed << " m/s";
    }
    out << "; braking " << trackwright::brakingLimit(v, 0.0f) << " m/s² at rest";
    if (v.topSpeed >= 60.0f) out << ", " << trackwright::brakingLimit(v, 60.0f) << " at 60 m/s";
    out << "; launch " << v.maxAcceleration << " m/s², power " << std::setprecision(0) << v.powerPerMass << " W/kg\n" << std::defaultfloat;
}

} // namespace

int runClass(const ClassCommand& command, std::ostream& out, std::ostream& err) {
    const NamedPath inputs[] = {{"input", command.input}, {"--car", command.car}};
    const NamedPath outputs[] = {{"-o", command.output, /*mayBeInput=*/true}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake class: " << *conflict << '\n';
        return kExitUsage;
    }
    // A car file or a class file (`twbake calibrate` writes those), told apart by "format".
    int exitCode = kExitOk;
    std::optional<formats::VehicleClass> given = readVehicleFile(command.car, "twbake class", command.output + " was not written", err, exitCode);
    if (!given) return exitCode;
    formats::TrackLoadResult loaded = formats::loadTrackFile(command.input);
    if (!loaded.document) {
        printDiagnostics(err, command.input, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    formats::TrackDocument& document = *loaded.document;
    formats::VehicleClass added = std::move(*given);
    if (!command.name.empty()) added.name = command.name;
    else if (added.name.empty()) added.name = std::filesystem::path(command.car).stem().string();
    const bool replaced = putVehicleClass(document, added);
    const formats::Diagnostics found = formats::validate(document);
    if (formats::hasErrors(found)) {
        printDiagnostics(err, command.input, found);
        err << "twbake class: the track with this class does not validate; " << command.output << " was not written\n";
        return kExitInvalidInput;
    }
    std::string ioError;
    if (!formats::writeOutputFile(command.output, formats::writeTrackJson(document), ioError)) {
        err << "twbake class: " << ioError << '\n';
        return kExitIo;
    }
    printEnvelope(out, added);
    out << (replaced ? "replaced" : "added") << " class \"" << added.name << "\"; wrote " << command.output << '\n';
    return kExitOk;
}

} // namespace bake::cli
