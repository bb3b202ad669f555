#pragma once

#include "trackwright/plan/plan_actions.h"
#include "trackwright/plan/plan_cells.h"
#include "trackwright/plan/plan_heuristic.h"
#include "trackwright/plan/plan_node_pool.h"
#include "trackwright/plan/plan_open_list.h"
#include "trackwright/plan/plan_settings.h"
#include "trackwright/plan/plan_shot.h"
#include "trackwright/plan/plan_state.h"
#include "trackwright/plan/plan_validity.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>

namespace trackwright {

enum class PlanStatus : std::uint8_t {
    Found,          ///< a path to the goal is in path()
    IterationLimit, ///< the iteration limit was reached first (§5.1, §6.2)
    PoolExhausted,  ///< the node pool is full: a larger planner, or a lower iteration limit
    NoPath,         ///< A* ran out of nodes: no path within the valid area and the discretisation
    ProbeStopped,   ///< PlanMode::ProbeOnly: the probing search stopped before the goal; path() ends where it stopped
    PathTooLong,    ///< found, but longer than the path buffer: path() is empty
    InvalidInput,   ///< a non-finite start or goal
};
const char* planStatusName(PlanStatus status);

struct PlanResult {
    PlanStatus status = PlanStatus::InvalidInput;
    std::uint32_t iterations = 0;       ///< node expansions, probing included
    std::uint32_t probeIterations = 0;  ///< of those, by the probing search
    std::uint32_t nodes = 0;            ///< nodes made
    bool byProbe = false;               ///< the probing search reached the goal on its own (Algorithm 1, line 3)
    bool byShot = false;                ///< the path ends in an analytic shot (PlanShotSettings)
    std::uint32_t shots = 0;            ///< shots tried (expansions that looked for one)
    float shotTime = 0.0f;              ///< s of the path's time the shot covers (byShot)
    float time = 0.0f;                  ///< s: the path's traversal time (its last node's cost)
    float length = 0.0f;                ///< m driven along the path
    float startEstimate = 0.0f;         ///< s: the heuristic at the start
    bool found() const { return status == PlanStatus::Found; }
};

/// AIPATH (thesis Algorithm 1): a probing search (Algorithm 6) runs first; if it does not reach
/// the goal, A* starts from the start and every node the probe visited, with the probe's costs and
/// estimates. Nodes come from a pool allocated once, with the cell table and the open list, in the
/// constructor: a search allocates nothing, however many iterations it runs. One planner serves
/// one search at a time; cars that rarely need one (stuck recovery) can share it.
class MovementPlanner {
public:
    /// `nodeCapacity` nodes (32 bytes each, plus up to 64 for the cell table and 32 for the open
    /// list, whose buckets reserve 4 MB more); paths up to `pathCapacity` steps. All of it is
    /// reserved here and touched only as far as a search goes.
    explicit MovementPlanner(std::uint32_t nodeCapacity = 1u << 18, std::uint32_t pathCapacity = 4096);

    PlanResult plan(const PlanVehicle& vehicle, const PlanState& start, const PlanState& goal, const PlanSettings& settings,
                    PlanValidity validity = {});

    /// The last search's path, start first (empty unless Found or ProbeStopped).
    std::span<const PlanStep> path() const { return {m_path.get(), m_pathSize}; }
    std::uint32_t nodeCapacity() const { return m_nodes.capacity(); }
    std::uint32_t pathCapacity() const { return m_pathCapacity; }

    /// The goal test of §5.1: within the position, heading and speed tolerances.
    static bool reachesGoal(const PlanState& state, const PlanState& goal, const PlanGoalTolerance& tolerance) {
        const float dx = state.x - goal.x, dy = state.y - goal.y;
        if (dx * dx + dy * dy > tolerance.position * tolerance.position) return false;
        if (std::abs(state.speed - goal.speed) > tolerance.speed) return false;
        return std::abs(wrapAngle(state.heading - goal.heading)) <= tolerance.headingDeg * static_cast<float>(kPlanPi / 180.0) + 1e-6f;
    }

private:
    /// Expands a state into m_expansion and judges every pose's validity.
    void expand(const PlanState& from, float goalSpeed, const PlanSettings& settings, const PlanVehicle& vehicle, PlanValidity validity);
    /// The turning distances of the valid poses marked in `needed`.
    void measurePoses(const PlanHeuristic& heuristic, const bool* needed);
    /// For heuristics that bound steps (PlanHeuristic::boundsSteps): lists in m_openMotions the
    /// children of `parent` the A* step must judge in full (see the .cpp), marks the poses they
    /// need in m_poseNeeded, and returns how many.
    int screenChildren(const PlanNode& parent, const PlanHeuristic& heuristic, const PlanState& goal, const PlanSettings& settings);
    /// Reads the path back from `last` through the parents; false when it does not fit.
    bool extractPath(std::uint32_t last, float cellSize, PlanResult& result);
    /// An expansion of `node` (the `iteration`-th) looks for a shot when due, and keeps it in
    /// m_bestShot when it makes the quickest path so far.
    void shoot(std::uint32_t node, std::uint32_t iteration, const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings,
               PlanValidity validity, PlanResult& result);
    /// A search's best shot not proven quick enough (the refining ran its course): improved also
    /// from the shape that brakes onto the tightest circle, and shot again so from `startNode`.
    void polishFinalShot(std::uint32_t startNode, const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings,
                         PlanValidity validity, PlanResult& result);
    /// extractPath to the best shot's node, then the shot's steps; false when they do not fit.
    bool extractPathWithShot(float cellSize, PlanResult& result);
    /// Shoots from the steps of the extracted path's shot (every other one) and splices the
    /// quickest shot that beats the path's rest into it (PlanShotSettings::reshootRounds rounds).
    void reshootAlongPath(const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings, PlanValidity validity,
                          PlanResult& result);
    /// A found shot improved by improvePlanShot, when the settings ask for it.
    void improveShot(const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings, PlanValidity validity);

    PlanNodePool m_nodes;
    PlanCellTable m_cells;
    PlanOpenList m_open;
    std::unique_ptr<PlanStep[]> m_path;
    std::uint32_t m_pathCapacity;
    std::uint32_t m_pathSize = 0;
    PlanExpansion m_expansion;
    PlanShotWorkspace m_shotWorkspace;
    PlanShot m_shot;
    PlanShot m_bestShot;                     ///< the quickest valid shot of this search
    std::uint32_t m_bestShotNode = kNoPlanNode;  ///< where it starts
    float m_bestShotTotal = 0.0f;            ///< s: that node's cost + the shot's time
    std::uint32_t m_firstShotIteration = 0;
    std::uint32_t m_searchSteps = 0;         ///< of the extracted path, the steps from A*'s nodes (the rest are shots')
    bool m_poseValid[kMaxPlanPoses] = {};
    PlanHeuristic::Distances m_poseDistances[kMaxPlanPoses];
    std::uint64_t m_poseKeys[kMaxPlanPoses] = {};
    bool m_poseKeyed[kMaxPlanPoses] = {};
    std::uint64_t m_speedBits[kMaxPlanSpeeds] = {};
    bool m_speedKeyed[kMaxPlanSpeeds] = {};
    std::uint64_t m_motionKeys[kMaxPlanMotions] = {};
    bool m_motionKeyed[kMaxPlanMotions] = {};
    std::uint32_t m_motionSlots[kMaxPlanMotions] = {};  ///< where each child's cell look-up starts: its home, then the slot screenChildren found
    bool m_poseNeeded[kMaxPlanPoses] = {};
    bool m_poseBounded[kMaxPlanPoses] = {};
    float m_speedFloors[kMaxPlanSpeeds] = {};
    std::uint8_t m_openMotions[kMaxPlanMotions] = {};
};

} // namespace trackwright
