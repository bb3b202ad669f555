#pragma once

#include "trackwright/traffic/traffic_view.h"

namespace trackwright {

/// The follow and alongside rules of the first traffic increment (issue 25), with their thresholds.
/// The car behind owns avoiding the car ahead: these rules only ever slow a car down or stop it
/// steering into a neighbour, never push the car ahead.
struct FollowRules {
    float standstillGap = 2.5f;    ///< m kept bumper to bumper when both cars stand
    float headway = 0.25f;         ///< s: desired gap = standstillGap + headway · speed (a time-gap controller)
    float gapClosingTime = 1.5f;   ///< s over which a gap error is closed: v = v_ahead + (gap − desired) / this
    float brakingFraction = 0.85f; ///< share of this car's braking the braking-distance cap counts on (as the runner's hint check)
    /// m: a car ahead whose lateral gap, now or predicted at the catch time, is below this is in
    /// this car's way and is followed; one further across can be driven past.
    float inTheWayLateralGap = 1.0f;
    float alongsideMargin = 1.0f;  ///< m: with a car alongside closer than this whose centre is ahead, back out (backOffSpeed)
    /// m: with a car alongside closer across than this, no steering towards it. Wider than a pass's
    /// clearance, so the rule holds before the sides touch: two columns off a grid are 1.1 m apart.
    float steeringMargin = 1.5f;
    /// s: the margin grows by this much of the lateral speed towards the car alongside. A car
    /// sweeping across with its line at 6 m/s (a chicane's entry) covered the 1.5 m in a quarter
    /// of a second, and grip could not take the lateral speed off in time: on Monza 9 of 10
    /// contact episodes were such side swipes in the first chicane.
    float steeringAnticipation = 0.5f;
    /// 1/s: lateral acceleration (m/s²) steered away per m/s of lateral speed towards the car
    /// alongside — an acceleration, not a share of the lock, so the correction is as gentle at
    /// 60 m/s as at 10 (a fixed share of the lock swerved fast cars into a spin).
    float alongsideGain = 5.0f;
    /// m/s: with a car alongside closer than the margin whose centre is ahead, this car drops back
    /// to its speed less this: the car behind backs out (no overtaking in this increment), so two
    /// cars never run wheel to wheel onto the same line.
    float backOffSpeed = 2.0f;
    /// m/s: a car alongside closer across than the steering margin (with its anticipation), this
    /// car moving towards it faster than this, lifts to its own speed less backOffSpeed: it is
    /// sliding wide at the grip limit (a hairpin's inside line taken too fast), where more steering
    /// only slides it further, and slower is the one way to turn tighter. 0: off.
    float driftLiftSpeed = 1.0f;
    /// m: in a tight corner's braking zone a car alongside whose centre is ahead and is closer
    /// across than this makes this car back out as above (issue 25: "in a braking zone the car
    /// behind backs out") — two cars abreast into a chicane, where the line sweeps across the
    /// road, is where they touch.
    float brakingZoneMargin = 3.5f;
    /// m/s: a car this much faster than the traffic allows brakes at full (as the runner does for
    /// a corner its braking check finds); below it the speed controller eases off.
    float fullBrakingExcess = 2.0f;
    /// s: in the tow of the car directly ahead (slipstream.h) on a clear straight, a car follows
    /// at standstillGap + this · speed with no braking-distance cap, as drivers do when they
    /// line up a pass in the slipstream (the cap's worst case held them 25 m back at 56 m/s,
    /// out of the tow's reach). Clear: no tight corner's braking point within the car's stopping
    /// distance plus draftClearTime of speed, and no other car within draftClearTime beyond it.
    float draftHeadway = 0.1f;
    float draftClearTime = 2.0f;    ///< s
    /// A car ahead within pathLookGap m that this car would reach within pathLookTime s at the
    /// closing speed now is also judged against this car's own path: where its line (plus race
    /// craft's offset) runs at that car's place on the route (pathGaps of trafficSpeedLimit).
    /// Lateral speeds held say nothing of a line that sweeps across the road into a chicane: on
    /// Monza a car a metre and a half clear of a slower one turned in onto it from behind. (Judging
    /// every car closed on cut Ridgeway Park's overtakes by a third: a car closing slowly is a pass
    /// in the making, and the pass moves off the path in time.)
    float pathLookGap = 40.0f;     ///< m
    float pathLookTime = 3.0f;     ///< s
    // A car within brakingReach is judged against the own path too, however slowly this car
    // closes: it could make this car brake now. Norisring's first hairpin: a car 17 m behind
    // another, both on a line sweeping across the road, closing at 1.5 m/s, held full throttle
    // (the lateral speeds said "apart") while the other braked, and hit it at 5 m/s.
};

/// m: the gap to car `ahead` below which this car, at `speed` and braking at brakingFraction of
/// `braking`, could not stop behind it if it braked at its limit now (their stopping distances'
/// difference plus standstillGap; at least 0). From the cars' own speeds and limits, not a setting.
float brakingReach(float speed, float braking, const TrafficNeighbour& ahead, const FollowRules& rules);

/// m/s: the highest speed the traffic ahead allows this car (infinity when none is in its way):
/// the minimum over the cars ahead in its way of
/// - the time-gap controller v_ahead + (gap − (s₀ + h·v)) / T, and
/// - the braking-distance cap √(2·b·(gap − s₀ + v_ahead²/(2·b_ahead))), b = brakingFraction ·
///   `braking`: the speed from which this car still stops s₀ behind the point where the car ahead
///   stops braking at its own limit (the chapter's braking-distance check, §39.4.2, applied to the
///   car ahead as to a corner),
/// and, for a car alongside closer across than alongsideMargin (brakingZoneMargin when
/// `tightBrakingZone`: this car is braking for a tight corner) whose centre is ahead of this one's,
/// its speed less backOffSpeed (back out); for a car alongside that this car moves towards faster
/// than driftLiftSpeed within the steering margin (with its anticipation), this car's own speed less
/// backOffSpeed (it is sliding into it: lift). Never negative.
/// A car drawing apart across from a car ahead (the lateral gap predicted at the catch time larger
/// than now) is in its way only by that prediction, except into a tight corner. `pathGaps`, when
/// given, holds per car ahead the lateral gap between the sides of this car on its own path at
/// that car's place and that car (pathGap; infinity: not judged): below inTheWayLateralGap the car
/// is in the way too. With `drafting` (mayDraft), the nearest car ahead is followed at
/// draftHeadway by the time-gap controller alone.
float trafficSpeedLimit(const CarTraffic& traffic, float speed, float braking, const FollowRules& rules, bool tightBrakingZone = false,
                        bool drafting = false, const float* pathGaps = nullptr);

/// True when a car in a tow may draft the car directly ahead (FollowRules::draftHeadway): the next
/// tight corner's braking point (`brakingPoint` m ahead, infinity: none) lies beyond its stopping
/// distance at `maxBraking` plus draftClearTime of speed, and no other car ahead is within
/// draftClearTime of speed beyond the first (that car could make it brake).
bool mayDraft(const CarTraffic& traffic, float speed, float brakingPoint, float maxBraking, const FollowRules& rules);

/// The steering command with the alongside rule applied: with a car alongside closer than
/// steeringMargin plus steeringAnticipation · (lateral speed towards it) on one side, the command towards that side is capped at `holdSteering` (what keeps the
/// car parallel to its line) less the steering of alongsideGain · (lateral speed towards that car)
/// of lateral acceleration, `steeringPerAcceleration` (steeringPerLateralAcceleration) converting.
float alongsideSteering(const CarTraffic& traffic, float steering, float holdSteering, float steeringPerAcceleration, const FollowRules& rules);

/// Steering command (of full lock) per m/s² of lateral acceleration at `speed`, for a bicycle model
/// of `wheelbase` m and `maxSteeringAngle` rad: κ = a/v², δ ≈ L·κ (small angles). Speeds below
/// 5 m/s count as 5, so a car at rest does not get an infinite gain.
float steeringPerLateralAcceleration(float speed, float wheelbase, float maxSteeringAngle);

} // namespace trackwright
