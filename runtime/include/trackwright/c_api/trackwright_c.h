/* Trackwright's C API: the runtime for engines that bind through C (Unity, Godot, Unreal plugins).
 * Opaque handles, status codes, no exceptions, caller-provided buffers; C11 and C++. Loading a
 * .twbake, registering positions on it, sampling its lines, driving cars with its followers on the
 * reference vehicle model. Every function checks its arguments: null handles or pointers,
 * non-finite numbers and out-of-range indices give TW_INVALID_ARGUMENT, never a crash. Handles may
 * be freed in any order: registrars and followers keep the track's bytes alive until freed.
 *
 *   tw_track* track;
 *   if (tw_track_load(bytes, size, &track) != TW_OK) ...;
 *   tw_follower* driver;
 *   tw_follower_create(track, TW_FOLLOWER_RUNNER, line, 0, TW_VEHICLE_CAR, &driver);
 *   each tick: tw_registrar_update(reg, x, y, &where); tw_follower_update(driver, &state, &where, dt, &controls);
 *              tw_vehicle_step(TW_VEHICLE_CAR, &controls, dt, &body);   (or your own physics)
 */
#ifndef TRACKWRIGHT_C_H
#define TRACKWRIGHT_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tw_status {
    TW_OK = 0,
    TW_INVALID_ARGUMENT = 1, /* a null handle or pointer, a non-finite number, an index out of range */
    TW_BAD_FILE = 2,         /* the bytes are not a .twbake this build reads: tw_track_load_error says why */
    TW_NOT_FOUND = 3,        /* no line or vehicle class of that name */
    TW_BUFFER_TOO_SMALL = 4, /* the caller's buffer is shorter than the answer; nothing was written */
    TW_OUT_OF_MEMORY = 5
} tw_status;

typedef enum tw_follower_kind {
    TW_FOLLOWER_PURSUIT = 0,
    TW_FOLLOWER_RUNNER = 1,
    TW_FOLLOWER_PREDICTIVE = 2,
    TW_FOLLOWER_RABBIT = 3,
    TW_FOLLOWER_WAYPOINT = 4,
    TW_FOLLOWER_BASELINE = 5,
    TW_FOLLOWER_PURSUIT_TUNED = 6
} tw_follower_kind;

typedef enum tw_vehicle_preset {
    TW_VEHICLE_CAR = 0,
    TW_VEHICLE_TRUCK = 1,
    TW_VEHICLE_TANK = 2,
    TW_VEHICLE_ARMOURED = 3,
    TW_VEHICLE_BUGGY = 4,
    TW_VEHICLE_HOVERCRAFT = 5
} tw_vehicle_preset;

typedef struct tw_track tw_track;         /* a loaded .twbake (owns a copy of the bytes) */
typedef struct tw_registrar tw_registrar; /* one per car: where it is along the track */
typedef struct tw_follower tw_follower;   /* one per car: state in, controls out */

/* Where a position is: metres, left positive; `defined` 0 off the walls or where perpendiculars cross. */
typedef struct tw_registration {
    int32_t defined;
    uint32_t route;
    uint32_t segment;
    float ratio;    /* eq. 39.2 of the race-track chapter, [0, 1) */
    float lateral;  /* m from the link, left positive */
    float distance; /* m along the route */
} tw_registration;

typedef struct tw_line_sample {
    double x, y, z;
    double tangent_x, tangent_y;
    float curvature;  /* 1/m, left positive */
    float speed_hint; /* m/s for the class asked for */
    float distance;   /* m, wrapped or clamped */
} tw_line_sample;

typedef struct tw_vehicle_state {
    double x, y;
    float heading;  /* rad, counter-clockwise from +x */
    float speed;    /* m/s along the heading, negative reversing */
    float yaw_rate; /* rad/s */
} tw_vehicle_state;

typedef struct tw_controls {
    float steering; /* [-1, 1], positive left */
    float throttle; /* [-1, 1], negative brakes then reverses */
    int32_t handbrake;
} tw_controls;

/* The reference model's body: its state plus the velocity and wheel angle it carries between steps. */
typedef struct tw_vehicle_body {
    tw_vehicle_state state;
    double velocity_x, velocity_y;
    float steering_angle;
} tw_vehicle_body;

const char* tw_status_string(tw_status status);
/* The library's version ("major.minor.patch", as the project's CMake version) and the .twbake
 * format version it reads: a game can log both, and refuse a bake made for another format. */
const char* tw_version(void);
uint32_t tw_baked_format_version(void);

/* Copies `size` bytes (any alignment) and validates them. */
tw_status tw_track_load(const void* bytes, size_t size, tw_track** out);
/* Why the last tw_track_load on this thread returned TW_BAD_FILE. */
const char* tw_track_load_error(void);
void tw_track_free(tw_track* track);
tw_status tw_track_counts(const tw_track* track, uint32_t* routes, uint32_t* lines, uint32_t* vehicle_classes);
/* The length of a route, m. */
/* Where the track's local frame sits in the world, metres: every position the API takes and gives
 * is relative to it (subtract it from world positions, add it to samples). 0 for a track within
 * 50 km of the world's origin. */
tw_status tw_track_origin(const tw_track* track, double* x, double* y, double* z);
tw_status tw_track_route_length(const tw_track* track, uint32_t route, float* metres);
/* The line `name` on `route` for `vehicle_class` (a class-specific line first, then one for all). */
tw_status tw_track_find_line(const tw_track* track, uint32_t route, const char* name, uint32_t vehicle_class, uint32_t* line);
/* The name of line `line` into `buffer` (with its terminating zero). */
tw_status tw_track_line_name(const tw_track* track, uint32_t line, char* buffer, size_t buffer_size);
/* The vehicle class the designer named `name` ("gt", "truck" ...): its index, which speed hints,
 * lines and followers take. TW_NOT_FOUND when the track has none of that name. */
tw_status tw_track_find_vehicle_class(const tw_track* track, const char* name, uint32_t* vehicle_class);
/* The name of vehicle class `vehicle_class` into `buffer` (with its terminating zero). */
tw_status tw_track_vehicle_class_name(const tw_track* track, uint32_t vehicle_class, char* buffer, size_t buffer_size);
tw_status tw_line_sample_at(const tw_track* track, uint32_t line, uint32_t vehicle_class, double distance, tw_line_sample* out);

tw_status tw_registrar_create(const tw_track* track, tw_registrar** out);
void tw_registrar_free(tw_registrar* registrar);
/* A non-finite x or y: TW_INVALID_ARGUMENT, and `out` says undefined. */
tw_status tw_registrar_update(tw_registrar* registrar, double x, double y, tw_registration* out);

/* `kind` a tw_follower_kind, `vehicle` a tw_vehicle_preset: plain integers, since a binding layer
 * may pass any number (an unknown one is TW_INVALID_ARGUMENT). */
tw_status tw_follower_create(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicle_class, int32_t vehicle, tw_follower** out);
void tw_follower_free(tw_follower* follower);
/* A non-finite state, registration or dt (or a negative dt): TW_INVALID_ARGUMENT, and `out` holds
 * neutral controls (all zero). */
tw_status tw_follower_update(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, tw_controls* out);
/* Stuck events so far, and whether the follower asks to put the car back on its line (then `x`,
 * `y`, `heading` say where; the request is cleared once read). */
tw_status tw_follower_stuck_events(const tw_follower* follower, int32_t* events);
tw_status tw_follower_take_teleport(tw_follower* follower, int32_t* requested, double* x, double* y, float* heading);

/* One step of the reference vehicle model (bicycle kinematics with grip and rate limits), in
 * sub-steps of at most 1/60 s. A non-finite control or body value, a negative dt or one over 0.25 s:
 * TW_INVALID_ARGUMENT, the body untouched. */
tw_status tw_vehicle_step(int32_t vehicle, const tw_controls* controls, float dt, tw_vehicle_body* body);

#ifdef __cplusplus
}
#endif

#endif /* TRACKWRIGHT_C_H */
