#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstdint>
#include <memory>

namespace trackwright {

/// PursuitTuned is pursuit with the vehicle's own lateral acceleration (the paper's "vehicle-tuned"
/// column) instead of the paper's fixed 0.4 g.
enum class FollowerKind : std::uint8_t { Pursuit, Runner, Predictive, Rabbit, Waypoint, Baseline, PursuitTuned };
inline constexpr FollowerKind kAllFollowerKinds[] = {FollowerKind::Pursuit, FollowerKind::Runner, FollowerKind::Predictive,
                                                     FollowerKind::Rabbit, FollowerKind::Waypoint, FollowerKind::Baseline,
                                                     FollowerKind::PursuitTuned};

/// CLI names: "pursuit", "runner", "predictive", "rabbit", "waypoint", "baseline", "pursuit-tuned".
const char* followerName(FollowerKind kind);
[[nodiscard]] bool followerByName(const char* name, FollowerKind& kind);

/// How fast a follower the factory makes may go.
enum class FollowerSpeedCap : std::uint8_t {
    /// The vehicle's top speed: every follower can reach the class's speeds (what a game wants).
    Vehicle,
    /// The sources' own caps — the path-following paper's v_max 10 m/s for pursuit, the waypoint
    /// blog's 40 m/s — to reproduce their experiments (docs/results/paper-experiment.md).
    Sources,
};

/// A follower of `kind` on `line`, for a car of `vehicle` whose speed hints are `vehicleClass`'s,
/// with the sources' default parameters and the vehicle's geometry, and its speed capped by `cap`.
/// Allocates once, here. Null when the track has no such `line` (findLine's kNoLine included) or
/// `vehicleClass`, or when validVehicleParameters refuses `vehicle`: check.
[[nodiscard]] std::unique_ptr<Follower> makeFollower(FollowerKind kind, const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass,
                                                     const VehicleParameters& vehicle, FollowerSpeedCap cap = FollowerSpeedCap::Vehicle);

} // namespace trackwright
