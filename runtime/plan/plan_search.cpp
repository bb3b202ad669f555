#include "trackwright/plan/plan_search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace trackwright {
namespace {

bool isFinite(const PlanState& s) {
    return std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.heading) && std::isfinite(s.speed);
}

constexpr auto kAllPoses = [] {
    std::array<bool, kMaxPlanPoses> all{};
    all.fill(true);
    return all;
}();

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

void MovementPlanner::expand(const PlanState& from, float goalSpeed, const PlanSettings& settings, const PlanVehicle& vehicle, PlanValidity validity) {
    expandState(from, vehicle, settings.discretization, goalSpeed, m_expansion);
    for (int i = 0; i < m_expansion.poseCount; ++i) {
        const PlanPoseCandidate& p = m_expansion.poses[i];
        m_poseValid[i] = validity(from, {p.x, p.y, p.heading, 0.0f});
    }
}

void MovementPlanner::measurePoses(const PlanHeuristic& heuristic, const bool* needed) {
    // Every pose at once, before the children are judged: the poses' turning lengths do not depend
    // on one another, so the processor overlaps their long arithmetic chains instead of meeting
    // them one at a time between cell look-ups.
    for (int i = 0; i < m_expansion.poseCount; ++i) {
        const PlanPoseCandidate& p = m_expansion.poses[i];
        if (m_poseValid[i] && needed[i]) heuristic.distancesFrom(p.x, p.y, p.heading, p.cosHeading, p.sinHeading, m_poseDistances[i]);
    }
}

int MovementPlanner::screenChildren(const PlanNode& parent, const PlanHeuristic& heuristic, const PlanState& goal, const PlanSettings& settings) {
    // Before any turning length: children whose cell holds a node no costlier than the child's
    // cost plus a floor under its estimate (PlanHeuristic::boundsSteps) end here, as the full test
    // in plan() would end them — holders only ever get cheaper, so a child ended against this holder
    // would be ended against any later one. Most children end so; the turning lengths are measured
    // only for the poses some remaining child needs. Without branches on the outcome: it is a coin
    // toss, and the processor would guess it wrong half the time.
    const bool bounded = parent.stepFloor > 0.0f;  // the start's is unknown
    for (int k = 0; k < m_expansion.speedCount; ++k)
        m_speedFloors[k] = bounded ? static_cast<float>(heuristic.estimateFloor(parent.stepFloor, settings.discretization.cellSize, m_expansion.endSpeeds[k])) : 0.0f;
    for (int p = 0; p < m_expansion.poseCount; ++p) {
        const PlanPoseCandidate& pose = m_expansion.poses[p];
        const float dx = pose.x - goal.x, dy = pose.y - goal.y;
        // A pose that may be the goal has estimate 0 for some speed: no floor applies there.
        const bool nearGoal = dx * dx + dy * dy <= settings.tolerance.position * settings.tolerance.position;
        m_poseBounded[p] = bounded && pose.direction > 0 && !nearGoal;
        m_poseNeeded[p] = false;
    }
    int openCount = 0;
    float holderTotal = 0.0f;
    for (int m = 0; m < m_expansion.motionCount; ++m) {
        const PlanMotion& motion = m_expansion.motions[m];
        const float cost = parent.cost + motion.duration;
        float total = std::numeric_limits<float>::infinity();
        if (m_motionKeyed[m] && m_cells.findFrom(m_motionKeys[m], m_motionSlots[m], m_motionSlots[m], holderTotal) != kNoPlanNode) total = holderTotal;
        const float floor = m_poseBounded[motion.pose] ? m_speedFloors[motion.speed] : 0.0f;
        const bool open = m_motionKeyed[m] & m_poseValid[motion.pose] & (total > cost + floor);
        m_openMotions[openCount] = static_cast<std::uint8_t>(m);
        openCount += open;
        m_poseNeeded[motion.pose] |= open;
    }
    return openCount;
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
            step.length = cellSize;
            result.length += cellSize;
        }
    }
    return true;
}

void MovementPlanner::shoot(std::uint32_t node, std::uint32_t iteration, const PlanVehicle& vehicle, const PlanState& goal,
                            const PlanSettings& settings, PlanValidity validity, PlanResult& result) {
    const PlanShotSettings& shot = settings.shot;
    if (!shot.enabled) return;
    const PlanNode& from = m_nodes[node];
    const float dx = from.state.x - goal.x, dy = from.state.y - goal.y;
    const bool due = shot.interval > 0 && (iteration - 1) % shot.interval == 0;
    if (!due && dx * dx + dy * dy > shot.nearGoal * shot.nearGoal) return;
    ++result.shots;
    // Only a shot that beats the best path so far is worth judging.
    const double budget = m_bestShotNode != kNoPlanNode ? static_cast<double>(m_bestShotTotal) - from.cost : std::numeric_limits<double>::infinity();
    if (!(budget > 0.0)) return;
    if (!findPlanShot(vehicle, from.state, goal, settings.tolerance, validity, settings.discretization.cellSize, m_shotWorkspace, m_shot, budget,
                      shot.validatedPerTry))
        return;
    improveShot(vehicle, goal, settings, validity);
    const float total = from.cost + static_cast<float>(m_shot.duration());
    if (m_bestShotNode != kNoPlanNode && total >= m_bestShotTotal) return;
    if (m_bestShotNode == kNoPlanNode) m_firstShotIteration = iteration;
    m_bestShotNode = node;
    m_bestShotTotal = total;
    m_bestShot = m_shot;
}

void MovementPlanner::improveShot(const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings, PlanValidity validity) {
    if (settings.shot.improveEvaluations == 0) return;
    improvePlanShot(vehicle, goal, settings.tolerance, validity, settings.discretization.cellSize, m_shot,
                    static_cast<int>(settings.shot.improveEvaluations));
}

void MovementPlanner::reshootAlongPath(const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings, PlanValidity validity,
                                       PlanResult& result) {
    // The refining stops long before A* would reach the middles of the best paths (tens of
    // thousands of expansions on the thesis's set-up), yet from there a shot is about as quick as
    // A*'s path (within 1 % on most searches where the shot search was more than 5 % slower): the
    // steps of the path found, part way to the goal, are the nearest such states the search has.
    const float cellSize = settings.discretization.cellSize;
    for (std::uint32_t round = 0; round < settings.shot.reshootRounds; ++round) {
        float best = result.time;
        std::uint32_t from = 0;
        int steps = 0;
        // From the shot's steps, every other one: A*'s nodes before it were shot from, or passed
        // over, as the search went, and on the thesis's set-up neither those nor every step of
        // the shot found a quicker path more often, only later. Not from the shot's own start:
        // that try was made, and its shot improved, as the search went (the budget left now is
        // the shot itself), and with the largest budget it is the dearest try of the round.
        for (std::uint32_t k = m_searchSteps + 1; k + 1 < m_pathSize; k += 2) {
            const PlanStep& step = m_path[k];
            const double budget = static_cast<double>(best) - step.time;
            if (!(budget > 0.0)) continue;
            ++result.shots;
            if (!findPlanShot(vehicle, step.state, goal, settings.tolerance, validity, cellSize, m_shotWorkspace, m_shot, budget,
                              settings.shot.validatedPerTry))
                continue;
            improveShot(vehicle, goal, settings, validity);
            const float total = step.time + static_cast<float>(m_shot.duration());
            const int count = shotStepCount(m_shot, cellSize);
            if (!(total < best) || k + 1 + static_cast<std::uint32_t>(count) > m_pathCapacity) continue;
            best = total;
            from = k;
            steps = count;
            m_bestShot = m_shot;
        }
        if (steps == 0) return;
        sampleShot(m_bestShot, cellSize, m_path[from].time, m_path.get() + from + 1, static_cast<int>(m_pathCapacity - from - 1));
        m_pathSize = from + 1 + static_cast<std::uint32_t>(steps);
        m_searchSteps = std::min(m_searchSteps, from + 1);
        result.time = best;
        result.shotTime = best - m_path[m_searchSteps - 1].time;
        result.length = 0.0f;
        for (std::uint32_t i = 0; i < m_pathSize; ++i) result.length += m_path[i].length;
    }
}

void MovementPlanner::polishFinalShot(std::uint32_t startNode, const PlanVehicle& vehicle, const PlanState& goal, const PlanSettings& settings,
                                      PlanValidity validity, PlanResult& result) {
    if (settings.shot.improveEvaluations == 0) return;
    const int evaluations = static_cast<int>(settings.shot.improveEvaluations);
    const float cellSize = settings.discretization.cellSize;
    if (improvePlanShot(vehicle, goal, settings.tolerance, validity, cellSize, m_bestShot, evaluations, true))
        m_bestShotTotal = m_nodes[m_bestShotNode].cost + static_cast<float>(m_bestShot.duration());
    // From the start too, the shot not bounded by the best path (improvePlanShot may make a slower
    // one the quickest): searches whose best path brakes onto the tightest circle at once ended
    // their refining on a shot from a later node. Shooting so from every node of the path's
    // search part found no more paths within 5 % of A*'s on the thesis's set-up and took the
    // 95th percentile from 4.9 to 7.6 ms.
    if (m_bestShotNode == startNode) return;
    const PlanNode& start = m_nodes[startNode];
    ++result.shots;
    if (!findPlanShot(vehicle, start.state, goal, settings.tolerance, validity, cellSize, m_shotWorkspace, m_shot,
                      std::numeric_limits<double>::infinity(), settings.shot.validatedPerTry))
        return;
    improvePlanShot(vehicle, goal, settings.tolerance, validity, cellSize, m_shot, evaluations, true);
    const float total = start.cost + static_cast<float>(m_shot.duration());
    if (!(total < m_bestShotTotal)) return;
    m_bestShotNode = startNode;
    m_bestShotTotal = total;
    m_bestShot = m_shot;
}

bool MovementPlanner::extractPathWithShot(float cellSize, PlanResult& result) {
    const std::uint32_t last = m_bestShotNode;
    std::uint32_t pathSteps = 0;
    for (std::uint32_t n = last; n != kNoPlanNode; n = m_nodes[n].parent) ++pathSteps;
    const int shotSteps = shotStepCount(m_bestShot, cellSize);
    result.byShot = true;
    result.shotTime = static_cast<float>(m_bestShot.duration());
    const bool fits = pathSteps + static_cast<std::uint32_t>(shotSteps) <= m_pathCapacity && extractPath(last, cellSize, result);
    result.time = m_nodes[last].cost + result.shotTime;
    if (!fits) {
        m_pathSize = 0;
        return false;
    }
    m_searchSteps = m_pathSize;
    sampleShot(m_bestShot, cellSize, m_nodes[last].cost, m_path.get() + m_pathSize, static_cast<int>(m_pathCapacity - m_pathSize));
    m_pathSize += static_cast<std::uint32_t>(shotSteps);
    result.length += static_cast<float>(m_bestShot.length());
    return true;
}

PlanResult MovementPlanner::plan(const PlanVehicle& vehicle, const PlanState& start, const PlanState& goal, const PlanSettings& settings,
                                 PlanValidity validity) {
    PlanResult result;
    m_pathSize = 0;
    m_cells.clear(m_nodes);
    m_nodes.clear();
    m_open.clear();
    m_bestShotNode = kNoPlanNode;
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
    const std::uint32_t startNode = m_nodes.add({start, 0.0f, 0.0f, kNoPlanNode, slot});  // its floor unmeasured: bounds nothing
    m_cells.set(slot, startKey, startNode, startEstimate);
    // Algorithm 1, lines 5–9: A* starts from the start and every node of the probe's path, so each
    // enters the open list as it is made. (The list's order is total, ties to the older node: what
    // it returns does not depend on when entries came in.)
    m_open.push(startEstimate, startEstimate, startNode);

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
    // `proven`: the shot is within acceptWithin of every path the search could still find; one
    // that is not is re-shot along its path.
    auto finishWithShot = [&](bool proven) {
        if (!proven) polishFinalShot(startNode, vehicle, goal, settings, validity, result);
        result.status = PlanStatus::Found;
        result.nodes = m_nodes.size();
        if (!extractPathWithShot(cellSize, result)) result.status = PlanStatus::PathTooLong;
        else if (!proven) reshootAlongPath(vehicle, goal, settings, validity, result);
        return result;
    };
    // A search that ends without reaching the goal itself still has its best shot, if any.
    auto stop = [&](PlanStatus status) {
        if (m_bestShotNode != kNoPlanNode) return finishWithShot(false);
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
            shoot(node, result.iterations, vehicle, goal, settings, validity, result);
            expand(current.state, goal.speed, settings, vehicle, validity);
            measurePoses(heuristic, kAllPoses.data());
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
            const float stepFloor = heuristic.boundsSteps() ? static_cast<float>(heuristic.stepFloor(m_poseDistances[motion.pose])) : 0.0f;
            const std::uint32_t made = m_nodes.add({child, cost, stepFloor, node, slot});
            if (holder == kNoPlanNode || holderTotal > cost + localBest) {
                if (holder != kNoPlanNode) m_nodes.markSuperseded(holder);
                m_cells.set(slot, key, made, cost + localBest);
            } else {
                m_nodes.markSuperseded(made);
            }
            m_open.push(cost + localBest, localBest, made);
            node = made;
        }
        if (settings.mode == PlanMode::ProbeOnly) return m_bestShotNode != kNoPlanNode ? finishWithShot(false) : finish(node, PlanStatus::ProbeStopped);
    }

    // Algorithm 1: A*, its open list already holding the start and the probe's nodes.
    while (!m_open.empty()) {
        const std::uint32_t node = m_open.pop();
        if (m_nodes.superseded(node)) continue;  // §4.3.2
        // The next to expand, unless one of this node's children beats it (and those are in the
        // cache, just made): loading it now, a whole expansion ahead, hides the wait for it.
        if (std::uint32_t next = 0; m_open.peek(next)) m_nodes.prefetch(next);
        const PlanNode current = m_nodes[node];
        if (m_bestShotNode != kNoPlanNode) {
            // The best shot is accepted once nothing open could beat it by more than acceptWithin
            // (what is open costs at least its cost + estimate), or the refining ran its course.
            const PlanShotSettings& shot = settings.shot;
            if (m_bestShotTotal <= (1.0f + shot.acceptWithin) * m_open.lastTotal() ||
                (reachesGoal(current.state, goal, settings.tolerance) && m_bestShotTotal <= current.cost))
                return finishWithShot(true);
            if (result.iterations - m_firstShotIteration >= shot.refineIterations) return finishWithShot(false);
        }
        if (reachesGoal(current.state, goal, settings.tolerance)) {
            ++result.iterations;
            return finish(node, PlanStatus::Found);
        }
        if (result.iterations >= limit) return stop(PlanStatus::IterationLimit);
        ++result.iterations;
        shoot(node, result.iterations, vehicle, goal, settings, validity, result);
        if (m_cells.needsRoom(kMaxPlanMotions)) m_cells.grow(m_nodes, keyOf);
        expand(current.state, goal.speed, settings, vehicle, validity);
        // Without floors (PlanHeuristic::boundsSteps) nearly every pose needs its lengths: all of
        // them at once, before the children are judged one by one.
        const bool bounded = heuristic.boundsSteps();
        if (!bounded) measurePoses(heuristic, kAllPoses.data());
        for (int p = 0; p < m_expansion.poseCount; ++p) {
            const PlanPoseCandidate& pose = m_expansion.poses[p];
            m_poseKeyed[p] = keys.poseKey(pose.x, pose.y, pose.heading, m_poseKeys[p]);
        }
        for (int k = 0; k < m_expansion.speedCount; ++k) m_speedKeyed[k] = keys.speedBits(m_expansion.endSpeeds[k], m_speedBits[k]);
        for (int m = 0; m < m_expansion.motionCount; ++m) {
            const PlanMotion& motion = m_expansion.motions[m];
            m_motionKeyed[m] = m_poseKeyed[motion.pose] && m_speedKeyed[motion.speed];
            m_motionKeys[m] = m_poseKeys[motion.pose] | m_speedBits[motion.speed];
            if (!m_motionKeyed[m]) continue;
            m_motionSlots[m] = m_cells.home(m_motionKeys[m]);
            m_cells.prefetch(m_motionSlots[m]);
        }
        const int count = bounded ? screenChildren(current, heuristic, goal, settings) : m_expansion.motionCount;
        if (bounded) measurePoses(heuristic, m_poseNeeded);
        for (int i = 0; i < count; ++i) {
            const int m = bounded ? m_openMotions[i] : i;
            const PlanMotion& motion = m_expansion.motions[m];
            if (!m_motionKeyed[m] || !m_poseValid[motion.pose]) continue;
            const PlanPoseCandidate& pose = m_expansion.poses[motion.pose];
            const PlanState child{pose.x, pose.y, pose.heading, motion.endSpeed};
            const std::uint64_t key = m_motionKeys[m];
            const float cost = current.cost + motion.duration;
            // §4.3.2: a cell keeps the node with the lowest cost + estimate; worse ones are discarded.
            // A holder no costlier than this child's cost alone wins whatever the estimate: such a
            // child ends here, untimed. (A sibling may have taken the cell since screenChildren
            // looked: the look-up goes on from the slot found then.)
            const std::uint32_t holder = m_cells.findFrom(key, m_motionSlots[m], slot, holderTotal);
            const bool held = holder != kNoPlanNode;
            if (held && holderTotal <= cost) continue;
            const float h = estimate(motion);
            if (!std::isfinite(h)) continue;  // Cost_Max (§4.2.2): unreachable by the estimate
            if (held && holderTotal <= cost + h) continue;
            if (m_nodes.full()) return stop(PlanStatus::PoolExhausted);
            const float stepFloor = bounded ? static_cast<float>(heuristic.stepFloor(m_poseDistances[motion.pose])) : 0.0f;
            const std::uint32_t made = m_nodes.add({child, cost, stepFloor, node, slot});
            if (held) m_nodes.markSuperseded(holder);
            m_cells.set(slot, key, made, cost + h);
            m_open.push(cost + h, h, made);
        }
    }
    return stop(PlanStatus::NoPath);
}

} // namespace trackwright
