#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_track_area.h"
#include "trackwright/plan/plan_vehicle.h"
#include "formats/baked/format_names.h"

#include <cstdint>
#include <vector>

namespace bake {

/// Which corners of a line to plan, and how.
struct CornerPlanOptions {
    std::uint32_t line = 0;
    std::uint32_t vehicleClass = 0;      ///< baked class: limits for the planner and the line's speed hints
    float curvatureThreshold = 1.0f / 80.0f;  ///< 1/m: the line is in a corner where |κ| exceeds this
    float mergeGap = 10.0f;              ///< m: corners closer than this are planned as one
    float lead = 15.0f;                  ///< m of line before the braking zone and after the corner the plan covers
    float maxWindow = 160.0f;            ///< m: longer windows are cut to this (search cost)
    /// The usable width ends at this edge less `margin` (m; negative: half the class's width). By
    /// default the tarmac, as for the baked lines the plans are compared with: a racing line touches
    /// the tarmac edge at its apexes, and a plan must be allowed to start where the line is.
    trackwright::TrackEdge edge = trackwright::TrackEdge::Track;
    float margin = 0.0f;
    trackwright::PlanSettings search;        ///< see cornerSearchSettings(); its cell size is set per corner:
    /// the cell (and so each action's step, §4.3.5) is the distance covered in this long at the entry
    /// speed, between 1 and 3 m: §5.5 leaves the resolution to the problem, and at racing speeds
    /// one-metre steps make paths hundreds of actions deep.
    float cellTime = 0.1f;               ///< s
};

/// The search settings corner planning uses by default: 1° headings as the thesis, steering in
/// 1° steps (turns per step are small at speed), full-force actions, goal within 1 m, 3° and 1 m/s
/// of the line's pose and speed.
trackwright::PlanSettings cornerSearchSettings();

/// One corner: the line between two of its points against the planned path between the same poses.
struct CornerPlan {
    float startDistance = 0.0f, endDistance = 0.0f;  ///< m along the line
    float peakCurvature = 0.0f;                      ///< 1/m, largest |κ| of the line in the corner
    float entrySpeed = 0.0f, exitSpeed = 0.0f;       ///< m/s, the line's speed hints at the ends
    float lineLength = 0.0f, lineTime = 0.0f;        ///< m and s along the line at its speed hints
    trackwright::PlanStatus status = trackwright::PlanStatus::InvalidInput;
    std::uint32_t iterations = 0;
    float plannedLength = 0.0f, plannedTime = 0.0f;  ///< m and s of the planned path (when found)
    float timeSaved() const { return status == trackwright::PlanStatus::Found ? lineTime - plannedTime : 0.0f; }
};

struct CornerPlanReport {
    std::vector<CornerPlan> corners;
    int found = 0;
    double lineTime = 0.0;     ///< s over the corners that were planned (found)
    double plannedTime = 0.0;  ///< s of their plans
    double timeSavedPct() const { return lineTime > 0.0 ? 100.0 * (lineTime - plannedTime) / lineTime : 0.0; }
};

/// The planner's vehicle for a baked class: its accelerations, top speed, grip and the turning
/// radius of its wheelbase and steering lock; forward only.
trackwright::PlanVehicle planVehicleForClass(const formats::BakedVehicleClass& vehicleClass);

/// The thesis's local planner (§5.3, Table 5.1) on a baked track: finds the corners of a line,
/// and for each plans the vehicle class's path from the line's pose and speed hint before the
/// corner to those after it, anywhere within the usable width (the class may cut in or swing
/// wide), and compares its time with the line's at its speed hints.
CornerPlanReport planCorners(const trackwright::BakedTrack& track, const CornerPlanOptions& options, trackwright::MovementPlanner& planner);

} // namespace bake
