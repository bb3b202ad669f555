#include "trackwright/plan/plan_heuristic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {
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
    d.turnTime = 0.0;
    if (m_vehicle.maxTurnRate > 0.0f) d.turnTime = std::abs(std::remainder(m_forwardGoal.pose.heading - heading, 2.0 * M_PI)) / m_vehicle.maxTurnRate;
    // Backwards along a path is forwards along it with both headings flipped.
    d.forwardShortest = shortestTurningLength({x, y, heading}, c, s, m_forwardGoal);
    d.backwardShortest = m_vehicle.canReverse() ? shortestTurningLength({x, y, heading + M_PI}, -c, -s, m_backwardGoal) : kInfinity;
}

double PlanHeuristic::estimateAt(const Distances& d, double speed) const {
    if (m_kind == PlanHeuristicKind::DistanceOnly) {
        const double forward = d.forwardShortest / m_forward.maxSpeed;
        return std::max(d.turnTime, m_vehicle.canReverse() ? std::min(forward, d.backwardShortest / m_reverse.maxSpeed) : forward);
    }
    double best = kInfinity;
    if (m_goalSpeed >= 0.0) {
        // Moving backwards now: stop first (a lower bound: the roll back is not charged).
        const double stop = speed < 0.0 ? -speed / m_reverse.deceleration : 0.0;
        best = stop + traversalTime(d.forwardShortest, std::max(0.0, speed), m_goalSpeed, m_forward);
    }
    if (m_vehicle.canReverse() && m_goalSpeed <= 0.0) {
        const double stop = speed > 0.0 ? speed / m_forward.deceleration : 0.0;
        best = std::min(best, stop + traversalTime(d.backwardShortest, std::max(0.0, -speed), -m_goalSpeed, m_reverse));
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

} // namespace trackwright
