#pragma once

#include "trackwright/vehicle/vehicle_limits.h"

#include <cstdint>
#include <vector>

namespace trackwright {

struct BakedTrack;

/// A driver's strength (issue 50): one number, 1 the car's ideal lap on its line, whose clean lap
/// takes the strength-1 lap's time divided by it — strength 0.9 laps in 1/0.9 = 1.111 of the time, on
/// any track and car (strengthLapRatio). It is driven, not capped: the driver takes the corners and
/// their braking zones at a share of the hints there (`cornerFactor`, √ of the share of its grip it
/// uses, so it also brakes at that share and earlier) and still accelerates flat out out of them and
/// reaches the car's top speed. The share is found per line and car, so that a lap driven so —
/// accelerating at the car's drive limit out of each slower corner exit, braking at the follower's
/// share of its braking limit (the presets' counted as their hints count them) — takes
/// 1/strength of the time at share 1; where corners alone cannot lose that much (an oval run flat
/// out) the straights' speed is given up too (`topSpeedFactor`).
inline constexpr float kLeastStrength = 0.5f;

/// The ratio of a clean lap at `strength` to the same car's clean lap at strength 1: 1/strength.
inline float strengthLapRatio(float strength) { return 1.0f / strength; }

/// How a driver of one strength drives one line with one car (planStrength).
struct StrengthPlan {
    float strength = 1.0f;
    /// The share of the hint taken where grip sets the hint (corners, braking zones): 1 at strength 1.
    float cornerFactor = 1.0f;
    /// The share of the hint taken where the engine sets it (accelerating, top speed): 1 unless the
    /// corners alone could not slow the lap enough.
    float topSpeedFactor = 1.0f;
    /// Bit i set: point i's hint is the engine's (the hint rises at ≥ 70 % of the car's acceleration,
    /// or is its top speed), at every strength: other cars' race craft predicts this one by it.
    /// Empty without hints.
    std::vector<std::uint64_t> engineBound;

    bool engineSets(std::uint32_t point) const {
        const std::uint32_t word = point >> 6;
        return word < engineBound.size() && ((engineBound[word] >> (point & 63u)) & 1u) != 0;
    }
    /// The share of point `point`'s hint the driver takes.
    float factor(std::uint32_t point) const { return engineSets(point) ? topSpeedFactor : cornerFactor; }
};

/// A line's speed hints for one car, as the followers read them from a bake.
struct LineHints {
    const float* hints = nullptr;
    const float* distances = nullptr;  ///< m along the line, stride `stride` floats
    const float* climbs = nullptr;     ///< sin of the line's climb angle (BakedLinePoint::tangentZ), stride `stride`; null: level
    std::uint32_t stride = 1;
    std::uint32_t count = 0;
    float length = 0.0f;  ///< m, closing link included when closed
    bool closed = false;

    float distance(std::uint32_t i) const { return distances[static_cast<std::size_t>(i) * stride]; }
    float climb(std::uint32_t i) const { return climbs ? climbs[static_cast<std::size_t>(i) * stride] : 0.0f; }
};

/// Bit i set: point i's hint is the engine's (StrengthPlan::engineBound), for any strength.
std::vector<std::uint64_t> engineBoundPoints(const LineHints& line, const VehicleParameters& vehicle);

/// The hints of line `line` for class `vehicleClass` of `track`; count 0 when the bake has none.
LineHints lineHints(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass);

/// The plan of a driver of `strength` (clamped to [kLeastStrength, 1]; 1 when not finite) on
/// `line` with `vehicle`, braking at `brakingShare` of its limit. Deterministic; O(points) per
/// lap it drives to find the share, about ten laps.
StrengthPlan planStrength(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, float strength);

/// s: a lap of `line` driven at `plan`'s shares of the hints by a car that accelerates at its
/// drive limit and brakes at `brakingShare` of its braking limit, gravity along the line's slope
/// helping or holding it (flying, from its slowest point on a closed line; from its first hint when
/// open). What planStrength calibrates on.
double plannedLapTime(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, const StrengthPlan& plan);

/// The strength whose clean lap takes `targetSeconds` where the car's strength-1 lap takes
/// `strengthOneSeconds` (a game's "match my pace"): their ratio, within [kLeastStrength, 1];
/// 0 when either is not a positive finite time.
float strengthForLapTime(double strengthOneSeconds, double targetSeconds);

} // namespace trackwright
