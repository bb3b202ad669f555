#include "runtime/follower_factory.h"

#include "runtime/pursuit_follower.h"
#include "runtime/runner_follower.h"

#include <cstring>

namespace runtime {

const char* followerName(FollowerKind kind) {
    switch (kind) {
    case FollowerKind::Pursuit: return "pursuit";
    case FollowerKind::Runner: return "runner";
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
                                       const VehicleParameters& vehicle) {
    switch (kind) {
    case FollowerKind::Pursuit: {
        PursuitParameters p;
        p.wheelbase = vehicle.wheelbase;
        p.maxSteeringAngle = vehicle.maxSteeringAngle;
        return std::make_unique<PursuitFollower>(track, line, vehicleClass, p);
    }
    case FollowerKind::Runner: {
        RunnerParameters p;
        p.wheelbase = vehicle.wheelbase;
        p.maxSteeringAngle = vehicle.maxSteeringAngle;
        p.maxBraking = vehicle.maxBraking;
        return std::make_unique<RunnerFollower>(track, line, vehicleClass, p);
    }
    }
    return nullptr;
}

} // namespace runtime
