#pragma once

#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

namespace trackwright {

/// Pure-pursuit steering towards `target` (world metres): road-wheel angle
/// δ = atan(2 L sin α / ld), α the bearing of the target from the heading, ld its distance, L the
/// wheelbase; returned as a command in [-1, 1] of `maxSteeringAngle`. Vehicles without steered wheels
/// (maxSteeringAngle 0, tanks) get the bearing itself scaled so a quarter turn is full lock.
float purePursuitSteering(const VehicleState& state, format::Vec2 target, float wheelbase, float maxSteeringAngle);

/// Bearing of `target` from the car's heading, radians in (−π, π], positive to the left.
float bearingTo(const VehicleState& state, format::Vec2 target);

/// Closes the steering loop on what the car does, for cars whose tyres slip (a game's own physics):
/// the path curvature the car drives (its yaw rate over its speed) against the curvature its last
/// command asks of a car without slip (tan δ / L), both low-passed over kTime, give the ratio r the
/// car turns at. A car's tyres need a slip angle that grows with the lateral acceleration, so
/// r = L / (L + K·v²) with K its understeer gradient (s²/m; Gillespie's δ = L/R + K·a_y): the
/// gradient is what is measured, and the ratio applied at this tick's speed, so a car braking from
/// 70 to 40 m/s into a bend is not steered for the understeer it had at 70. The next command asks
/// for the geometric curvature divided by r. On the reference model (no slip) r stays 1 but for
/// the steering rate's lag. Tanks (no steering angle) are left as they are.
class UndersteerCompensation {
public:
    /// `steering` (a command in [-1, 1]) corrected by the ratio measured so far, after learning
    /// from `state` (this tick's yaw rate and speed) what the last command did.
    float compensate(float steering, const VehicleState& state, float dt, const VehicleParameters& vehicle);
    /// The command finally sent this tick, which the next tick measures against.
    void commanded(float steering, const VehicleParameters& vehicle);
    /// The driven curvature over the asked one (1: the car turns as asked).
    float ratio() const;

    static constexpr float kTime = 0.25f;         ///< s, the filters' time constant
    static constexpr float kLeastSpeed = 5.0f;    ///< m/s: slower, slip is not measured
    static constexpr float kLeastCurvature = 0.002f;  ///< 1/m: straighter commands teach nothing
    /// A real car at 60 m/s turns at 0.3 of its no-slip curvature (car1-stock1 in TORCS: an understeer
    /// gradient of ~0.7°/g); the presets' reference model only lags, and keeps its tighter bound.
    static constexpr float kLeastRatio = 0.25f, kLeastPresetRatio = 0.4f, kMostRatio = 1.25f;

private:
    float m_asked = 0.0f;          ///< 1/m, signed: the last command's no-slip curvature
    float m_askedFiltered = 0.0f;  ///< 1/m, its magnitude low-passed
    float m_drivenFiltered = 0.0f; ///< 1/m, the driven curvature along its sign, low-passed
    float m_speedFiltered = 0.0f;  ///< m/s, over the same time: the speed the ratio was measured at
    float m_speed = 0.0f;          ///< m/s, this tick's: the speed the ratio is applied at
    /// A car described by its physics (hasEnvelope): the gradient, not the ratio, carries over
    /// speeds. The presets' reference model has no slip, only the steering rate's lag, which does not
    /// grow with v²; it keeps the measured ratio.
    bool m_scaleWithSpeed = false;
};

} // namespace trackwright
