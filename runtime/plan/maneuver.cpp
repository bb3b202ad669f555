#include "trackwright/plan/maneuver.h"

namespace runtime {

bool Maneuver::assign(std::span<const PlanStep> path, float cellSize) {
    count = 0;
    if (path.empty() || path.size() > static_cast<std::size_t>(kMaxManeuverPoints)) return false;
    for (const PlanStep& step : path) {
        ManeuverPoint& p = points[count++];
        p.x = step.state.x;
        p.y = step.state.y;
        p.heading = step.state.heading;
        p.speed = step.state.speed;
        p.time = step.time;
        p.direction = step.direction;
        // Each moving action is an arc of one cell turning by `turn`: κ = turn / (direction · cell).
        p.curvature = step.direction != 0 ? step.turn / (static_cast<float>(step.direction) * cellSize) : 0.0f;
    }
    return true;
}

} // namespace runtime
