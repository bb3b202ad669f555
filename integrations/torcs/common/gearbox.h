#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// Gear choice and launch clutch for a TORCS car, from its description alone: TORCS's robots shift
// themselves (a gear command each tick) and TORCS's clutch only matters while a gear engages.

#include "integrations/torcs/common/car_description.h"

#include <vector>

namespace trackwright::torcs {

/// Upshift speeds from the torque curve: gear g goes up when its driven wheels reach the speed where
/// gear g + 1 gives at least as much force at the wheels, or just below the rev limiter when it never
/// does; down when the car falls below the lower gear's upshift speed by half the ratio step (the
/// speed midway between where the lower gear shifted up and where this gear's engine speed after
/// that shift would put it): wheelspin and the speed lost while a gear engages (no drive for TORCS's
/// shift time) never bring it back down at once. A gear is held for the shift time.
class GearShifter {
public:
    explicit GearShifter(const CarDescription& car, float shiftTime = 0.25f);

    struct Command {
        int gear = 1;          ///< TORCS gear command: 1…n (reverse is the caller's)
        float clutch = 0.0f;   ///< TORCS clutch command [0, 1]
    };
    /// `gear` is the car's gear now (TORCS `_gear`), `wheelSpeed` m/s of its driven wheels'
    /// circumference (spin × radius: the engine's speed over the overall ratio, wheelspin included),
    /// `speed` m/s of the car along its heading, `dt` s since the last call.
    Command update(int gear, float wheelSpeed, float speed, float dt);

    /// m/s at which gear `gear` (1-based) shifts up; infinity for the top gear.
    float upshiftSpeed(int gear) const;
    /// m/s of the car below which gear `gear` (2…) shifts down.
    float downshiftSpeed(int gear) const;
    int gears() const { return static_cast<int>(m_up.size()); }
    /// N at the driven wheels in gear `gear` at `speed` m/s, full throttle (TORCS's torque curve).
    float wheelForce(int gear, float speed) const;

    /// Share of the limiter at which a gear that never gives way to the next shifts up.
    static constexpr float kLimiterShare = 0.99f;

private:
    CarDescription m_car;
    std::vector<float> m_up;  ///< m/s per gear (index 0: first gear)
    float m_shiftTime = 0.25f;
    float m_sinceShift = 1e9f;
    int m_lastGear = 0;
    float m_launchSpeed = 0.0f;  ///< m/s: first gear turns the engine at its torque peak here
};

} // namespace trackwright::torcs
