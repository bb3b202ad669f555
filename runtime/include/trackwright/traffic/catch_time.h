#pragma once

namespace trackwright {

/// Seconds until the bumper-to-bumper `gap` (m, ≥ 0) between this car and the car ahead closes,
/// when the car ahead brakes at its limit `leaderBraking` (m/s², > 0) from `leaderSpeed` until it
/// stops and this car keeps `speed` (m/s). Why this model and not gap ÷ closing speed: the car
/// behind owns avoiding the car ahead (issue 25), so what it must know is how long it has before
/// contact in the worst thing the car ahead can do — stand on its brakes — while it has not yet
/// reacted. It is finite whenever this car moves, even behind a faster car (a faster car can still
/// brake), and short when the gap is small or this car is much faster: exactly when a driver
/// watches the car ahead. The relative motion is g(t) = gap − v·t + v_l·t − ½·b_l·t² until the car
/// ahead stops at t_s = v_l / b_l, then g(t) = gap + v_l²/(2·b_l) − v·t; the first root is returned.
/// Infinity when the gap never closes (this car stands still or reverses). A negative gap gives 0.
float catchTime(float gap, float speed, float leaderSpeed, float leaderBraking);

/// Seconds until `gap` closes at the current speeds, the plain time to collision: gap / (speed −
/// leaderSpeed) when this car is faster, infinity otherwise. Close calls count it (< 1 s).
float timeToCollision(float gap, float speed, float leaderSpeed);

/// m: the gap this car (speed `speed`, braking `braking`) needs to still stop behind the point
/// where the car ahead (speed `leaderSpeed`, braking `leaderBraking`) can stop at its own limit:
/// v²/(2b) − v_l²/(2b_l), never below 0 (braking distance, race-track chapter §39.4.2).
float brakingDistanceMargin(float speed, float braking, float leaderSpeed, float leaderBraking);

} // namespace trackwright
