#include "tests/fuzz/fuzz_inputs.h"

#include "formats/baked/format_names.h"
#include "formats/import/torcs_import.h"
#include "formats/mesh/ac3d_reader.h"
#include "formats/mesh/mesh_bvh.h"
#include "formats/import/track_import.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"
#include "trackwright/traffic/track_roster.h"
#include "trackwright/vehicle/starting_grid.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fuzzing {
namespace {

std::string_view text(Input input) { return {reinterpret_cast<const char*>(input.data()), input.size()}; }

void registerAndSample(const std::vector<std::uint64_t>& storage, std::size_t size) {
    trackwright::BakedTrack track;
    if (trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), size}, track) != trackwright::LoadStatus::Ok) return;
    trackwright::Registrar registrar(track);
    trackwright::LapCounter laps(track);
    for (const formats::BakedNode& node : track.view.nodes) {
        (void)laps.update(registrar.update({node.x + 0.5, node.y - 0.25}), 0.1f);
        trackwright::TrackPoint point;
        float off = 0.0f;
        if (&node == track.view.nodes.data()) (void)trackwright::nearestTrackPoint(track, {node.x + 30.0, node.y}, point, off);
        if (&node - track.view.nodes.data() > 64) break;
    }
    trackwright::TrackMarker marker;
    for (std::uint32_t i = 0; i < trackwright::markerCount(track) && i < 8; ++i) (void)trackwright::markerAt(track, i, marker);
    trackwright::TrackZone zone;
    for (std::uint32_t i = 0; i < trackwright::zoneCount(track) && i < 8; ++i) (void)trackwright::zoneAt(track, i, zone);
    for (std::uint32_t route = 0; route < track.view.routes.size() && route < 4; ++route)
        for (const float along : {-1.0f, 0.0f, 17.5f, 1.0e6f}) {
            (void)trackwright::overtakingRuleAt(track, route, along);
            (void)trackwright::distanceToNoOvertaking(track, route, along);
        }
    (void)trackwright::yieldSide(track);
    (void)trackwright::pitStopTime(track);
    (void)trackwright::designerGrid(track);
    for (std::uint32_t slot = 0; slot < 4; ++slot) {
        trackwright::VehicleState state;
        (void)trackwright::gridSlot(track, slot, {}, state);
    }
    for (std::uint32_t route = 0; route < track.view.routes.size() && route < 4; ++route) {
        trackwright::TrackPoint point;
        for (double d : {-10.0, 0.0, 3.5, 1e6}) (void)trackwright::routePointAt(track, route, d, point);
    }
    for (std::uint32_t line = 0; line < track.view.lines.size() && line < 4; ++line) {
        const trackwright::LineSampler sampler(track, line, 0);
        for (double d : {-10.0, 0.0, 3.5, 1e6}) (void)sampler.sample(d);
    }
}

/// Ten cars race a simulated minute on whatever loaded, on the reference physics: every control
/// must stay finite and in [-1, 1] (the runtime's promise; a NaN hint once gave NaN throttle with
/// TW_OK), every step must return. A broken promise aborts, so libFuzzer reports it.
void raceAMinute(const trackwright::BakedTrack& track) {
    if (track.view.lines.empty() || track.view.vehicleClasses.empty()) return;
    constexpr std::uint32_t kCars = 10;
    constexpr float kTick = 0.1f;
    trackwright::RaceWorldOptions options;
    options.laps = 2;
    trackwright::RaceWorld world(track, options);
    trackwright::RaceCarSetup setup;
    setup.line = 0;
    setup.vehicleClass = track.view.lines[0].vehicleClass == formats::kAllVehicleClasses ? 0 : track.view.lines[0].vehicleClass;
    std::vector<trackwright::VehicleBody> bodies;
    const std::uint32_t roster = trackwright::rosterSize(track);
    for (std::uint32_t i = 0; i < kCars; ++i) {
        trackwright::VehicleState start;
        if (!trackwright::gridSlot(track, i, {}, start)) break;
        // The track's roster drives, when it has one: whatever the loader let through, a race takes.
        setup.driver = roster ? trackwright::rosterDriver(track, i % roster)->profile : trackwright::DriverProfile{};
        if (!trackwright::validDriverProfile(setup.driver)) std::abort();
        setup.driver.seed = i;
        if (world.addCar(setup) != trackwright::RaceWorldStatus::Ok) return;
        bodies.push_back(trackwright::startingBody(setup.vehicle, start));
    }
    std::vector<trackwright::VehicleState> states(bodies.size());
    std::vector<trackwright::Controls> controls(bodies.size());
    for (int tick = 0; tick < 600; ++tick) {
        for (std::size_t i = 0; i < bodies.size(); ++i) states[i] = bodies[i].state;
        if (world.step(states, kTick, controls) != trackwright::RaceWorldStatus::Ok) std::abort();
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            const trackwright::Controls& c = controls[i];
            if (!(c.steering >= -1.0f && c.steering <= 1.0f && c.throttle >= -1.0f && c.throttle <= 1.0f)) std::abort();
            if (!trackwright::stepVehicle(setup.vehicle, c, kTick, bodies[i])) return;  // the physics left the floats: nothing to race on
        }
    }
}

/// Nearly every mutation breaks the checksum, which would stop the loader at its fourth check and
/// leave the section table and cross-references unexplored; a re-sealed input (its checksum
/// recomputed, as a tampered file's would be) goes on. False when the header's counts do not fit.
bool reseal(std::vector<std::uint64_t>& storage, std::size_t size) {
    auto* bytes = reinterpret_cast<std::byte*>(storage.data());
    formats::BakedHeader header;
    if (size < sizeof header) return false;
    std::memcpy(&header, bytes, sizeof header);
    if (header.sectionCount > 1024 || header.payloadSize > size) return false;
    const std::uint64_t covered = sizeof header + std::uint64_t{header.sectionCount} * sizeof(formats::BakedSectionEntry) + header.payloadSize;
    if (covered > size) return false;
    header.checksum = formats::bakedFileChecksum(bytes, static_cast<std::size_t>(covered));
    std::memcpy(bytes, &header, sizeof header);
    return true;
}

} // namespace

void trackJson(Input input) {
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text(input));
    if (loaded.document) (void)formats::validate(*loaded.document);
}

void bakedTrack(Input input) {
    std::vector<std::uint64_t> storage((input.size() + 7) / 8);
    if (!input.empty()) std::memcpy(storage.data(), input.data(), input.size());
    formats::BakedTrackView view;
    const auto status = formats::readBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), input.size()}, view);
    if (status == formats::BakedLoadStatus::ChecksumMismatch) reseal(storage, input.size());
    registerAndSample(storage, input.size());
    trackwright::BakedTrack track;
    if (trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), input.size()}, track) == trackwright::LoadStatus::Ok)
        raceAMinute(track);
}

void tumCsv(Input input) {
    const std::string_view all = text(input);
    const std::size_t split = all.find("\n---\n");
    const std::string_view centre = split == std::string_view::npos ? all : all.substr(0, split);
    const std::string_view line = split == std::string_view::npos ? std::string_view{} : all.substr(split + 5);
    const formats::ImportResult imported = formats::importTumCsv(centre, "fuzz", {}, line);
    if (imported.document) (void)formats::validate(*imported.document);
}

void waypoints(Input input) {
    formats::WaypointImportOptions options;
    options.closed = input.size() % 2 == 1;
    const formats::ImportResult imported = formats::importWaypoints(text(input), "fuzz", options);
    if (imported.document) (void)formats::validate(*imported.document);
}

void torcsXml(Input input) {
    const std::string_view all = text(input);
    const std::size_t split = all.find("\n---\n");
    const std::string_view track = split == std::string_view::npos ? all : all.substr(0, split);
    const std::optional<std::string_view> surfaces =
        split == std::string_view::npos ? std::nullopt : std::optional<std::string_view>(all.substr(split + 5));
    const formats::ImportResult imported = formats::importTorcsTrack(track, "fuzz.xml", surfaces);
    if (imported.document) (void)formats::validate(*imported.document);
}

void ac3d(Input input) {
    std::string error;
    const std::optional<formats::LevelMesh> mesh = formats::readAc3d(text(input), error);
    if (!mesh) return;
    const formats::MeshBvh bvh(*mesh);
    for (const auto& v : mesh->vertices)
        for (const formats::SurfaceHit& hit : bvh.surfacesAt(v.x, v.y))
            if (hit.material >= mesh->materials.size()) std::abort();
}

} // namespace fuzzing
