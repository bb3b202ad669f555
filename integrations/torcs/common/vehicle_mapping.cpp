// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/vehicle_mapping.h"

#include "trackwright/vehicle/car_physics.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace trackwright::torcs {

format::CarDescription toProductCar(const CarDescription& car) {
    format::CarDescription out;
    out.mass = car.mass;
    out.dragArea = car.dragArea;
    out.downforceArea = car.downforceArea;
    out.airDensity = car.airDensity;
    out.tyreFriction = car.tyreFriction;
    out.tyreReferenceLoad = car.tyreReferenceLoad;
    out.tyreLoadSensitivity = car.tyreLoadSensitivity;
    out.brakeForce = car.brakeForce;
    out.rollingResistance = car.rollingResistance;
    for (const auto& [rpm, torque] : car.engine.torqueCurve) out.engine.torqueCurve.push_back({rpm, torque});
    out.engine.revLimit = car.engine.revLimit;
    for (const float ratio : car.engine.gearRatios) out.engine.gearRatios.push_back(ratio);
    out.engine.finalDrive = car.engine.finalDrive;
    out.engine.drivetrainEfficiency = car.engine.drivetrainEfficiency;
    out.engine.wheelRadius = car.engine.wheelRadius;
    out.engine.drivenLoadShare = car.engine.drivenLoadShare;
    out.wheelbase = car.wheelbase;
    out.trackWidth = car.trackWidth;
    out.centreOfGravityHeight = car.centreOfGravityHeight;
    out.steeringLock = car.steeringLock;
    out.width = car.width;
    out.length = car.length;
    return out;
}

VehicleParameters vehicleFromCar(const CarDescription& car) { return trackwright::vehicleFromCar(toProductCar(car)); }

float powerLimitedSpeed(const CarDescription& car) {
    const float power = maxEnginePower(car.engine) * car.engine.drivetrainEfficiency;
    const float k = 0.5f * car.airDensity * car.dragArea;
    if (!(k > 0.0f)) return std::numeric_limits<float>::infinity();
    return std::cbrt(power / k);
}

float gearLimitedSpeed(const CarDescription& car) {
    const EngineDescription& e = car.engine;
    if (e.gearRatios.empty()) return 0.0f;
    const float top = e.gearRatios.back() * e.finalDrive;
    if (!(top > 0.0f)) return 0.0f;
    return e.revLimit * 2.0f * std::numbers::pi_v<float> / 60.0f / top * e.wheelRadius;
}

} // namespace trackwright::torcs
