#pragma once

#include "trackwright/plan/plan_state.h"
#include "trackwright/plan/plan_traversal_time.h"
#include "trackwright/plan/plan_turning_distance.h"
#include "trackwright/plan/plan_vehicle.h"

#include <cstdint>

namespace trackwright {

/// Which estimate guides the search.
enum class PlanHeuristicKind : std::uint8_t {
    /// AIPATH's heuristic (§4.2): the turning distance turned into a traversal time under the
    /// acceleration, braking and speed limits (eq. 4.1, Algorithms 2–5).
    TraversalTime,
    /// The comparison of §5.4 / Table 5.3: Pinter's distance only, as time at v_max (the costs are
    /// seconds; dividing by the top speed keeps the estimate a lower bound, ignoring the speeds).
    DistanceOnly,
};

/// How the traversal-time heuristic is put together.
enum class PlanHeuristicForm : std::uint8_t {
    /// As the thesis prints it: Pinter's four circle–line–circle paths, the time of the shortest
    /// (Algorithm 2, line 2), Algorithm 4's circle at v_max. Two of its flaws show in practice: near
    /// the start a circle–circle–circle path can be shorter than all four (the estimate exceeds the
    /// real cost), and when the speed must change more than the shortest path allows, the shortest
    /// path plus a whole circle can take longer than a longer path — the estimate jumps where the
    /// shortest path changes, and the probing search stops at those jumps.
    Thesis,
    /// The same parts, mended into a lower bound for vehicles driving forwards: the shortest of
    /// Dubins's six paths (Pinter's four and two circle–circle–circle), and a shortfall in distance
    /// costing only the speed change (OvershootCircle::AnyDetour) instead of a whole circle at
    /// v_max. The time of the shortest path is then also the least over every path: one too short
    /// for the speed change takes just the speed change's time, which no path beats, and one long
    /// enough is timed by eq. 4.1, which grows with the length.
    Refined,
};

/// The heuristic evaluation function of one search: seconds from a state to the goal. Not
/// consistent (discretisation, §5.4). For vehicles with a turn rate limit (tanks, pedestrians: no
/// turning radius, so no distance for turning) it is at least the time the net heading change
/// takes at that rate (§2.3.4, §4.2.2: "angular speed determines the time required to turn"). For vehicles that reverse it is the faster of driving there
/// forwards and backwards (each on the flipped headings); a path that changes direction on the way
/// can be quicker, so there it guides rather than bounds. Evaluations allocate nothing; the goal's
/// turning circles are computed once.
class PlanHeuristic {
public:
    PlanHeuristic() = default;
    PlanHeuristic(const PlanVehicle& vehicle, const PlanState& goal, PlanHeuristicKind kind = PlanHeuristicKind::TraversalTime,
                  PlanHeuristicForm form = PlanHeuristicForm::Refined);

    /// Estimated seconds from `state` to the goal.
    double operator()(const PlanState& state) const;

    /// The turning distances from one pose, forwards and (if the vehicle reverses) backwards, metres.
    struct Distances {
        double forwardShortest = 0.0, backwardShortest = 0.0;
        double turnTime = 0.0;  ///< s: the net heading change at the turn rate limit, a floor on any path
    };
    /// Several speeds share a pose in one expansion: the distances are computed once per pose.
    void distancesFrom(double x, double y, double heading, double cosHeading, double sinHeading, Distances& out) const;
    /// The estimate for a state whose pose's distances are known.
    double estimateAt(const Distances& distances, double speed) const;

    /// Bounding a step's children without their turning lengths. In the refined form the distance
    /// is Dubins's (all six words), which obeys the triangle inequality, and a moving step is a
    /// feasible path one cell long: a child's distance is at least its parent's less the step, and
    /// the time over it at least leastTraversalTime's. That holds for vehicles that only drive
    /// forwards (every estimate is then a time over the forward distance) towards a goal speed ≥ 0,
    /// for children that move forwards (a turn on the spot is no short way with a turning radius)
    /// and are not at the goal (estimate 0). Pinter's four alone (the thesis's form) are no metric:
    /// near the goal a circle–circle–circle path undercuts them.
    bool boundsSteps() const { return m_boundsSteps; }
    /// What a pose's children are bounded by: its Dubins distance, metres (see boundsSteps).
    double stepFloor(const Distances& distances) const { return distances.forwardShortest; }
    /// A floor (s) under the estimate of every pose a forward move of at most `step` metres reaches
    /// from a pose with stepFloor `floor`, arriving at `speed` (see boundsSteps).
    double estimateFloor(double floor, double step, double speed) const;

    const PlanVehicle& vehicle() const { return m_vehicle; }
    PlanHeuristicKind kind() const { return m_kind; }
    PlanHeuristicForm form() const { return m_form; }

private:
    PlanVehicle m_vehicle;
    PlanHeuristicKind m_kind = PlanHeuristicKind::TraversalTime;
    PlanHeuristicForm m_form = PlanHeuristicForm::Refined;
    double m_goalSpeed = 0.0;
    bool m_boundsSteps = false;
    TurningGoal m_forwardGoal;
    TurningGoal m_backwardGoal;  ///< the goal with its heading flipped: driving there backwards
    TraversalLimits m_forward;
    TraversalLimits m_reverse;
};

} // namespace trackwright
