#include "trackwright/vehicle/vehicle_model.h"

#include "trackwright/vehicle/vehicle_limits.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace trackwright {

VehicleParameters vehiclePreset(VehiclePreset preset) {
    VehicleParameters p;
    switch (preset) {
    case VehiclePreset::Car:
        break;  // the defaults: a quick, nimble road-racing car
    case VehiclePreset::Truck:
        p = {4.5f, 0.6f, 0.8f, 2.0f, 4.5f, 30.0f, 6.0f, 0.0006f, 0.3f, 5.0f, 0.0f, 2.5f};
        break;
    case VehiclePreset::Tank:
        p = {3.5f, 0.0f, 1.0f, 2.5f, 8.0f, 18.0f, 8.0f, 0.001f, 0.8f, 7.0f, 1.0f, 3.4f};
        break;
    case VehiclePreset::Armoured:
        p = {4.0f, 0.3f, 0.6f, 3.0f, 7.0f, 28.0f, 6.0f, 0.0006f, 0.4f, 7.0f, 0.0f, 2.6f};
        break;
    case VehiclePreset::Buggy:
        p = {2.3f, 0.6f, 2.5f, 5.5f, 7.0f, 35.0f, 8.0f, 0.0008f, 0.3f, 5.5f, 0.0f, 1.8f};
        break;
    case VehiclePreset::Hovercraft:
        p = {3.0f, 0.6f, 1.5f, 3.0f, 2.5f, 25.0f, 6.0f, 0.0010f, 0.05f, 2.0f, 0.0f, 3.0f};
        break;
    }
    return p;
}

const char* vehiclePresetName(VehiclePreset preset) {
    switch (preset) {
    case VehiclePreset::Car: return "car";
    case VehiclePreset::Truck: return "truck";
    case VehiclePreset::Tank: return "tank";
    case VehiclePreset::Armoured: return "armoured";
    case VehiclePreset::Buggy: return "buggy";
    case VehiclePreset::Hovercraft: return "hovercraft";
    }
    return "?";
}

bool validVehicleParameters(const VehicleParameters& v) {
    const float numbers[] = {v.wheelbase, v.maxSteeringAngle, v.steeringRate, v.maxAcceleration, v.maxBraking, v.topSpeed,
                             v.reverseSpeed, v.drag, v.rollingResistance, v.lateralGrip, v.turnOnSpotRate, v.width,
                             v.downforce, v.loadSensitivity, v.brakeLimit, v.powerPerMass, v.centreOfGravityHeight, v.trackWidth};
    for (float n : numbers)
        if (!std::isfinite(n) || n < 0.0f) return false;
    const bool turns = v.maxSteeringAngle > 0.0f || v.turnOnSpotRate > 0.0f;
    return turns && v.wheelbase > 0.0f && v.maxAcceleration > 0.0f && v.maxBraking > 0.0f && v.topSpeed > 0.0f &&
        v.lateralGrip > 0.0f && v.width > 0.0f && v.loadSensitivity < 1.0f;
}

bool vehiclePresetByName(const char* name, VehiclePreset& preset) {
    if (name == nullptr) return false;
    for (VehiclePreset p : kAllVehiclePresets) {
        if (std::strcmp(name, vehiclePresetName(p)) == 0) {
            preset = p;
            return true;
        }
    }
    return false;
}

namespace {

/// The road as the model uses it for one stepVehicle call: the surface's plan gradient ∇z (rise per
/// metre east and north: tan φ along the road's forward direction plus tan(banking) across it),
/// the grip factors and the vertical curvature. `level` marks the plain flat road, on which the
/// model runs exactly the arithmetic it always did (flat tracks drive bit for bit as before).
struct RoadTerms {
    bool level = true;
    double gradientX = 0.0, gradientY = 0.0;
    double verticalCurvature = 0.0;
    float grip = 1.0f;      ///< braking and lateral grip scale with it
    float traction = 1.0f;  ///< tractionFactor(grip): the engine's share the tyres transmit
};

/// (x, y) turned by the angle of cosine `c` and sine `s`: (x·c + (−y)·s, x·s + y·c), the same numbers
/// as the textbook x·c − y·s. Written so because GCC 12's SLP vectoriser fuses the textbook pair into
/// one vfmaddsub even under -ffp-contract=off, and a fused multiply-add rounds once where the two
/// products round twice: the -march=haswell build drove a different race (tests/determinism).
format::Vec2 turned(double x, double y, double c, double s) {
    const double minusY = -y;
    return {x * c + minusY * s, x * s + y * c};
}

RoadTerms roadTerms(const RoadSurface& road) {
    RoadTerms terms;
    const float values[] = {road.tangentZ, road.banking, road.grip, road.verticalCurvature, road.forwardX, road.forwardY};
    for (float value : values)
        if (!std::isfinite(value)) return terms;  // a road no track has: the level road
    if (!(std::abs(road.tangentZ) < 1.0f) || !(road.grip >= 0.0f)) return terms;
    terms.grip = road.grip;
    terms.traction = static_cast<float>(tractionFactor(road.grip));
    if (road.tangentZ == 0.0f && road.banking == 0.0f && road.verticalCurvature == 0.0f) return terms;
    const double tangentZ = road.tangentZ;
    const double alongSlope = tangentZ / std::sqrt(1.0 - tangentZ * tangentZ);  // tan φ
    const double acrossSlope = std::tan(static_cast<double>(road.banking));       // the left edge's rise per metre
    // Forward and its left perpendicular, in plan: ∇z = tan φ · f + tan θ · l.
    const double norm = std::hypot(static_cast<double>(road.forwardX), static_cast<double>(road.forwardY));
    const double fx = norm > 0.0 ? road.forwardX / norm : 1.0, fy = norm > 0.0 ? road.forwardY / norm : 0.0;
    const format::Vec2 gradient = turned(alongSlope, acrossSlope, fx, fy);
    terms.gradientX = gradient.x;
    terms.gradientY = gradient.y;
    terms.verticalCurvature = road.verticalCurvature;
    terms.level = false;
    return terms;
}

/// The plan acceleration across its heading (left positive) a car gets when it asks for `wanted`
/// on a road rolled by tan θ = `crossSlope` (left side higher positive), with tyre friction `mu`
/// (lateral grip over g) and `load` n pressing it on the road (g·cos ψ on a climb, less v²κ_v over
/// a crest, more in a compression), m/s². Along and across the road's plane, a turn of plan
/// acceleration a needs a·cos θ − n·sin θ of the tyres, which hold μ·(n·cos θ + a·sin θ); divided
/// by cos θ: gravity pulls n·tan θ towards the low side and the tyres add up to μ·(n + a·tan θ)
/// (θ into the turn). The saturated turn is the speed hints' banked-curve limit,
/// a = n·(tan θ + μ)/(1 − μ·tan θ), so a car driven at its hints holds its line.
double bankedTurn(double wanted, double mu, double load, double crossSlope) {
    const double n = std::max(0.0, load);
    const double gravity = -n * crossSlope;  // towards the low side
    const double tyres = wanted - gravity;   // what the tyres must add
    const double side = tyres >= 0.0 ? 1.0 : -1.0;
    // |a − gravity| ≤ μ·(n − a·crossSlope): within it the car turns as asked.
    if (std::abs(tyres) <= mu * std::max(0.0, n - wanted * crossSlope)) return wanted;
    const double denominator = 1.0 + side * mu * crossSlope;
    if (denominator <= 0.0) return wanted;  // banked steeply enough to hold any turn that way
    return (gravity + side * mu * n) / denominator;
}

/// One Euler step of the model; `dt` at most kVehicleSubstep.
void integrate(const VehicleParameters& v, const Controls& c, float dt, const RoadTerms& road, VehicleBody& body) {
    const float steering = std::clamp(std::isfinite(c.steering) ? c.steering : 0.0f, -1.0f, 1.0f);
    const float throttle = std::clamp(std::isfinite(c.throttle) ? c.throttle : 0.0f, -1.0f, 1.0f);
    VehicleState& s = body.state;
    // Friction-limited forces scale with the surface: brakes with its grip, the engine with the
    // traction factor (the speed hints' b_max·grip and a_max·min(1, grip)). Exact on grip 1.
    // A car with an envelope (vehicle_limits.h) feels its load too: downforce presses it harder
    // as it goes faster, the brakes cap what the tyres could give, the engine gives its power.
    float braking = v.maxBraking * road.grip;
    float engine = v.maxAcceleration * road.traction;
    float loadGrip = 1.0f;  // the lateral grip's share from the load
    if (hasEnvelope(v)) {
        const float speedNow = static_cast<float>(std::hypot(body.velocity.x, body.velocity.y));
        loadGrip = lateralLimit(v, speedNow) / v.lateralGrip;
        braking = (brakingLimit(v, speedNow) - v.drag * speedNow * speedNow) * road.grip;  // the drag is the model's resistance below
        engine = driveLimit(v, speedNow) * road.traction;
    }

    // Wheels turn towards the commanded angle at a limited rate.
    const float targetAngle = steering * v.maxSteeringAngle;
    const float maxTurn = v.steeringRate * dt;
    body.steeringAngle += std::clamp(targetAngle - body.steeringAngle, -maxTurn, maxTurn);

    // The slope under the car along and across its heading (rise per metre of plan): sin ψ of the
    // climb along the heading, sin ρ of the roll (left side higher positive), and the normal load's
    // share of the weight on that plane, 1/√(1 + |∇z|²).
    const double cosH = std::cos(s.heading), sinH = std::sin(s.heading);
    double sinClimb = 0.0, cosClimb = 1.0, crossSlope = 0.0;
    if (!road.level) {
        const double along = road.gradientX * cosH + road.gradientY * sinH;
        crossSlope = -road.gradientX * sinH + road.gradientY * cosH;  // tan of the roll, left side higher positive
        sinClimb = along / std::sqrt(1.0 + along * along);
        cosClimb = 1.0 / std::sqrt(1.0 + along * along);
    }

    // Longitudinal: engine (fading to zero at top speed), brakes, reverse, drag and rolling resistance.
    double forward = body.velocity.x * cosH + body.velocity.y * sinH;
    double lateral = -body.velocity.x * sinH + body.velocity.y * cosH;
    double accel = 0.0;
    if (c.handbrake) {
        accel = -std::copysign(braking, forward);
    } else if (throttle >= 0.0f) {
        // Full engine acceleration up to top speed (as the baked speed profiles assume). Beyond it
        // (carried out of a slipstream) the engine's power is what holds top speed against the
        // resistance, P = (drag·v_top² + rolling)·v_top, so a car above it slows only by the
        // resistance it has over that, as a power-limited engine does (a hard cut threw away a
        // slipstream's gain in a second).
        const double held = (v.drag * double(v.topSpeed) * v.topSpeed + v.rollingResistance) * road.traction;
        accel = forward >= 0.0 ? (forward < v.topSpeed ? throttle * engine : throttle * held * v.topSpeed / forward) : throttle * braking;
    } else if (forward > 0.1) {
        accel = throttle * braking;  // braking
    } else {
        accel = throttle * engine * 0.5 * std::max(0.0, 1.0 + forward / v.reverseSpeed);  // reverse gear
    }
    const double resistance = v.drag * forward * std::abs(forward) + std::copysign(v.rollingResistance, forward);
    // Gravity along the slope: a climb slows the car by g·sin ψ, a descent speeds it up (the speed
    // hints' a − g·sin φ and b + g·sin φ).
    double net = accel - resistance;
    if (!road.level) net -= kGravity * sinClimb;
    double newForward = forward + net * dt;
    // Brakes and resistance stop the car; they never push it backwards. A car standing still with
    // no command stays put, on a slope too (its brakes hold it: hill hold).
    if ((throttle < 0.0f && forward > 0.1 && newForward < 0.0) || (std::abs(forward) < 0.05 && std::abs(accel) < 1e-6)) newForward = 0.0;
    if (forward > 0.0 && accel <= 0.0 && newForward < 0.0) newForward = 0.0;
    if (throttle >= 0.0f && forward <= v.topSpeed) newForward = std::min(newForward, static_cast<double>(v.topSpeed));
    forward = newForward;

    // Yaw: bicycle kinematics, or turning on the spot for tracked vehicles.
    double yawRate = forward * std::tan(body.steeringAngle) / v.wheelbase;
    if (v.turnOnSpotRate > 0.0f) yawRate = steering * v.turnOnSpotRate * (forward < -0.1 ? -1.0 : 1.0);
    s.heading = static_cast<float>(std::remainder(s.heading + yawRate * dt, 2.0 * M_PI));
    s.yawRate = static_cast<float>(yawRate);

    // Grip: the velocity follows the new heading only as far as lateral grip allows; the rest slides.
    const float lateralGrip = v.lateralGrip * loadGrip * road.grip;
    const double cosN = std::cos(s.heading), sinN = std::sin(s.heading);
    const format::Vec2 world = turned(forward, lateral, cosH, sinH);
    const double vx = world.x, vy = world.y;
    double along = vx * cosN + vy * sinN;
    double across = -vx * sinN + vy * cosN;
    if (road.level) {
        const double gripChange = lateralGrip * dt;
        across = std::abs(across) <= gripChange ? 0.0 : across - std::copysign(gripChange, across);
    } else {
        across += bankedTurn(-across / dt, lateralGrip / kGravity, kGravity * cosClimb - along * along * road.verticalCurvature, crossSlope) * dt;
    }
    body.velocity = turned(along, across, cosN, sinN);
    s.speed = static_cast<float>(along);
    if (road.level) {
        s.position = s.position + body.velocity * static_cast<double>(dt);
    } else {
        // The velocity is along the road: the car covers its plan projection, |v| / √(|v|² + (∇z·v)²) of it.
        const double rise = road.gradientX * body.velocity.x + road.gradientY * body.velocity.y;
        const double squared = body.velocity.x * body.velocity.x + body.velocity.y * body.velocity.y;
        const double plan = squared > 0.0 ? std::sqrt(squared / (squared + rise * rise)) : 1.0;
        s.position = s.position + body.velocity * (plan * static_cast<double>(dt));
    }
}

bool finiteBody(const VehicleBody& b) {
    const VehicleState& s = b.state;
    return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.heading) && std::isfinite(s.speed) &&
        std::isfinite(s.yawRate) && std::isfinite(b.velocity.x) && std::isfinite(b.velocity.y) && std::isfinite(b.steeringAngle);
}

} // namespace

bool stepVehicle(const VehicleParameters& v, const Controls& c, float dt, VehicleBody& body, const RoadSurface& road) {
    // A 10 s step moved a car 566 m through the walls in one Euler step, and a NaN heading made the
    // whole body NaN: such steps are refused, the body untouched.
    if (!validTick(dt) || !finiteBody(body)) return false;
    // Steps up to kVehicleSubstep (a 60 Hz game's) are one Euler step, as always; longer ones are
    // cut into equal sub-steps no longer than that.
    const int steps = std::max(1, static_cast<int>(std::ceil(dt / kVehicleSubstep - 1e-4f)));
    const float each = dt / static_cast<float>(steps);
    // Parameters no vehicle has (a zero wheelbase, an infinite grip) would make the body
    // non-finite: the step is refused and the body left as it was. Checking the result costs a
    // copy; checking every parameter each tick cost a tenth of a car-tick.
    const VehicleBody before = body;
    const RoadTerms terms = roadTerms(road);
    for (int i = 0; i < steps; ++i) integrate(v, c, each, terms, body);
    if (!finiteBody(body)) {
        body = before;
        return false;
    }
    return true;
}

} // namespace trackwright
