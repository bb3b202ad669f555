#include "trackwright/format/car_description.h"

#include <cmath>
#include <numbers>

namespace trackwright::format {

namespace {

bool finitePositive(double value) { return std::isfinite(value) && value > 0.0; }
bool finiteNonNegative(double value) { return std::isfinite(value) && value >= 0.0; }

} // namespace

const char* carDescriptionProblem(const format::CarDescription& car) {
    if (!finitePositive(car.mass)) return "mass must be > 0 (kg)";
    if (!finiteNonNegative(car.dragArea)) return "drag_area must be >= 0 (m²)";
    if (!std::isfinite(car.downforceArea)) return "downforce_area must be a number (m²)";
    if (!finitePositive(car.airDensity)) return "air_density must be > 0 (kg/m³)";
    if (!finitePositive(car.tyreFriction)) return "tyre_friction must be > 0";
    if (!finiteNonNegative(car.tyreReferenceLoad)) return "tyre_reference_load must be >= 0 (N)";
    if (!std::isfinite(car.tyreLoadSensitivity) || car.tyreLoadSensitivity < 0.0 || car.tyreLoadSensitivity >= 1.0)
        return "tyre_load_sensitivity must be in [0, 1)";
    if (!finiteNonNegative(car.brakeForce)) return "brake_force must be >= 0 (N)";
    if (!finiteNonNegative(car.rollingResistance)) return "rolling_resistance must be >= 0";
    if (!finitePositive(car.wheelbase)) return "wheelbase must be > 0 (m)";
    if (!finiteNonNegative(car.trackWidth)) return "track_width must be >= 0 (m)";
    if (!finiteNonNegative(car.centreOfGravityHeight)) return "centre_of_gravity_height must be >= 0 (m)";
    if (!finitePositive(car.steeringLock) || car.steeringLock >= std::numbers::pi / 2) return "steering_lock must be in (0, π/2) rad";
    if (!finiteNonNegative(car.steeringRate)) return "steering_rate must be >= 0 (rad/s)";
    if (!finitePositive(car.width)) return "width must be > 0 (m)";
    if (!finiteNonNegative(car.length)) return "length must be >= 0 (m)";
    const EngineDescription& e = car.engine;
    if (e.torqueCurve.size() < 2) return "engine.torque_curve needs at least two [rpm, N·m] points";
    for (std::size_t i = 0; i < e.torqueCurve.size(); ++i) {
        if (!finiteNonNegative(e.torqueCurve[i].rpm) || !finiteNonNegative(e.torqueCurve[i].torque)) return "engine.torque_curve points must be >= 0";
        if (i > 0 && !(e.torqueCurve[i].rpm > e.torqueCurve[i - 1].rpm)) return "engine.torque_curve rpm must ascend";
    }
    if (!finitePositive(e.revLimit)) return "engine.rev_limit must be > 0 (rpm)";
    if (e.gearRatios.empty()) return "engine.gear_ratios needs at least one forward gear";
    for (double g : e.gearRatios)
        if (!finitePositive(g)) return "engine.gear_ratios must be > 0";
    if (!finitePositive(e.finalDrive)) return "engine.final_drive must be > 0";
    if (!finitePositive(e.drivetrainEfficiency) || e.drivetrainEfficiency > 1.0) return "engine.drivetrain_efficiency must be in (0, 1]";
    if (!finitePositive(e.wheelRadius)) return "engine.wheel_radius must be > 0 (m)";
    if (!finitePositive(e.drivenLoadShare) || e.drivenLoadShare > 1.0) return "engine.driven_load_share must be in (0, 1]";
    return nullptr;
}

} // namespace trackwright::format
