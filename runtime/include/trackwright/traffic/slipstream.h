#pragma once

#include "trackwright/traffic/traffic_view.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// The tow behind a car (issue 25: real fields pass on the straights through the slipstream): the
/// car ahead pushes the air, and the car in its wake meets less of it. Plain numbers; the same rule
/// feeds the physics (inSlipstream) and the follower that plans for it (the runner).
struct SlipstreamRules {
    /// Share of the aerodynamic drag the wake takes off right behind a car in line with it.
    float maxDragShare = 0.15f;
    /// s of the follower's speed behind the car ahead over which the wake fades to nothing (at
    /// 55 m/s, 55 m: a second behind, as racing's "within a second" of the tow).
    float reachTime = 1.0f;
};

/// The share of its aerodynamic drag car `traffic` is spared this tick, in [0, maxDragShare]: the
/// strongest wake among the cars ahead, maxDragShare · (1 − gap / (reachTime · speed)) · overlap,
/// where overlap = 1 − |lateral offset| / mean width is how much of the car sits in the other's
/// wake (0 beside it). `lateral` is this car's lateral, m. Cars alongside or behind give none.
float slipstreamShare(const CarTraffic& traffic, float speed, float lateral, const SlipstreamRules& rules = {});

/// `vehicle` with `share` of its drag spared: drag · (1 − share), and the top speed, where the
/// engine's power meets the drag, raised by (1 − share)^(−1/3) (power = drag force · speed ∝ v³).
/// share outside [0, 1) is clamped to [0, 0.9].
VehicleParameters inSlipstream(const VehicleParameters& vehicle, float share);

/// The factor inSlipstream raises the top speed by: (1 − share)^(−1/3).
float slipstreamTopSpeedFactor(float share);

} // namespace trackwright
