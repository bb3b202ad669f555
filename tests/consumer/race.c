/* The console race through the C API alone (C11): cars of mixed vehicles and followers drive
 * three laps of the baked track and the lap times are printed. Exit 1 if any car fails to finish. */
#include "trackwright/c_api/trackwright_c.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CARS 8
#define LAPS 3

typedef struct car {
    int32_t vehicle, follower_kind;
    tw_follower* follower;
    tw_registrar* registrar;
    tw_vehicle_body body;
    tw_registration last;
    double travelled, lap_start;
    double laps[LAPS];
    int lap_count;
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

int main(void) {
    size_t size = 0;
    unsigned char* bytes = read_file(BAKED_TRACK, &size);
    tw_track* track = NULL;
    if (!bytes || tw_track_load(bytes, size, &track) != TW_OK) {
        fprintf(stderr, "race_c: cannot load %s: %s\n", BAKED_TRACK, bytes ? tw_track_load_error() : "cannot read it");
        return 1;
    }
    free(bytes);
    float length = 0.0f;
    tw_track_route_length(track, 0, &length);
    tw_line_sample start;
    tw_line_sample_at(track, 0, 0, 0.0, &start);
    static const int32_t vehicles[] = {TW_VEHICLE_CAR, TW_VEHICLE_BUGGY, TW_VEHICLE_TRUCK, TW_VEHICLE_CAR};
    static const int32_t followers[] = {TW_FOLLOWER_RUNNER, TW_FOLLOWER_PREDICTIVE, TW_FOLLOWER_PURSUIT_TUNED};
    car cars[CARS] = {0};
    for (int i = 0; i < CARS; ++i) {
        car* c = &cars[i];
        c->vehicle = vehicles[i % 4];
        c->follower_kind = followers[i % 3];
        if (tw_follower_create(track, c->follower_kind, 0, 0, c->vehicle, &c->follower) != TW_OK || tw_registrar_create(track, &c->registrar) != TW_OK)
            return 1;
        c->body.state.x = start.x;
        c->body.state.y = start.y;
        c->body.state.heading = (float)atan2(start.tangent_y, start.tangent_x);
    }
    const float dt = 1.0f / 60.0f;
    double time = 0.0;
    int running = CARS;
    while (running > 0 && time < 1200.0) {
        running = 0;
        for (int i = 0; i < CARS; ++i) {
            car* c = &cars[i];
            if (c->lap_count >= LAPS) continue;
            ++running;
            tw_registration here;
            tw_registrar_update(c->registrar, c->body.state.x, c->body.state.y, &here);
            if (here.defined && c->last.defined) {
                double d = (double)here.distance - c->last.distance;
                if (d < -length / 2.0) d += length;
                if (d > length / 2.0) d -= length;
                c->travelled += d;
            }
            if (here.defined) c->last = here;
            tw_controls controls;
            tw_follower_update(c->follower, &c->body.state, &here, dt, &controls);
            tw_vehicle_step(c->vehicle, &controls, dt, &c->body);
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
            }
            if (c->travelled >= (c->lap_count + 1) * (double)length) {
                c->laps[c->lap_count++] = time + dt - c->lap_start;
                c->lap_start = time + dt;
            }
        }
        time += dt;
    }
    int unfinished = 0;
    for (int i = 0; i < CARS; ++i) {
        printf("car %d (C API)", i + 1);
        for (int l = 0; l < cars[i].lap_count; ++l) printf("  %7.2f s", cars[i].laps[l]);
        if (cars[i].lap_count < LAPS) {
            printf("  did not finish");
            ++unfinished;
        }
        printf("\n");
        tw_follower_free(cars[i].follower);
        tw_registrar_free(cars[i].registrar);
    }
    tw_track_free(track);
    return unfinished == 0 ? 0 : 1;
}
