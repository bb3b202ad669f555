// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/car_description.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace trackwright::torcs {
namespace {

// simuv2's wheel order (car.h FRNT_RGT, FRNT_LFT, REAR_RGT, REAR_LFT) and section names.
constexpr const char* kWheelSection[4] = {"Front Right Wheel", "Front Left Wheel", "Rear Right Wheel", "Rear Left Wheel"};
constexpr const char* kBrakeSection[4] = {"Front Right Brake", "Front Left Brake", "Rear Right Brake", "Rear Left Brake"};
constexpr const char* kGearName[8] = {"1", "2", "3", "4", "5", "6", "7", "8"};
constexpr float kRadPerSecondPerRpm = 2.0f * std::numbers::pi_v<float> / 60.0f;

/// What the description needs of one wheel, as simuv2 configures it.
struct Wheel {
    float staticLoad = 0.0f;   ///< N, with the fuel the car starts with
    float weight0 = 0.0f;      ///< N, car.cpp: the car's weight without fuel times its share
    float mu = 1.0f;           ///< μ times the camber gain and the skid factor at the peak slip
    float lfMin = 0.8f, lfMax = 1.6f, lfK = 0.0f, opLoad = 1.0f;
    float radius = 0.0f;       ///< m
    float xpos = 0.0f, ypos = 0.0f;
    float rideHeight = 0.2f;   ///< m, static
    float peakSlip = 0.1f;     ///< the magic formula's peak slip ratio
};

struct Car {
    float massNoFuel = 0.0f;
    float fuel = 0.0f;
    float frontShare = 0.5f;
    Wheel wheel[4];
};

/// The magic formula of wheel.cpp without load: sin(C·atan(B·s·(1 − E) + E·atan(B·s))).
float magicFormula(float b, float c, float e, float slip) {
    const float bx = b * slip;
    return std::sin(c * std::atan(bx * (1.0f - e) + e * std::atan(bx)));
}

/// The magic formula's peak (1 unless the formula never reaches it below full sideways slip) and
/// the slip ratio it peaks at (searched over 0 < s ≤ 1). The robots' skid factor, a force that
/// keeps growing with slip (1 + s · simSkidFactor[semi-pro], wheel.cpp), is left out: it rewards a
/// wheel sliding far beyond the peak, where no car is driven (at the peak it adds ~10 %, at the
/// slip a car corners at, ~0.15, ~4 %, and there the formula gives ~0.96).
float peakForceFactor(float stiffness, float rFactor, float eFactor, float* peakSlip = nullptr) {
    rFactor = std::clamp(rFactor, 0.1f, 1.0f);  // wheel.cpp
    eFactor = std::min(1.0f, eFactor);
    const float c = 2.0f - std::asin(rFactor) * 2.0f / std::numbers::pi_v<float>;
    const float b = stiffness / c;
    float bestSlip = 0.0f, best = 0.0f;
    constexpr int kSteps = 1000;
    for (int k = 1; k <= kSteps; ++k) {
        const float s = static_cast<float>(k) / kSteps;
        const float f = magicFormula(b, c, eFactor, s);
        if (f > best) {
            best = f;
            bestSlip = s;
        }
    }
    if (peakSlip) *peakSlip = bestSlip;
    return best;
}

Car readCar(const CarParameterSource& p, float startFuel) {
    Car car;
    car.massNoFuel = p.number("Car", "mass", 1500.0f);
    const float tank = p.number("Car", "fuel tank", 80.0f);
    car.fuel = std::min(tank, startFuel >= 0.0f ? startFuel : p.number("Car", "initial fuel", 80.0f));
    car.frontShare = p.number("Car", "front-rear weight repartition", 0.5f);
    const float frontRightShare = p.number("Car", "front right-left weight repartition", 0.5f);
    const float rearRightShare = p.number("Car", "rear right-left weight repartition", 0.5f);
    // car.cpp: weight0 from the car's mass alone; the fuel the car carries loads it in proportion.
    const float weight = car.massNoFuel * kTorcsGravity;
    const float front = weight * car.frontShare, rear = weight * (1.0f - car.frontShare);
    const float weight0[4] = {front * frontRightShare, front * (1.0f - frontRightShare), rear * rearRightShare,
                              rear * (1.0f - rearRightShare)};
    const float withFuel = car.massNoFuel > 0.0f ? (car.massNoFuel + car.fuel) / car.massNoFuel : 1.0f;
    const float axleX[2] = {p.number("Front Axle", "xpos", 0.0f), p.number("Rear Axle", "xpos", 0.0f)};
    for (int i = 0; i < 4; ++i) {
        Wheel& w = car.wheel[i];
        const std::string s = kWheelSection[i];
        w.weight0 = weight0[i];
        w.staticLoad = weight0[i] * withFuel;
        const float camber = p.number(s, "camber", 0.0f);
        const float camberGain = 1.0f + 0.05f * std::sin(-camber * 18.0f);  // wheel.cpp
        const float force = peakForceFactor(p.number(s, "stiffness", 30.0f), p.number(s, "dynamic friction", 0.8f),
                                            p.number(s, "elasticity factor", 0.7f), &w.peakSlip);
        w.mu = p.number(s, "mu", 1.0f) * camberGain * force;
        w.lfMax = std::max(1.6f, p.number(s, "load factor max", 1.6f));  // wheel.cpp's clamps
        w.lfMin = std::min(0.8f, p.number(s, "load factor min", 0.8f));
        w.opLoad = p.number(s, "operating load", w.weight0 * 1.2f);
        w.lfK = std::log((1.0f - w.lfMin) / (w.lfMax - w.lfMin));
        w.radius = p.number(s, "rim diameter", 0.33f) / 2.0f + p.number(s, "tire width", 0.145f) * p.number(s, "tire height-width ratio", 0.75f);
        w.xpos = axleX[i / 2];
        w.ypos = p.number(s, "ypos", 0.0f);
        w.rideHeight = p.number(s, "ride height", 0.20f);
    }
    return car;
}

/// wheel.cpp's load factor at `load` N.
float loadFactor(const Wheel& w, float load) {
    return w.lfMin + (w.lfMax - w.lfMin) * std::exp(w.lfK * load / std::max(w.opLoad, 1e-3f));
}

/// The car's μ (times its load factor) at `scale` × every wheel's static load: the load-weighted mean.
float carMu(const Car& car, float scale) {
    double force = 0.0, load = 0.0;
    for (const Wheel& w : car.wheel) {
        const double fz = static_cast<double>(w.staticLoad) * scale;
        force += fz * w.mu * loadFactor(w, static_cast<float>(fz));
        load += fz;
    }
    return load > 0.0 ? static_cast<float>(force / load) : 0.0f;
}

void appendNumber(std::string& out, double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", std::isfinite(value) ? value : 0.0);
    out += buffer;
}

void appendString(std::string& out, const std::string& text) {
    out += '"';
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += buffer;
        } else {
            out += c;
        }
    }
    out += '"';
}

} // namespace

float torcsLoadFactorCurve(const CarParameterSource& parameters, float loadScale, float startFuel) {
    const Car car = readCar(parameters, startFuel);
    const float mu0 = carMu(car, 1.0f);
    return mu0 > 0.0f ? carMu(car, loadScale) / mu0 : 0.0f;
}

float engineTorqueAt(const EngineDescription& engine, float rpm) {
    const auto& curve = engine.torqueCurve;
    if (curve.empty() || rpm > engine.revLimit) return 0.0f;
    if (rpm <= curve.front().first) return curve.front().second;
    for (std::size_t k = 1; k < curve.size(); ++k) {
        if (rpm <= curve[k].first) {
            const float span = curve[k].first - curve[k - 1].first;
            const float t = span > 0.0f ? (rpm - curve[k - 1].first) / span : 1.0f;
            return curve[k - 1].second + t * (curve[k].second - curve[k - 1].second);
        }
    }
    return curve.back().second;
}

float maxEnginePower(const EngineDescription& engine) {
    // Power T·ω is quadratic between two points of a linear torque curve: sample finely.
    float best = 0.0f;
    if (engine.torqueCurve.empty()) return 0.0f;
    const float top = std::min(engine.revLimit, engine.torqueCurve.back().first);
    constexpr int kSteps = 2000;
    for (int k = 0; k <= kSteps; ++k) {
        const float rpm = top * static_cast<float>(k) / kSteps;
        best = std::max(best, engineTorqueAt(engine, rpm) * rpm * kRadPerSecondPerRpm);
    }
    return best;
}

CarDescription describeTorcsCar(const CarParameterSource& p, const std::string& name, float startFuel) {
    const Car car = readCar(p, startFuel);
    CarDescription d;
    d.name = name;
    d.mass = car.massNoFuel + car.fuel;
    d.airDensity = kTorcsAirDensity;
    const float halfRho = 0.5f * kTorcsAirDensity;

    // aero.cpp: body drag SCx2 = 0.645·Cx·A, each wing's Kx = −1.23·area times sin(angle of attack)
    // (the wing's angle at level attitude) for drag, Kz = 4·Kx for lift; the ground effect
    // Clift·v²·hm with hm = 2·exp(−3·(1.5·Σ ride heights)⁴).
    const float bodyDrag = kTorcsBodyDragFactor * p.number("Aerodynamics", "Cx", 0.4f) * p.number("Aerodynamics", "front area", 2.5f);
    float wingDrag = 0.0f, wingLift = 0.0f;
    for (const char* wing : {"Front Wing", "Rear Wing"}) {
        const float k = kTorcsAirDensity * p.number(wing, "area", 0.0f) * std::sin(p.number(wing, "angle", 0.0f));
        wingDrag += k;
        wingLift += kTorcsWingLiftFactor * k;
    }
    float rideSum = 0.0f;
    for (const Wheel& w : car.wheel) rideSum += w.rideHeight;
    float hm = 1.5f * rideSum;
    hm = hm * hm;
    hm = hm * hm;
    hm = 2.0f * std::exp(-3.0f * hm);
    const float groundLift = (p.number("Aerodynamics", "front Clift", 0.0f) + p.number("Aerodynamics", "rear Clift", 0.0f)) * hm;
    d.dragArea = (bodyDrag + wingDrag) / halfRho;
    d.downforceArea = (wingLift + groundLift) / halfRho;

    // Tyres: μ on TORCS's nominal asphalt at the mean static load, and the load curve's slope.
    float totalLoad = 0.0f;
    for (const Wheel& w : car.wheel) totalLoad += w.staticLoad;
    d.tyreReferenceLoad = totalLoad / 4.0f;
    const float mu0 = carMu(car, 1.0f);
    d.tyreFriction = mu0 * kTorcsNominalFriction;
    // Least squares of μ(x)/μ0 − 1 = −s·(x − 1) over x in [0.5, 2].
    double num = 0.0, den = 0.0;
    constexpr int kFitSteps = 150;
    for (int k = 0; k <= kFitSteps; ++k) {
        const double x = 0.5 + 1.5 * k / kFitSteps;
        const double y = mu0 > 0.0f ? carMu(car, static_cast<float>(x)) / mu0 - 1.0 : 0.0;
        num += y * (x - 1.0);
        den += (x - 1.0) * (x - 1.0);
    }
    d.tyreLoadSensitivity = static_cast<float>(-num / den);

    // brake.cpp: torque = diam/2 · piston area · pad μ · pressure; the pressure is the pedal times
    // "max pressure", split front/rear by the repartition; the force at the road is torque / radius.
    const float maxPressure = p.number("Brake System", "max pressure", 1000000.0f);
    const float frontRep = p.number("Brake System", "front-rear brake repartition", 0.5f);
    for (int i = 0; i < 4; ++i) {
        const std::string s = kBrakeSection[i];
        const float coeff = p.number(s, "disk diameter", 0.2f) * 0.5f * p.number(s, "piston area", 0.002f) * p.number(s, "mu", 0.30f);
        const float pressure = maxPressure * (i < 2 ? frontRep : 1.0f - frontRep);
        if (car.wheel[i].radius > 0.0f) d.brakeForce += coeff * pressure / car.wheel[i].radius;
    }

    // Engine (engine.cpp): the torque curve in rad/s from GfParmGetNum, stated in rpm; points past
    // the limiter cut (the last one interpolated at it), as the engine gives no torque above it.
    EngineDescription& e = d.engine;
    e.revLimit = p.number("Engine", "revs limiter", 800.0f) / kRadPerSecondPerRpm;
    const float revsMax = p.number("Engine", "revs maxi", 1000.0f);
    const int points = p.count("Engine/data points");
    for (int k = 1; k <= points; ++k) {
        const std::string section = "Engine/data points/" + std::to_string(k);
        const float rpm = p.number(section, "rpm", revsMax) / kRadPerSecondPerRpm;
        const float tq = p.number(section, "Tq", 0.0f);
        if (!e.torqueCurve.empty() && rpm <= e.torqueCurve.back().first) continue;  // TORCS needs rising rpm
        if (rpm >= e.revLimit && !e.torqueCurve.empty()) {
            const auto [r0, t0] = e.torqueCurve.back();
            const float t = rpm > r0 ? (e.revLimit - r0) / (rpm - r0) : 1.0f;
            e.torqueCurve.emplace_back(e.revLimit, t0 + t * (tq - t0));
            break;
        }
        e.torqueCurve.emplace_back(rpm, tq);
    }
    for (const char* gear : kGearName) {
        const float ratio = p.number(std::string("Gearbox/gears/") + gear, "ratio", 0.0f);
        if (ratio == 0.0f) break;  // transmission.cpp: the first missing gear ends the box
        e.gearRatios.push_back(ratio);
    }
    const std::string drivetrain = p.text("Drivetrain", "type", "RWD");
    float drivenRadius = 0.0f;
    if (drivetrain == "FWD") {
        e.finalDrive = p.number("Front Differential", "ratio", 1.0f);
        e.drivenLoadShare = car.frontShare;
        drivenRadius = 0.5f * (car.wheel[0].radius + car.wheel[1].radius);
    } else if (drivetrain == "4WD") {
        e.finalDrive = p.number("Central Differential", "ratio", 1.0f);
        e.drivenLoadShare = 1.0f;
        drivenRadius = 0.25f * (car.wheel[0].radius + car.wheel[1].radius + car.wheel[2].radius + car.wheel[3].radius);
    } else {
        e.finalDrive = p.number("Rear Differential", "ratio", 1.0f);
        e.drivenLoadShare = 1.0f - car.frontShare;
        drivenRadius = 0.5f * (car.wheel[2].radius + car.wheel[3].radius);
    }
    e.wheelRadius = drivenRadius;
    e.drivetrainEfficiency = 1.0f;

    // car.cpp: wheelbase and track from the wheels' static positions.
    d.wheelbase = 0.5f * (car.wheel[0].xpos + car.wheel[1].xpos - car.wheel[2].xpos - car.wheel[3].xpos);
    d.trackWidth = 0.5f * (car.wheel[0].ypos - car.wheel[1].ypos + car.wheel[2].ypos - car.wheel[3].ypos);
    d.trackWidth = std::abs(d.trackWidth);
    d.centreOfGravityHeight = p.number("Car", "GC height", 0.3f);
    d.steeringLock = p.number("Steer", "steer lock", 0.43f);
    const float bodyWidth = p.number("Car", "body width", 1.9f);
    const float bodyLength = p.number("Car", "body length", 4.7f);
    d.width = p.number("Car", "overall width", bodyWidth);
    d.length = p.number("Car", "overall length", bodyLength);
    d.tyrePeakSlip = 0.25f * (car.wheel[0].peakSlip + car.wheel[1].peakSlip + car.wheel[2].peakSlip + car.wheel[3].peakSlip);
    return d;
}

std::string carDescriptionJson(const CarDescription& car) {
    std::string out = "{\n  \"name\": ";
    appendString(out, car.name);
    const auto field = [&out](const char* key, double value) {
        out += ",\n  \"";
        out += key;
        out += "\": ";
        appendNumber(out, value);
    };
    field("mass", car.mass);
    field("drag_area", car.dragArea);
    field("downforce_area", car.downforceArea);
    field("air_density", car.airDensity);
    field("tyre_friction", car.tyreFriction);
    field("tyre_reference_load", car.tyreReferenceLoad);
    field("tyre_load_sensitivity", car.tyreLoadSensitivity);
    field("brake_force", car.brakeForce);
    field("rolling_resistance", car.rollingResistance);
    const EngineDescription& e = car.engine;
    out += ",\n  \"engine\": {\n    \"torque_curve\": [";
    for (std::size_t k = 0; k < e.torqueCurve.size(); ++k) {
        out += k ? ", [" : "[";
        appendNumber(out, e.torqueCurve[k].first);
        out += ", ";
        appendNumber(out, e.torqueCurve[k].second);
        out += "]";
    }
    out += "],\n    \"rev_limit\": ";
    appendNumber(out, e.revLimit);
    out += ",\n    \"gear_ratios\": [";
    for (std::size_t k = 0; k < e.gearRatios.size(); ++k) {
        if (k) out += ", ";
        appendNumber(out, e.gearRatios[k]);
    }
    out += "],\n    \"final_drive\": ";
    appendNumber(out, e.finalDrive);
    out += ",\n    \"drivetrain_efficiency\": ";
    appendNumber(out, e.drivetrainEfficiency);
    out += ",\n    \"wheel_radius\": ";
    appendNumber(out, e.wheelRadius);
    out += ",\n    \"driven_load_share\": ";
    appendNumber(out, e.drivenLoadShare);
    out += "\n  }";
    field("wheelbase", car.wheelbase);
    field("track_width", car.trackWidth);
    field("centre_of_gravity_height", car.centreOfGravityHeight);
    field("steering_lock", car.steeringLock);
    field("width", car.width);
    field("length", car.length);
    out += "\n}\n";
    return out;
}

} // namespace trackwright::torcs
