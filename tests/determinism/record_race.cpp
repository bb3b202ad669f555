// Records two races for the determinism test; every tick's bodies are folded into a hash.
// - Followers: 12 cars of every preset and follower, with wall contact and planned stuck recovery,
//   start from the grid of TRACK and drive for SECONDS; one hash per simulated second, then the
//   final one.
// - Race (with RACE_TRACK, which needs a "pit-box" marker): 20 runner cars with spread driver
//   profiles in a RaceWorld (traffic view, race craft, slipstream, timing) on the reference physics
//   with wall contact and CarContacts, from a shuffled grid, over 3 laps, two cars making pit stops:
//   the one race loop a game links, as the bake's race runs it. One hash per 10 s, then the final
//   one and the standings.
//   record_race TRACK.twbake SECONDS [RACE_TRACK.twbake]
// The same runtime source built by another compiler or at another optimisation level must print
// the same lines, and the final hashes are pinned (tests/determinism/run.sh compares them).
#include "trackwright/drive/car_contacts.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/starting_grid.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

namespace {

/// FNV-1a over the bytes of every number that describes the race.
struct RaceHash {
    std::uint64_t value = 1469598103934665603ull;
    template <class T> void add(const T& number) {
        unsigned char bytes[sizeof(T)];
        std::memcpy(bytes, &number, sizeof(T));
        for (unsigned char b : bytes) value = (value ^ b) * 1099511628211ull;
    }
};

struct Car {
    trackwright::VehicleParameters vehicle;
    std::unique_ptr<trackwright::Follower> follower;
    std::unique_ptr<trackwright::Registrar> registrar;
    std::unique_ptr<trackwright::LapCounter> laps;
    trackwright::VehicleBody body;
    trackwright::Registration lastDefined;
};

/// A .twbake read into 8-byte aligned storage that outlives the track viewing it.
struct LoadedTrack {
    std::vector<std::uint64_t> storage;
    trackwright::BakedTrack track;
};

bool load(const char* path, LoadedTrack& out) {
    std::ifstream file(path, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    out.storage.assign((bytes.size() + 7) / 8, 0);
    if (!bytes.empty()) std::memcpy(out.storage.data(), bytes.data(), bytes.size());
    if (trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(out.storage.data()), bytes.size()}, out.track) == trackwright::LoadStatus::Ok) return true;
    std::fprintf(stderr, "record_race: cannot load %s\n", path);
    return false;
}

void addBody(RaceHash& hash, const trackwright::VehicleBody& body) {
    hash.add(body.state.position.x);
    hash.add(body.state.position.y);
    hash.add(body.state.heading);
    hash.add(body.state.speed);
    hash.add(body.velocity.x);
    hash.add(body.velocity.y);
    hash.add(body.steeringAngle);
}

/// The race part: a game's loop over RaceWorld, as tests/bake/race_loop_test.cpp proves the bake's
/// race is. Drivers and grid come from fixed formulas (the bake's draws are not in the runtime).
int recordRace(const trackwright::BakedTrack& track) {
    constexpr std::uint32_t kCars = 20;
    constexpr float kDt = 1.0f / 60.0f;
    trackwright::RaceWorldOptions options;
    options.laps = 3;
    trackwright::RaceWorld world(track, options);
    world.reserve(kCars);
    trackwright::RecoveryPlanner planner(track);
    world.attachRecoveryPlanner(&planner);
    trackwright::CarContacts contacts;
    contacts.reserve(kCars);
    std::uint32_t line = trackwright::findLine(track, 0, "racing", trackwright::format::kAllVehicleClasses);
    if (line == trackwright::kNoLine) line = 0;
    std::vector<trackwright::VehicleBody> bodies(kCars);
    std::vector<trackwright::Registration> lastDefined(kCars);
    const trackwright::GridOptions grid = trackwright::designerGrid(track);
    for (std::uint32_t i = 0; i < kCars; ++i) {
        trackwright::RaceCarSetup setup;
        setup.line = line;
        setup.driver.pace = 0.9f + 0.1f * static_cast<float>((i * 7) % kCars) / static_cast<float>(kCars);
        setup.driver.aggression = static_cast<float>((i * 3) % 10) / 9.0f;
        setup.driver.consistency = 0.8f + 0.02f * static_cast<float>(i % 10);
        setup.driver.reactionTime = 0.2f + 0.01f * static_cast<float>((i * 11) % 20);
        setup.driver.seed = 1000u + i;
        if (world.addCar(setup) != trackwright::RaceWorldStatus::Ok) return 1;
        trackwright::VehicleState slot;
        if (!trackwright::gridSlot(track, (i * 13) % kCars, grid, slot)) return 1;  // a shuffled grid
        bodies[i] = trackwright::startingBody(setup.vehicle, slot);
    }
    std::uint32_t box = 0;
    if (!trackwright::findMarker(track, "pit-box", 0, box)) {
        std::fprintf(stderr, "record_race: the race track has no pit-box marker\n");
        return 1;
    }
    for (const std::uint32_t pitter : {4u, 15u})
        if (world.requestPitStop(pitter, box) != trackwright::PitRequestStatus::Accepted) return 1;
    std::vector<trackwright::VehicleState> states(kCars);
    std::vector<trackwright::Controls> controls(kCars);
    RaceHash hash;
    double time = 0.0;
    int tick = 0;
    const auto allFinished = [&] {
        for (std::uint32_t i = 0; i < kCars; ++i)
            if (!world.finished(i)) return false;
        return true;
    };
    for (; tick < 900 * 60 && !allFinished(); ++tick) {
        for (std::uint32_t i = 0; i < kCars; ++i) states[i] = bodies[i].state;
        if (world.step(states, kDt, controls) != trackwright::RaceWorldStatus::Ok) return 1;
        for (std::uint32_t i = 0; i < kCars; ++i) {
            if (world.registration(i).defined) lastDefined[i] = world.registration(i);
            const trackwright::VehicleParameters& vehicle = world.setup(i).vehicle;
            const float tow = world.slipstreamShare(i);
            if (!trackwright::stepVehicle(tow > 0.0f ? trackwright::inSlipstream(vehicle, tow) : vehicle, controls[i], kDt, bodies[i], lastDefined[i].road)) return 1;
            trackwright::resolveWallContact(track, lastDefined[i], bodies[i]);
            if (const trackwright::TeleportRequest teleport = world.takeTeleportRequest(i); teleport.requested) {
                bodies[i] = {};
                bodies[i].state.position = teleport.position;
                bodies[i].state.heading = teleport.heading;
            }
        }
        time += double(kDt);
        if (!contacts.resolve(world, bodies, time)) return 1;
        for (std::uint32_t i = 0; i < kCars; ++i) {
            addBody(hash, bodies[i]);
            hash.add(controls[i].steering);
            hash.add(controls[i].throttle);
            hash.add(world.raceDistance(i));
            hash.add(world.position(i));
        }
        if ((tick + 1) % 600 == 0) std::printf("race t=%d s %016llx\n", (tick + 1) / 60, static_cast<unsigned long long>(hash.value));
    }
    const trackwright::ContactTotals& touched = contacts.totals();
    std::printf("race ticks=%d contacts=%d+%d pit stops=%d+%d\n", tick, touched.rear, touched.side, world.pitStopsDone(4), world.pitStopsDone(15));
    for (const trackwright::RaceStanding& s : world.standings())
        std::printf("race place car=%u laps=%u finished=%d finish=%.17g gap=%.9g\n", s.car, s.laps, s.finished ? 1 : 0, world.finishTime(s.car), s.gapToLeader);
    std::printf("race final %016llx\n", static_cast<unsigned long long>(hash.value));
    return allFinished() ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3 && argc != 4) {
        std::fprintf(stderr, "usage: record_race TRACK.twbake SECONDS [RACE_TRACK.twbake]\n");
        return 2;
    }
    LoadedTrack loaded;
    if (!load(argv[1], loaded)) return 1;
    const trackwright::BakedTrack& track = loaded.track;
    trackwright::RecoveryPlanner planner(track);
    std::vector<Car> cars(12);
    for (std::uint32_t i = 0; i < cars.size(); ++i) {
        Car& car = cars[i];
        const trackwright::VehiclePreset preset = trackwright::kAllVehiclePresets[i % std::size(trackwright::kAllVehiclePresets)];
        const trackwright::FollowerKind kind = trackwright::kAllFollowerKinds[i % std::size(trackwright::kAllFollowerKinds)];
        car.vehicle = trackwright::vehiclePreset(preset);
        std::uint32_t vehicleClass = 0;
        if (!trackwright::findVehicleClass(track, trackwright::vehiclePresetName(preset), vehicleClass)) vehicleClass = 0;
        car.follower = trackwright::makeFollower(kind, track, 0, vehicleClass, car.vehicle);
        if (!car.follower) return 1;
        car.follower->attachRecoveryPlanner(&planner, car.vehicle);
        car.registrar = std::make_unique<trackwright::Registrar>(track);
        car.laps = std::make_unique<trackwright::LapCounter>(track);
        trackwright::GridOptions grid;
        grid.rowSpacing = 12.0f;
        trackwright::VehicleState slot;
        if (!trackwright::gridSlot(track, i, grid, slot)) return 1;
        car.body = trackwright::startingBody(car.vehicle, slot);
    }
    constexpr float kDt = 1.0f / 60.0f;
    const int seconds = std::atoi(argv[2]);
    RaceHash hash;
    for (int tick = 0; tick < seconds * 60; ++tick) {
        for (Car& car : cars) {
            const trackwright::Registration where = car.registrar->update(car.body.state.position);
            if (where.defined) car.lastDefined = where;
            car.laps->update(where, kDt);
            const trackwright::Controls controls = car.follower->update({car.body.state, where, kDt});
            trackwright::stepVehicle(car.vehicle, controls, kDt, car.body, car.lastDefined.road);  // the road under the car
            trackwright::resolveWallContact(track, car.lastDefined, car.body);
            const trackwright::TeleportRequest teleport = car.follower->takeTeleportRequest();
            if (teleport.requested) {
                car.body = {};
                car.body.state.position = teleport.position;
                car.body.state.heading = teleport.heading;
                car.registrar->reset();
            }
            addBody(hash, car.body);
            hash.add(controls.steering);
            hash.add(controls.throttle);
            hash.add(car.laps->status().raceDistance);
        }
        if ((tick + 1) % 60 == 0) std::printf("t=%d s %016llx\n", (tick + 1) / 60, static_cast<unsigned long long>(hash.value));
    }
    for (const Car& car : cars)
        std::printf("car laps=%u best=%.9g stuck=%d x=%.17g y=%.17g\n", car.laps->status().lapsCompleted, car.laps->status().bestLapTime,
                    car.follower->stuckEvents(), car.body.state.position.x, car.body.state.position.y);
    std::printf("final %016llx\n", static_cast<unsigned long long>(hash.value));
    if (argc == 3) return 0;
    LoadedTrack raceTrack;
    if (!load(argv[3], raceTrack)) return 1;
    return recordRace(raceTrack.track);
}
