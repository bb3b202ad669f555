#pragma once

#include <optional>
#include <vector>

namespace bake {

/// The vehicle limits a speed profile obeys. SI units.
struct SpeedLimits {
    double maxLateralAcceleration = 0.0;  ///< m/s²
    double maxAcceleration = 0.0;         ///< m/s²
    double maxBraking = 0.0;              ///< m/s², positive
    double topSpeed = 0.0;                ///< m/s
};

/// A line sampled at points: curvature at each point (1/m, signed) and the length of the segment
/// from each point to the next (the last entry is the closing segment of a closed line, unused on
/// an open one). `overrides` (m/s, per point, optional) are designer speeds that win over the
/// corner limit.
struct SpeedProfileInput {
    std::vector<double> curvature;
    std::vector<double> segmentLength;
    std::vector<std::optional<double>> overrides;
    bool closed = false;
};

/// Speed hint per point (m/s) and the time to drive the line at exactly those speeds.
struct SpeedProfile {
    std::vector<double> speed;
    double lapTime = 0.0;  ///< s: a lap of a closed line, start to end of an open one
};

/// Corner limit v = sqrt(a_lat / |κ|) (race-track chapter eq. 39.4: m v² / r ≤ G_max) capped by the
/// top speed, a designer override in its place where given; then a backward pass so the car can
/// brake in time (v_i ≤ sqrt(v_{i+1}² + 2 b d_i)) and a forward pass so it can accelerate there
/// (v_{i+1} ≤ sqrt(v_i² + 2 a d_i)). Closed lines wrap until nothing changes; an open line starts
/// from its first point's limit. Time per segment assumes constant acceleration: 2 d / (v_i + v_{i+1}).
SpeedProfile computeSpeedProfile(const SpeedProfileInput& input, const SpeedLimits& limits);

} // namespace bake
