// A console race: 20 cars of mixed vehicles and followers drive three laps of the baked track on
// the reference vehicle model, and the lap times are printed. Exit 1 if any car fails to finish.
#include "trackwright/track/baked_track.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

namespace {

struct Car {
    runtime::VehiclePreset vehicle;
    runtime::FollowerKind followerKind;
    std::unique_ptr<runtime::Follower> follower;
    std::unique_ptr<runtime::Registrar> registrar;
    runtime::VehicleBody body;
    runtime::Registration last;
    double travelled = 0.0, lapStart = 0.0;
    std::vector<double> laps;
};

} // namespace

int main() {
    std::ifstream file(BAKED_TRACK, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::uint64_t> storage((bytes.size() + 7) / 8);
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(storage.data()));
    runtime::BakedTrack track;
    if (const auto status = runtime::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), bytes.size()}, track);
        status != runtime::LoadStatus::Ok) {
        std::fprintf(stderr, "race: cannot load %s: %s\n", BAKED_TRACK, formats::describeBakedLoadStatus(status));
        return 1;
    }
    const std::uint32_t line = 0;
    const double length = track.view.routes[track.view.lines[line].route].length;
    const runtime::LineSampler sampler(track, line, 0);
    const runtime::VehiclePreset vehicles[] = {runtime::VehiclePreset::Car, runtime::VehiclePreset::Buggy, runtime::VehiclePreset::Truck,
                                               runtime::VehiclePreset::Hovercraft};
    // Followers with a stuck manager for the heavy vehicles' sake (a truck on a kart track's hints
    // needs one), and the simpler seekers for variety.
    const runtime::FollowerKind followers[] = {runtime::FollowerKind::Runner, runtime::FollowerKind::PursuitTuned, runtime::FollowerKind::Rabbit,
                                               runtime::FollowerKind::Waypoint, runtime::FollowerKind::Pursuit};
    std::vector<Car> cars(20);
    for (std::size_t i = 0; i < cars.size(); ++i) {
        Car& c = cars[i];
        c.vehicle = vehicles[i % 4];
        c.followerKind = followers[i % 5];
        c.follower = runtime::makeFollower(c.followerKind, track, line, 0, runtime::vehiclePreset(c.vehicle));
        c.registrar = std::make_unique<runtime::Registrar>(track);
        const runtime::LineSample start = sampler.sample(0.0);  // ghosts: all from the line, no collisions
        c.body.state.position = start.position;
        c.body.state.heading = static_cast<float>(std::atan2(start.tangent.y, start.tangent.x));
    }
    const float dt = 1.0f / 60.0f;
    double time = 0.0;
    bool everyoneDone = false;
    while (!everyoneDone && time < 1200.0) {
        everyoneDone = true;
        for (Car& c : cars) {
            if (c.laps.size() >= 3) continue;
            everyoneDone = false;
            const runtime::Registration here = c.registrar->update(c.body.state.position);
            if (here.defined && c.last.defined) {
                double d = static_cast<double>(here.distance) - c.last.distance;
                if (d < -length / 2.0) d += length;
                if (d > length / 2.0) d -= length;
                c.travelled += d;
            }
            if (here.defined) c.last = here;
            const runtime::Controls controls = c.follower->update({c.body.state, here, dt});
            runtime::stepVehicle(runtime::vehiclePreset(c.vehicle), controls, dt, c.body);
            runtime::resolveWallContact(track, c.last, c.body);
            if (const runtime::TeleportRequest t = c.follower->takeTeleportRequest(); t.requested) {
                c.body = {};
                c.body.state.position = t.position;
                c.body.state.heading = t.heading;
                c.registrar->reset();
            }
            if (c.travelled >= (c.laps.size() + 1) * length) {
                c.laps.push_back(time + dt - c.lapStart);
                c.lapStart = time + dt;
            }
        }
        time += dt;
    }
    int unfinished = 0;
    for (std::size_t i = 0; i < cars.size(); ++i) {
        const Car& c = cars[i];
        std::printf("car %2zu  %-10s %-13s", i + 1, runtime::vehiclePresetName(c.vehicle), runtime::followerName(c.followerKind));
        for (double lap : c.laps) std::printf("  %7.2f s", lap);
        if (c.laps.size() < 3) std::printf("  did not finish"), ++unfinished;
        std::printf("\n");
    }
    return unfinished == 0 ? 0 : 1;
}
