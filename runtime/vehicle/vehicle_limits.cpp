#include "trackwright/vehicle/vehicle_limits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

float gripFactor(const VehicleParameters& v, float speed, float load) {
    const float x = (load + v.downforce * speed * speed) / kStandingLoad;
    if (v.loadSensitivity == 0.0f) return x;
    return std::max(0.3f * x, x * (1.0f - v.loadSensitivity * (x - 1.0f)));
}

float loadTransferLoss(float capacity, float grip, float sensitivity, float heightRatio) {
    const float k = 4.0f * grip * sensitivity * heightRatio * heightRatio / (kStandingLoad * kStandingLoad);
    if (!(k > 0.0f) || !(capacity > 0.0f)) return capacity;
    return (std::sqrt(1.0f + 4.0f * k * capacity) - 1.0f) / (2.0f * k);
}

float lateralLimit(const VehicleParameters& v, float speed, float load) {
    const float capacity = v.lateralGrip * gripFactor(v, speed, load);
    if (!(v.centreOfGravityHeight > 0.0f) || !(v.trackWidth > 0.0f)) return capacity;
    return loadTransferLoss(capacity, v.lateralGrip, v.loadSensitivity, v.centreOfGravityHeight / v.trackWidth);
}

double bankedLateralLimit(const VehicleParameters& v, double speed, double bankingIntoTurn, double grip, double load) {
    const double n = load + v.downforce * speed * speed;
    if (!(n > 0.0)) return 0.0;
    const double mu = lateralLimit(v, float(speed), float(load)) * grip / n;
    const double tanTheta = std::tan(bankingIntoTurn);
    const double denominator = 1.0 - mu * tanTheta;
    if (denominator <= 0.0) return std::numeric_limits<double>::infinity();
    return std::max(0.0, n * (tanTheta + mu) / denominator);
}

float brakingLimit(const VehicleParameters& v, float speed, float load) {
    float tyres = v.maxBraking * gripFactor(v, speed, load);
    if (v.centreOfGravityHeight > 0.0f) tyres = loadTransferLoss(tyres, v.maxBraking, v.loadSensitivity, v.centreOfGravityHeight / v.wheelbase);
    if (v.brakeLimit > 0.0f) tyres = std::min(tyres, v.brakeLimit);
    return hasEnvelope(v) ? tyres + v.drag * speed * speed : tyres;
}

float brakePedal(const VehicleParameters& v, float speed, float share) {
    const float wanted = share > 0.0f ? std::min(share, 1.0f) : 0.0f;  // NaN: no braking asked
    if (!(v.brakeLimit > 0.0f)) return wanted;
    const float tyres = brakingLimit(v, speed) - (hasEnvelope(v) ? v.drag * speed * speed : 0.0f);
    return std::clamp(wanted * tyres / v.brakeLimit, 0.0f, 1.0f);
}

float driveLimit(const VehicleParameters& v, float speed, float load) {
    float drive = v.maxAcceleration * (hasEnvelope(v) ? gripFactor(v, speed, load) : 1.0f);
    if (v.powerPerMass > 0.0f && speed > 0.0f) drive = std::min(drive, v.powerPerMass / speed);
    return drive;
}

float frictionEllipse(float longitudinalMax, float lateral, float lateralMax) {
    if (!(lateralMax > 0.0f)) return 0.0f;
    const float used = std::abs(lateral) / lateralMax;
    return used >= 1.0f ? 0.0f : longitudinalMax * std::sqrt(1.0f - used * used);
}

bool hasEnvelope(const VehicleParameters& v) { return v.downforce > 0.0f || v.loadSensitivity != 0.0f || v.brakeLimit > 0.0f || v.powerPerMass > 0.0f; }

StoppingDistances::StoppingDistances(const VehicleParameters& vehicle, float share, float maxSpeed) {
    if (!hasEnvelope(vehicle)) {
        m_constant = share * vehicle.maxBraking;
        return;
    }
    m_step = std::max(1.0f, maxSpeed) / static_cast<float>(kSamples - 1);
    // d(distance)/dv = v / b(v): the trapezoid rule over sub-steps of each sample interval.
    constexpr int kSub = 8;
    double distance = 0.0;
    m_distance[0] = 0.0f;
    for (int k = 1; k < kSamples; ++k) {
        for (int j = 0; j < kSub; ++j) {
            const double v0 = (k - 1 + double(j) / kSub) * m_step, v1 = v0 + m_step / kSub;
            const double f0 = v0 / (share * brakingLimit(vehicle, float(v0))), f1 = v1 / (share * brakingLimit(vehicle, float(v1)));
            distance += 0.5 * (f0 + f1) * (v1 - v0);
        }
        m_distance[k] = static_cast<float>(distance);
    }
}

float StoppingDistances::deceleration(float speed) const {
    if (m_step == 0.0f) return m_constant;
    // v / (d distance / dv) over the sample interval holding the speed.
    const int k = std::clamp(static_cast<int>(speed / m_step), 0, kSamples - 2);
    const float mid = (static_cast<float>(k) + 0.5f) * m_step;
    return mid * m_step / std::max(1e-6f, m_distance[k + 1] - m_distance[k]);
}

float StoppingDistances::toStop(float speed) const {
    if (!(speed > 0.0f)) return 0.0f;
    if (m_step == 0.0f) return m_constant > 0.0f ? speed * speed / (2.0f * m_constant) : std::numeric_limits<float>::infinity();
    const float at = speed / m_step;
    const int k = std::min(kSamples - 2, static_cast<int>(at));
    if (at >= kSamples - 1) {
        // Beyond the table: on at the last interval's deceleration (v·dv / b, b taken as constant).
        const float last = m_step * (kSamples - 1);
        const float b = (last * m_step) / std::max(1e-6f, m_distance[kSamples - 1] - m_distance[kSamples - 2]);
        return m_distance[kSamples - 1] + (speed * speed - last * last) / (2.0f * b);
    }
    const float t = at - static_cast<float>(k);
    return m_distance[k] + t * (m_distance[k + 1] - m_distance[k]);
}

float StoppingDistances::reachableFrom(float to, float distance) const {
    const float target = toStop(std::max(0.0f, to)) + std::max(0.0f, distance);
    if (m_step == 0.0f) return std::sqrt(std::max(0.0f, to) * std::max(0.0f, to) + 2.0f * m_constant * std::max(0.0f, distance));
    // toStop is increasing: bisection (setup and rare checks only).
    float low = std::max(0.0f, to), high = std::max(low + 1.0f, 2.0f * m_step * kSamples);
    while (toStop(high) < target) high *= 2.0f;
    for (int i = 0; i < 30; ++i) {
        const float mid = 0.5f * (low + high);
        (toStop(mid) < target ? low : high) = mid;
    }
    return 0.5f * (low + high);
}

} // namespace trackwright
