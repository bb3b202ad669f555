#include "bake/cli/baked_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <cstring>

namespace bake::cli {

int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command) {
    std::string error;
    const std::optional<std::string> bytes = formats::readWholeFile(path, error);
    if (!bytes) {
        err << "twbake " << command << ": " << error << '\n';
        return kExitIo;
    }
    const trackwright::LoadStatus status = loadBakedBytes(bytes->data(), bytes->size(), bake);
    if (status != trackwright::LoadStatus::Ok) {
        char why[192];
        err << path << ": error: "
            << formats::describeBakedLoad({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, status, why, sizeof why) << '\n';
        return kExitInvalidInput;
    }
    return kExitOk;
}

namespace {

/// Loads and bakes a .twtrack, adding `preset`'s class when given and the track names none like it.
int bakeSource(const std::string& path, const trackwright::VehiclePreset* preset, LoadedBake& bake, std::ostream& err) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(path);
    if (!loaded.document) {
        printDiagnostics(err, path, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    if (preset) addVehicleClassFor(*loaded.document, *preset);
    const BakeResult result = bakeTrack(*loaded.document);
    if (result.status != BakeStatus::Ok) {
        printDiagnostics(err, path, result.diagnostics);
        return kExitInvalidInput;
    }
    loadBakedData(*result.data, bake);
    return kExitOk;
}

} // namespace

int bakeForVehicle(const std::string& path, trackwright::VehiclePreset preset, LoadedBake& bake, std::ostream& err) {
    return bakeSource(path, &preset, bake, err);
}

int bakeSourceFile(const std::string& path, LoadedBake& bake, std::ostream& err) { return bakeSource(path, nullptr, bake, err); }

} // namespace bake::cli
