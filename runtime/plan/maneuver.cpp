#include "trackwright/plan/maneuver.h"

namespace trackwright {

bool Maneuver::assign(std::span<const PlanStep> path) {
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
        // Each moving step is an arc turning by `turn`: κ = turn / (direction · length).
        p.curvature = step.direction != 0 && step.length > 0.0f ? step.turn / (static_cast<float>(step.direction) * step.length) : 0.0f;
    }
    return true;
}

} // namespace trackwright
