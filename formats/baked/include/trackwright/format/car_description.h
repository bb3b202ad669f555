#pragma once

#include <string>
#include <utility>
#include <vector>

namespace trackwright::format {

/// A point of an engine's full-throttle torque curve.
struct TorquePoint {
    double rpm = 0.0;     ///< revolutions per minute
    double torque = 0.0;  ///< N·m at the crankshaft
    friend bool operator==(const TorquePoint&, const TorquePoint&) = default;
};

/// The engine and drivetrain: enough for the force at the driven wheels at each speed.
struct EngineDescription {
    std::vector<TorquePoint> torqueCurve;  ///< ascending rpm, at least two points
    double revLimit = 0.0;                 ///< rpm the engine is cut at
    std::vector<double> gearRatios;        ///< forward gears, first first (engine turns per gearbox output turn)
    double finalDrive = 0.0;               ///< differential ratio
    double drivetrainEfficiency = 0.9;     ///< share of the engine's torque reaching the wheels
    double wheelRadius = 0.0;              ///< m, of the driven wheels
    double drivenLoadShare = 0.5;          ///< share of the car's weight on the driven wheels (traction)
    friend bool operator==(const EngineDescription&, const EngineDescription&) = default;
};

/// A car as a game describes it: the physics its AI plans with (docs/formats.md, "car"). SI units.
/// The runtime derives its limits at each speed and load from it (trackwright/vehicle/car_physics.h).
struct CarDescription {
    double mass = 0.0;                 ///< kg: car, driver and the fuel it races with
    double dragArea = 0.0;             ///< m², Cd·A: drag = ½·ρ·Cd·A·v²
    double downforceArea = 0.0;        ///< m², Cl·A: aero load = ½·ρ·Cl·A·v² (wings and ground effect)
    double airDensity = 1.2;           ///< kg/m³
    double tyreFriction = 0.0;         ///< μ at the reference load
    double tyreReferenceLoad = 0.0;    ///< N per tyre at which μ is tyreFriction; 0: the car's weight over four
    double tyreLoadSensitivity = 0.0;  ///< μ(Fz) = μ₀·(1 − s·(Fz/Fz₀ − 1)): the share of μ lost per reference load more
    double brakeForce = 0.0;           ///< N, the brakes' total at full pedal; 0: the tyres always lock first
    double rollingResistance = 0.015;  ///< rolling resistance coefficient (force over weight)
    EngineDescription engine;
    double wheelbase = 0.0;            ///< m
    double trackWidth = 0.0;           ///< m between the wheels' centres
    double centreOfGravityHeight = 0.0;  ///< m above the ground; with track_width, the load a turn moves outwards (0: none)
    double steeringLock = 0.0;         ///< rad, road-wheel angle at full lock
    double steeringRate = 0.0;         ///< rad/s the wheels turn at most; 0: the reference model's default
    double width = 0.0;                ///< m, body
    double length = 0.0;               ///< m, bumper to bumper
    friend bool operator==(const CarDescription&, const CarDescription&) = default;
};

/// Null when `car` can be driven, else the key that cannot and why ("mass must be > 0 (kg)"):
/// every number finite; mass, μ, air density, wheelbase, steering lock, width, the rev limit,
/// gears, final drive and wheel radius positive; the torque curve at least two points ascending in
/// rpm; the efficiency and the driven load share in (0, 1]; the load sensitivity in [0, 1).
const char* carDescriptionProblem(const CarDescription& car);

} // namespace trackwright::format
