// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/gearbox.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace trackwright::torcs {
namespace {
constexpr float kRpmPerRadPerSecond = 60.0f / (2.0f * std::numbers::pi_v<float>);
}

GearShifter::GearShifter(const CarDescription& car, float shiftTime) : m_car(car), m_shiftTime(shiftTime) {
    const EngineDescription& e = m_car.engine;
    const int n = static_cast<int>(e.gearRatios.size());
    m_up.assign(static_cast<std::size_t>(n), std::numeric_limits<float>::infinity());
    if (!(e.wheelRadius > 0.0f)) return;
    for (int g = 1; g < n; ++g) {
        const float ratio = e.gearRatios[static_cast<std::size_t>(g - 1)] * e.finalDrive;
        const float limit = e.revLimit / kRpmPerRadPerSecond / ratio * e.wheelRadius;  // m/s at the limiter
        float up = kLimiterShare * limit;
        constexpr int kSteps = 400;
        for (int k = 1; k <= kSteps; ++k) {
            const float v = up * static_cast<float>(k) / kSteps;
            if (wheelForce(g + 1, v) >= wheelForce(g, v) && wheelForce(g, v) > 0.0f) {
                up = v;
                break;
            }
        }
        m_up[static_cast<std::size_t>(g - 1)] = up;
    }
    float peakRpm = 0.0f, peak = 0.0f;
    for (const auto& [rpm, tq] : e.torqueCurve)
        if (tq > peak) {
            peak = tq;
            peakRpm = rpm;
        }
    if (n > 0) m_launchSpeed = peakRpm / kRpmPerRadPerSecond / (e.gearRatios.front() * e.finalDrive) * e.wheelRadius;
}

float GearShifter::wheelForce(int gear, float speed) const {
    const EngineDescription& e = m_car.engine;
    if (gear < 1 || gear > static_cast<int>(e.gearRatios.size()) || !(e.wheelRadius > 0.0f)) return 0.0f;
    const float ratio = e.gearRatios[static_cast<std::size_t>(gear - 1)] * e.finalDrive;
    const float rpm = speed / e.wheelRadius * ratio * kRpmPerRadPerSecond;
    return engineTorqueAt(e, rpm) * ratio * e.drivetrainEfficiency / e.wheelRadius;
}

float GearShifter::upshiftSpeed(int gear) const {
    if (gear < 1 || gear > gears()) return std::numeric_limits<float>::infinity();
    return m_up[static_cast<std::size_t>(gear - 1)];
}

float GearShifter::downshiftSpeed(int gear) const {
    if (gear < 2 || gear > gears()) return 0.0f;
    const auto& ratios = m_car.engine.gearRatios;
    const float step = ratios[static_cast<std::size_t>(gear - 1)] / ratios[static_cast<std::size_t>(gear - 2)];  // < 1
    return upshiftSpeed(gear - 1) * 0.5f * (1.0f + step);
}

GearShifter::Command GearShifter::update(int gear, float wheelSpeed, float speed, float dt) {
    Command out;
    m_sinceShift += dt;
    if (gears() == 0) return out;
    int wanted = std::clamp(gear, 1, gears());
    if (m_sinceShift >= m_shiftTime) {
        if (wanted < gears() && wheelSpeed >= upshiftSpeed(wanted)) {
            ++wanted;
        } else if (wanted > 1 && speed < downshiftSpeed(wanted)) {
            --wanted;
        }
    }
    if (wanted != m_lastGear) {
        m_sinceShift = 0.0f;
        m_lastGear = wanted;
    }
    out.gear = wanted;
    // Launch: while first gear engages TORCS decouples the engine unless the clutch is held, and
    // caps the throttle; half a pedal lets the engine rev to its torque and passes it all on
    // (transmission.cpp: transfer = min(3·(1 − clutch), 1)). Once engaged the clutch below 2/3
    // changes nothing; it is let go at the speed where first gear reaches the torque peak.
    out.clutch = (wanted == 1 && wheelSpeed < m_launchSpeed) ? 0.5f : 0.0f;
    return out;
}

} // namespace trackwright::torcs
