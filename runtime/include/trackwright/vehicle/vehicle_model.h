#pragma once

#include "trackwright/track/road_surface.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cstdint>

namespace trackwright {

/// Parameters of the reference vehicle model. SI units.
struct VehicleParameters {
    float wheelbase = 2.6f;            ///< m
    float maxSteeringAngle = 0.55f;    ///< rad, road-wheel angle at full lock
    float steeringRate = 1.5f;         ///< rad/s the wheels turn at most
    float maxAcceleration = 6.0f;      ///< m/s² at full throttle, up to top speed (less drag)
    float maxBraking = 12.0f;          ///< m/s²
    float topSpeed = 60.0f;            ///< m/s
    float reverseSpeed = 8.0f;         ///< m/s, top speed in reverse
    float drag = 0.0004f;              ///< 1/m: deceleration drag·v²
    float rollingResistance = 0.2f;    ///< m/s²
    float lateralGrip = 12.0f;         ///< m/s² on level nominal tarmac (grip 1): beyond it the car slides
    float turnOnSpotRate = 0.0f;       ///< rad/s at full steering and no speed (tanks); 0 for wheeled vehicles
    float width = 1.9f;                ///< m
    // A car's g-g-v envelope (vehicle/vehicle_limits.h); all 0, the model's constant limits above.
    /// 1/m: aero load per (m/s)², ρ·Cl·A/(2m): the tyres are pressed by g + downforce·v².
    float downforce = 0.0f;
    /// μ falls by this share per weight of load above the car's own: μ(n) = μ₀·(1 − s·(n/g − 1)).
    float loadSensitivity = 0.0f;
    /// m/s², the brakes' own limit (their most force over the mass); 0: the tyres lock first at any load.
    float brakeLimit = 0.0f;
    /// W/kg at the driven wheels: the engine gives at most powerPerMass / v; 0: maxAcceleration up to top speed.
    float powerPerMass = 0.0f;
    /// m, the centre of gravity's height, and m between the wheels' centres: load moves to the outer
    /// wheels in a turn (by a·h/t of the weight per g) and to the front under braking (a·h/L), and
    /// load-sensitive tyres give less for it. 0: no load transfer.
    float centreOfGravityHeight = 0.0f;
    float trackWidth = 0.0f;
};

/// Parameters the model can run: every number finite, the wheelbase, limits, top speed, grip and
/// width positive, the rest (steering angle, rates, drag, rolling resistance, the envelope's terms)
/// not negative, the load sensitivity below 1. A
/// tracked vehicle may have no steering angle if it turns on the spot.
bool validVehicleParameters(const VehicleParameters& vehicle);

/// The six presets spanning the path-following paper's vehicle range.
enum class VehiclePreset : std::uint8_t { Car, Truck, Tank, Armoured, Buggy, Hovercraft };
inline constexpr VehiclePreset kAllVehiclePresets[] = {VehiclePreset::Car, VehiclePreset::Truck, VehiclePreset::Tank,
                                                       VehiclePreset::Armoured, VehiclePreset::Buggy, VehiclePreset::Hovercraft};

/// [car] quick and nimble, [truck] heavy and slow to brake, [tank] turns on the spot, slow,
/// [armoured] large turning radius, [buggy] poor traction, [hovercraft] very low grip, drifts.
VehicleParameters vehiclePreset(VehiclePreset preset);
const char* vehiclePresetName(VehiclePreset preset);
/// The preset called `name` (CLI names above); false when there is none.
[[nodiscard]] bool vehiclePresetByName(const char* name, VehiclePreset& preset);

/// Full state of the simulated vehicle: what a follower sees plus what only physics needs.
struct VehicleBody {
    VehicleState state;
    /// World m/s: differs from the heading when sliding. On a slope its length is the speed along
    /// the road; the car covers the plan projection of it.
    format::Vec2 velocity;
    float steeringAngle = 0.0f;  ///< current road-wheel angle, rad
};

/// Advances the reference vehicle by `dt` seconds: a bicycle model whose wheels turn at a limited
/// rate towards the commanded angle, with engine (full acceleration up to top speed), brake and
/// reverse limits, drag and rolling resistance, and a lateral grip
/// limit: the velocity turns towards the heading only as fast as grip allows, so a car that asks
/// for more slides. Deterministic: the same inputs give the same body, bit for bit.
/// `road` is the road under the car (the registration's `road`; the level, nominal road by
/// default), felt as the speed hints feel it (bake/pipeline/speed_profile.h), with g = kGravity:
/// - gravity along the slope: on a climb of angle ψ along the car's heading the car loses g·sin ψ
///   of acceleration (0.976 m/s² on a 10 % ramp), on a descent it gains it; a car standing still
///   with no command is held by its brakes;
/// - braking scales with the surface grip factor, engine traction with min(1, grip)
///   (tractionFactor);
/// - the lateral grip limit is lateralGrip · grip · (n + a_c·tan θ)/g, with n the load pressing the
///   car on the road (g·cos ψ on a climb, less v²κ_v over a crest, more in a compression), a_c the
///   turn's acceleration and θ the roll into the turn, and gravity across a banked road pushes
///   towards its low side by n·tan θ: together exactly the hints' banked-curve limit
///   v²κ = n·(tan θ + μ)/(1 − μ·tan θ) (banking into the turn adds capacity, away takes it off);
/// - the car moves along the road: it covers the plan projection of its speed.
/// A road holding a non-finite number, or a tangentZ of ±1, is taken as the level road.
/// On the level road with grip 1 the model runs exactly its flat arithmetic.
/// A step longer than kVehicleSubstep is integrated in equal sub-steps no longer than that; a
/// negative, non-finite or longer-than-kMaxTick (vehicle_state.h) `dt`, a body holding a non-finite number, or
/// a step that would leave one (parameters no vehicle has: a zero wheelbase, an infinite grip) is
/// refused: false, and the body is left as it was. Check custom parameters once with
/// validVehicleParameters; the C API does.
[[nodiscard]] bool stepVehicle(const VehicleParameters& vehicle, const Controls& controls, float dt, VehicleBody& body, const RoadSurface& road = {});

/// The longest single Euler step of the reference model, seconds (a 60 Hz frame).
inline constexpr float kVehicleSubstep = 1.0f / 60.0f;

} // namespace trackwright
