#include "trackwright/vehicle/car_physics.h"

#include "trackwright/track/road_surface.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// N·m at `rpm` on the curve, linear between its points, flat before the first and after the last.
double torqueAt(const std::vector<format::TorquePoint>& curve, double rpm) {
    if (curve.empty()) return 0.0;
    if (rpm <= curve.front().rpm) return curve.front().torque;
    for (std::size_t i = 1; i < curve.size(); ++i) {
        if (rpm <= curve[i].rpm) {
            const double t = (rpm - curve[i - 1].rpm) / (curve[i].rpm - curve[i - 1].rpm);
            return curve[i - 1].torque + t * (curve[i].torque - curve[i - 1].torque);
        }
    }
    return curve.back().torque;
}

constexpr double kRpmPerRadPerSecond = 60.0 / (2.0 * M_PI);

/// μ at the car's own load per tyre (its weight over four) from the reference load's μ.
double restingFriction(const format::CarDescription& car) {
    const double perTyre = car.mass * kGravity / 4.0;
    const double reference = car.tyreReferenceLoad > 0.0 ? car.tyreReferenceLoad : perTyre;
    return car.tyreFriction * std::max(0.3, 1.0 - car.tyreLoadSensitivity * (perTyre / reference - 1.0));
}

} // namespace

double wheelForce(const format::EngineDescription& engine, double speed, int gear) {
    if (gear < 0 || gear >= static_cast<int>(engine.gearRatios.size()) || !(engine.wheelRadius > 0.0)) return 0.0;
    const double ratio = engine.gearRatios[static_cast<std::size_t>(gear)] * engine.finalDrive;
    const double rpm = std::abs(speed) / engine.wheelRadius * ratio * kRpmPerRadPerSecond;
    if (rpm > engine.revLimit) return 0.0;
    return torqueAt(engine.torqueCurve, rpm) * ratio * engine.drivetrainEfficiency / engine.wheelRadius;
}

int bestGear(const format::EngineDescription& engine, double speed) {
    int best = 0;
    double force = -1.0;
    for (int g = 0; g < static_cast<int>(engine.gearRatios.size()); ++g) {
        const double f = wheelForce(engine, speed, g);
        if (f > force) {
            force = f;
            best = g;
        }
    }
    // Above every gear's rev limit the top gear, bouncing on the limiter.
    return force > 0.0 ? best : std::max(0, static_cast<int>(engine.gearRatios.size()) - 1);
}

VehicleParameters vehicleFromCar(const format::CarDescription& car) {
    VehicleParameters v;
    if (format::carDescriptionProblem(car)) return v;
    const double mu = restingFriction(car);
    v.lateralGrip = static_cast<float>(mu * kGravity);
    v.maxBraking = v.lateralGrip;
    // Sensitivity per weight of the car: μ(x)/μ(1) = 1 − s'·(x − 1) for x weights of load.
    const double perTyre = car.mass * kGravity / 4.0;
    const double reference = car.tyreReferenceLoad > 0.0 ? car.tyreReferenceLoad : perTyre;
    const double k = car.tyreLoadSensitivity * perTyre / reference;
    v.loadSensitivity = static_cast<float>(std::clamp(k / std::max(0.3, 1.0 - car.tyreLoadSensitivity * (perTyre / reference - 1.0)), 0.0, 0.95));
    v.downforce = static_cast<float>(std::max(0.0, car.airDensity * car.downforceArea / (2.0 * car.mass)));
    v.drag = static_cast<float>(car.airDensity * car.dragArea / (2.0 * car.mass));
    v.rollingResistance = static_cast<float>(car.rollingResistance * kGravity);
    v.brakeLimit = static_cast<float>(car.brakeForce / car.mass);
    const format::EngineDescription& e = car.engine;
    const double topGear = static_cast<double>(e.gearRatios.back()) * e.finalDrive;
    const double revLimited = e.revLimit / kRpmPerRadPerSecond / topGear * e.wheelRadius;
    double power = 0.0, top = 0.0, pull = 0.0;
    for (double speed = 0.5; speed <= revLimited + 1e-9; speed += 0.25) {
        const double force = wheelForce(e, speed, bestGear(e, speed));
        pull = std::max(pull, force);
        power = std::max(power, force * speed);
        if (force / car.mass > v.drag * speed * speed + v.rollingResistance) top = speed;
    }
    v.powerPerMass = static_cast<float>(power / car.mass);
    v.topSpeed = static_cast<float>(std::max(1.0, top));
    const double traction = mu * kGravity * e.drivenLoadShare;
    // The most the gears pull (first gear at its torque peak, the clutch slipping to reach it), not
    // the curve's first point at a standstill: driveLimit caps every speed at this.
    v.maxAcceleration = static_cast<float>(std::min(traction, pull / car.mass));
    v.wheelbase = static_cast<float>(car.wheelbase);
    v.maxSteeringAngle = static_cast<float>(car.steeringLock);
    if (car.steeringRate > 0.0) v.steeringRate = static_cast<float>(car.steeringRate);
    v.width = static_cast<float>(car.width);
    v.centreOfGravityHeight = static_cast<float>(car.centreOfGravityHeight);
    v.trackWidth = static_cast<float>(car.trackWidth);
    return v;
}

} // namespace trackwright
