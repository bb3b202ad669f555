#include "runtime/plan_heuristic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace runtime {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

} // namespace

PlanHeuristic::PlanHeuristic(const PlanVehicle& vehicle, const PlanState& goal, PlanHeuristicKind kind, PlanHeuristicForm form)
    : m_vehicle(vehicle), m_kind(kind), m_form(form), m_goalSpeed(goal.speed) {
    const double radius = std::max(0.0f, vehicle.turningRadius);
    const bool refined = form == PlanHeuristicForm::Refined;
    m_forwardGoal = makeTurningGoal({goal.x, goal.y, goal.heading}, radius, refined);
    m_backwardGoal = makeTurningGoal({goal.x, goal.y, goal.heading + M_PI}, radius, refined);
    const OvershootCircle circle = refined ? OvershootCircle::AnyDetour : OvershootCircle::AtTopSpeed;
    m_forward = forwardLimits(vehicle, circle);
    m_reverse = reverseLimits(vehicle, circle);
    m_boundsSteps = refined && !vehicle.canReverse() && goal.speed >= 0.0f;
}

void PlanHeuristic::distancesFrom(double x, double y, double heading, double c, double s, Distances& d) const {
    d.pose = {x, y, heading};
    d.cosHeading = c;
    d.sinHeading = s;
    d.allLengths = false;
    d.turnTime = 0.0;
    if (m_vehicle.maxTurnRate > 0.0f) d.turnTime = std::abs(std::remainder(m_forwardGoal.pose.heading - heading, 2.0 * M_PI)) / m_vehicle.maxTurnRate;
    // The shortest paths, their combinations pruned as they go. Backwards along a path is forwards
    // along it with both headings flipped.
    d.forwardShortest = shortestTurningLength(d.pose, c, s, m_forwardGoal);
    d.backwardShortest = m_vehicle.canReverse() ? shortestTurningLength({x, y, heading + M_PI}, -c, -s, m_backwardGoal) : kInfinity;
}

double PlanHeuristic::timeOver(Distances& d, bool backward, double v0, double v1, const TraversalLimits& l) const {
    const double dMin = backward ? d.backwardShortest : d.forwardShortest;
    const double tMin = traversalTime(dMin, v0, v1, l);
    if (m_form == PlanHeuristicForm::Thesis) return tMin;
    // Where the shortest path is long enough to change speed, eq. 4.1 grows with the distance and the
    // shortest path is also the quickest. Otherwise a longer path may beat the shortest plus a circle.
    const double inverseForce = v1 > v0 ? l.inverseAcceleration : l.inverseDeceleration;
    if (dMin >= std::abs(v1 * v1 - v0 * v0) * 0.5 * inverseForce) return tMin;
    if (!d.allLengths) {
        turningLengths(d.pose, d.cosHeading, d.sinHeading, m_forwardGoal, d.forward);
        if (m_vehicle.canReverse()) turningLengths({d.pose.x, d.pose.y, d.pose.heading + M_PI}, -d.cosHeading, -d.sinHeading, m_backwardGoal, d.backward);
        else std::fill(d.backward, d.backward + kTurnCombinations, kInfinity);
        d.allLengths = true;
    }
    const double* lengths = backward ? d.backward : d.forward;
    double best = tMin;
    for (int i = 0; i < kTurnCombinations; ++i)
        if (std::isfinite(lengths[i]) && lengths[i] > dMin) best = std::min(best, traversalTime(lengths[i], v0, v1, l));
    return best;
}

double PlanHeuristic::estimateAt(Distances& d, double speed) const {
    if (m_kind == PlanHeuristicKind::DistanceOnly) {
        const double forward = d.forwardShortest / m_forward.maxSpeed;
        return std::max(d.turnTime, m_vehicle.canReverse() ? std::min(forward, d.backwardShortest / m_reverse.maxSpeed) : forward);
    }
    double best = kInfinity;
    if (m_goalSpeed >= 0.0) {
        // Moving backwards now: stop first (a lower bound: the roll back is not charged).
        const double stop = speed < 0.0 ? -speed / m_reverse.deceleration : 0.0;
        best = stop + timeOver(d, false, std::max(0.0, speed), m_goalSpeed, m_forward);
    }
    if (m_vehicle.canReverse() && m_goalSpeed <= 0.0) {
        const double stop = speed > 0.0 ? speed / m_forward.deceleration : 0.0;
        best = std::min(best, stop + timeOver(d, true, std::max(0.0, -speed), -m_goalSpeed, m_reverse));
    }
    return std::max(best, d.turnTime);
}

double PlanHeuristic::estimateFloor(double floor, double step, double speed) const {
    // The margin covers the child's pose rounded to floats and the arctangent's approximation.
    const double distance = std::max(0.0, floor - step - 1e-3 - 1e-6 * floor);
    if (m_kind == PlanHeuristicKind::DistanceOnly) return distance / m_forward.maxSpeed;
    return leastTraversalTime(distance, std::max(0.0, speed), m_goalSpeed, m_forward);
}

double PlanHeuristic::operator()(const PlanState& state) const {
    Distances d;
    distancesFrom(state.x, state.y, state.heading, std::cos(state.heading), std::sin(state.heading), d);
    return estimateAt(d, state.speed);
}

} // namespace runtime
