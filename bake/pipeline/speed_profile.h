#pragma once

#include "trackwright/track/road_surface.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <optional>
#include <vector>

namespace bake {

/// The vehicle limits a speed profile obeys. SI units.
struct SpeedLimits {
    double maxLateralAcceleration = 0.0;  ///< m/s²
    double maxAcceleration = 0.0;         ///< m/s²
    double maxBraking = 0.0;              ///< m/s², positive
    double topSpeed = 0.0;                ///< m/s
    /// A car described by its physics (format::CarDescription, trackwright/vehicle/car_physics.h):
    /// the passes use its g-g-v envelope (vehicle_limits.h) instead of the constants above —
    /// grip and braking growing with downforce, the brakes' cap, the engine's power, drag and
    /// rolling resistance, and braking within the friction ellipse of the corner it brakes into.
    /// Unset: the constants, as eq. 39.4 has them.
    std::optional<trackwright::VehicleParameters> car = std::nullopt;
};

/// A line sampled at points: curvature at each point (1/m, signed) and the length of the segment
/// from each point to the next (the last entry is the closing segment of a closed line, unused on
/// an open one). `overrides` (m/s, per point, optional) are designer speeds that win over the
/// corner limit. The 3D terms are optional (empty: a flat, level, nominal-grip line):
struct SpeedProfileInput {
    std::vector<double> curvature;
    std::vector<double> segmentLength;
    std::vector<std::optional<double>> overrides;
    bool closed = false;
    /// Per point, rad: the road's banking (positive when the left edge is higher, as in .twtrack).
    std::vector<double> banking;
    /// Per point, 1/m: vertical curvature, positive on a crest (the road falls away: −d²z/ds²),
    /// negative in a compression.
    std::vector<double> verticalCurvature;
    /// Per segment: sin of the climb angle from this point to the next (negative downhill).
    std::vector<double> sinGradient;
    /// Per point: the surface grip factor (1 = nominal tarmac).
    std::vector<double> grip;
};

inline constexpr double kGravity = trackwright::kGravity;  ///< m/s², the reference vehicle model's too
/// On a crest a car may go light but keeps at least this share of its weight on the tyres: above
/// that speed it would take off or have no grip left to steer or brake.
inline constexpr double kMinCrestLoad = 0.5;

/// min(1, grip): the share of the engine's acceleration the tyres transmit (see the runtime's
/// road_surface.h; the reference vehicle model uses the same factor).
using trackwright::tractionFactor;

/// The corner limit at one point, m/s, before the top speed: the fastest v with which the tyres'
/// grip (a_lat · grip, scaled by the normal load) and the banking hold the car on the curve.
/// On a banked curve (Newton: the normal force tilted by θ towards the turn's centre), with
/// μ = a_lat·grip/g and the normal acceleration n(v) = g·cos φ − v²·κ_v (g·cos φ on the level;
/// less over a crest, more in a compression):
///     v² κ = n(v) · (tan θ + μ) / (1 − μ tan θ)      (θ > 0 when the outer edge is higher),
/// which for θ = 0, φ = 0, κ_v = 0 is eq. 39.4's v = √(a_lat/κ). A crest also caps v so that the
/// normal load keeps kMinCrestLoad of the weight: v² ≤ (1 − kMinCrestLoad)·g·cos φ / κ_v.
/// Infinite when nothing limits the speed (a straight, or banking steep enough to need no grip).
double cornerSpeedLimit(double curvature, double banking, double verticalCurvature, double sinGradient, double grip, double maxLateralAcceleration);

/// The same limit for a car with an envelope: the banked-curve balance above with the normal load
/// n(v) = g·cos φ − v²·κ_v + downforce·v² and μ at that load (vehicle_limits.h gripFactor), solved
/// for the fastest v that holds (bisection: downforce makes the grip grow with v², so a fast curve
/// can be held where a slower one of the same radius could not be by constant grip).
double cornerSpeedLimit(double curvature, double banking, double verticalCurvature, double sinGradient, double grip,
                        const trackwright::VehicleParameters& car);

/// Speed hint per point (m/s) and the time to drive the line at exactly those speeds.
struct SpeedProfile {
    std::vector<double> speed;
    double lapTime = 0.0;  ///< s: a lap of a closed line, start to end of an open one
};

/// Corner limit v = sqrt(a_lat / |κ|) (race-track chapter eq. 39.4: m v² / r ≤ G_max; with banking,
/// grip and vertical curvature, cornerSpeedLimit) capped by the top speed, a designer override in
/// its place where given; then a backward pass so the car can brake in time
/// (v_i ≤ sqrt(v_{i+1}² + 2 b d_i)) and a forward pass so it can accelerate there
/// (v_{i+1} ≤ sqrt(v_i² + 2 a d_i)). On a slope gravity's component along the road joins both:
/// b = b_max·grip + g·sin φ (a climb helps braking, a descent lengthens it) and
/// a = a_max·tractionFactor(grip) − g·sin φ (a climb slows the car; a slippery surface spins the
/// driven wheels sooner). Closed lines wrap until nothing changes; an open
/// line starts from its first point's limit. Time per segment assumes constant acceleration:
/// 2 d / (v_i + v_{i+1}).
SpeedProfile computeSpeedProfile(const SpeedProfileInput& input, const SpeedLimits& limits);

} // namespace bake
