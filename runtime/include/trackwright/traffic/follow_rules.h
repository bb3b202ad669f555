#pragma once

#include "trackwright/traffic/traffic_view.h"

namespace trackwright {

/// The follow and alongside rules of the first traffic increment (issue 25), with their thresholds.
/// The car behind owns avoiding the car ahead: these rules only ever slow a car down or stop it
/// steering into a neighbour, never push the car ahead.
struct FollowRules {
    float standstillGap = 2.5f;    ///< m kept bumper to bumper when both cars stand
    float headway = 0.5f;          ///< s: desired gap = standstillGap + headway · speed (a time-gap controller)
    float gapClosingTime = 1.5f;   ///< s over which a gap error is closed: v = v_ahead + (gap − desired) / this
    float brakingFraction = 0.85f; ///< share of this car's braking the braking-distance cap counts on (as the runner's hint check)
    /// m: a car ahead whose lateral gap, now or predicted at the catch time, is below this is in
    /// this car's way and is followed; one further across can be driven past.
    float inTheWayLateralGap = 1.0f;
    float alongsideMargin = 1.0f;  ///< m: with a car alongside closer than this, no steering towards it
    float alongsideGain = 0.15f;   ///< steering (of full lock) per m/s of lateral speed towards the car alongside
    /// m/s: with a car alongside closer than the margin whose centre is ahead, this car drops back
    /// to its speed less this: the car behind backs out (no overtaking in this increment), so two
    /// cars never run wheel to wheel onto the same line.
    float backOffSpeed = 2.0f;
    /// m/s: a car this much faster than the traffic allows brakes at full (as the runner does for
    /// a corner its braking check finds); below it the speed controller eases off.
    float fullBrakingExcess = 2.0f;
};

/// m/s: the highest speed the traffic ahead allows this car (infinity when none is in its way):
/// the minimum over the cars ahead in its way of
/// - the time-gap controller v_ahead + (gap − (s₀ + h·v)) / T, and
/// - the braking-distance cap √(2·b·(gap − s₀ + v_ahead²/(2·b_ahead))), b = brakingFraction ·
///   `braking`: the speed from which this car still stops s₀ behind the point where the car ahead
///   stops braking at its own limit (the chapter's braking-distance check, §39.4.2, applied to the
///   car ahead as to a corner),
/// and, for a car alongside closer across than alongsideMargin whose centre is ahead of this one's,
/// its speed less backOffSpeed (back out). Never negative.
float trafficSpeedLimit(const CarTraffic& traffic, float speed, float braking, const FollowRules& rules);

/// The steering command with the alongside rule applied: with a car alongside closer than the
/// margin on one side, the command towards that side is capped at `holdSteering` (what keeps the
/// car parallel to its line) less alongsideGain · (lateral speed towards that car).
float alongsideSteering(const CarTraffic& traffic, float steering, float holdSteering, const FollowRules& rules);

} // namespace trackwright
