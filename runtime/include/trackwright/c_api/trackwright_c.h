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
 *              tw_vehicle_step_on_road(TW_VEHICLE_CAR, &controls, &where.road, dt, &body);   (or your own physics)
 */
#ifndef TRACKWRIGHT_C_H
#define TRACKWRIGHT_C_H

#include <stddef.h>
#include <stdint.h>

/* TW_API marks the C API's functions: exported from the shared library (libtrackwright_c.so,
 * trackwright_c.dll), which exports nothing else; plain declarations when linking the static
 * library. A Windows game that links the DLL defines TW_SHARED (the CMake target does it). */
#if defined(_WIN32)
#  if defined(TW_BUILDING_SHARED)
#    define TW_API __declspec(dllexport)
#  elif defined(TW_SHARED)
#    define TW_API __declspec(dllimport)
#  else
#    define TW_API
#  endif
#elif defined(__GNUC__)
#  define TW_API __attribute__((visibility("default")))
#else
#  define TW_API
#endif

/* Every call that can fail answers a tw_status; a dropped status is a compiler warning in C++17 and
 * C23 (C11 has no attribute for it). */
#if (defined(__cplusplus) && __cplusplus >= 201703L) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L)
#  define TW_NODISCARD [[nodiscard]]
#else
#  define TW_NODISCARD
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tw_status {
    TW_OK = 0,
    TW_INVALID_ARGUMENT = 1, /* a null handle or pointer, a non-finite number, an index out of range */
    TW_BAD_FILE = 2,         /* the bytes are not a .twbake this build reads: tw_track_load_error says why */
    TW_NOT_FOUND = 3,        /* no line or vehicle class of that name */
    TW_BUFFER_TOO_SMALL = 4, /* the caller's buffer is shorter than the answer; nothing was written */
    TW_OUT_OF_MEMORY = 5,
    TW_INVALID_STATE = 6     /* not now: a retired car, a pit stop already under way, a follower that makes no stops */
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
typedef struct tw_lap_counter tw_lap_counter; /* one per car: laps, lap and sector times */
typedef struct tw_recovery_planner tw_recovery_planner; /* one per track, shared by its followers on one thread */
typedef struct tw_race tw_race;           /* a race: every car's registrar, laps, follower and the traffic between them */

/* Threading: a tw_track is immutable once loaded and may be read from any number of threads at
 * once. Registrars, followers, lap counters and recovery planners are per car (or per track for the
 * planner) and are not locked: use each from one thread at a time (a race too). tw_track_load_error is per thread. */

/* The road under a point (trackwright::RoadSurface): how it climbs, leans and grips, interpolated
 * between the baked nodes. Pitch a car by asin(tangent_z), roll it by `banking`; pass it to
 * tw_vehicle_step_on_road. The level, nominal road is {0, 0, 1, 0, 1, 0}; an all-zero one has no
 * grip at all (ice): pass NULL for the level road. */
typedef struct tw_road {
    float tangent_z;          /* sin of the climb angle along (forward_x, forward_y), + uphill: 0.0995 on a 10 % ramp */
    float banking;            /* rad, + when the left edge is higher */
    float grip;               /* surface grip factor, 1 = nominal dry tarmac */
    float vertical_curvature; /* 1/m, + over a crest, - in a compression */
    float forward_x, forward_y; /* unit, the plan direction tangent_z climbs along */
} tw_road;

/* Where a position is: metres, left positive; `defined` 0 off the walls or where perpendiculars cross. */
typedef struct tw_registration {
    int32_t defined;
    uint32_t route;
    uint32_t segment;
    float ratio;    /* eq. 39.2 of the race-track chapter, [0, 1) */
    float lateral;  /* m from the link, left positive */
    float distance; /* m along the route (along its 3D links) */
    tw_road road;   /* the road there (the level road when undefined) */
} tw_registration;

typedef struct tw_line_sample {
    double x, y, z;
    double tangent_x, tangent_y;
    float curvature;  /* 1/m, left positive */
    float speed_hint; /* m/s for the class asked for */
    float distance;   /* m, wrapped or clamped */
    tw_road road;     /* the line's climb along its tangent, its nodes' banking and grip */
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
    int32_t reverse;  /* 1: the follower wants reverse gear (a stuck recovery backing out), not the brakes */
} tw_controls;

/* The reference model's body: its state plus the velocity and wheel angle it carries between steps. */
typedef struct tw_vehicle_body {
    tw_vehicle_state state;
    double velocity_x, velocity_y;
    float steering_angle;
} tw_vehicle_body;

/* The reference vehicle model's parameters, SI units: start from a preset's
 * (tw_vehicle_preset_parameters) and change what your car differs in. */
typedef struct tw_vehicle_parameters {
    float wheelbase;           /* m */
    float max_steering_angle;  /* rad, road-wheel angle at full lock (0 for a tank) */
    float steering_rate;       /* rad/s the wheels turn at most */
    float max_acceleration;    /* m/s² */
    float max_braking;         /* m/s² */
    float top_speed;           /* m/s */
    float reverse_speed;       /* m/s */
    float drag;                /* 1/m: deceleration drag * v² */
    float rolling_resistance;  /* m/s² */
    float lateral_grip;        /* m/s² */
    float turn_on_spot_rate;   /* rad/s at full steering and no speed (tanks), else 0 */
    float width;               /* m */
    /* The car's envelope (trackwright/vehicle/vehicle_limits.h); all 0 for the presets' constant limits. */
    float downforce;           /* 1/m: aero load per (m/s)^2, rho*Cl*A/(2m) */
    float load_sensitivity;    /* share of mu lost per weight of extra load */
    float brake_limit;         /* m/s^2, the brakes' own most; 0: the tyres lock first */
    float power_per_mass;      /* W/kg at the wheels; 0: max_acceleration up to top speed */
    float centre_of_gravity_height, track_width;  /* m: the load a turn or braking moves (0: none) */
} tw_vehicle_parameters;

/* A designer's marker: kind ("start-finish", "sector", "overtaking-entry", "pit-box" ...) and label
 * point into the track's bytes, valid until tw_track_free. */
typedef struct tw_marker {
    const char* kind;
    const char* label;
    uint32_t route;
    uint32_t node;
    float distance; /* m along the route */
} tw_marker;

/* Sides a car may pass on, as bits (LEFT | RIGHT = BOTH), seen from a car driving forward. */
typedef enum tw_pass_sides {
    TW_PASS_NONE = 0,
    TW_PASS_LEFT = 1,
    TW_PASS_RIGHT = 2,
    TW_PASS_BOTH = 3
} tw_pass_sides;

typedef enum tw_zone_kind {
    TW_ZONE_OVERTAKING = 0,    /* cars may pass here, on its sides, and are encouraged to */
    TW_ZONE_NO_OVERTAKING = 1  /* no passing at all */
} tw_zone_kind;

/* A designer's zone (trackwright::TrackZone): from its start node to its end node in the driving
 * direction; on a closed route an end distance below the start distance runs across the line. */
typedef struct tw_zone {
    int32_t kind;              /* tw_zone_kind */
    uint32_t sides;            /* tw_pass_sides: where passing is allowed (TW_PASS_NONE for no-overtaking) */
    uint32_t route;
    uint32_t start_node, end_node;
    float start_distance, end_distance; /* m along the route */
} tw_zone;

/* A point on a route's centre line with the frame a car placed there needs. */
typedef struct tw_track_point {
    uint32_t route;
    uint32_t segment;
    float distance;             /* m along the route */
    double x, y;
    float z;
    float heading;              /* rad, the driving direction */
    float curvature;            /* 1/m, left positive */
    float left_track, right_track; /* m of tarmac either side of the centre line */
    tw_road road;               /* the road there */
} tw_track_point;

/* A car's race: see trackwright::LapStatus in trackwright/track/lap_counter.h. */
#define TW_MAX_SECTORS 16
typedef struct tw_lap_status {
    uint32_t laps_completed;
    uint32_t sector;            /* 0-based sector the car is in */
    double race_distance;       /* m past the start line, laps included (orders the field) */
    float lap_distance;         /* m into the current lap */
    double race_time;           /* s since the race started */
    double current_lap_time;    /* s */
    double last_lap_time;       /* s, 0 before the first lap */
    double best_lap_time;       /* s, best complete lap, 0 before one */
    int32_t last_lap_complete;  /* the last lap was driven from line to line */
    uint32_t sector_count;      /* sectors per lap */
    float sector_times[TW_MAX_SECTORS]; /* s, each sector's latest time */
} tw_lap_status;

/* A two-column staggered grid behind the start line (trackwright::GridOptions);
 * tw_grid_default_options fills the defaults. */
typedef struct tw_grid_options {
    float first_row_gap;  /* m from the line back to the pole car */
    float row_spacing;    /* m between rows, same column */
    float stagger;        /* m the second column sits behind the first */
    float column_offset;  /* m off the middle of the tarmac; 0: a quarter of its width */
    int32_t pole_on_left;
    float speed;          /* m/s: 0 standing start, more for a rolling start */
} tw_grid_options;

TW_API const char* tw_status_string(tw_status status);
/* The library's version ("major.minor.patch", as the project's CMake version) and the .twbake
 * format version it reads: a game can log both, and refuse a bake made for another format. */
TW_API const char* tw_version(void);
TW_API uint32_t tw_baked_format_version(void);

/* Copies `size` bytes (any alignment) and validates them. */
TW_NODISCARD TW_API tw_status tw_track_load(const void* bytes, size_t size, tw_track** out);
/* Why the last tw_track_load on this thread returned TW_BAD_FILE. */
TW_API const char* tw_track_load_error(void);
TW_API void tw_track_free(tw_track* track);
TW_NODISCARD TW_API tw_status tw_track_counts(const tw_track* track, uint32_t* routes, uint32_t* lines, uint32_t* vehicle_classes);
/* The length of a route, m. */
/* Where the track's local frame sits in the world, metres: every position the API takes and gives
 * is relative to it (subtract it from world positions, add it to samples). 0 for a track within
 * 50 km of the world's origin. */
TW_NODISCARD TW_API tw_status tw_track_origin(const tw_track* track, double* x, double* y, double* z);
TW_NODISCARD TW_API tw_status tw_track_route_length(const tw_track* track, uint32_t route, float* metres);
/* The line `name` on `route` for `vehicle_class` (a class-specific line first, then one for all).
 * TW_INVALID_ARGUMENT for a route or class the track does not have; TW_NOT_FOUND when no line of
 * that name serves the class. */
TW_NODISCARD TW_API tw_status tw_track_find_line(const tw_track* track, uint32_t route, const char* name, uint32_t vehicle_class, uint32_t* line);
/* The name of line `line` into `buffer` (with its terminating zero). */
TW_NODISCARD TW_API tw_status tw_track_line_name(const tw_track* track, uint32_t line, char* buffer, size_t buffer_size);
/* The vehicle class the designer named `name` ("gt", "truck" ...): its index, which speed hints,
 * lines and followers take. TW_NOT_FOUND when the track has none of that name. */
TW_NODISCARD TW_API tw_status tw_track_find_vehicle_class(const tw_track* track, const char* name, uint32_t* vehicle_class);
/* The name of vehicle class `vehicle_class` into `buffer` (with its terminating zero). */
TW_NODISCARD TW_API tw_status tw_track_vehicle_class_name(const tw_track* track, uint32_t vehicle_class, char* buffer, size_t buffer_size);
TW_NODISCARD TW_API tw_status tw_line_sample_at(const tw_track* track, uint32_t line, uint32_t vehicle_class, double distance, tw_line_sample* out);

TW_NODISCARD TW_API tw_status tw_registrar_create(const tw_track* track, tw_registrar** out);
TW_API void tw_registrar_free(tw_registrar* registrar);
/* A non-finite x or y: TW_INVALID_ARGUMENT, and `out` says undefined. */
TW_NODISCARD TW_API tw_status tw_registrar_update(tw_registrar* registrar, double x, double y, tw_registration* out);
/* The same for a car at height `z` (the track's z) on a track that passes over itself: when the
 * registrar has lost the car, the road surface nearest below it wins (a car on a bridge is on the
 * bridge). A non-finite z is ignored. */
TW_NODISCARD TW_API tw_status tw_registrar_update_at_height(tw_registrar* registrar, double x, double y, double z, tw_registration* out);

/* `kind` a tw_follower_kind, `vehicle` a tw_vehicle_preset: plain integers, since a binding layer
 * may pass any number (an unknown one is TW_INVALID_ARGUMENT). */
TW_NODISCARD TW_API tw_status tw_follower_create(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicle_class, int32_t vehicle, tw_follower** out);
TW_API void tw_follower_free(tw_follower* follower);
/* A non-finite state, registration or dt (or a negative dt, or one over 0.25 s, the longest tick
 * any call takes: split a longer pause into ticks): TW_INVALID_ARGUMENT, and `out` holds neutral
 * controls (all zero). */
TW_NODISCARD TW_API tw_status tw_follower_update(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, tw_controls* out);
/* The same during a start countdown: full brakes, and nothing of the follower runs (no clock, no
 * stuck timer); the first tw_follower_update after it is the start signal. */
TW_NODISCARD TW_API tw_status tw_follower_countdown(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, tw_controls* out);
/* Stuck events so far, and whether the follower asks to put the car back on its line (then `x`,
 * `y`, `heading` say where; the request is cleared once read). */
TW_NODISCARD TW_API tw_status tw_follower_stuck_events(const tw_follower* follower, int32_t* events);
TW_NODISCARD TW_API tw_status tw_follower_take_teleport(tw_follower* follower, int32_t* requested, double* x, double* y, float* heading);

TW_NODISCARD TW_API tw_status tw_registrar_reset(tw_registrar* registrar); /* the next update asks the grid (after a teleport) */
TW_NODISCARD TW_API tw_status tw_follower_reset(tw_follower* follower);    /* forgets its progress and stuck state */
/* A follower for a car with your own parameters (see tw_vehicle_parameters); parameters the model
 * cannot run (a non-finite or negative number, no wheelbase, no way to turn) are TW_INVALID_ARGUMENT. */
TW_NODISCARD TW_API tw_status tw_follower_create_custom(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicle_class,
                                           const tw_vehicle_parameters* vehicle, tw_follower** out);

/* Markers, the lap counter, the nearest point, the starting grid. */
TW_NODISCARD TW_API tw_status tw_track_marker_count(const tw_track* track, uint32_t* count);
TW_NODISCARD TW_API tw_status tw_track_marker(const tw_track* track, uint32_t index, tw_marker* out);
/* The first marker of `kind` at index `from` or later: TW_NOT_FOUND when none. */
TW_NODISCARD TW_API tw_status tw_track_find_marker(const tw_track* track, const char* kind, uint32_t from, uint32_t* index);
/* Zones and the designer's race settings (trackwright/track/race_zones.h). */
TW_NODISCARD TW_API tw_status tw_track_zone_count(const tw_track* track, uint32_t* count);
TW_NODISCARD TW_API tw_status tw_track_zone(const tw_track* track, uint32_t index, tw_zone* out);
/* At `distance` m along `route`: `sides` (tw_pass_sides) where a car may pass there, `encouraged`
 * 1 inside an overtaking zone. Inside a no-overtaking zone TW_PASS_NONE; elsewhere TW_PASS_BOTH. */
TW_NODISCARD TW_API tw_status tw_track_overtaking_rule(const tw_track* track, uint32_t route, float distance, uint32_t* sides, int32_t* encouraged);
/* Metres ahead to the next no-overtaking zone on `route`: 0 inside one, INFINITY when none. */
TW_NODISCARD TW_API tw_status tw_track_distance_to_no_overtaking(const tw_track* track, uint32_t route, float distance, float* metres);
/* +1 when lapped cars yield to the left, -1 to the right (the default). */
TW_NODISCARD TW_API tw_status tw_track_yield_side(const tw_track* track, float* side);
/* Seconds a pit stop stands at its box (3 by default). */
TW_NODISCARD TW_API tw_status tw_track_pit_stop_time(const tw_track* track, float* seconds);
/* The grid the designer set for the track (tw_grid_default_options where it sets none). */
TW_NODISCARD TW_API tw_status tw_grid_designer_options(const tw_track* track, tw_grid_options* options);
/* The point `distance` m along `route`: wrapped on a loop, clamped on an open route. */
TW_NODISCARD TW_API tw_status tw_track_route_point(const tw_track* track, uint32_t route, double distance, tw_track_point* out);
/* The centre-line point nearest (x, y) on any route, for a lost car; `off_track` its distance, m.
 * Looks at every segment: for the rare lost car, not every car every tick. */
TW_NODISCARD TW_API tw_status tw_track_nearest_point(const tw_track* track, double x, double y, tw_track_point* out, float* off_track);
TW_API void tw_grid_default_options(tw_grid_options* options);
/* The state of the car on grid slot `slot` (0 = pole): null options are the defaults. TW_NOT_FOUND
 * when an open route has no room behind its start for that slot. */
TW_NODISCARD TW_API tw_status tw_grid_slot(const tw_track* track, uint32_t slot, const tw_grid_options* options, tw_vehicle_state* out);
/* The reference model's body for a car starting in `state` (moving along its heading, wheels set
 * for its yaw rate). */
TW_NODISCARD TW_API tw_status tw_vehicle_starting_body(const tw_vehicle_parameters* vehicle, const tw_vehicle_state* state, tw_vehicle_body* out);
/* TW_NOT_FOUND for a track without a closed route (no laps to count). */
TW_NODISCARD TW_API tw_status tw_lap_counter_create(const tw_track* track, tw_lap_counter** out);
TW_API void tw_lap_counter_free(tw_lap_counter* counter);
/* Advances the race clock by dt and takes the car's registration; a negative, non-finite or over-0.25 s dt
 * or a non-finite registration is TW_INVALID_ARGUMENT and changes nothing. `out` may be null. */
TW_NODISCARD TW_API tw_status tw_lap_counter_update(tw_lap_counter* counter, const tw_registration* where, float dt, tw_lap_status* out);
TW_NODISCARD TW_API tw_status tw_lap_counter_reset(tw_lap_counter* counter);

/* Vehicles: a preset's parameters, its name, and stepping your own. */
TW_NODISCARD TW_API tw_status tw_vehicle_preset_parameters(int32_t vehicle, tw_vehicle_parameters* out);
/* "car", "truck", "tank", "armoured", "buggy", "hovercraft": also the vehicle class a bake makes
 * for it when the track names none, so tw_track_find_vehicle_class(track, name) finds its hints. */
TW_API const char* tw_vehicle_preset_name(int32_t vehicle);
TW_NODISCARD TW_API tw_status tw_vehicle_step_custom(const tw_vehicle_parameters* vehicle, const tw_controls* controls, float dt, tw_vehicle_body* body);
/* Keeps `body` inside the walls: `last_defined` is the car's last defined registration. `contact`
 * says whether it touched one (the body was put back inside). */
TW_NODISCARD TW_API tw_status tw_wall_contact(const tw_track* track, const tw_registration* last_defined, tw_vehicle_body* body, int32_t* contact);

/* Stuck recovery: a planner per track (it holds a few MB of search space), shared by the followers
 * of one thread. Attached to a follower, its stuck manager plans a manoeuvre (reversing, multi-point
 * turns) instead of only asking for a teleport. Handles may be freed in any order. */
TW_NODISCARD TW_API tw_status tw_recovery_planner_create(const tw_track* track, tw_recovery_planner** out);
TW_API void tw_recovery_planner_free(tw_recovery_planner* planner);
TW_NODISCARD TW_API tw_status tw_follower_attach_recovery(tw_follower* follower, tw_recovery_planner* planner, const tw_vehicle_parameters* vehicle);

/* One step of the reference vehicle model (bicycle kinematics with grip and rate limits), in
 * sub-steps of at most 1/60 s. A non-finite control or body value, a negative dt or one over 0.25 s:
 * TW_INVALID_ARGUMENT, the body untouched. */
TW_NODISCARD TW_API tw_status tw_vehicle_step(int32_t vehicle, const tw_controls* controls, float dt, tw_vehicle_body* body);
/* The same on the road under the car (its last defined registration's `road`; null is the level road): a climb
 * slows it by g sin(angle), a descent speeds it up, grip scales brakes, traction and cornering,
 * banking helps a car turn towards its low side. On the level road with grip 1 it is tw_vehicle_step. */
TW_NODISCARD TW_API tw_status tw_vehicle_step_on_road(int32_t vehicle, const tw_controls* controls, const tw_road* road, float dt, tw_vehicle_body* body);
TW_NODISCARD TW_API tw_status tw_vehicle_step_custom_on_road(const tw_vehicle_parameters* vehicle, const tw_controls* controls, const tw_road* road, float dt,
                                                tw_vehicle_body* body);

/* A race (trackwright::RaceWorld, trackwright/drive/race_world.h): add the cars, then every tick
 * hand over every car's state (your physics moved it) and get every car's controls back. The race
 * registers each car, counts its laps, builds the traffic view once, runs each car's follower with
 * its neighbours and driver, and keeps the running order with timing-loop gaps. The states of a step
 * are the cars at tw_race_time; its dt is how long you will move them before the next step. The
 * first step is the start (time 0). A step allocates nothing.
 *
 *   tw_race* race;  tw_race_create(track, 3, &race);            3 laps; 0: no flag
 *   tw_race_reserve(race, 20);                                   room for the field: adds then grow nothing
 *   for each car:   tw_race_add_car(race, TW_FOLLOWER_RUNNER, line, 0, &vehicle, &driver, 0, 0, &index);
 *   the player:     tw_race_add_external_car(race, line, &vehicle, 0, 0, &player);
 *   each tick:      tw_race_step(race, states, count, dt, controls);   then move the cars
 *                   tw_race_standings(race, tower, count);       the whole tower, leader first
 *
 * The race may change while it runs: cars added (they join where they stand), retired, reset after
 * a crash, their drivers changed; the race paused. tw_race_predict says where a car will be. */

/* How a driver races (trackwright::DriverProfile): tw_driver_profile_default fills the defaults. */
typedef struct tw_driver_profile {
    float pace;           /* fraction of the speed hints it drives at, (0, 1] */
    float aggression;     /* [0, 1]: how hard it defends and how readily it tries a pass */
    float consistency;    /* [0, 1]: 1 laps like a metronome; less varies its pace by up to (1 - c) * 2 % */
    float reaction_time;  /* s from the start signal to its throttle, [0, 5] */
    uint64_t seed;        /* its own noise */
    float strength;       /* [0.5, 1]: 1 laps at the car's ideal; its clean lap takes 1/strength of that (corners slower) */
    float composure;      /* [0, 1]: under pressure from a car behind its mistakes grow by 1 + 2 * (1 - composure) */
    float optimism;       /* [0, 1]: how early it tries a pass (its decision gap times 1 + 0.8 * (optimism - 0.5)) */
    float smoothness;     /* [0, 1]: its lock-ups and slides come at 1.5 - smoothness of their rates */
    float pit_crew;       /* [0, 1]: a pit stop stands 1.25 - 0.5 * pit_crew of the track's pit stop time */
    float mistakes;       /* [0, 4]: its mistakes as a multiple of the documented rates; 0 (the default) makes none */
} tw_driver_profile;

/* Bits of tw_race_standing.flags. */
#define TW_RACE_FINISHED 1u   /* it has taken the flag */
#define TW_RACE_ON_TRACK 2u   /* this tick's registration is defined */
#define TW_RACE_RETIRED 4u    /* it has retired (tw_race_retire_car): behind every car still racing */
#define TW_RACE_EXTERNAL 8u   /* the game drives it (tw_race_add_external_car) */

/* One car's line of the tower. */
typedef struct tw_race_standing {
    uint32_t car;          /* its index (the order it was added in) */
    uint32_t position;     /* 1 for the leader */
    uint32_t laps;         /* laps completed, at most the race's */
    uint32_t flags;        /* TW_RACE_FINISHED | TW_RACE_ON_TRACK */
    double race_distance;  /* m from the start line, laps included (negative on the grid behind it) */
    double gap_to_leader;  /* s, timing-loop (how long ago the leader was here); between finishers, the finish times' difference */
    double gap_to_ahead;   /* s, the same to the car one place up (0 for the leader) */
    double finish_time;    /* s of race time it crossed the line for the last time; -1 before */
} tw_race_standing;

/* A race's settings (trackwright::RaceWorldOptions): tw_race_options_default fills the defaults. */
/* Catch-up (trackwright/traffic/catch_up.h), off by default: each AI car's corner pace is scaled by
 * 1 + gain * (its timing-loop gap to the reference car beyond the deadband, in s), at most
 * max_help faster when behind and max_slow slower when ahead (times the car's own limit,
 * tw_race_set_catch_up_limit), never above the hints. A weaker driver settles further back than a
 * stronger one: the order of strength is kept and the field does not bunch. */
typedef struct tw_catch_up {
    int32_t enabled;     /* 0: off */
    int64_t reference;   /* the car the others are drawn towards (the player's); -1: the middle car of those racing */
    float deadband;      /* s of gap with no effect, [0, 600] (1) */
    float gain;          /* share of corner pace per s of gap beyond it, [0, 1] (0.02) */
    float max_help;      /* most a car behind is helped by, [0, 0.5] (0.25) */
    float max_slow;      /* most a car ahead is slowed by, [0, 0.5] (0.15) */
} tw_catch_up;

typedef struct tw_race_options {
    uint32_t laps;             /* laps to the flag; 0: no flag */
    float ahead_range;         /* m of gap ahead a car looks at in traffic (200) */
    float behind_range;        /* m of gap behind (70) */
    float lateral_horizon;     /* s lateral speeds are held in the traffic prediction (2) */
    double timing_step;        /* s between timing-loop samples, [0.001, 60] (0.1) */
    uint64_t timing_samples;   /* samples kept per car: gaps up to step * samples s, [2, 864000] (1800) */
    tw_catch_up catch_up;      /* off */
} tw_race_options;

/* Where a car is or will be (a reset's place, a prediction). */
typedef struct tw_race_pose {
    double x, y;
    float z;          /* m, the road's height there; 0 off every route */
    float heading;    /* rad, counter-clockwise from +x */
    float speed;      /* m/s along the heading */
    int32_t on_track; /* 1: along a route; 0: off every route, from its heading and speed alone */
} tw_race_pose;

TW_API void tw_driver_profile_default(tw_driver_profile* profile);
/* The profile of a named character (trackwright::driverPreset): "naive", "typical", "competitive",
 * "cautious", "defensive" or "aggressive", in lower case. It sets aggression, consistency,
 * reaction_time, composure, optimism, smoothness, pit_crew and mistakes; pace and strength are 1 and
 * the seed 0, for the game to set. TW_INVALID_ARGUMENT for a null pointer or another name (the
 * profile untouched). */
TW_NODISCARD TW_API tw_status tw_driver_profile_preset(const char* name, tw_driver_profile* profile);
/* The strength whose clean lap takes target_seconds where the car's strength-1 lap takes
 * strength_one_seconds (a game's "match my pace"): their ratio, within [0.5, 1]; 0 when either is
 * not a positive finite time. A driver of strength S laps clean in 1/S of the strength-1 lap. */
TW_API float tw_strength_for_lap_time(double strength_one_seconds, double target_seconds);

/* The roster a designer baked into the track (`twbake build --roster FILE`; trackwright/traffic/
 * track_roster.h): named drivers in car order, each ready for tw_race_add_car. *count is 0 when the
 * track has none. */
TW_NODISCARD TW_API tw_status tw_track_roster_size(const tw_track* track, uint32_t* count);
/* Driver `index` of the roster: its profile (its character's preset with the roster's fields over
 * it; seed 0 unless the roster gave one, for the game to set), its name and its character's name
 * ("aggressive" ...) into the buffers with their terminating zeros. `name` and `character` may be
 * null (not wanted); TW_BUFFER_TOO_SMALL when one does not fit (nothing else written then), and
 * TW_INVALID_ARGUMENT for a null track or profile or an index past the roster. */
TW_NODISCARD TW_API tw_status tw_track_roster_driver(const tw_track* track, uint32_t index, tw_driver_profile* profile, char* name, size_t name_size,
                                                     char* character, size_t character_size);
/* The index of the roster driver named `name` (exact); TW_NOT_FOUND when the roster has none. */
TW_NODISCARD TW_API tw_status tw_track_find_roster_driver(const tw_track* track, const char* name, uint32_t* index);

/* A driver's mistakes (trackwright/traffic/driver_mistakes.h): a runner whose driver has `mistakes`
 * above 0 makes them at corners, at rates per lap that fall with strength and composure. */
typedef enum tw_mistake_kind {
    TW_MISTAKE_LATE_BRAKING = 0, /* into the corner at 1.1 of its own pace, then from the apex 1.5 m wide at 0.8 */
    TW_MISTAKE_LOCK_UP = 1,      /* full brakes for 0.5 s from its braking point, the steering half gone */
    TW_MISTAKE_MISSED_APEX = 2,  /* 1.5 m wide of its line from half-way to the apex, at 0.9 of its pace */
    TW_MISTAKE_SLIDE = 3         /* full throttle for 0.5 s from the apex, then 1.2 s at 0.8 of its pace */
} tw_mistake_kind;
#define TW_MISTAKE_KINDS 4

typedef struct tw_mistakes {
    uint32_t made[TW_MISTAKE_KINDS]; /* per tw_mistake_kind, since the car joined */
    int32_t active;                  /* the tw_mistake_kind it is making now; -1: none */
} tw_mistakes;

/* Mistakes per lap of `kind` for `driver` (pressed: a car within 1 s behind): the documented rate
 * 0.02, 0.01, 0.03, 0.01 (late braking, lock-up, missed apex, slide) times mistakes, times
 * 1 + 20 * (1 - strength), times 1 + 2 * (1 - composure) when pressed, times 1.5 - smoothness for
 * lock-ups and slides. TW_INVALID_ARGUMENT for a null pointer, an unknown kind or an invalid driver. */
TW_NODISCARD TW_API tw_status tw_mistake_rate(const tw_driver_profile* driver, int32_t kind, int32_t pressed, float* per_lap);
/* Catch-up mid-race (on, off, another reference); TW_INVALID_ARGUMENT for a value out of range
 * (nothing changes then). */
TW_NODISCARD TW_API tw_status tw_race_set_catch_up(tw_race* race, const tw_catch_up* catch_up);
/* Car `car`'s share of the catch-up limits, [0, 1] (1 when added; 0 leaves it out). */
TW_NODISCARD TW_API tw_status tw_race_set_catch_up_limit(tw_race* race, uint32_t car, float limit);
/* The factor catch-up scales car `car`'s corner pace by this tick (1 when off). */
TW_NODISCARD TW_API tw_status tw_race_car_catch_up(const tw_race* race, uint32_t car, float* factor);
/* Car `car`'s mistakes so far and the one under way (for a game's commentary or replay marks). */
TW_NODISCARD TW_API tw_status tw_race_car_mistakes(const tw_race* race, uint32_t car, tw_mistakes* out);
TW_API void tw_race_options_default(tw_race_options* options);
/* A race of `laps` laps (0: no flag; nobody finishes, the order still counts) on `track`. Laps need
 * a closed route: on a track without one the order is the distance along each car's route. */
TW_NODISCARD TW_API tw_status tw_race_create(const tw_track* track, uint32_t laps, tw_race** out);
/* The same with every setting: TW_INVALID_ARGUMENT for a setting out of its range (nothing made). */
TW_NODISCARD TW_API tw_status tw_race_create_with_options(const tw_track* track, const tw_race_options* options, tw_race** out);
/* Room for `cars` cars: the adds up to that many grow nothing but their followers (100 000 cars add
 * in about a second). TW_OUT_OF_MEMORY when the room cannot be had (the race is unchanged). */
TW_NODISCARD TW_API tw_status tw_race_reserve(tw_race* race, uint32_t cars);
TW_API void tw_race_free(tw_race* race);
/* Adds a car: its follower `kind` (a tw_follower_kind) on `line` with `vehicle_class`'s speed hints,
 * its vehicle (null: the car preset), its driver (null: the defaults), its length and width in m
 * (0: the wheelbase + 2 m, the vehicle's width). `index` (may be null) receives its index, 0, 1, ...
 * TW_INVALID_ARGUMENT for anything the track or the model cannot take; nothing is added then. Added
 * after the start, a car joins where the next step's state puts it (its laps count from there) and
 * every step's arrays grow by one. */
TW_NODISCARD TW_API tw_status tw_race_add_car(tw_race* race, int32_t kind, uint32_t line, uint32_t vehicle_class, const tw_vehicle_parameters* vehicle,
                                 const tw_driver_profile* driver, float length, float width, uint32_t* index);
/* Adds a car the game drives (the player's, or one on the game's own AI) on `line`'s route: the race
 * registers it, counts its laps, ranks it and every AI car sees it in traffic (follows, yields to,
 * defends against and passes it, expecting what `vehicle` can do; null: the car preset); its
 * controls are neutral. Length, width and index as tw_race_add_car. */
TW_NODISCARD TW_API tw_status tw_race_add_external_car(tw_race* race, uint32_t line, const tw_vehicle_parameters* vehicle, float length, float width,
                                          uint32_t* index);
/* Car `car` leaves the race for good: not registered, seen, driven or timed any more, its state in a
 * step not read (anything), at the back of the tower. TW_INVALID_STATE when it already has. */
TW_NODISCARD TW_API tw_status tw_race_retire_car(tw_race* race, uint32_t car);
/* After a crash: a safe place for car `car` beside where it left the road, in `placed` (put it there
 * at rest): on its route where it last was, at the tarmac's edge on the side it left from, facing the
 * driving direction, moved back while another car is there. Its driver starts afresh; its laps stay.
 * TW_INVALID_STATE for a retired car. */
TW_NODISCARD TW_API tw_status tw_race_reset_car(tw_race* race, uint32_t car, tw_race_pose* placed);
/* A new driver for AI car `car` mid-race, from the next step. TW_INVALID_ARGUMENT for a profile out
 * of range or an external car; TW_INVALID_STATE for a retired car. */
TW_NODISCARD TW_API tw_status tw_race_set_driver(tw_race* race, uint32_t car, const tw_driver_profile* driver);
/* Paused (1) a step changes nothing (no clock, laps, timing or driver) and gives every car its last
 * controls; 0 resumes. Move no car while paused. */
TW_NODISCARD TW_API tw_status tw_race_set_paused(tw_race* race, int32_t paused);
/* Where car `car` will be `seconds` s on, 0 to 3, from what it plans now: an AI car along its line at
 * its speed hints and pace, easing onto the offset its race craft steers to; an external car along
 * its route at its speed. TW_INVALID_ARGUMENT for seconds out of range or before the first step;
 * TW_INVALID_STATE for a retired car. */
TW_NODISCARD TW_API tw_status tw_race_predict(const tw_race* race, uint32_t car, float seconds, tw_race_pose* out);
TW_NODISCARD TW_API tw_status tw_race_car_count(const tw_race* race, uint32_t* count);
/* Lends every car's stuck manager a planner (cars added later too); the race keeps it alive. */
TW_NODISCARD TW_API tw_status tw_race_attach_recovery(tw_race* race, tw_recovery_planner* planner);
/* One tick: `states[i]` is car i now (`count` must be the car count), `controls[i]` receives what its
 * driver does for the next `dt` s. A null pointer, a wrong count, a negative, non-finite or over-0.25 s
 * dt or a non-finite state: TW_INVALID_ARGUMENT, nothing changed, and `controls` (when not null and the
 * count is right) neutral. A race without cars takes null arrays. */
TW_NODISCARD TW_API tw_status tw_race_step(tw_race* race, const tw_vehicle_state* states, uint32_t count, float dt, tw_controls* controls);
/* The same with every car's height (m, the track's z; heights[i] for car i, a non-finite one unknown):
 * on a track that passes over itself each car registers on the deck it drives, and the cars on a
 * bridge and under it are not neighbours. A retired car's state and height are not read. */
TW_NODISCARD TW_API tw_status tw_race_step_at_height(tw_race* race, const tw_vehicle_state* states, const float* heights, uint32_t count, float dt,
                                        tw_controls* controls);
/* s of race time: the time of the states the last step was given. */
TW_NODISCARD TW_API tw_status tw_race_time(const tw_race* race, double* seconds);
/* Car `car`'s standing, and the standing of the car in place `place` (0 = the leader). */
TW_NODISCARD TW_API tw_status tw_race_car_standing(const tw_race* race, uint32_t car, tw_race_standing* out);
TW_NODISCARD TW_API tw_status tw_race_standing_at(const tw_race* race, uint32_t place, tw_race_standing* out);
/* Every car's standing at once (`count` must be the car count): the tower leader first, and by car
 * index. */
TW_NODISCARD TW_API tw_status tw_race_standings(const tw_race* race, tw_race_standing* out, uint32_t count);
TW_NODISCARD TW_API tw_status tw_race_car_standings(const tw_race* race, tw_race_standing* out, uint32_t count);
/* Car `car`'s laps, lap and sector times. */
TW_NODISCARD TW_API tw_status tw_race_car_lap_status(const tw_race* race, uint32_t car, tw_lap_status* out);
/* Car `car`'s registration this tick (where the race saw it). */
TW_NODISCARD TW_API tw_status tw_race_car_registration(const tw_race* race, uint32_t car, tw_registration* out);
/* The share of its drag the car ahead spares car `car` this tick (0 outside a tow): step the car's
 * physics with tw_vehicle_in_slipstream's parameters for the tow its driver plans with. */
TW_NODISCARD TW_API tw_status tw_race_car_slipstream(const tw_race* race, uint32_t car, float* share);
/* `vehicle` with `share` of its drag spared in a tow: drag times (1 - share), top speed times
 * (1 - share)^(-1/3); a share outside [0, 0.9] is clamped. */
TW_NODISCARD TW_API tw_status tw_vehicle_in_slipstream(const tw_vehicle_parameters* vehicle, float share, tw_vehicle_parameters* out);
/* Whether car `car`'s stuck manager asks to put it back on its line (then x, y, heading say where;
 * cleared once read, and the car's registration starts afresh). */
TW_NODISCARD TW_API tw_status tw_race_take_teleport(tw_race* race, uint32_t car, int32_t* requested, double* x, double* y, float* heading);

/* Pit stops (trackwright/drive/pit_stop.h), on tracks whose pit lane is a branch of the main route
 * with "pit-box" markers (tw_track_find_marker(track, "pit-box", ...)). Told to pit, a runner car
 * drives into the lane on its next pass of the fork, keeps the lane's limit, stands at its box for
 * tw_track_pit_stop_time and merges back into a gap; the race moves its registration onto the lane
 * and back, and its laps count through the lane. */
typedef enum tw_pit_answer {
    TW_PIT_ACCEPTED = 0,
    TW_PIT_NOT_A_BOX = 1,        /* the marker does not exist or is not a "pit-box" */
    TW_PIT_NO_PIT_LANE = 2,      /* the box's route does not fork from and join the car's route */
    TW_PIT_NO_LINE = 3,          /* the lane has no line for the car's class */
    TW_PIT_ALREADY_PITTING = 4,  /* one stop at a time */
    TW_PIT_UNSUPPORTED = 5       /* only the runner follower makes pit stops */
} tw_pit_answer;

typedef enum tw_pit_state {
    TW_PIT_RACING = 0,     /* no stop asked for, or the last one is done */
    TW_PIT_ENTERING = 1,   /* asked to pit, driving to the lane's fork */
    TW_PIT_IN_LANE = 2,    /* in the lane at its limit, driving to its box */
    TW_PIT_STOPPED = 3,    /* standing at its box */
    TW_PIT_REJOINING = 4   /* out of the box, merging back into the race */
} tw_pit_state;

typedef struct tw_race_pit {
    int32_t state;        /* a tw_pit_state */
    uint32_t stops;       /* stops completed */
    float standing_time;  /* s stood at the box in the current (or last) stop */
} tw_race_pit;

/* Tells car `car` to pit at the "pit-box" marker `box_marker`. TW_OK when accepted; otherwise
 * `answer` (may be null) says why: TW_INVALID_ARGUMENT for a marker that is no pit box (or a null
 * race, a car out of range), TW_NOT_FOUND when the track has no pit lane or line there for the car,
 * TW_INVALID_STATE when it is already pitting or its follower makes no stops. Nothing changes then. */
TW_NODISCARD TW_API tw_status tw_race_request_pit_stop(tw_race* race, uint32_t car, uint32_t box_marker, int32_t* answer);
/* Where car `car` is in its pit stop. */
TW_NODISCARD TW_API tw_status tw_race_car_pit(const tw_race* race, uint32_t car, tw_race_pit* out);

#ifdef __cplusplus
}
#endif

#endif /* TRACKWRIGHT_C_H */
