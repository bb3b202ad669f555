// A C++17 game, strictly (-std=c++17, no extensions, no CMake feature raising it): Trackwright's
// C++ headers need C++20 (std::span), so a C++17 game drives through the C API, which is C and
// C++17 alike. One car from pole for 60 s of the baked track; exit 1 unless it laps on.
#include "trackwright/c_api/trackwright_c.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

static_assert(__cplusplus == 201703L, "this game is built as C++17");

int main() {
    std::ifstream in(BAKED_TRACK, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    tw_track* track = nullptr;
    if (tw_track_load(bytes.data(), bytes.size(), &track) != TW_OK) {
        std::fprintf(stderr, "race_cpp17: %s: %s\n", BAKED_TRACK, tw_track_load_error());
        return 1;
    }
    tw_registrar* registrar = nullptr;
    tw_follower* follower = nullptr;
    tw_vehicle_parameters parameters;
    tw_vehicle_state slot;
    tw_vehicle_body body;
    if (tw_registrar_create(track, &registrar) != TW_OK || tw_follower_create(track, TW_FOLLOWER_RUNNER, 0, 0, TW_VEHICLE_CAR, &follower) != TW_OK ||
        tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &parameters) != TW_OK || tw_grid_slot(track, 0, nullptr, &slot) != TW_OK ||
        tw_vehicle_starting_body(&parameters, &slot, &body) != TW_OK) {
        std::fprintf(stderr, "race_cpp17: cannot set the car up\n");
        return 1;
    }
    const float dt = 1.0f / 60.0f;
    double driven = 0.0;
    float previous = -1.0f;
    for (int tick = 0; tick < 60 * 60; ++tick) {
        tw_registration where;
        tw_controls controls;
        if (tw_registrar_update(registrar, body.state.x, body.state.y, &where) != TW_OK ||
            tw_follower_update(follower, &body.state, &where, dt, &controls) != TW_OK ||
            tw_vehicle_step_on_road(TW_VEHICLE_CAR, &controls, &where.road, dt, &body) != TW_OK)
            break;
        if (where.defined && previous >= 0.0f && where.distance > previous) driven += where.distance - previous;
        if (where.defined) previous = where.distance;
    }
    tw_follower_free(follower);
    tw_registrar_free(registrar);
    tw_track_free(track);
    std::printf("race_cpp17: the car drove %.0f m in a minute through the C API\n", driven);
    return driven > 300.0 ? 0 : 1;
}
