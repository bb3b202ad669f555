#include "runtime/plan_search.h"

#include <cmath>

namespace runtime {
namespace {

bool isFinite(const PlanState& s) {
    return std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.heading) && std::isfinite(s.speed);
}

constexpr float kDegree = static_cast<float>(M_PI / 180.0);

} // namespace

const char* planStatusName(PlanStatus status) {
    switch (status) {
    case PlanStatus::Found: return "found";
    case PlanStatus::IterationLimit: return "iteration-limit";
    case PlanStatus::PoolExhausted: return "pool-exhausted";
    case PlanStatus::NoPath: return "no-path";
    case PlanStatus::ProbeStopped: return "probe-stopped";
    case PlanStatus::PathTooLong: return "path-too-long";
    case PlanStatus::InvalidInput: return "invalid-input";
    }
    return "?";
}

MovementPlanner::MovementPlanner(std::uint32_t nodeCapacity, std::uint32_t pathCapacity)
    : m_nodes(nodeCapacity), m_cells(nodeCapacity), m_open(nodeCapacity), m_path(new PlanStep[pathCapacity > 0 ? pathCapacity : 1]),
      m_pathCapacity(pathCapacity > 0 ? pathCapacity : 1) {}

bool MovementPlanner::reachesGoal(const PlanState& s, const PlanState& goal, const PlanGoalTolerance& t) {
    const float dx = s.x - goal.x, dy = s.y - goal.y;
    if (dx * dx + dy * dy > t.position * t.position) return false;
    if (std::abs(s.speed - goal.speed) > t.speed) return false;
    return std::abs(wrapAngle(s.heading - goal.heading)) <= t.headingDeg * kDegree + 1e-6f;
}

void MovementPlanner::expand(const PlanState& from, const PlanHeuristic& heuristic, const PlanSettings& settings, PlanValidity validity) {
    expandState(from, heuristic.vehicle(), settings.discretization, m_expansion);
    // Every pose at once, before the children are judged: nearly every pose has a child that needs
    // its estimate, and the poses' turning lengths do not depend on one another, so the processor
    // overlaps their long arithmetic chains instead of meeting them one at a time between cell look-ups.
    for (int i = 0; i < m_expansion.poseCount; ++i) {
        const PlanPoseCandidate& p = m_expansion.poses[i];
        m_poseValid[i] = validity(from, {p.x, p.y, p.heading, 0.0f});
        if (m_poseValid[i]) heuristic.distancesFrom(p.x, p.y, p.heading, p.cosHeading, p.sinHeading, m_poseDistances[i]);
    }
}

bool MovementPlanner::extractPath(std::uint32_t last, float cellSize, PlanResult& result) {
    std::uint32_t count = 0;
    for (std::uint32_t n = last; n != kNoPlanNode; n = m_nodes[n].parent) ++count;
    result.time = m_nodes[last].cost;
    m_pathSize = 0;
    if (count > m_pathCapacity) return false;
    m_pathSize = count;
    std::uint32_t i = count;
    for (std::uint32_t n = last; n != kNoPlanNode; n = m_nodes[n].parent) {
        const PlanNode& node = m_nodes[n];
        PlanStep& step = m_path[--i];
        step = {};
        step.state = node.state;
        step.time = node.cost;
        if (node.parent == kNoPlanNode) continue;
        // The action, read back from the two states it joins.
        const PlanState& before = m_nodes[node.parent].state;
        const bool moved = before.x != node.state.x || before.y != node.state.y;
        step.direction = !moved ? 0 : (before.speed + node.state.speed > 0.0f ? 1 : -1);
        step.turn = wrapAngle(node.state.heading - before.heading);
        if (moved) {
            step.acceleration = (node.state.speed * node.state.speed - before.speed * before.speed) / (2.0f * cellSize);
            result.length += cellSize;
        }
    }
    return true;
}

PlanResult MovementPlanner::plan(const PlanVehicle& vehicle, const PlanState& start, const PlanState& goal, const PlanSettings& settings,
                                 PlanValidity validity) {
    PlanResult result;
    m_pathSize = 0;
    m_cells.clear(m_nodes);
    m_nodes.clear();
    m_open.clear();
    if (!isFinite(start) || !isFinite(goal)) return result;

    const PlanHeuristic heuristic(vehicle, goal, settings.heuristic, settings.heuristicForm);
    const PlanCellKeys keys(settings.discretization, start.x, start.y);
    const float cellSize = settings.discretization.cellSize;
    const std::uint32_t limit = settings.iterationLimit;

    std::uint64_t startKey = 0;
    if (!keys.key(start, startKey)) return result;
    const float startEstimate = reachesGoal(start, goal, settings.tolerance) ? 0.0f : static_cast<float>(heuristic(start));
    result.startEstimate = startEstimate;
    // Re-homing nodes when the cell table grows: their keys come from their exact states again.
    auto keyOf = [&keys](const PlanNode& n) {
        std::uint64_t k = 0;
        keys.key(n.state, k);
        return k;
    };
    std::uint32_t slot = 0;
    float holderTotal = 0.0f;
    m_cells.find(startKey, slot, holderTotal);
    const std::uint32_t startNode = m_nodes.add({start, 0.0f, startEstimate, kNoPlanNode, slot});
    m_cells.set(slot, startKey, startNode, startEstimate);

    // A child inside the goal tolerance is a goal: nothing is left to estimate. Without this, a
    // child a hair past the goal would be told to drive a whole circle back to it (the turning
    // distance is discontinuous there, Figure 4.2) and the search would look past the goal it holds.
    auto estimate = [&](const PlanMotion& motion) {
        const PlanPoseCandidate& pose = m_expansion.poses[motion.pose];
        if (reachesGoal({pose.x, pose.y, pose.heading, motion.endSpeed}, goal, settings.tolerance)) return 0.0f;
        return static_cast<float>(heuristic.estimateAt(m_poseDistances[motion.pose], motion.endSpeed));
    };
    auto finish = [&](std::uint32_t last, PlanStatus status) {
        result.status = status;
        result.nodes = m_nodes.size();
        if (!extractPath(last, cellSize, result) && status == PlanStatus::Found) result.status = PlanStatus::PathTooLong;
        return result;
    };
    auto stop = [&](PlanStatus status) {
        result.status = status;
        result.nodes = m_nodes.size();
        return result;
    };

    // Algorithm 6, the probing search: greedy and without backtracking, each step to the child with
    // the lowest estimate, as long as that estimate improves on the best so far.
    if (settings.mode != PlanMode::AStarOnly) {
        std::uint32_t node = startNode;
        float globalBest = startEstimate;
        for (;;) {
            ++result.iterations;
            ++result.probeIterations;
            if (reachesGoal(m_nodes[node].state, goal, settings.tolerance)) {
                result.byProbe = true;
                return finish(node, PlanStatus::Found);
            }
            if (result.iterations >= limit || m_nodes.full()) break;
            if (m_cells.needsRoom(1)) m_cells.grow(m_nodes, keyOf);
            const PlanNode current = m_nodes[node];
            expand(current.state, heuristic, settings, validity);
            float localBest = globalBest;
            int chosen = -1;
            for (int m = 0; m < m_expansion.motionCount; ++m) {
                const PlanMotion& motion = m_expansion.motions[m];
                if (!m_poseValid[motion.pose]) continue;
                const float h = estimate(motion);
                if (h < localBest) {
                    localBest = h;
                    chosen = m;
                }
            }
            if (chosen < 0) break;  // no improvement: the probe ends here
            globalBest = localBest;
            const PlanMotion& motion = m_expansion.motions[chosen];
            const PlanPoseCandidate& pose = m_expansion.poses[motion.pose];
            const PlanState child{pose.x, pose.y, pose.heading, motion.endSpeed};
            std::uint64_t key = 0;
            if (!keys.key(child, key)) break;
            // The probe's nodes take their cells too (when better), so A* meets them there.
            const float cost = current.cost + motion.duration;
            const std::uint32_t holder = m_cells.find(key, slot, holderTotal);
            const std::uint32_t made = m_nodes.add({child, cost, localBest, node, slot});
            if (holder == kNoPlanNode || holderTotal > cost + localBest) m_cells.set(slot, key, made, cost + localBest);
            node = made;
        }
        if (settings.mode == PlanMode::ProbeOnly) return finish(node, PlanStatus::ProbeStopped);
    }

    // Algorithm 1, lines 5–9: A* with the start and every node of the probe's path on the open list.
    for (std::uint32_t n = 0; n < m_nodes.size(); ++n) m_open.push(m_nodes[n].cost + m_nodes[n].estimate, m_nodes[n].estimate, n);
    while (!m_open.empty()) {
        const std::uint32_t node = m_open.pop();
        const PlanNode current = m_nodes[node];
        if (!m_cells.holds(current.slot, node)) continue;  // superseded in its cell (§4.3.2)
        if (reachesGoal(current.state, goal, settings.tolerance)) {
            ++result.iterations;
            return finish(node, PlanStatus::Found);
        }
        if (result.iterations >= limit) return stop(PlanStatus::IterationLimit);
        ++result.iterations;
        if (m_cells.needsRoom(kMaxPlanMotions)) m_cells.grow(m_nodes, keyOf);
        expand(current.state, heuristic, settings, validity);
        for (int p = 0; p < m_expansion.poseCount; ++p) {
            const PlanPoseCandidate& pose = m_expansion.poses[p];
            m_poseKeyed[p] = keys.poseKey(pose.x, pose.y, pose.heading, m_poseKeys[p]);
        }
        for (int m = 0; m < m_expansion.motionCount; ++m) {
            const PlanMotion& motion = m_expansion.motions[m];
            m_motionKeyed[m] = m_poseKeyed[motion.pose] && keys.withSpeed(m_poseKeys[motion.pose], motion.endSpeed, m_motionKeys[m]);
            if (m_motionKeyed[m]) m_cells.prefetch(m_motionKeys[m]);
        }
        for (int m = 0; m < m_expansion.motionCount; ++m) {
            if (!m_motionKeyed[m]) continue;
            const PlanMotion& motion = m_expansion.motions[m];
            const PlanPoseCandidate& pose = m_expansion.poses[motion.pose];
            const PlanState child{pose.x, pose.y, pose.heading, motion.endSpeed};
            const std::uint64_t key = m_motionKeys[m];
            const float cost = current.cost + motion.duration;
            // §4.3.2: a cell keeps the node with the lowest cost + estimate; worse ones are discarded.
            // A holder no costlier than this child's cost alone wins whatever the estimate: such a
            // child ends here, untimed.
            const bool held = m_cells.find(key, slot, holderTotal) != kNoPlanNode;
            if (held && holderTotal <= cost) continue;
            if (!m_poseValid[motion.pose]) continue;
            const float h = estimate(motion);
            if (!std::isfinite(h)) continue;  // Cost_Max (§4.2.2): unreachable by the estimate
            if (held && holderTotal <= cost + h) continue;
            if (m_nodes.full()) return stop(PlanStatus::PoolExhausted);
            const std::uint32_t made = m_nodes.add({child, cost, h, node, slot});
            m_cells.set(slot, key, made, cost + h);
            m_open.push(cost + h, h, made);
        }
        if (!m_open.empty()) m_nodes.prefetch(m_open.top());  // most likely the next to expand
    }
    return stop(PlanStatus::NoPath);
}

} // namespace runtime
