#pragma once

// The geometry of the analytic final approach's shots (plan_shot.h): the circles, straights and
// spirals of a word between two poses, and the speeds each circle allows. Private to runtime/plan.

#include "trackwright/plan/plan_state.h"
#include "trackwright/plan/plan_turning_distance.h"
#include "trackwright/plan/plan_vehicle.h"

#include <cmath>

namespace trackwright::plan_shot {

/// Dubins's six words, in the order PlanShotShape::word indexes them.
inline constexpr TurnCombination kWords[] = {TurnCombination::LeftLeft,      TurnCombination::RightRight,    TurnCombination::LeftRight,
                                             TurnCombination::RightLeft,     TurnCombination::LeftRightLeft, TurnCombination::RightLeftRight};

inline bool startsLeft(TurnCombination w) {
    return w == TurnCombination::LeftLeft || w == TurnCombination::LeftRight || w == TurnCombination::LeftRightLeft;
}
inline bool endsLeft(TurnCombination w) {
    return w == TurnCombination::LeftLeft || w == TurnCombination::RightLeft || w == TurnCombination::LeftRightLeft;
}
inline bool circleCircleCircle(TurnCombination w) { return w == TurnCombination::LeftRightLeft || w == TurnCombination::RightLeftRight; }

/// The fastest a vehicle may drive on a circle of `radius` (eq. 2.4, v²/r ≤ a_lat; §2.3.4, v/r ≤ ω).
double arcSpeedCap(const PlanVehicle& v, double radius, double topSpeed);

/// The tightest circle the vehicle may drive at `speed`: its turning radius, or wider where the
/// lateral or turn-rate limit binds.
double radiusFor(const PlanVehicle& v, double speed);

/// The ends of a shot in the frame of travel (backwards: the headings reversed, so the vehicle
/// drives Dubins's path tail first), with their headings' cosines and sines.
struct ShotEnds {
    PlanPose a, b;
    double cosA, sinA, cosB, sinB;
    ShotEnds() = default;
    ShotEnds(const PlanState& from, const PlanState& goal, int direction) {
        const double flip = direction > 0 ? 0.0 : M_PI;
        a = {from.x, from.y, from.heading + flip};
        b = {goal.x, goal.y, goal.heading + flip};
        cosA = std::cos(a.heading), sinA = std::sin(a.heading), cosB = std::cos(b.heading), sinB = std::sin(b.heading);
    }
    /// The ends of the circles' part: `lead` metres on from the start, or past the arcs of
    /// `leadChain` that start there; `tail` metres short of the goal, or short of the arcs of
    /// `tailChain` that end there.
    ShotEnds inner(double lead, const struct ArcChain& leadChain, double tail, const struct ArcChain& tailChain) const;
    /// The start end only (a), or the goal end only (b), of inner: the two move independently.
    void leadInto(double lead, const struct ArcChain& leadChain);
    void tailInto(double tail, const struct ArcChain& tailChain);
};

/// Arcs that begin or end a shot, driven in order: at the goal, one at the goal's speed after a
/// tighter turn, or a spiral that gathers the goal's speed as it widens (each arc on the tightest
/// circle for the speed it ends at); at the start, a spiral that brakes as it tightens (each arc on
/// the circle for the speed it starts at). Turns in radians, left positive.
struct ArcChain {
    static constexpr int kMaxArcs = 8;
    double radius[kMaxArcs] = {};
    double turn[kMaxArcs] = {};
    int count = 0;
    /// m of straight after the arcs (a tail's: the speed the spiral stops short of, gathered on
    /// the way to the goal, as A*'s best paths do after a partial spiral)
    double after = 0.0;
    double length() const {
        double sum = after;
        for (int i = 0; i < count; ++i) sum += radius[i] * std::abs(turn[i]);
        return sum;
    }
};

/// The straight of a circle–straight–circle word (circleStraightCircle): its length, and its
/// direction as a vector (dx, dy) of length `norm` (0: the circles share a centre, the goal's heading).
struct Tangent {
    double straight = 0.0, dx = 0.0, dy = 0.0, norm = 0.0;
};

bool tangentOf(const ShotEnds& e, double r1, bool left1, double r2, bool left2, double overlap, Tangent& t);

/// The word's arcs and length from its tangent: one angle for the straight's direction.
void arcsOf(const ShotEnds& e, const Tangent& tangent, double r1, bool left1, double r2, bool left2, TurningPath& path);

/// Floors under the word's two arcs (radians) from its tangent, without their angles: a few
/// products where arcsOf takes an arctangent, enough to drop the words that loop round a circle
/// against a budget (most of a try's words).
void arcFloors(const ShotEnds& e, const Tangent& tangent, bool left1, bool left2, double& first, double& second);

/// A circle–straight–circle word whose two circles may differ (a wide first turn at the start's
/// speed, a tight last one at the goal's, say): with c₁, c₂ the circles' centres, s₁, s₂ their
/// hands (+1 left) and t the straight's direction, n its left normal, the tangent points are
/// cᵢ − sᵢrᵢn, so c₂ − c₁ = ℓt + (s₂r₂ − s₁r₁)n: ℓ = √(|c₂ − c₁|² − k²) with k = s₂r₂ − s₁r₁, and t
/// is c₂ − c₁ turned back by atan2(k, ℓ). Equal radii give Dubins's four words; a radius of 0 is a
/// turn on the spot. Circles too close for the tangent by at most `overlap` metres (|c₂ − c₁| ≥
/// |k| − overlap) touch instead, with no straight: the path then ends that much from the goal's
/// exact position, which the goal's position tolerance allows. Without that, a goal whose S-bend
/// is a few centimetres too tight for the turning circles is reached only round a loop, while the
/// search's own steps, ending anywhere within the tolerance, take the S-bend (thesis §5.1's goal
/// test: within 0.3 m). False when the circles are closer still.
bool circleStraightCircle(const ShotEnds& e, double r1, bool left1, double r2, bool left2, double overlap, TurningPath& path);

/// A circle–straight–circle word with a fixed chain of arcs between the first circle and the
/// straight (a spiral gathering speed as it widens out of the first turn) and another between the
/// straight and the last circle (a spiral braking as it tightens onto it); either may be empty.
/// Each chain is rigid, so in the straight's frame (t, n) the first centre sits at a fixed offset
/// f from the straight's start and the last at a fixed offset m from its end:
/// c₂ − c₁ = (ℓ + m_t − f_t)t + (m_n − f_n)n, circleStraightCircle's tangent with s₂r₂ − s₁r₁ →
/// m_n − f_n and a straight m_t − f_t longer. False when there is none, or the straight would be
/// shorter than nothing.
bool circleStraightCircleVia(const ShotEnds& e, double r1, bool left1, const ArcChain& afterFirst, const ArcChain& beforeLast, double r2, bool left2,
                             TurningPath& path);

/// A circle–circle–circle word whose three circles may differ (a tight first turn at the start's
/// speed, wider ones as the car gathers speed), the middle circle entered, if `middleLead` has
/// arcs, by that fixed chain of arcs (a spiral gathering speed as it widens). With c₁, c₃ the
/// outer circles' centres (hand s) and c₂ the middle one's (hand −s): the chain is rigid, so in
/// the frame of the first circle's exit pose c₂ sits at a fixed offset m, and c₂ = c₁ + R(θ₁)·m;
/// the middle circle touches the last from outside, |c₂ − c₃| = r₂ + r₃. c₂ is therefore where
/// two circles meet — |m| round c₁ and r₂ + r₃ round c₃ — on the side `middleSide` (+1, −1: left,
/// right of the line from c₁ to c₃; 0: whichever makes the shorter path). Without a chain
/// |m| = r₁ + r₂ and equal radii give Dubins's two words. False when the circles do not meet.
bool circleCircleCircleOf(const ShotEnds& e, double r1, const ArcChain& middleLead, double r2, double r3, bool left, int middleSide,
                          TurningPath& path);

/// The geometry of one word with its first and last circles' radii, and a circle–circle–circle
/// word's middle one's, circles overlapping by up to `overlap` metres touching
/// (circleStraightCircle); false when it does not exist. `middleLead`: a circle–circle–circle
/// word's chain of arcs into its middle circle, or a circle–straight–circle word's between its
/// straight and its last circle, and `firstExit` one's between its first circle and its straight
/// (circleStraightCircleVia); `middleSide`: which middle circle (circleCircleCircleOf; 0 with equal
/// radii and no chain: Dubins's own).
bool shotPath(const ShotEnds& e, TurnCombination word, double firstRadius, double middleRadius, double lastRadius, double overlap, TurningPath& path,
              int middleSide = 0, const ArcChain& middleLead = {}, const ArcChain& firstExit = {});

/// A left-handed spiral from one speed to another at full throttle or braking (`rate`, m/s²: v²
/// changes by 2·rate a metre): arcs over equal steps of v², each on the tightest circle for the
/// faster end of its step, so the car keeps its lateral limit all the way.
ArcChain spiral(const PlanVehicle& vehicle, double fromSpeed, double toSpeed, double rate);

} // namespace trackwright::plan_shot
