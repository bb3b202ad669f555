// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/vehicle_mapping.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace trackwright::torcs {

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

VehicleParameters vehicleFromCar(const CarDescription& car) {
    VehicleParameters v;
    v.wheelbase = car.wheelbase;
    v.width = car.width;
    v.maxSteeringAngle = car.steeringLock;
    const float g = kTorcsGravity;
    const float mass = std::max(car.mass, 1.0f);
    v.lateralGrip = car.tyreFriction * g;
    v.maxBraking = std::min(car.brakeForce, car.tyreFriction * mass * g) / mass;
    const EngineDescription& e = car.engine;
    float peakTorque = 0.0f;
    for (const auto& point : e.torqueCurve) peakTorque = std::max(peakTorque, point.second);
    const float firstGear = e.gearRatios.empty() ? 0.0f : e.gearRatios.front();
    const float driveForce = e.wheelRadius > 0.0f ? peakTorque * firstGear * e.finalDrive * e.drivetrainEfficiency / e.wheelRadius : 0.0f;
    v.maxAcceleration = std::min(driveForce, car.tyreFriction * g * e.drivenLoadShare * mass) / mass;
    const float top = std::min(powerLimitedSpeed(car), gearLimitedSpeed(car));
    if (std::isfinite(top) && top > 0.0f) v.topSpeed = top;
    v.drag = 0.5f * car.airDensity * car.dragArea / mass;
    return v;
}

} // namespace trackwright::torcs
