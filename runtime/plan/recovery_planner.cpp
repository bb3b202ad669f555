#include "trackwright/plan/recovery_planner.h"

#include "trackwright/plan/plan_vehicle.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

RecoveryPlanner::RecoveryPlanner(const BakedTrack& track, std::uint32_t nodeCapacity)
    : m_track(track), m_planner(nodeCapacity, kMaxManeuverPoints) {
    PlanSettings& s = settings.search;
    // Coarser headings than the thesis's degree (§4.3.3, §5.5.2: 2° needed a quarter of the
    // iterations of 1°): manoeuvring room is metres, not centimetres.
    s.discretization.headingResolutionDeg = 3.0f;
    s.discretization.accelerationLevels = 1;
    s.tolerance.position = 1.0f;
    s.tolerance.headingDeg = 8.0f;
    s.tolerance.speed = settings.maxSpeed;  // any slow arrival, either way: the follower takes over
    // A multi-point turn of a large-radius vehicle in a narrow hairpin can take tens of thousands of
    // iterations; the thesis's limit (§5.1) keeps it finite. Rare, so worth waiting for.
    s.iterationLimit = 100000;
}

bool RecoveryPlanner::plan(const VehicleParameters& vehicle, const VehicleState& from, format::Vec2 goal, float goalHeading, Maneuver& out) {
    PlanVehicle v = planVehicleFor(vehicle);
    v.maxSpeed = std::min(v.maxSpeed, settings.maxSpeed);
    v.maxReverseSpeed = std::min(v.maxReverseSpeed, settings.maxReverseSpeed);
    v.maxAcceleration = std::min(v.maxAcceleration, settings.maxAcceleration);
    v.maxDeceleration = std::min(v.maxDeceleration, settings.maxDeceleration);
    PlanTrackArea area;
    area.track = &m_track;
    area.edge = settings.edge;
    area.margin = settings.wallMargin;
    // A car that could stop within a quarter cell starts the plan at rest: every action moves a whole
    // cell (§4.3.5), so a stuck car creeping into a wall would otherwise have no valid first step.
    float speed = std::clamp(from.speed, -v.maxReverseSpeed, v.maxSpeed);
    if (speed * speed <= 2.0f * v.maxDeceleration * 0.25f * settings.search.discretization.cellSize) speed = 0.0f;
    const PlanState start{static_cast<float>(from.position.x), static_cast<float>(from.position.y), from.heading, speed};
    const PlanState target{static_cast<float>(goal.x), static_cast<float>(goal.y), goalHeading, 0.0f};
    m_last = m_planner.plan(v, start, target, settings.search, area.validity());
    PlanSettings search = settings.search;
    if (!m_last.found() && m_last.status != PlanStatus::InvalidInput && settings.coarseRetryScale > 1.0f) {
        // The second try: longer steps, coarser headings and steering (see coarseRetryScale).
        PlanDiscretization& d = search.discretization;
        d.cellSize *= settings.coarseRetryScale;
        d.headingResolutionDeg *= 2.0f;
        d.steeringStepDeg *= 2.0f;
        m_last = m_planner.plan(v, start, target, search, area.validity());
    }
    out.count = 0;
    return m_last.found() && out.assign(m_planner.path());
}

} // namespace trackwright
