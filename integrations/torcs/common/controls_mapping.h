#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// A follower's Controls as TORCS's pedals, steering and gear: what a game's input layer does.

#include "integrations/torcs/common/gearbox.h"

#include "trackwright/vehicle/vehicle_limits.h"
#include "trackwright/vehicle/vehicle_state.h"

namespace trackwright::torcs {

/// What the pedals' filters read of the car this tick.
struct WheelState {
    float speed = 0.0f;         ///< m/s along the heading (negative backwards)
    float wheelSpeed[4] = {};   ///< m/s: each wheel's spin × radius (simuv2's order FR, FL, RR, RL)
    int firstDriven = 2, lastDriven = 3;
    int gear = 1;               ///< the car's gear now
};

/// TORCS's commands for one tick (tCarCtrl's fields).
struct TorcsCommand {
    float steer = 0.0f;   ///< [-1, 1] of the steer lock, positive left
    float accel = 0.0f;   ///< [0, 1]
    float brake = 0.0f;   ///< [0, 1]
    float clutch = 0.0f;  ///< [0, 1]
    int gear = 1;         ///< −1 reverse, 0 neutral, 1…
};

/// Maps Controls onto TORCS: steering is already a fraction of the lock (the follower's
/// VehicleParameters::maxSteeringAngle is the car's steer lock); throttle > 0 is the accelerator,
/// throttle < 0 the brakes, as the share of the brakes' force that gives that share of the car's
/// braking limit (brakePedal: TORCS's pedal is brake pressure, and the car's brakes out-pull its
/// tyres). With Controls::reverse (the stuck manager backing out, a manoeuvre's
/// reversing leg) the car brakes while it still rolls forwards, then reverse is engaged and a
/// negative throttle drives it backwards (a positive one brakes); without it, a car rolling
/// backwards brakes to a stop before first gear goes in. Forward gears and the launch clutch are the
/// GearShifter's.
/// TORCS has no ABS or traction control and its full pedal locks the wheels: the brakes are eased
/// while a wheel slips beyond the tyres' peak slip (CarDescription::tyrePeakSlip), by the share it
/// exceeds it, and the throttle likewise while a driven wheel spins beyond it, as every TORCS robot
/// filters its pedals.
class ControlsMapper {
public:
    ControlsMapper(const CarDescription& car, const VehicleParameters& vehicle, float shiftTime)
        : m_shifter(car, shiftTime), m_vehicle(vehicle), m_peakSlip(car.tyrePeakSlip) {}

    TorcsCommand map(const Controls& controls, const WheelState& wheels, float dt);
    /// The brakes full on, first gear: the start countdown, or nothing to drive.
    static TorcsCommand hold();
    bool reversing() const { return m_reverse; }
    const GearShifter& shifter() const { return m_shifter; }

    /// m/s below which the car counts as standing.
    static constexpr float kStandingSpeed = 0.5f;
    /// m/s below which slip ratios are not judged (they divide by the speed).
    static constexpr float kSlipMinSpeed = 3.0f;

private:
    GearShifter m_shifter;
    VehicleParameters m_vehicle;  ///< what the follower plans with: its braking share becomes brake pressure (brakePedal)
    float m_peakSlip = 0.1f;
    bool m_reverse = false;  ///< reverse engaged
};

} // namespace trackwright::torcs
