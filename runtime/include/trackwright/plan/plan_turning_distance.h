#pragma once

#include <cstdint>

namespace trackwright {

/// An oriented point in the plane: metres, heading in radians counter-clockwise from +x.
struct PlanPose {
    double x = 0.0;
    double y = 0.0;
    double heading = 0.0;
};

/// Pinter's four circle–line–circle ways between two oriented points (AIPATH thesis §4.2.1,
/// Figure 4.1): turn left or right on a turning circle, drive the tangent, turn left or right on a
/// turning circle at the goal. Dubins's two circle–circle–circle ways (left–right–left,
/// right–left–right) are an option: near the start they can be shorter than all four.
enum class TurnCombination : std::uint8_t { LeftLeft, RightRight, LeftRight, RightLeft, LeftRightLeft, RightLeftRight };

/// One path: the arcs in radians (turned, ≥ 0), the straight in metres (0 for circle–circle–circle,
/// whose middle circle is `middleArc`).
struct TurningPath {
    TurnCombination combination = TurnCombination::LeftLeft;
    double firstArc = 0.0;
    double straight = 0.0;
    double middleArc = 0.0;
    double secondArc = 0.0;
    double length = 0.0;  ///< m: radius·(firstArc + middleArc + secondArc) + straight
};

/// The goal's two turning circles, computed once per search: every heuristic evaluation measures
/// against the same goal.
struct TurningGoal {
    PlanPose pose;
    double radius = 0.0;
    double leftX = 0.0, leftY = 0.0;    ///< centre of the goal's left (counter-clockwise) circle
    double rightX = 0.0, rightY = 0.0;  ///< centre of the goal's right (clockwise) circle
    bool circleCircleCircle = false;    ///< also try Dubins's left–right–left and right–left–right
};
TurningGoal makeTurningGoal(const PlanPose& goal, double radius, bool circleCircleCircle = false);

/// The shortest of Pinter's four combinations from `from` to the goal with turning circles of
/// `radius` (§4.2.1: "all combinations of clockwise and counterclockwise turns are calculated; the
/// lowest outcome denoting the distance"). Left–right and right–left need the circles' centres at
/// least 2r apart; left–left and right–right always exist. With radius 0 it is the Euclidean
/// distance (turning on the spot costs no distance). `cosHeading`/`sinHeading` are those of
/// from.heading, passed in because the search already has them.
/// Pinter's four are not always the shortest way: a goal within about four radii can be nearer by
/// a circle–circle–circle path (Dubins 1957), so the thesis's distance overestimates there. With
/// goal.circleCircleCircle the two are tried as well and the result is Dubins's shortest path.
TurningPath shortestTurningPath(const PlanPose& from, double cosHeading, double sinHeading, const TurningGoal& goal);

/// shortestTurningPath's length alone: what the heuristic needs, without building path records.
double shortestTurningLength(const PlanPose& from, double cosHeading, double sinHeading, const TurningGoal& goal);

/// shortestTurningLength computed one path at a time, as machines without AVX2 do (where the
/// processor has it, shortestTurningLength works on the four paths side by side): for tests that
/// both give the same lengths to the bit.
double shortestTurningLengthOneLaneAtATime(const PlanPose& from, double cosHeading, double sinHeading, const TurningGoal& goal);

/// Just the length of shortestTurningPath, metres.
double turningDistance(const PlanPose& from, const PlanPose& to, double radius, bool circleCircleCircle = false);

/// One combination on its own (for tests and plots); length +infinity when it does not exist.
TurningPath turningPath(const PlanPose& from, const PlanPose& to, double radius, TurnCombination combination);
/// The same with the two headings' cosines and sines already known (the shots weigh thousands of
/// words between the same few poses): the same bits.
TurningPath turningPath(const PlanPose& from, double cosFrom, double sinFrom, const PlanPose& to, double cosTo, double sinTo, double radius,
                        TurnCombination combination);

} // namespace trackwright
