#include "bake/pipeline/class_vehicle.h"

#include "trackwright/vehicle/car_physics.h"

namespace bake {

namespace {

/// `written` when the class writes it (non-zero), else `derived`.
float either(double written, float derived) { return written != 0.0 ? static_cast<float>(written) : derived; }

} // namespace

trackwright::VehicleParameters classVehicle(const formats::VehicleClass& c) {
    trackwright::VehicleParameters v = c.car ? trackwright::vehicleFromCar(*c.car) : trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    v.lateralGrip = either(c.maxLateralAcceleration, v.lateralGrip);
    v.maxAcceleration = either(c.maxAcceleration, v.maxAcceleration);
    v.maxBraking = either(c.maxBraking, v.maxBraking);
    v.topSpeed = either(c.topSpeed, v.topSpeed);
    v.wheelbase = either(c.wheelbase, v.wheelbase);
    v.maxSteeringAngle = either(c.maxSteeringAngle, v.maxSteeringAngle);
    v.width = either(c.width, v.width);
    v.downforce = either(c.downforce, v.downforce);
    v.drag = either(c.drag, v.drag);
    v.loadSensitivity = either(c.loadSensitivity, v.loadSensitivity);
    v.brakeLimit = either(c.brakeLimit, v.brakeLimit);
    v.powerPerMass = either(c.powerPerMass, v.powerPerMass);
    return v;
}

formats::VehicleClass resolvedClass(const formats::VehicleClass& c) {
    if (!c.car) return c;
    const trackwright::VehicleParameters v = classVehicle(c);
    formats::VehicleClass r = c;
    r.maxLateralAcceleration = v.lateralGrip;
    r.maxAcceleration = v.maxAcceleration;
    r.maxBraking = v.maxBraking;
    r.topSpeed = v.topSpeed;
    r.wheelbase = v.wheelbase;
    r.maxSteeringAngle = v.maxSteeringAngle;
    r.width = v.width;
    r.downforce = v.downforce;
    r.drag = v.drag;
    r.loadSensitivity = v.loadSensitivity;
    r.brakeLimit = v.brakeLimit;
    r.powerPerMass = v.powerPerMass;
    return r;
}

SpeedLimits classSpeedLimits(const formats::VehicleClass& c) {
    const formats::VehicleClass r = resolvedClass(c);
    SpeedLimits limits{r.maxLateralAcceleration, r.maxAcceleration, r.maxBraking, r.topSpeed, std::nullopt};
    if (c.car || formats::hasEnvelopeTerms(c)) limits.car = classVehicle(c);
    return limits;
}

} // namespace bake
