// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/controls_mapping.h"

#include <algorithm>
#include <cmath>

namespace trackwright::torcs {

TorcsCommand ControlsMapper::hold() {
    TorcsCommand c;
    c.brake = 1.0f;
    c.gear = 1;
    return c;
}

TorcsCommand ControlsMapper::map(const Controls& controls, const WheelState& wheels, float dt) {
    const float speed = wheels.speed;
    const int gear = wheels.gear;
    float driven = 0.0f;
    for (int w = wheels.firstDriven; w <= wheels.lastDriven; ++w) driven += wheels.wheelSpeed[w];
    const float wheelSpeed = driven / static_cast<float>(std::max(1, wheels.lastDriven - wheels.firstDriven + 1));
    TorcsCommand c;
    c.steer = std::clamp(std::isfinite(controls.steering) ? controls.steering : 0.0f, -1.0f, 1.0f);
    const float throttle = std::clamp(std::isfinite(controls.throttle) ? controls.throttle : 0.0f, -1.0f, 1.0f);
    if (controls.reverse) {
        if (speed > kStandingSpeed && !m_reverse) {  // still rolling forwards: stop first
            c.gear = std::max(1, gear);
            c.brake = std::max(std::abs(throttle), 0.5f);
            return c;
        }
        m_reverse = true;
        c.gear = -1;
        if (throttle < 0.0f) c.accel = -throttle;
        else c.brake = throttle;
        return c;
    }
    if (speed < -kStandingSpeed) {  // rolling backwards, asked forwards: stop first
        c.gear = -1;
        c.brake = std::max(std::abs(throttle), 0.5f);
        return c;
    }
    m_reverse = false;
    const GearShifter::Command g = m_shifter.update(gear < 1 ? 1 : gear, wheelSpeed, speed, dt);
    c.gear = g.gear;
    c.clutch = g.clutch;
    if (throttle >= 0.0f) {
        c.accel = throttle;
    } else {
        c.brake = brakePedal(m_vehicle, std::max(0.0f, speed), -throttle);
        c.clutch = 0.0f;
    }
    if (speed > kSlipMinSpeed && m_peakSlip > 0.0f) {
        // ABS: the wheel slipping most under braking; traction control: the driven wheel spinning most.
        float lock = 0.0f, spin = 0.0f;
        for (int w = 0; w < 4; ++w) lock = std::max(lock, (speed - wheels.wheelSpeed[w]) / speed);
        for (int w = wheels.firstDriven; w <= wheels.lastDriven; ++w) spin = std::max(spin, (wheels.wheelSpeed[w] - speed) / speed);
        if (c.brake > 0.0f && lock > m_peakSlip) c.brake *= std::max(0.0f, 1.0f - (lock - m_peakSlip) / m_peakSlip);
        if (c.accel > 0.0f && spin > m_peakSlip) c.accel *= std::max(0.0f, 1.0f - (spin - m_peakSlip) / m_peakSlip);
    }
    if (controls.handbrake) {
        c.accel = 0.0f;
        c.brake = 1.0f;
    }
    return c;
}

} // namespace trackwright::torcs
