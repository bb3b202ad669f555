#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// The car description a game fills from its own car (DESIGN.md, "Vehicle class"), here computed from
// a TORCS car's parameters with TORCS's own simuv2 formulas. Physics only: no number in this file
// is tuned per car or per track; every constant is TORCS's (its source file named beside it).

#include <string>
#include <utility>
#include <vector>

namespace trackwright::torcs {

/// surfaces.xml "asphalt" (and every road surface of its family): wheel.cpp's rolling resistance is
/// the wheel's load times its surface's "rolling resistance", a property of the road, not the car.
inline constexpr float kTorcsNominalRollingResistance = 0.001f;

/// Reads a TORCS car's parameters, as GfParmGetNum does: numbers in SI units (rad, m, Pa, kg …),
/// `fallback` where the car and its category leave the key out. The robot module reads its car's
/// parameter handle through it (torcs_car_params.h); tests give it a plain map.
class CarParameterSource {
public:
    virtual ~CarParameterSource() = default;
    /// The number at `section`/`key` in SI units, `fallback` when absent.
    virtual float number(const std::string& section, const std::string& key, float fallback) const = 0;
    /// The text at `section`/`key`, `fallback` when absent.
    virtual std::string text(const std::string& section, const std::string& key, const std::string& fallback) const = 0;
    /// How many sub-sections `section` has (the engine's data points, the gears).
    virtual int count(const std::string& section) const = 0;
};

/// The engine and drivetrain, SI units but for the torque curve's rpm (as the schema names it).
struct EngineDescription {
    std::vector<std::pair<float, float>> torqueCurve;  ///< (rpm, N·m), up to the rev limiter
    float revLimit = 0.0f;              ///< rpm: TORCS cuts the torque above its "revs limiter"
    std::vector<float> gearRatios;      ///< forward gears, first gear first, without the final drive
    float finalDrive = 1.0f;            ///< the driven axle's differential ratio (4WD: the central one)
    float drivetrainEfficiency = 1.0f;  ///< TORCS applies gear and differential efficiencies to inertia only, not torque
    float wheelRadius = 0.0f;           ///< m, the driven wheels' rim radius + tyre height
    float drivenLoadShare = 0.5f;       ///< share of the car's weight on the driven wheels (4WD: 1)
};

/// The product's car description (the JSON schema of integrations/torcs/README.md), SI units.
struct CarDescription {
    std::string name;
    float mass = 0.0f;                 ///< kg: the car (its driver included) and the fuel it starts with
    float dragArea = 0.0f;             ///< m², Cd·A: drag = 0.5·airDensity·dragArea·v²
    float downforceArea = 0.0f;        ///< m², Cl·A: aero load = 0.5·airDensity·downforceArea·v²
    float airDensity = 1.23f;          ///< kg/m³ the areas are stated against (TORCS's wings use 1.23)
    float tyreFriction = 0.0f;         ///< μ at the reference load, on TORCS's nominal asphalt (friction 1.2)
    float tyreReferenceLoad = 0.0f;    ///< N per tyre: the car's static load per tyre
    float tyreLoadSensitivity = 0.0f;  ///< s of μ(Fz) = μ0·(1 − s·(Fz/Fz0 − 1)), fitted over 0.5–2·Fz0
    float brakeForce = 0.0f;           ///< N at the tyres' contact patches, all four, at full pedal
    float rollingResistance = kTorcsNominalRollingResistance;  ///< force over weight, on TORCS's nominal asphalt
    EngineDescription engine;
    float wheelbase = 0.0f;            ///< m
    float trackWidth = 0.0f;           ///< m, mean of the two axles'
    float centreOfGravityHeight = 0.0f;  ///< m, the car's "GC height" (car.cpp): the load a turn moves outwards
    float steeringLock = 0.0f;         ///< rad, road-wheel angle at full lock
    float width = 0.0f;                ///< m, overall
    float length = 0.0f;               ///< m, overall
    /// Not in the JSON: the slip ratio at which the tyres' magic formula peaks (the mean over the
    /// wheels), what the module's ABS and traction control hold the wheels to.
    float tyrePeakSlip = 0.1f;
};

/// TORCS's constants the description uses, named where they come from.
inline constexpr float kTorcsGravity = 9.81f;          ///< simuv2 sim.h G
inline constexpr float kTorcsAirDensity = 1.23f;       ///< aero.cpp: wing Kx = −1.23·area
inline constexpr float kTorcsBodyDragFactor = 0.645f;  ///< aero.cpp: SCx2 = 0.645·Cx·front area
inline constexpr float kTorcsWingLiftFactor = 4.0f;    ///< aero.cpp: wing Kz = 4·Kx
inline constexpr float kTorcsNominalFriction = 1.2f;   ///< surfaces.xml "asphalt": the import's grip 1 (docs/torcs-track-format.md)

/// The car's description from its TORCS parameters (the handle TORCS hands a robot: the car file
/// merged over its category), with simuv2's formulas:
/// - mass: "Car/mass" + the initial fuel (TORCS counts a litre as a kilogram, car.cpp), or
///   `startFuel` litres when ≥ 0 (what the robot asks TORCS to fill); never above the tank.
/// - drag: aero.cpp's body drag 0.645·Cx·A and both wings' 1.23·area·sin(angle), as 0.5·ρ·CdA.
/// - downforce: both wings' 4·1.23·area·sin(angle) and the ground effect (front + rear Clift)·hm,
///   hm = 2·exp(−3·(1.5·Σ ride heights)⁴) at the wheels' static ride heights, as 0.5·ρ·ClA.
/// - tyres: per wheel μ · TORCS's camber gain (1 + 0.05·sin(−18·camber)) · the magic formula's peak
///   (1 where it reaches it; the robots' skid factor, a bonus for sliding beyond the peak, is not
///   counted) · the nominal asphalt's 1.2; the load factor lfMin + (lfMax − lfMin)·exp(ln((1 − lfMin)/(lfMax − lfMin))·Fz/opLoad)
///   (wheel.cpp; opLoad defaults to 1.2 × the wheel's static load of the car without fuel); the
///   car's μ at a load scale x is the load-weighted mean over the wheels at x × their static loads;
///   μ0 at x = 1 (Fz0 = the mean static load per tyre), s the least-squares slope of μ(x)/μ0
///   through (1, 1) over x in [0.5, 2].
/// - rolling resistance: the nominal asphalt's 0.001 (the product's default, 0.015, held a 1.2-tonne
///   car back by 180 N where TORCS's asphalt costs it 12: 1 m/s of top speed on an oval).
/// - brakes: per wheel (disk diameter/2 · piston area · pad μ) · max pressure · its axle's share of
///   the front-rear repartition / wheel radius (brake.cpp), summed.
/// - engine: the "data points" up to the revs limiter (the last point interpolated there); forward
///   gear ratios; the driven axle's differential ratio (transmission.cpp: central for 4WD).
/// - geometry: wheelbase from the axles' xpos, track from the wheels' ypos, steer lock, overall
///   width and length (body width and length where unset).
/// Missing keys take simuv2's own defaults.
CarDescription describeTorcsCar(const CarParameterSource& car, const std::string& name, float startFuel = -1.0f);

/// The car's μ relative to μ0 at `loadScale` × its static loads (the curve describeTorcsCar fits);
/// exposed for tests.
float torcsLoadFactorCurve(const CarParameterSource& car, float loadScale, float startFuel = -1.0f);

/// The description as the JSON document of the schema (integrations/torcs/README.md), keys in the
/// schema's order, numbers with enough digits to round-trip a float.
std::string carDescriptionJson(const CarDescription& car);

/// The engine's most power, W, over its curve up to the limiter (TORCS's linear interpolation).
float maxEnginePower(const EngineDescription& engine);
/// N·m at `rpm` on the curve (linear between points, 0 above the limiter).
float engineTorqueAt(const EngineDescription& engine, float rpm);

} // namespace trackwright::torcs
