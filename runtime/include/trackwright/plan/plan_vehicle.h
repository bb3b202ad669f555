#pragma once

#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// The physical limits the movement planner keeps (AIPATH thesis §2.3 and §3.1.1). SI units;
/// accelerations are positive magnitudes, as in the thesis (§2.3: "a and d are always given in
/// positive quantities"). A zero limit means "not limited" where noted.
struct PlanVehicle {
    float maxAcceleration = 1.5f;        ///< a_max, m/s², forward and in reverse
    float maxDeceleration = 5.0f;        ///< d_max, m/s²
    float maxSpeed = 13.8f;              ///< v_max forward, m/s (§2.3.2)
    float maxReverseSpeed = 0.0f;        ///< m/s; 0: the vehicle never drives backwards
    float turningRadius = 5.0f;          ///< m, smallest circle it can drive; 0: no turning radius
    float maxLateralAcceleration = 0.0f; ///< m/s², centripetal limit v²/r (eq. 2.4); 0: not limited
    float maxTurnRate = 0.0f;            ///< rad/s, angular speed limit (§2.3.4); 0: not limited
    bool turnsOnSpot = false;            ///< may change heading at standstill (tanks, pedestrians)

    bool canReverse() const { return maxReverseSpeed > 0.0f; }
    bool operator==(const PlanVehicle&) const = default;
};

/// Car (§3.1.1 "Cars"): a turning radius and a lateral acceleration limit, no turning on the spot.
/// `reverseSpeed` 0 plans forward only, as in the thesis's experiments (§5.1).
PlanVehicle carPlanVehicle(float turningRadius, float lateralAcceleration, float maxAcceleration, float maxDeceleration, float maxSpeed,
                           float reverseSpeed = 0.0f);

/// Tank (§3.1.1 "Tanks"): turns on the spot at `turnRate`, and its angular speed limit also bounds
/// how tightly it turns while moving (radius ≥ v / turnRate); drives backwards as fast as forwards.
/// The thesis adds the angular velocity to the tank's state to limit angular acceleration; we keep
/// the pedestrian's (x, y, φ, v) state and limit only the angular speed.
PlanVehicle tankPlanVehicle(float turnRate, float maxAcceleration, float maxDeceleration, float maxSpeed);

/// Pedestrian-like agent (§3.1.1 "Pedestrians"): no turning radius, turns on the spot with a
/// limited angular speed, a lateral acceleration limit so faster means wider circles, and a small
/// backwards speed.
PlanVehicle pedestrianPlanVehicle(float maxSpeed = 2.0f, float turnRate = 3.0f, float lateralAcceleration = 3.0f);

/// The planner's view of a reference-model vehicle: turning radius L / tan(δmax) from the
/// wheelbase and steering lock (or turning on the spot for tracked vehicles), lateral grip, engine,
/// brakes, top and reverse speed.
PlanVehicle planVehicleFor(const VehicleParameters& vehicle);

} // namespace trackwright
