#include "bake/cli/baked_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/vehicle_file.h"
#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <cstring>
#include <filesystem>

namespace bake::cli {

int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command) {
    std::string error;
    const std::optional<std::string> bytes = formats::readWholeFile(path, error, formats::kMaxBakedFileBytes);
    if (!bytes) {
        err << "twbake " << command << ": " << error << '\n';
        return kExitIo;
    }
    const trackwright::LoadStatus status = loadBakedBytes(bytes->data(), bytes->size(), bake);
    if (status != trackwright::LoadStatus::Ok) {
        char why[256];
        err << path << ": error: "
            << formats::describeBakedLoad({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, status, why, sizeof why) << '\n';
        return kExitInvalidInput;
    }
    return kExitOk;
}

namespace {

/// Bakes a loaded document (read from `path`, which the errors name) into `bake`.
int bakeLoaded(const formats::TrackDocument& document, const std::string& path, LoadedBake& bake, std::ostream& err) {
    const BakeResult result = bakeTrack(document);
    if (result.status != BakeStatus::Ok) {
        printDiagnostics(err, path, result.diagnostics);
        return kExitInvalidInput;
    }
    loadBakedData(*result.data, bake);
    return kExitOk;
}

/// Loads and bakes a .twtrack, adding `preset`'s class when given and the track names none like it.
int bakeSource(const std::string& path, const trackwright::VehiclePreset* preset, LoadedBake& bake, std::ostream& err,
               const std::vector<formats::VehicleClass>& classes) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(path);
    if (!loaded.document) {
        printDiagnostics(err, path, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    for (const formats::VehicleClass& c : classes) putVehicleClass(*loaded.document, c);
    if (preset) addVehicleClassFor(*loaded.document, *preset);
    return bakeLoaded(*loaded.document, path, bake, err);
}

} // namespace

int bakeForVehicle(const std::string& path, trackwright::VehiclePreset preset, LoadedBake& bake, std::ostream& err,
                   const std::vector<formats::VehicleClass>& classes) {
    return bakeSource(path, &preset, bake, err, classes);
}

int bakeSourceFile(const std::string& path, LoadedBake& bake, std::ostream& err) { return bakeSource(path, nullptr, bake, err, {}); }

int classesNeedSource(const std::string& path, const std::vector<formats::VehicleClass>& classes, const char* command, std::ostream& err) {
    if (classes.empty() || std::filesystem::path(path).extension() == ".twtrack") return kExitOk;
    err << "twbake " << command << ": --classes needs the .twtrack, not " << path << ": a class's speed hints and lines are baked into it\n";
    return kExitUsage;
}

int loadWithClass(const std::string& path, const std::string& name, LoadedBake& bake, std::optional<formats::VehicleClass>& found, std::ostream& err,
                  const char* command, const std::vector<formats::VehicleClass>& classes) {
    found.reset();
    std::string names;
    if (const int code = classesNeedSource(path, classes, command, err)) return code;
    if (std::filesystem::path(path).extension() == ".twtrack") {
        formats::TrackLoadResult loaded = formats::loadTrackFile(path);
        if (!loaded.document) {
            printDiagnostics(err, path, loaded.diagnostics);
            return loaded.ioError ? kExitIo : kExitInvalidInput;
        }
        for (const formats::VehicleClass& c : classes) putVehicleClass(*loaded.document, c);
        for (const formats::VehicleClass& c : loaded.document->vehicleClasses) {
            if (c.name == name) found = c;
            names += (names.empty() ? "" : ", ") + c.name;
        }
        if (found) return bakeLoaded(*loaded.document, path, bake, err);
    } else {
        if (const int code = loadBakeFile(path, bake, err, command)) return code;
        for (const formats::BakedVehicleClass& c : bake.track.view.vehicleClasses) {
            const std::string className = bake.track.view.name(c.nameOffset);
            if (className == name)
                found = formats::VehicleClass{className, c.maxLateralAcceleration, c.maxAcceleration, c.maxBraking, c.topSpeed, c.wheelbase, c.maxSteeringAngle, c.width};
            names += (names.empty() ? "" : ", ") + className;
        }
        if (found) return kExitOk;
    }
    err << path << ": error: the track has no vehicle class \"" << name << "\" (it has " << (names.empty() ? "none" : names)
        << "); add one with `twbake class TRACK --car CAR.json -o TRACK`, or give it with --classes CAR.json\n";
    return kExitInvalidInput;
}

} // namespace bake::cli
