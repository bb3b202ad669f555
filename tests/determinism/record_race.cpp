// Records a race for the determinism test: 12 cars of every preset and follower, with wall contact
// and planned stuck recovery, start from the grid of a baked track and race for a while; every
// tick's bodies are folded into a hash. Prints one hash per simulated second, then the final one.
//   record_race TRACK.twbake SECONDS
// The same runtime source built by another compiler or at another optimisation level must print
// the same lines (tests/determinism/run.sh compares them).
#include "trackwright/drive/follower_factory.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/registrar.h"
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

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: record_race TRACK.twbake SECONDS\n");
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::uint64_t> storage((bytes.size() + 7) / 8);
    if (!bytes.empty()) std::memcpy(storage.data(), bytes.data(), bytes.size());
    trackwright::BakedTrack track;
    if (trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), bytes.size()}, track) != trackwright::LoadStatus::Ok) {
        std::fprintf(stderr, "record_race: cannot load %s\n", argv[1]);
        return 1;
    }
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
            hash.add(car.body.state.position.x);
            hash.add(car.body.state.position.y);
            hash.add(car.body.state.heading);
            hash.add(car.body.state.speed);
            hash.add(car.body.velocity.x);
            hash.add(car.body.velocity.y);
            hash.add(car.body.steeringAngle);
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
    return 0;
}
