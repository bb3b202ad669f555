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
    trackwright::VehiclePreset vehicle;
    trackwright::FollowerKind followerKind;
    std::unique_ptr<trackwright::Follower> follower;
    std::unique_ptr<trackwright::Registrar> registrar;
    trackwright::VehicleBody body;
    trackwright::Registration last;
    double travelled = 0.0, lapStart = 0.0;
    std::vector<double> laps;
};

} // namespace

int main() {
    std::ifstream file(BAKED_TRACK, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::uint64_t> storage((bytes.size() + 7) / 8);
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(storage.data()));
    trackwright::BakedTrack track;
    if (const auto status = trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), bytes.size()}, track);
        status != trackwright::LoadStatus::Ok) {
        std::fprintf(stderr, "race: cannot load %s: %s\n", BAKED_TRACK, trackwright::format::describeBakedLoadStatus(status));
        return 1;
    }
    const std::uint32_t line = 0;
    const double length = track.view.routes[track.view.lines[line].route].length;
    const trackwright::LineSampler sampler(track, line, 0);
    const trackwright::VehiclePreset vehicles[] = {trackwright::VehiclePreset::Car, trackwright::VehiclePreset::Buggy, trackwright::VehiclePreset::Truck,
                                               trackwright::VehiclePreset::Hovercraft};
    // Followers with a stuck manager for the heavy vehicles' sake (a truck on a kart track's hints
    // needs one), and the simpler seekers for variety.
    const trackwright::FollowerKind followers[] = {trackwright::FollowerKind::Runner, trackwright::FollowerKind::PursuitTuned, trackwright::FollowerKind::Rabbit,
                                               trackwright::FollowerKind::Waypoint, trackwright::FollowerKind::Pursuit};
    std::vector<Car> cars(20);
    for (std::size_t i = 0; i < cars.size(); ++i) {
        Car& c = cars[i];
        c.vehicle = vehicles[i % 4];
        c.followerKind = followers[i % 5];
        c.follower = trackwright::makeFollower(c.followerKind, track, line, 0, trackwright::vehiclePreset(c.vehicle));
        c.registrar = std::make_unique<trackwright::Registrar>(track);
        const trackwright::LineSample start = sampler.sample(0.0);  // ghosts: all from the line, no collisions
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
            const trackwright::Registration here = c.registrar->update(c.body.state.position);
            if (here.defined && c.last.defined) {
                double d = static_cast<double>(here.distance) - c.last.distance;
                if (d < -length / 2.0) d += length;
                if (d > length / 2.0) d -= length;
                c.travelled += d;
            }
            if (here.defined) c.last = here;
            const trackwright::Controls controls = c.follower->update({c.body.state, here, dt});
            trackwright::stepVehicle(trackwright::vehiclePreset(c.vehicle), controls, dt, c.body);
            trackwright::resolveWallContact(track, c.last, c.body);
            if (const trackwright::TeleportRequest t = c.follower->takeTeleportRequest(); t.requested) {
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
        std::printf("car %2zu  %-10s %-13s", i + 1, trackwright::vehiclePresetName(c.vehicle), trackwright::followerName(c.followerKind));
        for (double lap : c.laps) std::printf("  %7.2f s", lap);
        if (c.laps.size() < 3) std::printf("  did not finish"), ++unfinished;
        std::printf("\n");
    }
    return unfinished == 0 ? 0 : 1;
}
