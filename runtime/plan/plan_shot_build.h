#pragma once

// Shots built from their geometry (plan_shot_geometry.h): the segments and the fastest speed profile
// along them, their end and whether the validity callback holds along them. Private to runtime/plan.

#include "trackwright/plan/plan_shot.h"

#include "runtime/plan/plan_reeds_shepp.h"
#include "runtime/plan/plan_shot_geometry.h"

namespace trackwright::plan_shot {

/// The speeds a shot starts and ends with in its direction of travel (magnitudes); false when the
/// start moves the other way, or the goal's speed has the other sign beyond its tolerance (then
/// arriving at rest would not do).
bool shotSpeeds(const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, int direction, double& start, double& end);

/// A shot from its geometry (the circles' part, between the lead and the tail straights): the
/// segments and the fastest speed profile along them; false when no profile fits (or there is
/// nothing to drive: the goal test, not a shot, says the start is there).
bool buildShot(const PlanVehicle& vehicle, const PlanState& from, const TurningPath& path, TurnCombination word, double firstRadius,
               double middleRadius, double lastRadius, double lead, const ArcChain& leadChain, double tail, const ArcChain& chain, int direction, double startSpeed,
               double endSpeed, PlanShot& out, const ArcChain& middleLead = {}, const ArcChain& firstExit = {});

/// A Reeds–Shepp word on circles of `radius` as a shot: each segment in the direction its sign
/// gives, the vehicle stopping at every cusp; false when the start moves against the first
/// segment, the goal's speed against the last beyond its tolerance, or no profile fits.
bool buildReedsSheppShot(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                         const ReedsSheppPath& word, double radius, PlanShot& out);

/// Are the shot's poses valid, each coming from the last (with speed 0, as the search asks)?
bool shotIsValid(const PlanShot& shot, const PlanValidity& validity, double spacing);

/// Where the shot ends.
PlanState shotEnd(const PlanShot& shot);

/// The speed a shape's lead leaves the car at on its first circle: a braking spiral's end, or the
/// start's speed where the first circle allows it.
double leadExitSpeed(const PlanVehicle& vehicle, const PlanShotShape& shape, double startSpeed, double topSpeed);

/// A shot from its shape: as findPlanShot builds its candidates, with the straights and spirals
/// sized from the shape's radii and speeds; false when it does not exist or no profile fits.
bool buildShape(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                const PlanShotShape& shape, PlanShot& out);

} // namespace trackwright::plan_shot
