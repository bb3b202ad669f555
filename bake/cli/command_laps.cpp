#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"

#include "bake/bake_track.h"
#include "bake/verification_laps.h"

#include "formats/track_json.h"
#include "runtime/line_sampler.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <cstring>
#include <filesystem>

namespace bake::cli {
namespace {

/// A .twtrack is baked in memory with the vehicle preset added as a class (unless the track names
/// one like it), so the ideal lap is that vehicle's.
int bakeForVehicle(const std::string& path, runtime::VehiclePreset preset, LoadedBake& bake, std::ostream& err) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(path);
    if (!loaded.document) {
        printDiagnostics(err, path, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    const std::string name = runtime::vehiclePresetName(preset);
    bool present = false;
    for (const formats::VehicleClass& c : loaded.document->vehicleClasses) present |= c.name == name;
    if (!present) loaded.document->vehicleClasses.push_back(vehicleClassFor(preset));
    const BakeResult result = bakeTrack(*loaded.document);
    if (result.status != BakeStatus::Ok) {
        printDiagnostics(err, path, result.diagnostics);
        return kExitInvalidInput;
    }
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result.data);
    bake.storage.assign((bytes.size() + 7) / 8, 0);
    std::memcpy(bake.storage.data(), bytes.data(), bytes.size());
    runtime::loadBakedTrack({reinterpret_cast<const std::byte*>(bake.storage.data()), bytes.size()}, bake.track);
    return kExitOk;
}

} // namespace

int runLaps(const LapsCommand& command, std::ostream& out, std::ostream& err) {
    LapRunOptions options;
    runtime::followerByName(command.follower.c_str(), options.follower);
    runtime::vehiclePresetByName(command.vehicle.c_str(), options.vehicle);
    options.laps = command.laps;

    LoadedBake bake;
    const bool source = std::filesystem::path(command.input).extension() == ".twtrack";
    if (const int code = source ? bakeForVehicle(command.input, options.vehicle, bake, err) : loadBakeFile(command.input, bake, err, "laps"))
        return code;
    const runtime::BakedTrack& track = bake.track;
    for (std::uint32_t c = 0; c < track.view.vehicleClasses.size(); ++c)
        if (command.vehicle == track.view.name(track.view.vehicleClasses[c].nameOffset)) options.vehicleClass = c;
    options.line = runtime::findLine(track, 0, command.line.c_str(), options.vehicleClass);
    if (options.line == formats::kNoRoute) {
        for (std::uint32_t l = 0; l < track.view.lines.size() && options.line == formats::kNoRoute; ++l)
            if (track.view.lines[l].route == 0) options.line = l;
        if (!command.json) err << "twbake laps: no line \"" << command.line << "\" on the main route; following \""
                               << track.view.name(track.view.lines[options.line].nameOffset) << "\"\n";
    }

    const LapRunResult r = runVerificationLaps(track, options);
    const std::string trackName = std::filesystem::path(command.input).stem().string();
    if (command.json) {
        {
            cereal::JSONOutputArchive archive(out, cereal::JSONOutputArchive::Options(
                rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces, cereal::JSONOutputArchive::Options::IndentChar::space, 2));
            archive.setNextName("runs");
            archive.startNode();
            archive.makeArray();
            archive.startNode();
            archive(cereal::make_nvp("track", trackName), cereal::make_nvp("follower", command.follower),
                    cereal::make_nvp("vehicle", command.vehicle), cereal::make_nvp("completed", r.completed),
                    cereal::make_nvp("lap_times_s", r.lapTimes), cereal::make_nvp("total_time_s", r.totalTime),
                    cereal::make_nvp("stuck_events", r.stuckEvents), cereal::make_nvp("cte_mean_m", r.cteMean),
                    cereal::make_nvp("cte_max_m", r.cteMax), cereal::make_nvp("inside_corridor_pct", r.insideCorridorPct),
                    cereal::make_nvp("inside_runoff_pct", r.insideRunoffPct), cereal::make_nvp("mean_speed_mps", r.meanSpeed),
                    cereal::make_nvp("max_lat_accel_mps2", r.maxLateralAcceleration), cereal::make_nvp("ideal_lap_time_s", r.idealLapTime),
                    cereal::make_nvp("ideal_ratio", r.idealRatio));
            archive.finishNode();
            archive.finishNode();
        }
        out << '\n';
    } else {
        out << trackName << ": " << command.follower << " + " << command.vehicle << (r.completed ? " completed" : " did NOT complete") << " in "
            << r.totalTime << " s; laps:";
        for (double t : r.lapTimes) out << ' ' << t;
        out << " s; ideal " << r.idealLapTime << " s (ratio " << r.idealRatio << "); stuck events " << r.stuckEvents << "; cte mean "
            << r.cteMean << " m, max " << r.cteMax << " m; on tarmac " << r.insideCorridorPct << "%; mean speed " << r.meanSpeed << " m/s\n";
    }
    return r.completed ? kExitOk : kExitInvalidInput;
}

} // namespace bake::cli
