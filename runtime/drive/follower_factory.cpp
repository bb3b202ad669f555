#include "trackwright/drive/follower_factory.h"
#include "trackwright/format/baked_limits.h"

#include "trackwright/drive/baseline_follower.h"
#include "trackwright/drive/pursuit_follower.h"
#include "trackwright/drive/runner_follower.h"
#include "trackwright/drive/seek_follower.h"
#include "trackwright/drive/waypoint_follower.h"

#include <algorithm>
#include <cstring>

namespace trackwright {

const char* followerName(FollowerKind kind) {
    switch (kind) {
    case FollowerKind::Pursuit: return "pursuit";
    case FollowerKind::Runner: return "runner";
    case FollowerKind::Predictive: return "predictive";
    case FollowerKind::Rabbit: return "rabbit";
    case FollowerKind::Waypoint: return "waypoint";
    case FollowerKind::Baseline: return "baseline";
    case FollowerKind::PursuitTuned: return "pursuit-tuned";
    }
    return "?";
}

bool followerByName(const char* name, FollowerKind& kind) {
    for (FollowerKind k : kAllFollowerKinds) {
        if (std::strcmp(name, followerName(k)) == 0) {
            kind = k;
            return true;
        }
    }
    return false;
}

std::unique_ptr<Follower> makeFollower(FollowerKind kind, const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass,
                                       const VehicleParameters& vehicle, FollowerSpeedCap cap) {
    const bool ownCap = cap == FollowerSpeedCap::Vehicle;
    // A line or class the track does not have (findLine's kNoLine on a centre-line-only track)
    // made a follower that read past its arrays: no follower instead, for the caller to check.
    if (line >= track.view.lines.size() || !validVehicleParameters(vehicle)) return nullptr;
    if (vehicleClass >= std::max<std::size_t>(1, track.view.vehicleClasses.size())) return nullptr;
    switch (kind) {
    case FollowerKind::Pursuit:
    case FollowerKind::PursuitTuned: {
        PursuitParameters p;
        // Tuned: 40 % of the vehicle's grip, in g. The Bézier on waypoints as control points bends
        // about half as tightly as the path through them (κmax ≈ 1/2R on a circle), so a_lat at half
        // the grip, with a 20 % margin, keeps the real lateral acceleration within it.
        if (kind == FollowerKind::PursuitTuned) p.lateralAccelerationG = 0.4f * vehicle.lateralGrip / 9.81f;
        p.wheelbase = vehicle.wheelbase;
        p.maxSteeringAngle = vehicle.maxSteeringAngle;
        p.maxBraking = vehicle.maxBraking;
        if (ownCap) p.maxSpeed = vehicle.topSpeed;
        return std::make_unique<PursuitFollower>(track, line, vehicleClass, p);
    }
    case FollowerKind::Runner: {
        RunnerParameters p;
        p.vehicle = vehicle;
        p.length = vehicle.wheelbase + format::kBodyOverhang;  // as a race counts a car's length
        return std::make_unique<RunnerFollower>(track, line, vehicleClass, p);
    }
    case FollowerKind::Predictive:
    case FollowerKind::Rabbit: {
        SeekParameters p;
        p.maxAcceleration = vehicle.maxAcceleration;
        return std::make_unique<SeekFollower>(track, line, kind == FollowerKind::Predictive ? SeekFollower::Mode::Predictive : SeekFollower::Mode::Rabbit, p);
    }
    case FollowerKind::Waypoint: {
        WaypointParameters p;
        p.wheelbase = vehicle.wheelbase;
        p.maxSteeringAngle = vehicle.maxSteeringAngle;
        if (ownCap) p.maxSpeed = vehicle.topSpeed;
        return std::make_unique<WaypointFollower>(track, line, vehicleClass, p);
    }
    case FollowerKind::Baseline: {
        BaselineParameters p;
        p.wheelbase = vehicle.wheelbase;
        p.maxSteeringAngle = vehicle.maxSteeringAngle;
        return std::make_unique<BaselineFollower>(track, line, p);
    }
    }
    return nullptr;
}

} // namespace trackwright
