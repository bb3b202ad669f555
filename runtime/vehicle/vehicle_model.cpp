#include "trackwright/vehicle/vehicle_model.h"

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
                             v.reverseSpeed, v.drag, v.rollingResistance, v.lateralGrip, v.turnOnSpotRate, v.width};
    for (float n : numbers)
        if (!std::isfinite(n) || n < 0.0f) return false;
    const bool turns = v.maxSteeringAngle > 0.0f || v.turnOnSpotRate > 0.0f;
    return turns && v.wheelbase > 0.0f && v.maxAcceleration > 0.0f && v.maxBraking > 0.0f && v.topSpeed > 0.0f &&
        v.lateralGrip > 0.0f && v.width > 0.0f;
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

/// One Euler step of the model; `dt` at most kVehicleSubstep.
void integrate(const VehicleParameters& v, const Controls& c, float dt, VehicleBody& body) {
    const float steering = std::clamp(std::isfinite(c.steering) ? c.steering : 0.0f, -1.0f, 1.0f);
    const float throttle = std::clamp(std::isfinite(c.throttle) ? c.throttle : 0.0f, -1.0f, 1.0f);
    VehicleState& s = body.state;

    // Wheels turn towards the commanded angle at a limited rate.
    const float targetAngle = steering * v.maxSteeringAngle;
    const float maxTurn = v.steeringRate * dt;
    body.steeringAngle += std::clamp(targetAngle - body.steeringAngle, -maxTurn, maxTurn);

    // Longitudinal: engine (fading to zero at top speed), brakes, reverse, drag and rolling resistance.
    const double cosH = std::cos(s.heading), sinH = std::sin(s.heading);
    double forward = body.velocity.x * cosH + body.velocity.y * sinH;
    double lateral = -body.velocity.x * sinH + body.velocity.y * cosH;
    double accel = 0.0;
    if (c.handbrake) {
        accel = -std::copysign(v.maxBraking, forward);
    } else if (throttle >= 0.0f) {
        // Full engine acceleration up to top speed (as the baked speed profiles assume), none beyond.
        accel = forward >= 0.0 ? (forward < v.topSpeed ? throttle * v.maxAcceleration : 0.0) : throttle * v.maxBraking;
    } else if (forward > 0.1) {
        accel = throttle * v.maxBraking;  // braking
    } else {
        accel = throttle * v.maxAcceleration * 0.5 * std::max(0.0, 1.0 + forward / v.reverseSpeed);  // reverse gear
    }
    const double resistance = v.drag * forward * std::abs(forward) + std::copysign(v.rollingResistance, forward);
    double newForward = forward + (accel - resistance) * dt;
    // Brakes and resistance stop the car; they never push it backwards.
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
    const double cosN = std::cos(s.heading), sinN = std::sin(s.heading);
    const double vx = forward * cosH - lateral * sinH, vy = forward * sinH + lateral * cosH;
    double along = vx * cosN + vy * sinN;
    double across = -vx * sinN + vy * cosN;
    const double gripChange = v.lateralGrip * dt;
    across = std::abs(across) <= gripChange ? 0.0 : across - std::copysign(gripChange, across);
    body.velocity = {along * cosN - across * sinN, along * sinN + across * cosN};
    s.speed = static_cast<float>(along);
    s.position = s.position + body.velocity * static_cast<double>(dt);
}

bool finiteBody(const VehicleBody& b) {
    const VehicleState& s = b.state;
    return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.heading) && std::isfinite(s.speed) &&
        std::isfinite(s.yawRate) && std::isfinite(b.velocity.x) && std::isfinite(b.velocity.y) && std::isfinite(b.steeringAngle);
}

} // namespace

bool stepVehicle(const VehicleParameters& v, const Controls& c, float dt, VehicleBody& body) {
    // A 10 s step moved a car 566 m through the walls in one Euler step, and a NaN heading made the
    // whole body NaN: such steps are refused, the body untouched.
    if (!std::isfinite(dt) || dt < 0.0f || dt > kMaxVehicleStep || !finiteBody(body)) return false;
    // Steps up to kVehicleSubstep (a 60 Hz game's) are one Euler step, as always; longer ones are
    // cut into equal sub-steps no longer than that.
    const int steps = std::max(1, static_cast<int>(std::ceil(dt / kVehicleSubstep - 1e-4f)));
    const float each = dt / static_cast<float>(steps);
    // Parameters no vehicle has (a zero wheelbase, an infinite grip) would make the body
    // non-finite: the step is refused and the body left as it was. Checking the result costs a
    // copy; checking every parameter each tick cost a tenth of a car-tick.
    const VehicleBody before = body;
    for (int i = 0; i < steps; ++i) integrate(v, c, each, body);
    if (!finiteBody(body)) {
        body = before;
        return false;
    }
    return true;
}

} // namespace trackwright
