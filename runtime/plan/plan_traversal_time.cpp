#include "trackwright/plan/plan_traversal_time.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {
namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kTwoPi = 2.0 * M_PI;
} // namespace

namespace {

TraversalLimits limitsFor(const PlanVehicle& v, double maxSpeed, bool backsUp, OvershootCircle circle) {
    TraversalLimits l;
    l.acceleration = v.maxAcceleration;
    l.deceleration = v.maxDeceleration;
    l.maxSpeed = maxSpeed;
    l.backsUp = backsUp;
    // Line 4 of Algorithm 3 asks for a lateral acceleration limit; any vehicle that drives circles
    // (a turning radius, or a lateral limit that gives one) qualifies.
    l.drivesCircles = v.turningRadius > 0.0f || v.maxLateralAcceleration > 0.0f;
    l.inverseAcceleration = 1.0 / l.acceleration;
    l.inverseDeceleration = 1.0 / l.deceleration;
    l.inverseMaxSpeed = 1.0 / l.maxSpeed;
    l.inverseTwiceSum = 1.0 / (2.0 * (l.acceleration + l.deceleration));
    l.circleRadius = 0.0;
    if (circle == OvershootCircle::AtTopSpeed) {
        l.circleRadius = v.turningRadius;
        if (v.maxLateralAcceleration > 0.0f) l.circleRadius = std::max(l.circleRadius, maxSpeed * maxSpeed / v.maxLateralAcceleration);
    }
    return l;
}

} // namespace

TraversalLimits forwardLimits(const PlanVehicle& v, OvershootCircle circle) {
    return limitsFor(v, v.maxSpeed, v.turnsOnSpot || v.canReverse(), circle);
}

TraversalLimits reverseLimits(const PlanVehicle& v, OvershootCircle circle) {
    return limitsFor(v, v.maxReverseSpeed, true, circle);
}

double overshootTime(double s, double v0, double v1, const TraversalLimits& l) {
    // Algorithm 3: a vehicle that drives circles (line 4), one that turns on the spot or reverses (line 6, §4.2.2).
    const double circular = l.drivesCircles ? circularOvershootTime(s, v0, v1, l) : kInfinity;
    const double linear = l.backsUp ? linearOvershootTime(s, v0, v1, l) : kInfinity;
    return std::min(circular, linear);
}

double circularOvershootTime(double s, double v0, double v1, const TraversalLimits& l) {
    // Lines 2–7: the time and distance to change speed at full force.
    const bool faster = v1 > v0;
    const double force = faster ? l.acceleration : l.deceleration;
    const double adjustTime = std::abs(v1 - v0) / force;
    const double adjustDistance = std::abs(v1 * v1 - v0 * v0) / (2.0 * force);
    // Lines 8–11: the smallest circle (see OvershootCircle).
    const double backupNeeded = adjustDistance - s;
    const double minCircumference = kTwoPi * l.circleRadius;
    // Line 12–13: a circle of exactly the missing length; the whole way changes speed.
    if (backupNeeded >= minCircumference) return adjustTime;
    // (With AnyDetour the circumference is 0 and every shortfall ends above.)
    // Line 14 as the text has it: one smallest circle more, then eq. 4.1 on the lengthened distance.
    return traversalTime(s + minCircumference, v0, v1, l);
}

double linearOvershootTime(double s, double v0, double v1, const TraversalLimits& l) {
    const double brakeTime = v0 / l.deceleration;                          // line 2
    const double brakeDistance = v0 * v0 / (2.0 * l.deceleration);        // line 3
    const double segment1 = brakeDistance - s;                             // line 4: stopped this far past the goal
    const double accelerationTime = v1 / l.acceleration;                   // line 5
    const double accelerationDistance = v1 * v1 / (2.0 * l.acceleration);  // lines 6–7: the run-up needed
    const double segment3 = std::max(0.0, segment1 + accelerationDistance);  // line 8: how far to back up
    const double backupTime = traversalTime(segment3, 0.0, 0.0, l);  // line 9
    return brakeTime + backupTime + accelerationTime;                       // lines 10–11
}

} // namespace trackwright
