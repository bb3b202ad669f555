/* The console race through the C API alone (C11): cars of mixed vehicles and followers start from
 * the grid and drive three laps of the baked track; the lap counter times them and the lap times
 * are printed. Then a race in traffic through tw_race: drivers of spread paces, the race running
 * their registrars, laps, traffic and followers, the game their physics; the tower is printed.
 * Exit 1 if any car fails to finish. */
#include "trackwright/c_api/trackwright_c.h"

#include <stdio.h>
#include <stdlib.h>

#define CARS 8
#define LAPS 3

typedef struct car {
    int32_t vehicle, follower_kind;
    tw_follower* follower;
    tw_registrar* registrar;
    tw_lap_counter* laps;
    tw_vehicle_body body;
    tw_registration last_defined;
    tw_lap_status status;
    double lap_times[LAPS];
} car;

static unsigned char* read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    const long length = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char* bytes = malloc((size_t)length);
    *size = bytes ? fread(bytes, 1, (size_t)length, f) : 0;
    fclose(f);
    return bytes;
}

/* A race in traffic through tw_race: 6 drivers of spread paces, 2 laps; 0 when every car finished. */
static int race_in_traffic(const tw_track* track) {
    enum { FIELD = 6, RACE_LAPS = 2 };
    tw_race* race = NULL;
    tw_vehicle_parameters parameters;
    uint32_t vehicle_class = 0;
    if (tw_track_find_vehicle_class(track, "car", &vehicle_class) != TW_OK) vehicle_class = 0;
    if (tw_race_create(track, RACE_LAPS, &race) != TW_OK || tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &parameters) != TW_OK) return 1;
    tw_vehicle_body bodies[FIELD];
    tw_registration last_defined[FIELD];
    tw_vehicle_state states[FIELD];
    tw_controls controls[FIELD];
    for (uint32_t i = 0; i < FIELD; ++i) {
        tw_driver_profile driver;
        tw_driver_profile_default(&driver);
        driver.pace = 1.0f - 0.02f * (float)i;
        driver.seed = i;
        tw_vehicle_state slot;
        if (tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, vehicle_class, &parameters, &driver, 0.0f, 0.0f, NULL) != TW_OK ||
            tw_grid_slot(track, i, NULL, &slot) != TW_OK || tw_vehicle_starting_body(&parameters, &slot, &bodies[i]) != TW_OK) {
            fprintf(stderr, "race_c: cannot set up the race in traffic\n");
            tw_race_free(race);
            return 1;
        }
        tw_race_car_registration(race, i, &last_defined[i]);  /* undefined until the first step: the level road */
    }
    const float dt = 1.0f / 60.0f;
    tw_race_standing last = {0};
    for (int tick = 0; tick < 1200 * 60 && !(last.flags & TW_RACE_FINISHED); ++tick) {
        for (int i = 0; i < FIELD; ++i) states[i] = bodies[i].state;
        if (tw_race_step(race, states, FIELD, dt, controls) != TW_OK) break;
        for (uint32_t i = 0; i < FIELD; ++i) {
            tw_registration here;
            tw_race_car_registration(race, i, &here);
            if (here.defined) last_defined[i] = here;
            tw_vehicle_step_on_road(TW_VEHICLE_CAR, &controls[i], &last_defined[i].road, dt, &bodies[i]);
            int32_t contact = 0, teleport = 0;
            tw_wall_contact(track, &last_defined[i], &bodies[i], &contact);
            double x = 0.0, y = 0.0;
            float heading = 0.0f;
            tw_race_take_teleport(race, i, &teleport, &x, &y, &heading);
            if (teleport) {
                tw_vehicle_body fresh = {0};
                fresh.state.x = x;
                fresh.state.y = y;
                fresh.state.heading = heading;
                bodies[i] = fresh;
            }
        }
        tw_race_standing_at(race, FIELD - 1, &last);
    }
    printf("race in traffic (tw_race), %d laps:\n", RACE_LAPS);
    for (uint32_t place = 0; place < FIELD; ++place) {
        tw_race_standing s;
        tw_race_standing_at(race, place, &s);
        printf("  P%u  car %u  %u laps  %s%.2f s\n", s.position, s.car + 1, s.laps, place == 0 ? "" : "+", place == 0 ? s.finish_time : s.gap_to_leader);
    }
    tw_race_free(race);
    return (last.flags & TW_RACE_FINISHED) ? 0 : 1;
}

int main(void) {
    size_t size = 0;
    unsigned char* bytes = read_file(BAKED_TRACK, &size);
    tw_track* track = NULL;
    if (!bytes || tw_track_load(bytes, size, &track) != TW_OK) {
        fprintf(stderr, "race_c: cannot load %s: %s\n", BAKED_TRACK, bytes ? tw_track_load_error() : "cannot read it");
        return 1;
    }
    free(bytes);
    printf("Trackwright %s, .twbake format %u\n", tw_version(), tw_baked_format_version());
    static const int32_t vehicles[] = {TW_VEHICLE_CAR, TW_VEHICLE_BUGGY, TW_VEHICLE_TRUCK, TW_VEHICLE_CAR};
    static const int32_t followers[] = {TW_FOLLOWER_RUNNER, TW_FOLLOWER_PREDICTIVE, TW_FOLLOWER_PURSUIT_TUNED};
    car cars[CARS] = {0};
    for (int i = 0; i < CARS; ++i) {
        car* c = &cars[i];
        c->vehicle = vehicles[i % 4];
        c->follower_kind = followers[i % 3];
        /* The vehicle's own class when the track has one of its name (the bake's defaults do), else the first. */
        uint32_t vehicle_class = 0;
        if (tw_track_find_vehicle_class(track, tw_vehicle_preset_name(c->vehicle), &vehicle_class) != TW_OK) vehicle_class = 0;
        tw_vehicle_parameters parameters;
        tw_vehicle_state slot;
        if (tw_follower_create(track, c->follower_kind, 0, vehicle_class, c->vehicle, &c->follower) != TW_OK ||
            tw_registrar_create(track, &c->registrar) != TW_OK || tw_lap_counter_create(track, &c->laps) != TW_OK ||
            tw_grid_slot(track, (uint32_t)i, NULL, &slot) != TW_OK || tw_vehicle_preset_parameters(c->vehicle, &parameters) != TW_OK ||
            tw_vehicle_starting_body(&parameters, &slot, &c->body) != TW_OK) {
            fprintf(stderr, "race_c: cannot set up car %d\n", i + 1);
            return 1;
        }
    }
    const float dt = 1.0f / 60.0f;
    int running = CARS;
    for (int tick = 0; running > 0 && tick < 1200 * 60; ++tick) {
        running = 0;
        for (int i = 0; i < CARS; ++i) {
            car* c = &cars[i];
            if (c->status.laps_completed >= LAPS) continue;
            ++running;
            tw_registration here;
            tw_registrar_update(c->registrar, c->body.state.x, c->body.state.y, &here);
            if (here.defined) c->last_defined = here;
            const uint32_t before = c->status.laps_completed;
            tw_lap_counter_update(c->laps, &here, tick == 0 ? 0.0f : dt, &c->status);
            if (c->status.laps_completed > before) c->lap_times[before] = c->status.last_lap_time;
            tw_controls controls;
            tw_follower_update(c->follower, &c->body.state, &here, dt, &controls);
            tw_vehicle_step_on_road(c->vehicle, &controls, &c->last_defined.road, dt, &c->body);  /* the road under the car */
            int32_t contact = 0;
            tw_wall_contact(track, &c->last_defined, &c->body, &contact);
            int32_t teleport = 0;
            double x = 0.0, y = 0.0;
            float heading = 0.0f;
            tw_follower_take_teleport(c->follower, &teleport, &x, &y, &heading);
            if (teleport) {
                tw_vehicle_body fresh = {0};
                fresh.state.x = x;
                fresh.state.y = y;
                fresh.state.heading = heading;
                c->body = fresh;
                tw_registrar_reset(c->registrar);
            }
        }
    }
    int unfinished = 0;
    for (int i = 0; i < CARS; ++i) {
        printf("car %d (C API, %s)", i + 1, tw_vehicle_preset_name(cars[i].vehicle));
        for (uint32_t l = 0; l < cars[i].status.laps_completed && l < LAPS; ++l) printf("  %7.2f s", cars[i].lap_times[l]);
        if (cars[i].status.laps_completed < LAPS) {
            printf("  did not finish");
            ++unfinished;
        }
        printf("\n");
        tw_lap_counter_free(cars[i].laps);
        tw_follower_free(cars[i].follower);
        tw_registrar_free(cars[i].registrar);
    }
    if (race_in_traffic(track) != 0) {
        printf("race in traffic: not every car finished\n");
        ++unfinished;
    }
    tw_track_free(track);
    return unfinished == 0 ? 0 : 1;
}
