#include "trackwright/plan/plan_vehicle.h"

#include <cmath>

namespace trackwright {

PlanVehicle carPlanVehicle(float turningRadius, float lateralAcceleration, float maxAcceleration, float maxDeceleration, float maxSpeed,
                           float reverseSpeed) {
    PlanVehicle v;
    v.turningRadius = turningRadius;
    v.maxLateralAcceleration = lateralAcceleration;
    v.maxAcceleration = maxAcceleration;
    v.maxDeceleration = maxDeceleration;
    v.maxSpeed = maxSpeed;
    v.maxReverseSpeed = reverseSpeed;
    return v;
}

PlanVehicle tankPlanVehicle(float turnRate, float maxAcceleration, float maxDeceleration, float maxSpeed) {
    PlanVehicle v;
    v.turningRadius = 0.0f;
    v.maxTurnRate = turnRate;
    v.turnsOnSpot = true;
    v.maxAcceleration = maxAcceleration;
    v.maxDeceleration = maxDeceleration;
    v.maxSpeed = maxSpeed;
    v.maxReverseSpeed = maxSpeed;  // tracks drive backwards as well as forwards (§3.1.1)
    return v;
}

PlanVehicle pedestrianPlanVehicle(float maxSpeed, float turnRate, float lateralAcceleration) {
    PlanVehicle v;
    v.turningRadius = 0.0f;
    v.maxTurnRate = turnRate;
    v.turnsOnSpot = true;
    v.maxLateralAcceleration = lateralAcceleration;
    // Walking: acceleration is not decisive (§3.1.1), so quick; backwards rarely and slowly.
    v.maxAcceleration = 2.0f * maxSpeed;
    v.maxDeceleration = 3.0f * maxSpeed;
    v.maxSpeed = maxSpeed;
    v.maxReverseSpeed = 0.25f * maxSpeed;
    return v;
}

PlanVehicle planVehicleFor(const VehicleParameters& p) {
    PlanVehicle v;
    v.maxAcceleration = p.maxAcceleration;
    v.maxDeceleration = p.maxBraking;
    v.maxSpeed = p.topSpeed;
    v.maxReverseSpeed = p.reverseSpeed;
    v.maxLateralAcceleration = p.lateralGrip;
    if (p.turnOnSpotRate > 0.0f) {
        v.turningRadius = 0.0f;
        v.turnsOnSpot = true;
        v.maxTurnRate = p.turnOnSpotRate;
    } else {
        v.turningRadius = p.maxSteeringAngle > 0.0f ? p.wheelbase / std::tan(p.maxSteeringAngle) : 0.0f;
    }
    return v;
}

} // namespace trackwright
