// The C API over the runtime (trackwright_c.h): each handle wraps the C++ object, each function
// checks its arguments first, nothing throws across the boundary.
#include "trackwright/c_api/trackwright_c.h"

#include "trackwright/drive/follower_factory.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"
#include "trackwright/traffic/driver_presets.h"
#include "trackwright/traffic/driver_strength.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/traffic/track_roster.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/vehicle/starting_grid.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <vector>

/// The bytes of a loaded track, 8-byte aligned as the loader wants them. Shared by the track and
/// every registrar and follower made from it, so the handles may be freed in any order (freeing the
/// track before its registrars was a use-after-free).
using SharedBytes = std::shared_ptr<const std::vector<std::uint64_t>>;

struct tw_track {
    SharedBytes storage;
    trackwright::BakedTrack track;
};

struct tw_registrar {
    tw_registrar(const tw_track& t) : storage(t.storage), registrar(t.track) {}
    SharedBytes storage;
    trackwright::Registrar registrar;
};

struct tw_recovery_planner {
    SharedBytes storage;
    std::shared_ptr<trackwright::RecoveryPlanner> planner;
};

struct tw_follower {
    SharedBytes storage;
    std::shared_ptr<trackwright::RecoveryPlanner> recovery;  ///< kept alive while attached; destroyed after the follower
    std::unique_ptr<trackwright::Follower> follower;
};

struct tw_lap_counter {
    tw_lap_counter(const tw_track& t) : storage(t.storage), counter(t.track) {}
    SharedBytes storage;
    trackwright::LapCounter counter;
};

struct tw_race {
    tw_race(const tw_track& t, const trackwright::RaceWorldOptions& options) : storage(t.storage), world(t.track, options) {}
    SharedBytes storage;
    std::shared_ptr<trackwright::RecoveryPlanner> recovery;  ///< declared before the world: destroyed after its followers
    trackwright::RaceWorld world;
    std::vector<trackwright::VehicleState> states;  ///< a step's, converted; sized as cars are added
    std::vector<trackwright::Controls> controls;
    std::vector<float> heights;                      ///< a step's at height, copied; sized as cars are added
};

namespace {

/// Why the last tw_track_load on this thread failed: room for every describeBakedLoad message.
thread_local char lastLoadError[256] = "";

bool validPreset(int32_t v) { return v >= TW_VEHICLE_CAR && v <= TW_VEHICLE_HOVERCRAFT; }
bool validKind(int32_t k) { return k >= TW_FOLLOWER_PURSUIT && k <= TW_FOLLOWER_PURSUIT_TUNED; }

trackwright::FollowerKind kindOf(int32_t k) {
    switch (static_cast<tw_follower_kind>(k)) {
    case TW_FOLLOWER_PURSUIT: return trackwright::FollowerKind::Pursuit;
    case TW_FOLLOWER_RUNNER: return trackwright::FollowerKind::Runner;
    case TW_FOLLOWER_PREDICTIVE: return trackwright::FollowerKind::Predictive;
    case TW_FOLLOWER_RABBIT: return trackwright::FollowerKind::Rabbit;
    case TW_FOLLOWER_WAYPOINT: return trackwright::FollowerKind::Waypoint;
    case TW_FOLLOWER_BASELINE: return trackwright::FollowerKind::Baseline;
    case TW_FOLLOWER_PURSUIT_TUNED: break;
    }
    return trackwright::FollowerKind::PursuitTuned;
}

trackwright::VehiclePreset presetOf(int32_t v) { return static_cast<trackwright::VehiclePreset>(v); }

trackwright::VehicleParameters toParameters(const tw_vehicle_parameters& p) {
    return {p.wheelbase, p.max_steering_angle, p.steering_rate, p.max_acceleration, p.max_braking, p.top_speed, p.reverse_speed,
            p.drag, p.rolling_resistance, p.lateral_grip, p.turn_on_spot_rate, p.width, p.downforce, p.load_sensitivity, p.brake_limit, p.power_per_mass,
            p.centre_of_gravity_height, p.track_width};
}
tw_vehicle_parameters fromParameters(const trackwright::VehicleParameters& p) {
    return {p.wheelbase, p.maxSteeringAngle, p.steeringRate, p.maxAcceleration, p.maxBraking, p.topSpeed, p.reverseSpeed,
            p.drag, p.rollingResistance, p.lateralGrip, p.turnOnSpotRate, p.width, p.downforce, p.loadSensitivity, p.brakeLimit, p.powerPerMass,
            p.centreOfGravityHeight, p.trackWidth};
}

tw_road fromRoad(const trackwright::RoadSurface& r) { return {r.tangentZ, r.banking, r.grip, r.verticalCurvature, r.forwardX, r.forwardY}; }
trackwright::RoadSurface toRoad(const tw_road& r) { return {r.tangent_z, r.banking, r.grip, r.vertical_curvature, r.forward_x, r.forward_y}; }

trackwright::Registration toRegistration(const tw_registration& w) {
    return {w.defined != 0, w.route, w.segment, w.ratio, w.lateral, w.distance, toRoad(w.road)};
}
tw_registration fromRegistration(const trackwright::Registration& r) {
    return {r.defined ? 1 : 0, r.route, r.segment, r.ratio, r.lateral, r.distance, fromRoad(r.road)};
}
bool finiteRegistration(const tw_registration& w) { return std::isfinite(w.ratio) && std::isfinite(w.lateral) && std::isfinite(w.distance); }

tw_track_point fromPoint(const trackwright::TrackPoint& p) {
    return {p.route, p.segment, p.distance, p.position.x, p.position.y, p.z, p.heading, p.curvature, p.leftTrack, p.rightTrack, fromRoad(p.road)};
}

trackwright::VehicleState toState(const tw_vehicle_state& s) { return {{s.x, s.y}, s.heading, s.speed, s.yaw_rate}; }
tw_vehicle_state fromState(const trackwright::VehicleState& s) { return {s.position.x, s.position.y, s.heading, s.speed, s.yawRate}; }

tw_catch_up fromCatchUp(const trackwright::CatchUpPolicy& p) { return {p.enabled ? 1 : 0, p.reference, p.deadband, p.gain, p.maxHelp, p.maxSlow}; }
trackwright::CatchUpPolicy toCatchUp(const tw_catch_up& c) {
    // A reference below -1 is no car: refused (validCatchUpPolicy), not read as the median.
    return {c.enabled != 0, c.reference < -1 ? INT64_MIN : c.reference, c.deadband, c.gain, c.max_help, c.max_slow};
}

/// The one mapping between the C driver profile and DriverProfile, field for field.
tw_driver_profile toCDriver(const trackwright::DriverProfile& d) {
    return {d.pace, d.aggression, d.consistency, d.reactionTime, d.seed, d.strength, d.composure, d.optimism, d.smoothness, d.pitCrew, d.mistakes};
}
trackwright::DriverProfile fromCDriver(const tw_driver_profile& d) {
    return {d.pace, d.aggression, d.consistency, d.reaction_time, d.seed, d.strength, d.composure, d.optimism, d.smoothness, d.pit_crew, d.mistakes};
}

} // namespace

namespace {
/// Every number of a C vehicle state is finite: what the API's calls require of their inputs.
bool finiteState(const tw_vehicle_state& s) {
    return std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.heading) && std::isfinite(s.speed) && std::isfinite(s.yaw_rate);
}
} // namespace

namespace {
trackwright::VehicleBody toBody(const tw_vehicle_body& body) {
    trackwright::VehicleBody b;
    b.state = toState(body.state);
    b.velocity = {body.velocity_x, body.velocity_y};
    b.steeringAngle = body.steering_angle;
    return b;
}
void fromBody(const trackwright::VehicleBody& b, tw_vehicle_body& body) {
    body.state = fromState(b.state);
    body.velocity_x = b.velocity.x;
    body.velocity_y = b.velocity.y;
    body.steering_angle = b.steeringAngle;
}

/// Every number of a C road is finite and it is one a track could give (|tangent_z| < 1, grip ≥ 0).
bool validRoad(const tw_road& r) {
    const float numbers[] = {r.tangent_z, r.banking, r.grip, r.vertical_curvature, r.forward_x, r.forward_y};
    for (float n : numbers)
        if (!std::isfinite(n)) return false;
    return std::abs(r.tangent_z) < 1.0f && r.grip >= 0.0f;
}

tw_status stepBody(const trackwright::VehicleParameters& vehicle, const tw_controls* controls, const tw_road* road, float dt, tw_vehicle_body* body) {
    if (!controls || !body || !std::isfinite(dt) || dt < 0.0f || (road && !validRoad(*road))) return TW_INVALID_ARGUMENT;
    if (!std::isfinite(controls->steering) || !std::isfinite(controls->throttle) || !finiteState(body->state) ||
        !std::isfinite(body->velocity_x) || !std::isfinite(body->velocity_y) || !std::isfinite(body->steering_angle))
        return TW_INVALID_ARGUMENT;  // the body is left as it was
    trackwright::VehicleBody b = toBody(*body);
    const trackwright::RoadSurface surface = road ? toRoad(*road) : trackwright::RoadSurface{};
    // Beyond trackwright::kMaxTick (0.25 s) a step is refused rather than tunnelling through walls.
    if (!trackwright::stepVehicle(vehicle, {controls->steering, controls->throttle, controls->handbrake != 0, controls->reverse != 0}, dt, b, surface))
        return TW_INVALID_ARGUMENT;
    fromBody(b, *body);
    return TW_OK;
}
} // namespace

extern "C" {

const char* tw_version(void) { return TRACKWRIGHT_RUNTIME_VERSION; }

uint32_t tw_baked_format_version(void) { return trackwright::format::kBakedFormatVersion; }

const char* tw_status_string(tw_status status) {
    switch (status) {
    case TW_OK: return "ok";
    case TW_INVALID_ARGUMENT: return "invalid argument (a null handle or pointer, a non-finite number, or an index out of range)";
    case TW_BAD_FILE: return "not a .twbake this build reads";
    case TW_NOT_FOUND: return "not found";
    case TW_BUFFER_TOO_SMALL: return "buffer too small";
    case TW_OUT_OF_MEMORY: return "out of memory";
    case TW_INVALID_STATE: return "not in this state (a retired car, a pit stop under way, a follower without one)";
    }
    return "unknown status";
}

tw_status tw_track_load(const void* bytes, size_t size, tw_track** out) {
    if (!out || (!bytes && size > 0)) return TW_INVALID_ARGUMENT;
    *out = nullptr;
    std::unique_ptr<tw_track> t(new (std::nothrow) tw_track);
    if (!t) return TW_OUT_OF_MEMORY;
    std::shared_ptr<std::vector<std::uint64_t>> storage;
    try {
        storage = std::make_shared<std::vector<std::uint64_t>>((size + 7) / 8);
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    if (size > 0) std::memcpy(storage->data(), bytes, size);
    t->storage = storage;
    const trackwright::LoadStatus status = trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(storage->data()), size}, t->track);
    if (status != trackwright::LoadStatus::Ok) {
        trackwright::format::describeBakedLoad({reinterpret_cast<const std::byte*>(storage->data()), size}, status, lastLoadError,
                                               sizeof lastLoadError);
        return TW_BAD_FILE;
    }
    *out = t.release();
    return TW_OK;
}

const char* tw_track_load_error(void) { return lastLoadError; }

void tw_track_free(tw_track* track) { delete track; }

tw_status tw_track_counts(const tw_track* track, uint32_t* routes, uint32_t* lines, uint32_t* classes) {
    if (!track) return TW_INVALID_ARGUMENT;
    if (routes) *routes = static_cast<uint32_t>(track->track.view.routes.size());
    if (lines) *lines = static_cast<uint32_t>(track->track.view.lines.size());
    if (classes) *classes = static_cast<uint32_t>(track->track.view.vehicleClasses.size());
    return TW_OK;
}

tw_status tw_track_origin(const tw_track* track, double* x, double* y, double* z) {
    if (!track || !x || !y || !z) return TW_INVALID_ARGUMENT;
    const trackwright::format::Vec3 o = track->track.origin();
    *x = o.x;
    *y = o.y;
    *z = o.z;
    return TW_OK;
}

tw_status tw_track_route_length(const tw_track* track, uint32_t route, float* metres) {
    if (!track || !metres || route >= track->track.view.routes.size()) return TW_INVALID_ARGUMENT;
    *metres = track->track.view.routes[route].length;
    return TW_OK;
}

tw_status tw_track_find_line(const tw_track* track, uint32_t route, const char* name, uint32_t vehicleClass, uint32_t* line) {
    if (!track || !name || !line || route >= track->track.view.routes.size() || vehicleClass >= track->track.view.vehicleClasses.size())
        return TW_INVALID_ARGUMENT;
    const uint32_t found = trackwright::findLine(track->track, route, name, vehicleClass);
    if (found == trackwright::format::kNoRoute) return TW_NOT_FOUND;
    *line = found;
    return TW_OK;
}

namespace {
/// A name from the track's string table into the caller's buffer.
tw_status copyName(const char* name, char* buffer, size_t bufferSize) {
    const size_t length = std::strlen(name);
    if (length + 1 > bufferSize) return TW_BUFFER_TOO_SMALL;
    std::memcpy(buffer, name, length + 1);
    return TW_OK;
}
} // namespace

tw_status tw_track_line_name(const tw_track* track, uint32_t line, char* buffer, size_t bufferSize) {
    if (!track || !buffer || line >= track->track.view.lines.size()) return TW_INVALID_ARGUMENT;
    return copyName(track->track.view.name(track->track.view.lines[line].nameOffset), buffer, bufferSize);
}

tw_status tw_track_find_vehicle_class(const tw_track* track, const char* name, uint32_t* vehicleClass) {
    if (!track || !name || !vehicleClass) return TW_INVALID_ARGUMENT;
    return trackwright::findVehicleClass(track->track, name, *vehicleClass) ? TW_OK : TW_NOT_FOUND;
}

tw_status tw_track_vehicle_class_name(const tw_track* track, uint32_t vehicleClass, char* buffer, size_t bufferSize) {
    if (!track || !buffer || vehicleClass >= track->track.view.vehicleClasses.size()) return TW_INVALID_ARGUMENT;
    return copyName(track->track.view.name(track->track.view.vehicleClasses[vehicleClass].nameOffset), buffer, bufferSize);
}

tw_status tw_line_sample_at(const tw_track* track, uint32_t line, uint32_t vehicleClass, double distance, tw_line_sample* out) {
    if (!track || !out || line >= track->track.view.lines.size() || !std::isfinite(distance)) return TW_INVALID_ARGUMENT;
    const trackwright::LineSampler sampler(track->track, line, vehicleClass);
    const trackwright::LineSample s = sampler.sample(distance);
    *out = {s.position.x, s.position.y, s.z, s.tangent.x, s.tangent.y, s.curvature, s.speedHint, s.distance, fromRoad(s.road)};
    return TW_OK;
}

tw_status tw_registrar_create(const tw_track* track, tw_registrar** out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    *out = new (std::nothrow) tw_registrar(*track);
    return *out ? TW_OK : TW_OUT_OF_MEMORY;
}

void tw_registrar_free(tw_registrar* registrar) { delete registrar; }

tw_status tw_registrar_update(tw_registrar* registrar, double x, double y, tw_registration* out) {
    if (!registrar || !out) return TW_INVALID_ARGUMENT;
    if (!std::isfinite(x) || !std::isfinite(y)) {
        *out = fromRegistration({});  // undefined, for a caller that does not read the status
        return TW_INVALID_ARGUMENT;
    }
    *out = fromRegistration(registrar->registrar.update({x, y}));
    return TW_OK;
}

tw_status tw_registrar_update_at_height(tw_registrar* registrar, double x, double y, double z, tw_registration* out) {
    if (!registrar || !out) return TW_INVALID_ARGUMENT;
    if (!std::isfinite(x) || !std::isfinite(y)) {
        *out = fromRegistration({});
        return TW_INVALID_ARGUMENT;
    }
    *out = fromRegistration(registrar->registrar.update({x, y}, static_cast<float>(z)));
    return TW_OK;
}

namespace {
tw_status createFollower(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicleClass, const trackwright::VehicleParameters& vehicle,
                         tw_follower** out) {
    if (!track || !out || !validKind(kind) || line >= track->track.view.lines.size() ||
        vehicleClass >= std::max<std::size_t>(1, track->track.view.vehicleClasses.size()) || !trackwright::validVehicleParameters(vehicle))
        return TW_INVALID_ARGUMENT;
    std::unique_ptr<tw_follower> f(new (std::nothrow) tw_follower);
    if (!f) return TW_OUT_OF_MEMORY;
    f->storage = track->storage;
    try {
        f->follower = trackwright::makeFollower(kindOf(kind), track->track, line, vehicleClass, vehicle);
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    if (!f->follower) return TW_INVALID_ARGUMENT;
    *out = f.release();
    return TW_OK;
}
} // namespace

tw_status tw_follower_create(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicleClass, int32_t vehicle, tw_follower** out) {
    if (!validPreset(vehicle)) return TW_INVALID_ARGUMENT;
    return createFollower(track, kind, line, vehicleClass, trackwright::vehiclePreset(presetOf(vehicle)), out);
}

tw_status tw_follower_create_custom(const tw_track* track, int32_t kind, uint32_t line, uint32_t vehicleClass,
                                    const tw_vehicle_parameters* vehicle, tw_follower** out) {
    if (!vehicle) return TW_INVALID_ARGUMENT;
    return createFollower(track, kind, line, vehicleClass, toParameters(*vehicle), out);
}

void tw_follower_free(tw_follower* follower) { delete follower; }

namespace {

tw_controls fromControls(const trackwright::Controls& c) { return {c.steering, c.throttle, c.handbrake ? 1 : 0, c.reverse ? 1 : 0}; }

tw_status updateFollower(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, bool countdown, tw_controls* out) {
    if (!follower || !state || !out) return TW_INVALID_ARGUMENT;
    if (!finiteState(*state) || !trackwright::validTick(dt) || (where && !finiteRegistration(*where))) {
        *out = {0.0f, 0.0f, 0, 0};  // neutral, for a caller that does not read the status
        return TW_INVALID_ARGUMENT;
    }
    trackwright::Registration r;
    if (where) r = toRegistration(*where);
    trackwright::FollowerInput input{toState(*state), r, dt};
    input.countdown = countdown;
    *out = fromControls(follower->follower->update(input));
    return TW_OK;
}

} // namespace

tw_status tw_follower_update(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, tw_controls* out) {
    return updateFollower(follower, state, where, dt, /*countdown=*/false, out);
}

tw_status tw_follower_countdown(tw_follower* follower, const tw_vehicle_state* state, const tw_registration* where, float dt, tw_controls* out) {
    return updateFollower(follower, state, where, dt, /*countdown=*/true, out);
}

tw_status tw_follower_stuck_events(const tw_follower* follower, int32_t* events) {
    if (!follower || !events) return TW_INVALID_ARGUMENT;
    *events = follower->follower->stuckEvents();
    return TW_OK;
}

tw_status tw_follower_take_teleport(tw_follower* follower, int32_t* requested, double* x, double* y, float* heading) {
    if (!follower || !requested || !x || !y || !heading) return TW_INVALID_ARGUMENT;
    const trackwright::TeleportRequest t = follower->follower->takeTeleportRequest();
    *requested = t.requested ? 1 : 0;
    *x = t.position.x;
    *y = t.position.y;
    *heading = t.heading;
    return TW_OK;
}

tw_status tw_vehicle_step(int32_t vehicle, const tw_controls* controls, float dt, tw_vehicle_body* body) {
    return tw_vehicle_step_on_road(vehicle, controls, nullptr, dt, body);
}

tw_status tw_vehicle_step_on_road(int32_t vehicle, const tw_controls* controls, const tw_road* road, float dt, tw_vehicle_body* body) {
    if (!validPreset(vehicle)) return TW_INVALID_ARGUMENT;
    return stepBody(trackwright::vehiclePreset(presetOf(vehicle)), controls, road, dt, body);
}

tw_status tw_vehicle_step_custom(const tw_vehicle_parameters* vehicle, const tw_controls* controls, float dt, tw_vehicle_body* body) {
    return tw_vehicle_step_custom_on_road(vehicle, controls, nullptr, dt, body);
}

tw_status tw_vehicle_step_custom_on_road(const tw_vehicle_parameters* vehicle, const tw_controls* controls, const tw_road* road, float dt,
                                         tw_vehicle_body* body) {
    if (!vehicle) return TW_INVALID_ARGUMENT;
    const trackwright::VehicleParameters parameters = toParameters(*vehicle);
    if (!trackwright::validVehicleParameters(parameters)) return TW_INVALID_ARGUMENT;
    return stepBody(parameters, controls, road, dt, body);
}

tw_status tw_vehicle_preset_parameters(int32_t vehicle, tw_vehicle_parameters* out) {
    if (!validPreset(vehicle) || !out) return TW_INVALID_ARGUMENT;
    *out = fromParameters(trackwright::vehiclePreset(presetOf(vehicle)));
    return TW_OK;
}

const char* tw_vehicle_preset_name(int32_t vehicle) { return validPreset(vehicle) ? trackwright::vehiclePresetName(presetOf(vehicle)) : ""; }

tw_status tw_wall_contact(const tw_track* track, const tw_registration* lastDefined, tw_vehicle_body* body, int32_t* contact) {
    if (!track || !lastDefined || !body || !contact || !finiteRegistration(*lastDefined) || !finiteState(body->state) ||
        !std::isfinite(body->velocity_x) || !std::isfinite(body->velocity_y) || !std::isfinite(body->steering_angle))
        return TW_INVALID_ARGUMENT;
    const trackwright::Registration where = toRegistration(*lastDefined);
    // A registration the track could not have given (a route or segment it does not have) is refused.
    if (where.defined && (where.route >= track->track.view.routes.size() || where.segment >= track->track.view.routes[where.route].nodeCount))
        return TW_INVALID_ARGUMENT;
    trackwright::VehicleBody b = toBody(*body);
    *contact = trackwright::resolveWallContact(track->track, where, b) ? 1 : 0;
    fromBody(b, *body);
    return TW_OK;
}

tw_status tw_registrar_reset(tw_registrar* registrar) {
    if (!registrar) return TW_INVALID_ARGUMENT;
    registrar->registrar.reset();
    return TW_OK;
}

tw_status tw_follower_reset(tw_follower* follower) {
    if (!follower) return TW_INVALID_ARGUMENT;
    follower->follower->reset();
    return TW_OK;
}

tw_status tw_track_marker_count(const tw_track* track, uint32_t* count) {
    if (!track || !count) return TW_INVALID_ARGUMENT;
    *count = trackwright::markerCount(track->track);
    return TW_OK;
}

tw_status tw_track_marker(const tw_track* track, uint32_t index, tw_marker* out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    trackwright::TrackMarker m;
    if (!trackwright::markerAt(track->track, index, m)) return TW_INVALID_ARGUMENT;
    *out = {m.kind, m.label, m.route, m.node, m.distance};
    return TW_OK;
}

tw_status tw_track_find_marker(const tw_track* track, const char* kind, uint32_t from, uint32_t* index) {
    if (!track || !kind || !index) return TW_INVALID_ARGUMENT;
    return trackwright::findMarker(track->track, kind, from, *index) ? TW_OK : TW_NOT_FOUND;
}

tw_status tw_track_zone_count(const tw_track* track, uint32_t* count) {
    if (!track || !count) return TW_INVALID_ARGUMENT;
    *count = trackwright::zoneCount(track->track);
    return TW_OK;
}

tw_status tw_track_zone(const tw_track* track, uint32_t index, tw_zone* out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    trackwright::TrackZone z;
    if (!trackwright::zoneAt(track->track, index, z)) return TW_INVALID_ARGUMENT;
    *out = {z.kind == trackwright::ZoneKind::Overtaking ? TW_ZONE_OVERTAKING : TW_ZONE_NO_OVERTAKING, static_cast<uint32_t>(z.sides), z.route,
            z.startNode, z.endNode, z.startDistance, z.endDistance};
    return TW_OK;
}

tw_status tw_track_overtaking_rule(const tw_track* track, uint32_t route, float distance, uint32_t* sides, int32_t* encouraged) {
    if (!track || !sides || !encouraged || !std::isfinite(distance) || route >= track->track.view.routes.size()) return TW_INVALID_ARGUMENT;
    const trackwright::OvertakingRule rule = trackwright::overtakingRuleAt(track->track, route, distance);
    *sides = static_cast<uint32_t>(rule.sides);
    *encouraged = rule.encouraged ? 1 : 0;
    return TW_OK;
}

tw_status tw_track_distance_to_no_overtaking(const tw_track* track, uint32_t route, float distance, float* metres) {
    if (!track || !metres || !std::isfinite(distance) || route >= track->track.view.routes.size()) return TW_INVALID_ARGUMENT;
    *metres = trackwright::distanceToNoOvertaking(track->track, route, distance);
    return TW_OK;
}

tw_status tw_track_yield_side(const tw_track* track, float* side) {
    if (!track || !side) return TW_INVALID_ARGUMENT;
    *side = trackwright::yieldSide(track->track);
    return TW_OK;
}

tw_status tw_track_pit_stop_time(const tw_track* track, float* seconds) {
    if (!track || !seconds) return TW_INVALID_ARGUMENT;
    *seconds = trackwright::pitStopTime(track->track);
    return TW_OK;
}

tw_status tw_grid_designer_options(const tw_track* track, tw_grid_options* options) {
    if (!track || !options) return TW_INVALID_ARGUMENT;
    const trackwright::GridOptions o = trackwright::designerGrid(track->track);
    *options = {o.firstRowGap, o.rowSpacing, o.stagger, o.columnOffset, o.poleOnLeft ? 1 : 0, o.speed};
    return TW_OK;
}

tw_status tw_track_route_point(const tw_track* track, uint32_t route, double distance, tw_track_point* out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    trackwright::TrackPoint p;
    if (!trackwright::routePointAt(track->track, route, distance, p)) return TW_INVALID_ARGUMENT;
    *out = fromPoint(p);
    return TW_OK;
}

tw_status tw_track_nearest_point(const tw_track* track, double x, double y, tw_track_point* out, float* offTrack) {
    if (!track || !out || !offTrack) return TW_INVALID_ARGUMENT;
    trackwright::TrackPoint p;
    if (!trackwright::nearestTrackPoint(track->track, {x, y}, p, *offTrack)) return TW_INVALID_ARGUMENT;
    *out = fromPoint(p);
    return TW_OK;
}

void tw_grid_default_options(tw_grid_options* options) {
    if (!options) return;
    const trackwright::GridOptions o;
    *options = {o.firstRowGap, o.rowSpacing, o.stagger, o.columnOffset, o.poleOnLeft ? 1 : 0, o.speed};
}

tw_status tw_grid_slot(const tw_track* track, uint32_t slot, const tw_grid_options* options, tw_vehicle_state* out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    trackwright::GridOptions o;
    if (options) o = {options->first_row_gap, options->row_spacing, options->stagger, options->column_offset, options->pole_on_left != 0, options->speed};
    const float numbers[] = {o.firstRowGap, o.rowSpacing, o.stagger, o.columnOffset, o.speed};
    for (float n : numbers)
        if (!std::isfinite(n) || n < 0.0f) return TW_INVALID_ARGUMENT;
    trackwright::VehicleState s;
    if (!trackwright::gridSlot(track->track, slot, o, s)) return TW_NOT_FOUND;
    *out = fromState(s);
    return TW_OK;
}

tw_status tw_vehicle_starting_body(const tw_vehicle_parameters* vehicle, const tw_vehicle_state* state, tw_vehicle_body* out) {
    if (!vehicle || !state || !out || !finiteState(*state)) return TW_INVALID_ARGUMENT;
    const trackwright::VehicleParameters p = toParameters(*vehicle);
    if (!trackwright::validVehicleParameters(p)) return TW_INVALID_ARGUMENT;
    fromBody(trackwright::startingBody(p, toState(*state)), *out);
    return TW_OK;
}

tw_status tw_lap_counter_create(const tw_track* track, tw_lap_counter** out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    *out = nullptr;
    if (!trackwright::lapLayout(track->track).valid) return TW_NOT_FOUND;
    *out = new (std::nothrow) tw_lap_counter(*track);
    return *out ? TW_OK : TW_OUT_OF_MEMORY;
}

void tw_lap_counter_free(tw_lap_counter* counter) { delete counter; }

tw_status tw_lap_counter_update(tw_lap_counter* counter, const tw_registration* where, float dt, tw_lap_status* out) {
    if (!counter || !where || !finiteRegistration(*where)) return TW_INVALID_ARGUMENT;
    if (!counter->counter.update(toRegistration(*where), dt)) return TW_INVALID_ARGUMENT;
    if (out) {
        const trackwright::LapStatus& s = counter->counter.status();
        *out = {s.lapsCompleted, s.sector, s.raceDistance, s.lapDistance, s.raceTime, s.currentLapTime, s.lastLapTime, s.bestLapTime,
                s.lastLapComplete ? 1 : 0, counter->counter.layout().sectorCount, {}};
        std::memcpy(out->sector_times, s.sectorTimes, sizeof(out->sector_times));
    }
    return TW_OK;
}

tw_status tw_lap_counter_reset(tw_lap_counter* counter) {
    if (!counter) return TW_INVALID_ARGUMENT;
    counter->counter.reset();
    return TW_OK;
}

tw_status tw_recovery_planner_create(const tw_track* track, tw_recovery_planner** out) {
    if (!track || !out) return TW_INVALID_ARGUMENT;
    *out = nullptr;
    std::unique_ptr<tw_recovery_planner> p(new (std::nothrow) tw_recovery_planner);
    if (!p) return TW_OUT_OF_MEMORY;
    p->storage = track->storage;
    try {
        p->planner = std::make_shared<trackwright::RecoveryPlanner>(track->track);
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    *out = p.release();
    return TW_OK;
}

void tw_recovery_planner_free(tw_recovery_planner* planner) { delete planner; }

tw_status tw_follower_attach_recovery(tw_follower* follower, tw_recovery_planner* planner, const tw_vehicle_parameters* vehicle) {
    if (!follower || !planner || !vehicle) return TW_INVALID_ARGUMENT;
    const trackwright::VehicleParameters p = toParameters(*vehicle);
    if (!trackwright::validVehicleParameters(p)) return TW_INVALID_ARGUMENT;
    // A planner for another track would plan in the wrong walls.
    if (planner->storage != follower->storage) return TW_INVALID_ARGUMENT;
    follower->recovery = planner->planner;
    follower->follower->attachRecoveryPlanner(follower->recovery.get(), p);
    return TW_OK;
}

void tw_driver_profile_default(tw_driver_profile* profile) {
    if (!profile) return;
    *profile = toCDriver(trackwright::DriverProfile{});
}

tw_status tw_mistake_rate(const tw_driver_profile* driver, int32_t kind, int32_t pressed, float* per_lap) {
    if (!driver || !per_lap || kind < 0 || kind >= TW_MISTAKE_KINDS) return TW_INVALID_ARGUMENT;
    const trackwright::DriverProfile d = fromCDriver(*driver);
    if (!trackwright::validDriverProfile(d)) return TW_INVALID_ARGUMENT;
    *per_lap = trackwright::mistakeRate(static_cast<trackwright::MistakeKind>(kind), d, pressed != 0);
    return TW_OK;
}

tw_status tw_driver_profile_preset(const char* name, tw_driver_profile* profile) {
    if (!name || !profile) return TW_INVALID_ARGUMENT;
    const std::optional<trackwright::DriverCharacter> character = trackwright::driverCharacterNamed(name);
    if (!character) return TW_INVALID_ARGUMENT;
    *profile = toCDriver(trackwright::driverPreset(*character));
    return TW_OK;
}

float tw_strength_for_lap_time(double strength_one_seconds, double target_seconds) {
    return trackwright::strengthForLapTime(strength_one_seconds, target_seconds);
}

tw_status tw_track_roster_size(const tw_track* track, uint32_t* count) {
    if (!track || !count) return TW_INVALID_ARGUMENT;
    *count = trackwright::rosterSize(track->track);
    return TW_OK;
}

tw_status tw_track_roster_driver(const tw_track* track, uint32_t index, tw_driver_profile* profile, char* name, size_t nameSize, char* character,
                                 size_t characterSize) {
    if (!track || !profile) return TW_INVALID_ARGUMENT;
    const std::optional<trackwright::RosterEntry> entry = trackwright::rosterDriver(track->track, index);
    if (!entry) return TW_INVALID_ARGUMENT;
    const std::string_view characterName = trackwright::driverCharacterName(entry->character);
    // Both buffers are checked before either is written: a failed call leaves them as they were.
    if ((name && entry->name.size() + 1 > nameSize) || (character && characterName.size() + 1 > characterSize)) return TW_BUFFER_TOO_SMALL;
    const auto copy = [](std::string_view text, char* buffer) {
        std::memcpy(buffer, text.data(), text.size());
        buffer[text.size()] = '\0';
    };
    if (name) copy(entry->name, name);
    if (character) copy(characterName, character);
    *profile = toCDriver(entry->profile);
    return TW_OK;
}

tw_status tw_track_find_roster_driver(const tw_track* track, const char* name, uint32_t* index) {
    if (!track || !name || !index) return TW_INVALID_ARGUMENT;
    const std::optional<std::uint32_t> found = trackwright::findRosterDriver(track->track, name);
    if (!found) return TW_NOT_FOUND;
    *index = *found;
    return TW_OK;
}

void tw_race_options_default(tw_race_options* options) {
    if (!options) return;
    const trackwright::RaceWorldOptions o;
    *options = {o.laps, o.traffic.aheadRange, o.traffic.behindRange, o.traffic.lateralHorizon, o.timingStep, static_cast<uint64_t>(o.timingSamples),
                fromCatchUp(o.catchUp)};
}

tw_status tw_race_create(const tw_track* track, uint32_t laps, tw_race** out) {
    tw_race_options options;
    tw_race_options_default(&options);
    options.laps = laps;
    return tw_race_create_with_options(track, &options, out);
}

tw_status tw_race_create_with_options(const tw_track* track, const tw_race_options* options, tw_race** out) {
    if (out) *out = nullptr;
    if (!track || !options || !out) return TW_INVALID_ARGUMENT;
    trackwright::RaceWorldOptions o;
    o.laps = options->laps;
    o.traffic.aheadRange = options->ahead_range;
    o.traffic.behindRange = options->behind_range;
    o.traffic.lateralHorizon = options->lateral_horizon;
    o.timingStep = options->timing_step;
    // Beyond size_t (a 32-bit game) is beyond the range too.
    o.timingSamples = options->timing_samples > trackwright::RaceTiming::kMaxSamples ? trackwright::RaceTiming::kMaxSamples + 1
                                                                                      : static_cast<std::size_t>(options->timing_samples);
    o.catchUp = toCatchUp(options->catch_up);
    if (!trackwright::validRaceWorldOptions(o)) return TW_INVALID_ARGUMENT;
    try {
        *out = new tw_race(*track, o);
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    return TW_OK;
}

void tw_race_free(tw_race* race) { delete race; }

namespace {

tw_status fromRaceStatus(trackwright::RaceWorldStatus status) {
    switch (status) {
    case trackwright::RaceWorldStatus::Ok: return TW_OK;
    case trackwright::RaceWorldStatus::InvalidArgument: return TW_INVALID_ARGUMENT;
    case trackwright::RaceWorldStatus::Retired: return TW_INVALID_STATE;
    case trackwright::RaceWorldStatus::OutOfMemory: return TW_OUT_OF_MEMORY;
    }
    return TW_INVALID_STATE;
}

/// Room for one more car in the race's arrays (geometric: adding n cars copies O(n) in all), then
/// the add: a failed one leaves the arrays as they were.
tw_status addToRace(tw_race& race, const trackwright::RaceCarSetup& setup, uint32_t* index) {
    try {
        const std::size_t n = race.world.size();
        if (race.states.capacity() == n) {
            const std::size_t room = n + n / 2 + 1;
            race.states.reserve(room);
            race.controls.reserve(room);
            race.heights.reserve(room);
        }
        const tw_status status = fromRaceStatus(race.world.addCar(setup, index));
        if (status != TW_OK) return status;
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    race.states.emplace_back();
    race.controls.emplace_back();
    race.heights.emplace_back();
    return TW_OK;
}

tw_race_pose fromPose(const trackwright::RacePose& p) { return {p.position.x, p.position.y, p.height, p.heading, p.speed, p.onTrack ? 1 : 0}; }

} // namespace

tw_status tw_race_reserve(tw_race* race, uint32_t cars) {
    if (!race) return TW_INVALID_ARGUMENT;
    try {
        race->states.reserve(cars);
        race->controls.reserve(cars);
        race->heights.reserve(cars);
    } catch (...) {
        return TW_OUT_OF_MEMORY;
    }
    return fromRaceStatus(race->world.reserve(cars));
}

tw_status tw_race_add_car(tw_race* race, int32_t kind, uint32_t line, uint32_t vehicleClass, const tw_vehicle_parameters* vehicle,
                          const tw_driver_profile* driver, float length, float width, uint32_t* index) {
    if (!race || !validKind(kind)) return TW_INVALID_ARGUMENT;
    trackwright::RaceCarSetup setup;
    setup.follower = kindOf(kind);
    setup.line = line;
    setup.vehicleClass = vehicleClass;
    if (vehicle) setup.vehicle = toParameters(*vehicle);
    if (driver) setup.driver = fromCDriver(*driver);
    setup.length = length;
    setup.width = width;
    return addToRace(*race, setup, index);
}

tw_status tw_race_add_external_car(tw_race* race, uint32_t line, const tw_vehicle_parameters* vehicle, float length, float width, uint32_t* index) {
    if (!race) return TW_INVALID_ARGUMENT;
    trackwright::RaceCarSetup setup;
    setup.external = true;
    setup.line = line;
    if (vehicle) setup.vehicle = toParameters(*vehicle);
    setup.length = length;
    setup.width = width;
    return addToRace(*race, setup, index);
}

tw_status tw_race_retire_car(tw_race* race, uint32_t car) {
    if (!race) return TW_INVALID_ARGUMENT;
    return fromRaceStatus(race->world.retireCar(car));
}

tw_status tw_race_reset_car(tw_race* race, uint32_t car, tw_race_pose* placed) {
    if (!race || !placed) return TW_INVALID_ARGUMENT;
    trackwright::RacePose pose;
    const tw_status status = fromRaceStatus(race->world.resetCar(car, pose));
    if (status == TW_OK) *placed = fromPose(pose);
    return status;
}

tw_status tw_race_set_driver(tw_race* race, uint32_t car, const tw_driver_profile* driver) {
    if (!race || !driver) return TW_INVALID_ARGUMENT;
    return fromRaceStatus(race->world.setDriver(car, fromCDriver(*driver)));
}

tw_status tw_race_set_paused(tw_race* race, int32_t paused) {
    if (!race || (paused != 0 && paused != 1)) return TW_INVALID_ARGUMENT;
    race->world.setPaused(paused == 1);
    return TW_OK;
}

tw_status tw_race_predict(const tw_race* race, uint32_t car, float seconds, tw_race_pose* out) {
    if (!race || !out) return TW_INVALID_ARGUMENT;
    trackwright::RacePose pose;
    const tw_status status = fromRaceStatus(race->world.predict(car, seconds, pose));
    if (status == TW_OK) *out = fromPose(pose);
    return status;
}

tw_status tw_race_car_count(const tw_race* race, uint32_t* count) {
    if (!race || !count) return TW_INVALID_ARGUMENT;
    *count = static_cast<uint32_t>(race->world.size());
    return TW_OK;
}

tw_status tw_race_attach_recovery(tw_race* race, tw_recovery_planner* planner) {
    if (!race || !planner || planner->storage != race->storage) return TW_INVALID_ARGUMENT;  // a planner for another track plans in the wrong walls
    race->recovery = planner->planner;
    race->world.attachRecoveryPlanner(race->recovery.get());
    return TW_OK;
}

tw_status tw_race_step(tw_race* race, const tw_vehicle_state* states, uint32_t count, float dt, tw_controls* controls) {
    return tw_race_step_at_height(race, states, nullptr, count, dt, controls);
}

tw_status tw_race_step_at_height(tw_race* race, const tw_vehicle_state* states, const float* heights, uint32_t count, float dt, tw_controls* controls) {
    if (!race) return TW_INVALID_ARGUMENT;
    const std::size_t n = race->world.size();
    if (count != n || (n > 0 && !controls)) return TW_INVALID_ARGUMENT;
    bool valid = (states || n == 0) && trackwright::validTick(dt);
    for (std::size_t i = 0; valid && i < n; ++i) valid = race->world.retired(static_cast<uint32_t>(i)) || finiteState(states[i]);
    if (!valid) {
        for (std::size_t i = 0; i < n; ++i) controls[i] = {0.0f, 0.0f, 0, 0};  // neutral, for a caller that does not read the status
        return TW_INVALID_ARGUMENT;
    }
    for (std::size_t i = 0; i < n; ++i) race->states[i] = toState(states[i]);
    if (heights) std::copy(heights, heights + n, race->heights.begin());
    const std::span<const float> h = heights ? std::span<const float>(race->heights.data(), n) : std::span<const float>();
    if (race->world.step(race->states, h, dt, race->controls) != trackwright::RaceWorldStatus::Ok) {
        for (std::size_t i = 0; i < n; ++i) controls[i] = {0.0f, 0.0f, 0, 0};
        return TW_INVALID_ARGUMENT;
    }
    for (std::size_t i = 0; i < n; ++i) {
        const trackwright::Controls& c = race->controls[i];
        controls[i] = fromControls(c);
    }
    return TW_OK;
}

tw_status tw_race_time(const tw_race* race, double* seconds) {
    if (!race || !seconds) return TW_INVALID_ARGUMENT;
    *seconds = race->world.time();
    return TW_OK;
}

namespace {
tw_race_standing fromStanding(const tw_race& race, const trackwright::RaceStanding& s) {
    const trackwright::RaceWorld& w = race.world;
    uint32_t flags = 0;
    if (s.finished) flags |= TW_RACE_FINISHED;
    if (w.registration(s.car).defined) flags |= TW_RACE_ON_TRACK;
    if (s.retired) flags |= TW_RACE_RETIRED;
    if (w.external(s.car)) flags |= TW_RACE_EXTERNAL;
    return {s.car, w.position(s.car), static_cast<uint32_t>(std::max(0, s.laps)), flags, s.progress, s.gapToLeader, s.gapToAhead, w.finishTime(s.car)};
}
} // namespace

tw_status tw_race_car_standing(const tw_race* race, uint32_t car, tw_race_standing* out) {
    if (!race || !out || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    *out = fromStanding(*race, race->world.standing(car));
    return TW_OK;
}

tw_status tw_race_standing_at(const tw_race* race, uint32_t place, tw_race_standing* out) {
    if (!race || !out || place >= race->world.size()) return TW_INVALID_ARGUMENT;
    *out = fromStanding(*race, race->world.standings()[place]);
    return TW_OK;
}

tw_status tw_race_standings(const tw_race* race, tw_race_standing* out, uint32_t count) {
    if (!race || count != race->world.size() || (count > 0 && !out)) return TW_INVALID_ARGUMENT;
    const std::span<const trackwright::RaceStanding> tower = race->world.standings();
    for (uint32_t p = 0; p < count; ++p) out[p] = fromStanding(*race, tower[p]);
    return TW_OK;
}

tw_status tw_race_car_standings(const tw_race* race, tw_race_standing* out, uint32_t count) {
    if (!race || count != race->world.size() || (count > 0 && !out)) return TW_INVALID_ARGUMENT;
    for (uint32_t car = 0; car < count; ++car) out[car] = fromStanding(*race, race->world.standing(car));
    return TW_OK;
}

tw_status tw_race_car_lap_status(const tw_race* race, uint32_t car, tw_lap_status* out) {
    if (!race || !out || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    const trackwright::LapStatus& s = race->world.lapStatus(car);
    *out = {s.lapsCompleted, s.sector, s.raceDistance, s.lapDistance, s.raceTime, s.currentLapTime, s.lastLapTime, s.bestLapTime,
            s.lastLapComplete ? 1 : 0, race->world.lapCounter(car).layout().sectorCount, {}};
    std::memcpy(out->sector_times, s.sectorTimes, sizeof(out->sector_times));
    return TW_OK;
}

tw_status tw_race_car_registration(const tw_race* race, uint32_t car, tw_registration* out) {
    if (!race || !out || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    *out = fromRegistration(race->world.registration(car));
    return TW_OK;
}

tw_status tw_race_car_slipstream(const tw_race* race, uint32_t car, float* share) {
    if (!race || !share || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    *share = race->world.slipstreamShare(car);
    return TW_OK;
}

tw_status tw_race_set_catch_up(tw_race* race, const tw_catch_up* catch_up) {
    if (!race || !catch_up) return TW_INVALID_ARGUMENT;
    return fromRaceStatus(race->world.setCatchUp(toCatchUp(*catch_up)));
}

tw_status tw_race_set_catch_up_limit(tw_race* race, uint32_t car, float limit) {
    if (!race) return TW_INVALID_ARGUMENT;
    return fromRaceStatus(race->world.setCatchUpLimit(car, limit));
}

tw_status tw_race_car_catch_up(const tw_race* race, uint32_t car, float* factor) {
    if (!race || !factor || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    *factor = race->world.catchUp(car);
    return TW_OK;
}

tw_status tw_race_car_mistakes(const tw_race* race, uint32_t car, tw_mistakes* out) {
    if (!race || !out || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    const trackwright::MistakeTally tally = race->world.follower(car).mistakeTally();
    static_assert(TW_MISTAKE_KINDS == trackwright::kMistakeKinds);
    for (int k = 0; k < TW_MISTAKE_KINDS; ++k) out->made[k] = tally.made[k];
    out->active = tally.active;
    return TW_OK;
}

tw_status tw_vehicle_in_slipstream(const tw_vehicle_parameters* vehicle, float share, tw_vehicle_parameters* out) {
    if (!vehicle || !out) return TW_INVALID_ARGUMENT;
    const trackwright::VehicleParameters parameters = toParameters(*vehicle);
    if (!trackwright::validVehicleParameters(parameters)) return TW_INVALID_ARGUMENT;
    *out = fromParameters(trackwright::inSlipstream(parameters, share));
    return TW_OK;
}

tw_status tw_race_take_teleport(tw_race* race, uint32_t car, int32_t* requested, double* x, double* y, float* heading) {
    if (!race || !requested || !x || !y || !heading || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    const trackwright::TeleportRequest t = race->world.takeTeleportRequest(car);
    *requested = t.requested ? 1 : 0;
    *x = t.position.x;
    *y = t.position.y;
    *heading = t.heading;
    return TW_OK;
}

tw_status tw_race_request_pit_stop(tw_race* race, uint32_t car, uint32_t box_marker, int32_t* answer) {
    if (!race || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    using trackwright::PitRequestStatus;
    static_assert(static_cast<int>(PitRequestStatus::Unsupported) == TW_PIT_UNSUPPORTED && static_cast<int>(PitRequestStatus::NoLine) == TW_PIT_NO_LINE);
    const PitRequestStatus status = race->world.requestPitStop(car, box_marker);
    if (answer) *answer = static_cast<int32_t>(status);
    switch (status) {
    case PitRequestStatus::Accepted: return TW_OK;
    case PitRequestStatus::NotAPitBox: return TW_INVALID_ARGUMENT;
    case PitRequestStatus::NoPitLane:
    case PitRequestStatus::NoLine: return TW_NOT_FOUND;
    case PitRequestStatus::AlreadyPitting:
    case PitRequestStatus::Unsupported: return TW_INVALID_STATE;
    }
    return TW_INVALID_STATE;
}

tw_status tw_race_car_pit(const tw_race* race, uint32_t car, tw_race_pit* out) {
    if (!race || !out || car >= race->world.size()) return TW_INVALID_ARGUMENT;
    static_assert(static_cast<int>(trackwright::PitState::Rejoining) == TW_PIT_REJOINING && static_cast<int>(trackwright::PitState::Stopped) == TW_PIT_STOPPED);
    const trackwright::PitStop* pit = race->world.follower(car).pitStop();
    *out = {static_cast<int32_t>(race->world.pitState(car)), static_cast<uint32_t>(race->world.pitStopsDone(car)), pit ? pit->standingTime() : 0.0f};
    return TW_OK;
}

} // extern "C"
