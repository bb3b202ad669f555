#pragma once

#include "trackwright/plan/plan_heuristic.h"

#include <cstdint>

namespace trackwright {

/// How the state space and the actions are discretised (AIPATH thesis §4.3).
struct PlanDiscretization {
    /// §4.3.2: grid cell edge, metres. A cell holds at most one node but keeps that node's exact
    /// position. Also the spatial step of every moving action (§4.3.5): each action travels one
    /// cell along its arc and its duration follows from the speeds.
    float cellSize = 1.0f;
    /// §4.3.3: heading bins, degrees ("angular orientation is discretised to degrees"). At least 360/512.
    float headingResolutionDeg = 1.0f;
    /// §4.3.1: uniform speed bins, m/s (the thesis leaves the resolution to the user).
    float speedResolution = 0.5f;
    /// §4.3.4: steering intensities are multiples of this heading change per step, degrees, plus the
    /// exact limit (turning radius, lateral acceleration, turn rate) and no steering at all.
    float steeringStepDeg = 5.0f;
    /// At most this many multiples of the steering step per side (the exact limit comes on top):
    /// keeps agents without a turning radius from branching into dozens of angles.
    int maxSteeringLevelsPerSide = 4;
    /// §4.3.4: force intensities per direction. 1: no force or full force; 2 adds the intermediate
    /// step the thesis mentions ("a third possible discrete step in between"). Limits stay exact:
    /// an action that would pass v_max or stop short of the cell is cut to reach them exactly.
    int accelerationLevels = 2;
    /// Turning on the spot (tanks, pedestrians): multiples of this angle, degrees, up to spotTurnMaxDeg.
    float spotTurnStepDeg = 15.0f;
    float spotTurnMaxDeg = 90.0f;
    bool operator==(const PlanDiscretization&) const = default;
};

/// When a node counts as the goal (§5.1: within 0.3 discrete steps, one degree, 0.1 m/s).
struct PlanGoalTolerance {
    float position = 0.3f;    ///< m
    float headingDeg = 1.0f;  ///< degrees
    float speed = 0.1f;       ///< m/s
};

/// Which search runs.
enum class PlanMode : std::uint8_t {
    ProbeThenAStar,  ///< Algorithm 1: the probing search, then A* seeded with its nodes
    AStarOnly,       ///< plain A* (the thesis's experiments unless stated otherwise, §5.1)
    ProbeOnly,       ///< Algorithm 6 alone: a greedy, non-backtracking path towards the goal
};

/// The analytic final approach (plan_shot.h): from some of the states the search expands, try the
/// exact turning path to the goal and end the search with it when it is valid. Off, the search is
/// the thesis's A* (and probe) alone, as its tables need.
struct PlanShotSettings {
    bool enabled = true;
    /// A shot from every this-many-th expansion (the start's included), …
    std::uint32_t interval = 32;
    /// … and from every expansion within this many metres of the goal, where a shot most often fits.
    /// On the thesis's set-up 1 m finds the same paths as 3 m (within 5 % of A*'s on the same
    /// searches of seeds 1–3), and a refining that loiters near the goal no longer shoots from
    /// hundreds of its expansions: the slowest of each seed's 1000 took 9–19 ms at 3 m, 5–7 ms at 1 m.
    float nearGoal = 1.0f;
    /// The quickest this many shots of an expansion are walked through the validity test; when
    /// none holds, the expansion gives up (walls that stop the quickest words mostly stop the
    /// slower ones too, and each walk tests the pose every cell).
    std::uint32_t validatedPerTry = 4;
    /// A valid shot is not the end yet: the search goes on, shooting, until the quickest path found
    /// is within this fraction of the lowest cost + estimate still open (with an estimate that
    /// never overestimates, of every path the search could still find) …
    float acceptWithin = 0.03f;
    /// … or this many more expansions after the first valid shot, whichever comes first.
    std::uint32_t refineIterations = 1750;
    /// Every shot found is improved by a local search on its radii, spirals and straights
    /// (improvePlanShot) building at most this many shots; 0: off.
    std::uint32_t improveEvaluations = 64;
    /// A search that ends on a shot not proven within acceptWithin (the refining ran its course)
    /// shoots again from the steps of that shot (every other one) and splices the quickest new
    /// shot into the path; this many rounds, while one is quicker. 0: off.
    std::uint32_t reshootRounds = 1;
    bool operator==(const PlanShotSettings&) const = default;
};

struct PlanSettings {
    PlanDiscretization discretization;
    PlanGoalTolerance tolerance;
    PlanHeuristicKind heuristic = PlanHeuristicKind::TraversalTime;
    PlanHeuristicForm heuristicForm = PlanHeuristicForm::Refined;
    PlanMode mode = PlanMode::ProbeThenAStar;
    PlanShotSettings shot;
    /// Node expansions, probing included, before the search gives up (§5.1: 10⁵).
    std::uint32_t iterationLimit = 100000;
};

} // namespace trackwright
