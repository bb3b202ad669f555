#pragma once

#include "trackwright/traffic/traffic_view.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// The tow behind a car (issue 25: real fields pass on the straights through the slipstream): the
/// car ahead pushes the air, and the car in its wake meets less of it. Plain numbers; the same rule
/// feeds the physics (inSlipstream) and the follower that plans for it (the runner).
struct SlipstreamRules {
    /// The wake's decay, s of the follower's speed: of the drag a car would meet, a fraction
    /// k = 1 − exp(−d / (wakeTime · v)) comes back at d m centre to centre behind the car ahead,
    /// and the drag goes with k² — TORCS's wake (simuv2's aero: k = 1 − exp(−2d / (Cd · v)), its
    /// cars' Cd of ~0.5 making wakeTime ~0.27 s), the peer issue 25 measures against. It spares
    /// 47 % of the drag 0.35 s behind, 29 % at half a second and 5 % at a second. (A wake fading
    /// linearly from 15 % spared under 10 % at the gap cars follow at, and passes on straights
    /// where every car accelerates alike stayed rare.)
    float wakeTime = 0.27f;
    /// How the wake widens behind the car: it covers the car's width plus this much per metre
    /// behind (TORCS's cone of 10°, tan 10° ≈ 0.18), fading across it.
    float wakeSpread = 0.18f;
    float maxDragShare = 0.9f;  ///< the most of its drag a car is ever spared
    /// s of the follower's speed beyond which a car ahead is not looked at (its wake spares < 1 %).
    float reachTime = 1.5f;
};

/// The share of its aerodynamic drag car `traffic` is spared this tick, in [0, maxDragShare]: the
/// strongest wake among the cars ahead, (1 − k²) · overlap with k = 1 − exp(−d / (wakeTime · speed))
/// and d the distance between the centres along the route, where overlap = 1 − |lateral offset| /
/// (the other car's width + wakeSpread · d) is how much of the car sits in the other's wake. `lateral` is
/// this car's lateral, m. Cars alongside or behind give none.
float slipstreamShare(const CarTraffic& traffic, float speed, float lateral, const SlipstreamRules& rules = {});

/// `vehicle` with `share` of its drag spared: drag · (1 − share), and the top speed, where the
/// engine's power meets the drag, raised by (1 − share)^(−1/3) (power = drag force · speed ∝ v³).
/// share outside [0, 1) is clamped to [0, 0.9].
VehicleParameters inSlipstream(const VehicleParameters& vehicle, float share);

/// The factor inSlipstream raises the top speed by: (1 − share)^(−1/3).
float slipstreamTopSpeedFactor(float share);

} // namespace trackwright
