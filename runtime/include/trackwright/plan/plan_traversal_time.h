#pragma once

#include "trackwright/plan/plan_vehicle.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace trackwright {

/// Limits of one direction of travel, for the traversal-time formulas.
struct TraversalLimits {
    double acceleration = 1.5;  ///< a, m/s²
    double deceleration = 5.0;  ///< d, m/s²
    double maxSpeed = 13.8;     ///< v_max, m/s
    /// Whether the vehicle can lengthen its way by driving round (circular handling, Algorithm 4),
    /// and the radius of the smallest such circle (lines 9–11); 0: any detour, however short.
    bool drivesCircles = true;
    double circleRadius = 5.0;
    /// Whether it can back up to retry (turns on the spot or reverses): linear handling, Algorithm 5.
    bool backsUp = false;
    /// 1/a, 1/d, 1/v_max: the search times every child, and divisions were most of a timing's cost.
    /// forwardLimits and reverseLimits fill them; set them again after changing a limit by hand.
    double inverseAcceleration = 1.0 / 1.5;
    double inverseDeceleration = 1.0 / 5.0;
    double inverseMaxSpeed = 1.0 / 13.8;
    double inverseTwiceSum = 1.0 / (2.0 * (1.5 + 5.0));  ///< 1 / 2(a + d)
};

/// Algorithm 4's smallest circle. AtTopSpeed: the thesis's max(r, v_max²/a_lat) (lines 9–11).
/// AnyDetour: a vehicle can lengthen its way by any amount (a slightly wider arc, a gentle weave),
/// so the missing distance costs no more than the speed change itself, t = |v1 − v0| / (a or d)
/// (line 13 for every shortfall). §5.2 shows the search beating the v_max circle with a spiral that
/// widens as the speed grows; only AnyDetour keeps the estimate below such paths.
enum class OvershootCircle : std::uint8_t { AtTopSpeed, AnyDetour };

TraversalLimits forwardLimits(const PlanVehicle& vehicle, OvershootCircle circle = OvershootCircle::AtTopSpeed);
TraversalLimits reverseLimits(const PlanVehicle& vehicle, OvershootCircle circle = OvershootCircle::AtTopSpeed);

/// Minimal time (s) to travel `distance` metres starting at speed v0 and arriving at v1 (both
/// ≥ 0) under acceleration, deceleration and speed limits: the AIPATH thesis's eq. 4.1 and
/// Algorithm 2 (ESTIMATETRAVERSALTIME). Accelerate fully, cruise at v_max if the distance allows,
/// brake fully; the acceleration distance solves eq. 2.3, a·s_a − d·s_d = (v1² − v0²)/2 with
/// s_a + s_d = s, i.e. s_a = (2ds − v0² + v1²) / (2(a + d)) (Algorithm 2, line 10; eq. 4.1 prints
/// the denominator as 2ad, a typo). When s_a falls outside [0, s] the speeds cannot be matched on
/// the distance: over- or undershooting, handled by `overshoot` (Algorithm 3).
///
/// The cruise case is exact: t = t_acc + t_dec + (s − s_acc − s_dec)/v_max with
/// s_acc = (v_max² − v0²)/2a, s_dec = (v_max² − v1²)/2d. Algorithm 2's shortcut
/// s/v_max + (t_acc + t_dec)/2 and its test s/v_max ≥ t_acc + t_dec are that formula only for
/// v0 = v1 = 0; otherwise the shortcut overestimates (by (t_acc·v0 + t_dec·v1)/2v_max), which would
/// break the admissibility §5.4 relies on, so we use the exact form.
/// Inline: the search times every child (about 18 an iteration), and the call cost as much as the sums.
inline double traversalTime(double distance, double v0, double v1, const TraversalLimits& limits);

/// The least time (s) over any way at least `distance` metres long from speed v0 to v1: a floor
/// under traversalTime for every longer distance, whatever the overshoot handling. Where the
/// distance leaves room to match the speeds, eq. 4.1, which grows with the distance; where it does
/// not, the time the speed change itself takes, |v1 − v0| / (a or d), which no way beats.
inline double leastTraversalTime(double distance, double v0, double v1, const TraversalLimits& limits);

/// Algorithm 3 (HANDLEOVERSHOOTING): the faster of circular overshoot handling (a vehicle that can
/// drive a circle) and linear handling (a vehicle that turns on the spot or reverses); +infinity
/// when neither is possible (the thesis's Cost_Max).
double overshootTime(double distance, double v0, double v1, const TraversalLimits& limits);

/// Algorithm 4 (HANDLECIRCULAROVERSHOOTING): drive a circle to gain the distance the speed change
/// needs. s_min = |v1² − v0²| / 2·(a or d) is the distance to change speed; if the missing
/// s_min − s is at least the smallest circle (2π·max(r, v_max²/a_lat), lines 9–11) a circle sized
/// to fit it exactly is driven and the whole way is spent changing speed (t = |v1 − v0| / (a or d),
/// line 13); otherwise one smallest circle is added to the distance and eq. 4.1 times the whole
/// (the text's "the time on the remaining section of the circle is calculated using Formula 4.1").
/// The pseudocode's lines 2–7 swap the branches (a negative time for v1 < v0) and its line 14 passes
/// s_min, not the lengthened distance; we follow the text.
double circularOvershootTime(double distance, double v0, double v1, const TraversalLimits& limits);

/// Algorithm 5 (HANDLELINEAROVERSHOOTING): brake to a stop (past the goal when overshooting), back
/// up far enough to run up to v1 (eq. 4.1 from and to standstill), accelerate to v1.
/// t = v0/d + t(d_brake − s + v1²/2a, 0, 0) + v1/a. As in the pseudocode, turning around on the spot
/// is not charged, so the estimate stays a lower bound whichever way the vehicle backs up.
double linearOvershootTime(double distance, double v0, double v1, const TraversalLimits& limits);

/// eq. 4.1 and Algorithm 2 with the overshoot case left to `overshoot(s, v0, v1)`: traversalTime
/// and leastTraversalTime differ only there.
template <class Overshoot>
inline double timeOverDistance(double s, double v0, double v1, const TraversalLimits& l, Overshoot overshoot) {
    const double a = l.acceleration, d = l.deceleration, vmax = l.maxSpeed;
    s = std::max(0.0, s);
    v0 = std::clamp(v0, 0.0, vmax);
    v1 = std::clamp(v1, 0.0, vmax);
    const double inverseA = l.inverseAcceleration, inverseD = l.inverseDeceleration;
    // Algorithm 2, lines 5–9 (exact form): is there room to reach v_max and brake back to v1?
    const double sAcc = (vmax * vmax - v0 * v0) * 0.5 * inverseA;
    const double sDec = (vmax * vmax - v1 * v1) * 0.5 * inverseD;
    if (s >= sAcc + sDec) return (vmax - v0) * inverseA + (vmax - v1) * inverseD + (s - sAcc - sDec) * l.inverseMaxSpeed;
    // Lines 10–13: where to stop accelerating; outside [0, s] the speeds cannot be matched.
    const double accelerationDistance = (2.0 * d * s - v0 * v0 + v1 * v1) * l.inverseTwiceSum;
    if (accelerationDistance < 0.0 || accelerationDistance > s) return overshoot(s, v0, v1);
    // Lines 14–16, eq. 2.1 solved for t on each part. Both parts meet at the same peak speed,
    // v_p² = v0² + 2a·s_a = v1² + 2d·(s − s_a), so one square root serves both.
    const double peak = std::sqrt(v0 * v0 + 2.0 * a * accelerationDistance);
    return (peak - v0) * inverseA + (peak - v1) * inverseD;
}

inline double traversalTime(double s, double v0, double v1, const TraversalLimits& l) {
    return timeOverDistance(s, v0, v1, l, [&l](double distance, double from, double to) { return overshootTime(distance, from, to, l); });
}

inline double leastTraversalTime(double s, double v0, double v1, const TraversalLimits& l) {
    return timeOverDistance(s, v0, v1, l, [&l](double, double from, double to) {
        return to > from ? (to - from) * l.inverseAcceleration : (from - to) * l.inverseDeceleration;
    });
}

} // namespace trackwright
