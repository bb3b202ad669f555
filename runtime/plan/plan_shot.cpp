#include "trackwright/plan/plan_shot.h"

#include "trackwright/plan/plan_actions.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_traversal_time.h"

#include "runtime/plan/plan_angles.h"
#include "runtime/plan/plan_reeds_shepp.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {
namespace {

constexpr TurnCombination kWords[] = {TurnCombination::LeftLeft,      TurnCombination::RightRight,    TurnCombination::LeftRight,
                                      TurnCombination::RightLeft,     TurnCombination::LeftRightLeft, TurnCombination::RightLeftRight};
constexpr int kMaxRadii = 4;

bool startsLeft(TurnCombination w) {
    return w == TurnCombination::LeftLeft || w == TurnCombination::LeftRight || w == TurnCombination::LeftRightLeft;
}
bool endsLeft(TurnCombination w) {
    return w == TurnCombination::LeftLeft || w == TurnCombination::RightLeft || w == TurnCombination::LeftRightLeft;
}
bool circleCircleCircle(TurnCombination w) { return w == TurnCombination::LeftRightLeft || w == TurnCombination::RightLeftRight; }

/// The fastest a vehicle may drive on a circle of `radius` (eq. 2.4, v²/r ≤ a_lat; §2.3.4, v/r ≤ ω).
double arcSpeedCap(const PlanVehicle& v, double radius, double topSpeed) {
    double cap = topSpeed;
    if (v.maxLateralAcceleration > 0.0f) cap = std::min(cap, std::sqrt(static_cast<double>(v.maxLateralAcceleration) * radius));
    if (v.maxTurnRate > 0.0f) cap = std::min(cap, static_cast<double>(v.maxTurnRate) * radius);
    return cap;
}

/// The tightest circle the vehicle may drive at `speed`: its turning radius, or wider where the
/// lateral or turn-rate limit binds.
double radiusFor(const PlanVehicle& v, double speed) {
    double r = v.turningRadius;
    if (v.maxLateralAcceleration > 0.0f) r = std::max(r, speed * speed / v.maxLateralAcceleration);
    if (v.maxTurnRate > 0.0f) r = std::max(r, speed / v.maxTurnRate);
    return r;
}

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

ShotEnds ShotEnds::inner(double lead, const ArcChain& leadChain, double tail, const ArcChain& chain) const {
    ShotEnds e = *this;
    e.leadInto(lead, leadChain);
    e.tailInto(tail, chain);
    return e;
}

void ShotEnds::leadInto(double lead, const ArcChain& leadChain) {
    ShotEnds& e = *this;
    e.a.x += lead * cosA;
    e.a.y += lead * sinA;
    for (int i = 0; i < leadChain.count; ++i) {
        // The arc's centre is at its start's side; its end, the radius round it.
        const double side = leadChain.turn[i] > 0.0 ? leadChain.radius[i] : -leadChain.radius[i];
        const double cx = e.a.x - side * e.sinA, cy = e.a.y + side * e.cosA;
        e.a.heading += leadChain.turn[i];
        e.cosA = std::cos(e.a.heading);
        e.sinA = std::sin(e.a.heading);
        e.a.x = cx + side * e.sinA;
        e.a.y = cy - side * e.cosA;
    }
}

void ShotEnds::tailInto(double tail, const ArcChain& chain) {
    ShotEnds& e = *this;
    e.b.x -= (tail + chain.after) * cosB;
    e.b.y -= (tail + chain.after) * sinB;
    for (int i = chain.count - 1; i >= 0; --i) {
        // The arc's centre is at its end's side; its start, the same radius back round it.
        const double side = chain.turn[i] > 0.0 ? chain.radius[i] : -chain.radius[i];
        const double cx = e.b.x - side * e.sinB, cy = e.b.y + side * e.cosB;
        e.b.heading -= chain.turn[i];
        e.cosB = std::cos(e.b.heading);
        e.sinB = std::sin(e.b.heading);
        e.b.x = cx + side * e.sinB;
        e.b.y = cy - side * e.cosB;
    }
}

/// The straight of a circle–straight–circle word (circleStraightCircle): its length, and its
/// direction as a vector (dx, dy) of length `norm` (0: the circles share a centre, the goal's heading).
struct Tangent {
    double straight = 0.0, dx = 0.0, dy = 0.0, norm = 0.0;
};
bool tangentOf(const ShotEnds& e, double r1, bool left1, double r2, bool left2, double overlap, Tangent& t) {
    const double s1 = left1 ? 1.0 : -1.0, s2 = left2 ? 1.0 : -1.0;
    const double c1x = e.a.x - s1 * r1 * e.sinA, c1y = e.a.y + s1 * r1 * e.cosA;
    const double c2x = e.b.x - s2 * r2 * e.sinB, c2y = e.b.y + s2 * r2 * e.cosB;
    const double vx = c2x - c1x, vy = c2y - c1y, k = s2 * r2 - s1 * r1;
    const double squared = vx * vx + vy * vy - k * k;
    // (vx, vy) turned back by atan2(k, ℓ), as a vector: |(ℓ, k)|·|v| long, which is |v|² where the
    // tangent exists.
    t.norm = vx * vx + vy * vy;
    if (squared < 0.0) {
        const double apart = std::sqrt(vx * vx + vy * vy);
        if (!(std::abs(k) - apart <= overlap)) return false;
        t.norm = std::abs(k) * apart;
    }
    t.straight = squared > 0.0 ? std::sqrt(squared) : 0.0;
    t.dx = vx * t.straight + vy * k;
    t.dy = vy * t.straight - vx * k;
    return true;
}

/// The word's arcs and length from its tangent: one angle for the straight's direction.
void arcsOf(const ShotEnds& e, const Tangent& tangent, double r1, bool left1, double r2, bool left2, TurningPath& path) {
    const double t = tangent.norm == 0.0 ? e.b.heading : angleOf(tangent.dy, tangent.dx);
    path.straight = tangent.straight;
    path.firstArc = left1 ? turned(t - e.a.heading) : turned(e.a.heading - t);
    path.secondArc = left2 ? turned(e.b.heading - t) : turned(t - e.b.heading);
    path.middleArc = 0.0;
    path.length = r1 * path.firstArc + path.straight + r2 * path.secondArc;
}

/// A floor under turned(θ) from θ's cosine and sine, without an angle: on [0, π] the angle is at
/// least its sine and 1 − its cosine, beyond π it is π more than those of θ − π (less a hair for
/// the angles' rounding; just below a full turn, turned's no turn).
double turnedFloor(double c, double s) {
    const double floor = s > -1e-6 ? std::max(s, 1.0 - c) : M_PI + std::max(-s, 1.0 + c);
    return std::max(0.0, floor - 1e-6);
}

/// Floors under the word's two arcs (radians) from its tangent, without their angles: a few
/// products where arcsOf takes an arctangent, enough to drop the words that loop round a circle
/// against a budget (most of a try's words).
void arcFloors(const ShotEnds& e, const Tangent& tangent, bool left1, bool left2, double& first, double& second) {
    first = second = 0.0;
    if (tangent.norm == 0.0) return;
    const double inverse = 1.0 / tangent.norm;
    const double cosT = tangent.dx * inverse, sinT = tangent.dy * inverse;
    // cos and sin of t − a and of b − t; a right-hand arc turns the other way round.
    const double c1 = cosT * e.cosA + sinT * e.sinA, s1 = sinT * e.cosA - cosT * e.sinA;
    const double c2 = e.cosB * cosT + e.sinB * sinT, s2 = e.sinB * cosT - e.cosB * sinT;
    first = turnedFloor(c1, left1 ? s1 : -s1);
    second = turnedFloor(c2, left2 ? s2 : -s2);
}

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
bool circleStraightCircle(const ShotEnds& e, double r1, bool left1, double r2, bool left2, double overlap, TurningPath& path) {
    Tangent tangent;
    if (!tangentOf(e, r1, left1, r2, left2, overlap, tangent)) return false;
    arcsOf(e, tangent, r1, left1, r2, left2, path);
    return true;
}

/// The geometry of one word with its first and last circles' radii (circle–circle–circle words
/// take equal ones), circles overlapping by up to `overlap` metres touching (circleStraightCircle);
/// false when it does not exist.
bool shotPath(const ShotEnds& e, TurnCombination word, double firstRadius, double lastRadius, double overlap, TurningPath& path) {
    if (circleCircleCircle(word)) {
        if (firstRadius <= 0.0 || firstRadius != lastRadius) return false;
        // Both outer circles have the first turn's hand; a middle circle touches both only when
        // their centres are at most 4r apart (checked here, before turningPath's sines and cosines).
        const double side = startsLeft(word) ? firstRadius : -firstRadius;
        const double dx = (e.b.x - side * e.sinB) - (e.a.x - side * e.sinA), dy = (e.b.y + side * e.cosB) - (e.a.y + side * e.cosA);
        if (dx * dx + dy * dy > 16.0 * firstRadius * firstRadius) return false;
        path = turningPath(e.a, e.cosA, e.sinA, e.b, e.cosB, e.sinB, firstRadius, word);
        return std::isfinite(path.length);
    }
    return circleStraightCircle(e, firstRadius, startsLeft(word), lastRadius, endsLeft(word), overlap, path);
}

/// The speeds a shot starts and ends with in its direction of travel (magnitudes); false when the
/// start moves the other way, or the goal's speed has the other sign beyond its tolerance (then
/// arriving at rest would not do).
bool shotSpeeds(const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, int direction, double& start, double& end) {
    start = direction * static_cast<double>(from.speed);
    end = direction * static_cast<double>(goal.speed);
    if (start < 0.0) return false;
    if (end < 0.0) {
        if (-end > tolerance.speed) return false;
        end = 0.0;
    }
    return true;
}

/// A shot from its geometry (the circles' part, between the lead and the tail straights): the
/// segments and the fastest speed profile along them; false when no profile fits (or there is
/// nothing to drive: the goal test, not a shot, says the start is there).
bool buildShot(const PlanVehicle& vehicle, const PlanState& from, const TurningPath& path, TurnCombination word, double firstRadius,
               double lastRadius, double lead, const ArcChain& leadChain, double tail, const ArcChain& chain, int direction, double startSpeed,
               double endSpeed, PlanShot& out) {
    const double topSpeed = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    out.from = from;
    out.reedsShepp = false;
    out.segmentCount = 0;
    // At most: the lead's straight and arcs, the word's three pieces, the tail's straight, arcs and last straight.
    if ((lead > 0.0) + leadChain.count + 3 + (tail > 0.0) + chain.count + 1 > SpeedProfile::kMaxPieces) return false;
    SpeedPiece pieces[SpeedProfile::kMaxPieces];
    // Stretches under a millimetre (an angle's rounding, a lead of nothing) are left out: a step
    // that short would time and accelerate by rounding noise, and the end moves by far less than
    // the goal's tolerance (the end is checked against it).
    constexpr double kShortest = 1e-3;
    auto addStraight = [&](double length) {
        if (length < kShortest) return;
        out.segments[out.segmentCount] = {length, 0.0, 0.0};
        pieces[out.segmentCount++] = {length, topSpeed, 0.0};
    };
    auto addArc = [&](double arc, double radius, bool left) {
        if (arc <= 0.0 || (radius > 0.0 && radius * arc < kShortest)) return;
        PlanShotSegment& s = out.segments[out.segmentCount];
        SpeedPiece& p = pieces[out.segmentCount++];
        s = {};
        if (radius > 0.0) {
            s.length = radius * arc;
            s.curvature = (left ? 1.0 : -1.0) / radius;
            p = {s.length, arcSpeedCap(vehicle, radius, topSpeed), 0.0};
        } else {
            s.spotTurn = left ? arc : -arc;
            p = {0.0, 0.0, arc / vehicle.maxTurnRate};
        }
    };
    addStraight(lead);
    for (int i = 0; i < leadChain.count; ++i) addArc(std::abs(leadChain.turn[i]), leadChain.radius[i], leadChain.turn[i] > 0.0);
    addArc(path.firstArc, firstRadius, startsLeft(word));
    if (circleCircleCircle(word)) addArc(path.middleArc, firstRadius, !startsLeft(word));
    else addStraight(path.straight);
    addArc(path.secondArc, lastRadius, endsLeft(word));
    addStraight(tail);
    for (int i = 0; i < chain.count; ++i) addArc(std::abs(chain.turn[i]), chain.radius[i], chain.turn[i] > 0.0);
    addStraight(chain.after);
    if (out.segmentCount == 0) return false;
    for (int i = 0; i < out.segmentCount; ++i) out.segments[i].direction = static_cast<std::int8_t>(direction);
    return out.profile.build({pieces, static_cast<std::size_t>(out.segmentCount)}, startSpeed, endSpeed, vehicle.maxAcceleration,
                             vehicle.maxDeceleration);
}

/// A Reeds–Shepp word on circles of `radius` as a shot: each segment in the direction its sign
/// gives, the vehicle stopping at every cusp; false when the start moves against the first
/// segment, the goal's speed against the last beyond its tolerance, or no profile fits.
bool buildReedsSheppShot(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                         const ReedsSheppPath& word, double radius, PlanShot& out) {
    out.from = from;
    out.reedsShepp = true;
    out.segmentCount = 0;
    SpeedPiece pieces[6];
    constexpr double kShortest = 1e-3;  // as buildShot: no stretch under a millimetre
    for (int i = 0; i < word.count; ++i) {
        const double length = std::abs(word.lengths[i]) * radius;
        if (length < kShortest) continue;
        const std::int8_t direction = word.lengths[i] > 0.0 ? std::int8_t{1} : std::int8_t{-1};
        const double top = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
        PlanShotSegment& s = out.segments[out.segmentCount];
        s = {};
        s.length = length;
        s.direction = direction;
        // Left steering turns the vehicle left going forwards and right going backwards; the
        // travel's heading turns as the vehicle's does.
        if (word.turns[i] == ReedsSheppTurn::Left) s.curvature = direction / radius;
        else if (word.turns[i] == ReedsSheppTurn::Right) s.curvature = -direction / radius;
        const bool cusp = out.segmentCount > 0 && out.segments[out.segmentCount - 1].direction != direction;
        pieces[out.segmentCount++] = {length, s.curvature != 0.0 ? arcSpeedCap(vehicle, radius, top) : top, 0.0, cusp};
    }
    if (out.segmentCount == 0) return false;
    const std::int8_t first = out.segments[0].direction, last = out.segments[out.segmentCount - 1].direction;
    if (from.speed * first < 0.0f) return false;  // moving the other way: it would have to stop first
    double endSpeed = goal.speed * last;
    if (endSpeed < 0.0) {
        if (-endSpeed > tolerance.speed) return false;
        endSpeed = 0.0;
    }
    return out.profile.build({pieces, static_cast<std::size_t>(out.segmentCount)}, std::abs(from.speed), endSpeed, vehicle.maxAcceleration,
                             vehicle.maxDeceleration);
}

/// Walks the shot step by step, handing `visit` each step's end state (speed and time from the
/// profile), length, heading change and direction; stops early when `visit` returns false. Each
/// segment is cut where the profile changes between speeding up, cruising and braking, and each
/// piece into equal steps of at most `spacing`: every step is an arc of constant curvature driven
/// at a uniform acceleration, as the search's own actions are (§4.3.5).
template <class Visit>
bool walkShot(const PlanShot& shot, double spacing, Visit visit) {
    double x = shot.from.x, y = shot.from.y, heading = shot.from.heading;  // the travel's heading (tail first: the vehicle's + π)
    double flip = 0.0;
    double along = 0.0;
    int knot = 0;
    const int knots = shot.profile.knotCount();
    std::int8_t direction = 1;
    auto emit = [&](double step, double turn, bool spot) {
        along = std::min(along + step, shot.length());
        double speed = 0.0, time = 0.0;
        shot.profile.at(along, speed, time, spot);
        PlanStep out;
        out.state = {static_cast<float>(x), static_cast<float>(y), wrapAngle(static_cast<float>(heading - flip)), static_cast<float>(direction * speed)};
        out.time = static_cast<float>(time);
        out.turn = static_cast<float>(turn);
        out.length = static_cast<float>(step);
        out.direction = spot ? std::int8_t{0} : direction;
        return visit(out);
    };
    for (int i = 0; i < shot.segmentCount; ++i) {
        const PlanShotSegment& s = shot.segments[i];
        // The travel's heading turns with the direction: tail first it is the vehicle's + π.
        const double segmentFlip = s.direction > 0 ? 0.0 : M_PI;
        heading += segmentFlip - flip;
        flip = segmentFlip;
        direction = s.direction;
        if (s.spotTurn != 0.0) {
            heading += s.spotTurn;
            if (!emit(0.0, s.spotTurn, true)) return false;
            continue;
        }
        const double end = along + s.length;
        // Knots within a millimetre of a cut already made are no cut of their own: a step that
        // short would time and accelerate by rounding noise.
        constexpr double kMinStep = 1e-3;
        while (along < end - 1e-9) {
            // The next cut: a knot inside this segment, or its end.
            while (knot < knots && shot.profile.knotDistance(knot) <= along + kMinStep) ++knot;
            double cut = knot < knots ? std::min(end, shot.profile.knotDistance(knot)) : end;
            if (cut > end - kMinStep) cut = end;
            const int steps = std::max(1, static_cast<int>(std::ceil((cut - along) / spacing - 1e-9)));
            const double step = (cut - along) / steps;
            for (int k = 0; k < steps; ++k) {
                double turn = 0.0;
                if (s.curvature == 0.0) {
                    x += step * std::cos(heading);
                    y += step * std::sin(heading);
                } else {
                    // Position' = (cos θ, sin θ) with θ' = κ: a circle of radius 1/κ.
                    turn = s.curvature * step;
                    x += (std::sin(heading + turn) - std::sin(heading)) / s.curvature;
                    y += (std::cos(heading) - std::cos(heading + turn)) / s.curvature;
                }
                heading += turn;
                if (!emit(step, turn, false)) return false;
            }
            along = cut;  // no drift between the cuts and the steps' sum
        }
    }
    return true;
}

/// Are the shot's poses valid, each coming from the last (with speed 0, as the search asks)?
bool shotIsValid(const PlanShot& shot, const PlanValidity& validity, double spacing) {
    if (validity.test == nullptr) return true;
    PlanState previous{shot.from.x, shot.from.y, shot.from.heading, 0.0f};
    return walkShot(shot, spacing, [&](const PlanStep& step) {
        const PlanState here{step.state.x, step.state.y, step.state.heading, 0.0f};
        if (!validity(previous, here)) return false;
        previous = here;
        return true;
    });
}

/// Where the shot ends.
PlanState shotEnd(const PlanShot& shot) {
    PlanState end = shot.from;
    walkShot(shot, std::numeric_limits<double>::infinity(), [&](const PlanStep& step) {
        end = step.state;
        return true;
    });
    return end;
}

} // namespace

namespace {

constexpr double kTailTurns[] = {M_PI / 2.0, -M_PI / 2.0, M_PI, -M_PI};  ///< final arcs at the goal's speed, left positive
/// Candidate::tail: 0 none, kTailStraight, kTailStraight + 1 + a kTailTurns index, or a spiral:
/// kFirstSpiral + 2 · (its ShotOptions::spirals index) + (0 left, 1 right).
constexpr int kTailStraight = 1;
constexpr int kFirstSpiral = kTailStraight + 1 + static_cast<int>(std::size(kTailTurns));
constexpr int kMaxSpirals = 2;
/// Tail spirals: the two whole ones, and partial ones from the tightest circle (see ShotOptions).
constexpr int kMaxTailSpirals = 6;

/// A left-handed spiral from one speed to another at full throttle or braking (`rate`, m/s²: v²
/// changes by 2·rate a metre): arcs over equal steps of v², each on the tightest circle for the
/// faster end of its step, so the car keeps its lateral limit all the way.
ArcChain spiral(const PlanVehicle& vehicle, double fromSpeed, double toSpeed, double rate) {
    ArcChain chain;
    chain.count = 4;
    const double from2 = fromSpeed * fromSpeed, to2 = toSpeed * toSpeed;
    for (int k = 0; k < chain.count; ++k) {
        const double u0 = from2 + (to2 - from2) * k / chain.count, u1 = from2 + (to2 - from2) * (k + 1) / chain.count;
        chain.radius[k] = radiusFor(vehicle, std::sqrt(std::max(u0, u1)));
        chain.turn[k] = std::abs(u1 - u0) / (2.0 * rate) / chain.radius[k];
    }
    return chain;
}

/// What one direction of travel offers a shot: its speeds, radii and the straights each needs.
struct ShotOptions {
    bool usable = false;
    double startSpeed = 0.0, endSpeed = 0.0, topSpeed = 0.0;
    TraversalLimits limits;
    double radii[kMaxRadii] = {};
    double leads[kMaxRadii] = {};  ///< m braking from the start's speed to the radius's (eq. 2.2)
    double tails[kMaxRadii] = {};  ///< m gathering the goal's speed after the radius's (eq. 2.1)
    int radiusCount = 0;
    double goalRadius = 0.0;       ///< the tightest circle at the goal's speed
    bool tailArcs = false;         ///< whether that is any wider than the tightest, so a tighter turn before it can pay
    /// Spirals that gather the goal's speed at full throttle, each arc on the circle for the speed
    /// it ends at (left-handed; a right one mirrors the turns): from the start's speed, and from
    /// the fastest the tightest circle allows.
    ArcChain spirals[kMaxTailSpirals];
    double spiralFrom[kMaxTailSpirals] = {}, spiralTo[kMaxTailSpirals] = {};  ///< m/s each spiral begins and ends at
    int spiralCount = 0;
    int wholeSpiralCount = 0;      ///< of those, the first ones, to the goal's speed (the rest are partial)
    /// Spirals that brake from the start's speed at full braking as they tighten (left-handed):
    /// to the fastest the tightest circle allows, and to the goal's speed.
    ArcChain leadSpirals[kMaxSpirals];
    double leadSpiralTo[kMaxSpirals] = {};  ///< m/s each braking spiral ends at
    int leadSpiralCount = 0;
    ShotEnds ends;

    ShotOptions(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, int direction)
        : ends(from, goal, direction) {
        if (direction < 0 && !vehicle.canReverse()) return;
        if (!shotSpeeds(from, goal, tolerance, direction, startSpeed, endSpeed)) return;
        usable = true;
        topSpeed = direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
        limits = direction > 0 ? forwardLimits(vehicle, OvershootCircle::AnyDetour) : reverseLimits(vehicle, OvershootCircle::AnyDetour);
        auto addRadius = [&](double r) {
            if (!(r > 0.0) && !(vehicle.turnsOnSpot && vehicle.maxTurnRate > 0.0f)) return;  // a zero radius only turning on the spot
            for (int i = 0; i < radiusCount; ++i)
                if (std::abs(radii[i] - r) <= 0.01 * std::max(r, radii[i])) return;
            radii[radiusCount++] = r;
        };
        addRadius(radiusFor(vehicle, 0.0));
        addRadius(radiusFor(vehicle, startSpeed));
        addRadius(radiusFor(vehicle, endSpeed));
        addRadius(radiusFor(vehicle, 2.0 * topSpeed / 3.0));
        for (int r = 0; r < radiusCount; ++r) {
            const double cap = radii[r] > 0.0 ? arcSpeedCap(vehicle, radii[r], topSpeed) : 0.0;
            leads[r] = startSpeed > cap ? (startSpeed * startSpeed - cap * cap) / (2.0 * vehicle.maxDeceleration) : 0.0;
            tails[r] = endSpeed > cap ? (endSpeed * endSpeed - cap * cap) / (2.0 * vehicle.maxAcceleration) : 0.0;
        }
        goalRadius = radiusFor(vehicle, endSpeed);
        // Even a goal's circle a few per cent wider than the tightest one takes a spiral: an S-bend
        // to a goal just past the tightest circle's speed turns last at the lateral limit while it
        // gathers the goal's speed (seed 3's search 168 of the thesis's set-up, whose shot was a
        // loop 3.9 times as slow as A*'s path while these spirals started only at a 1.2 times wider
        // circle and a speed under 89 % of the goal's).
        tailArcs = goalRadius > 1.01 * radiusFor(vehicle, 0.0);
        const double tightest = radii[0] > 0.0 ? arcSpeedCap(vehicle, radii[0], topSpeed) : 0.0;
        for (const double spiralStart : {startSpeed, tightest}) {
            if (!tailArcs || spiralCount == kMaxSpirals || spiralStart >= endSpeed - 0.1) continue;
            if (spiralCount == 1 && std::abs(spiralStart - startSpeed) < 0.1) continue;
            spiralFrom[spiralCount] = spiralStart;
            spiralTo[spiralCount] = endSpeed;
            spirals[spiralCount++] = spiral(vehicle, spiralStart, endSpeed, vehicle.maxAcceleration);  // eq. 2.1
        }
        wholeSpiralCount = spiralCount;
        // Partial spirals off the tightest circle, widening to a speed short of the goal's, then
        // the straight that gathers the rest: A*'s best paths leave a tight turn so when the
        // goal's heading comes before its speed.
        if (tailArcs && tightest * tightest < 0.8 * endSpeed * endSpeed) {
            for (const double share : {0.2, 0.4, 0.6, 0.8}) {
                const double u = tightest * tightest + share * (endSpeed * endSpeed - tightest * tightest);
                spiralFrom[spiralCount] = tightest;
                spiralTo[spiralCount] = std::sqrt(u);
                ArcChain& chain = spirals[spiralCount++];
                chain = spiral(vehicle, tightest, std::sqrt(u), vehicle.maxAcceleration);
                chain.after = (endSpeed * endSpeed - u) / (2.0 * vehicle.maxAcceleration);  // eq. 2.1
            }
        }
        const bool leadArcs = radiusFor(vehicle, startSpeed) > 1.2 * radiusFor(vehicle, 0.0);
        for (const double spiralEnd : {tightest, endSpeed}) {
            if (!leadArcs || leadSpiralCount == kMaxSpirals || spiralEnd * spiralEnd >= 0.8 * startSpeed * startSpeed) continue;
            if (leadSpiralCount == 1 && std::abs(spiralEnd - tightest) < 0.1) continue;
            leadSpiralTo[leadSpiralCount] = spiralEnd;
            leadSpirals[leadSpiralCount++] = spiral(vehicle, startSpeed, spiralEnd, vehicle.maxDeceleration);  // eq. 2.2
        }
    }
};

/// One candidate shot, compactly (a search looks at hundreds at a time, on the stack).
struct Candidate {
    float floor;  ///< s: no profile along its length is quicker
    float time;   ///< s: its profile's, once built
    std::uint8_t word, direction, firstRadius, lastRadius, lead, tail;  ///< direction 0 forwards, 1 backwards (radii index ShotOptions::radii), or:
};
/// Candidate::direction of a Reeds–Shepp word (word: its index, firstRadius: the radius's).
constexpr std::uint8_t kReedsSheppDirection = 2;

/// The pieces of a candidate: the circles' part's ends and the lead, tail and final arc.
/// Candidate::lead: 0 none, 1 the braking straight, or a spiral: kFirstLeadSpiral + 2 · (its
/// ShotOptions::leadSpirals index) + (0 left, 1 right).
constexpr int kFirstLeadSpiral = 2;

struct CandidateParts {
    double lead = 0.0, tail = 0.0;
    ArcChain leadChain, chain;
};
/// The least a path from heading `from` to heading `to` turns in all, radians: its arcs' turns,
/// each either way, add up to the change, so their sizes add up to at least its shorter way round
/// (less a hair for the rounding of the words' angles).
double leastTurn(double from, double to) {
    const double change = to - from;
    return std::max(0.0, std::abs(change - 2.0 * M_PI * std::nearbyint(change * (0.5 / M_PI))) - 1e-6);
}

/// The least time over a straight of `straight` metres and the arcs of `chain`: each at most at
/// its cap (arcSpeedCap), the straights at the top speed.
double capTime(const PlanVehicle& vehicle, double straight, const ArcChain& chain, double topSpeed) {
    double time = (straight + chain.after) / topSpeed;
    for (int i = 0; i < chain.count; ++i)
        if (chain.radius[i] > 0.0) time += chain.radius[i] * std::abs(chain.turn[i]) / arcSpeedCap(vehicle, chain.radius[i], topSpeed);
    return time;
}

/// A spiral of `spirals`, left-handed for an even `index`, mirrored for an odd one.
ArcChain spiralOf(const ArcChain* spirals, int index) {
    ArcChain chain = spirals[index / 2];
    if (index % 2 == 1)
        for (int i = 0; i < chain.count; ++i) chain.turn[i] = -chain.turn[i];
    return chain;
}
CandidateParts partsOf(const ShotOptions& o, const Candidate& c) {
    CandidateParts p;
    p.lead = c.lead == 1 ? o.leads[c.firstRadius] : 0.0;
    if (c.lead >= kFirstLeadSpiral) p.leadChain = spiralOf(o.leadSpirals, c.lead - kFirstLeadSpiral);
    p.tail = c.tail == kTailStraight ? o.tails[c.lastRadius] : 0.0;
    if (c.tail > kTailStraight && c.tail < kFirstSpiral) {
        p.chain.count = 1;
        p.chain.radius[0] = o.goalRadius;
        p.chain.turn[0] = kTailTurns[c.tail - kTailStraight - 1];
    } else if (c.tail >= kFirstSpiral) {
        p.chain = spiralOf(o.spirals, c.tail - kFirstSpiral);
    }
    return p;
}

/// The candidate's shape in numbers (PlanShotShape), for improvePlanShot.
PlanShotShape shapeOf(const ShotOptions* options, const Candidate& c) {
    PlanShotShape shape;
    if (c.direction == kReedsSheppDirection) return shape;
    const ShotOptions& o = options[c.direction];
    shape.word = static_cast<std::int8_t>(c.word);
    shape.direction = c.direction == 0 ? std::int8_t{1} : std::int8_t{-1};
    shape.firstRadius = o.radii[c.firstRadius];
    shape.lastRadius = o.radii[c.lastRadius];
    if (c.lead == 1) {
        shape.lead = PlanShotShape::BrakingStraight;
        shape.leadLength = o.leads[c.firstRadius];
    }
    if (c.lead >= kFirstLeadSpiral) {
        const int index = c.lead - kFirstLeadSpiral;
        shape.lead = index % 2 == 0 ? PlanShotShape::LeftBrakingSpiral : PlanShotShape::RightBrakingSpiral;
        shape.leadSpeed = o.leadSpiralTo[index / 2];
    }
    if (c.tail == kTailStraight) {
        shape.tail = PlanShotShape::GatheringStraight;
        shape.tailLength = o.tails[c.lastRadius];
    }
    if (c.tail > kTailStraight && c.tail < kFirstSpiral) {
        shape.tail = PlanShotShape::GoalArc;
        shape.tailTurn = kTailTurns[c.tail - kTailStraight - 1];
    } else if (c.tail >= kFirstSpiral) {
        const int index = c.tail - kFirstSpiral;
        shape.tail = index % 2 == 0 ? PlanShotShape::LeftSpiral : PlanShotShape::RightSpiral;
        shape.tailFrom = o.spiralFrom[index / 2];
        shape.tailTo = o.spiralTo[index / 2];
        shape.tailLength = o.spirals[index / 2].after;
    }
    return shape;
}

/// The speed a shape's lead leaves the car at on its first circle: a braking spiral's end, or the
/// start's speed where the first circle allows it.
double leadExitSpeed(const PlanVehicle& vehicle, const PlanShotShape& shape, double startSpeed, double topSpeed) {
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral) return shape.leadSpeed;
    return shape.firstRadius > 0.0 ? std::min(startSpeed, arcSpeedCap(vehicle, shape.firstRadius, topSpeed)) : 0.0;
}

/// A shot from its shape: as findPlanShot builds its candidates, with the straights and spirals
/// sized from the shape's radii and speeds; false when it does not exist or no profile fits.
bool buildShape(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                const PlanShotShape& shape, PlanShot& out) {
    double startSpeed = 0.0, endSpeed = 0.0;
    if (shape.word < 0 || !shotSpeeds(from, goal, tolerance, shape.direction, startSpeed, endSpeed)) return false;
    const double a = vehicle.maxAcceleration, d = vehicle.maxDeceleration;
    const double lead = shape.leadLength;
    ArcChain leadChain, chain;
    auto mirrored = [](ArcChain c, bool right) {
        if (right)
            for (int i = 0; i < c.count; ++i) c.turn[i] = -c.turn[i];
        return c;
    };
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral)
        leadChain = mirrored(spiral(vehicle, startSpeed, shape.leadSpeed, d), shape.lead == PlanShotShape::RightBrakingSpiral);
    if (shape.tail == PlanShotShape::GoalArc) {
        chain.count = 1;
        chain.radius[0] = radiusFor(vehicle, endSpeed);
        chain.turn[0] = shape.tailTurn;
    } else if (shape.tail == PlanShotShape::LeftSpiral || shape.tail == PlanShotShape::RightSpiral) {
        chain = mirrored(spiral(vehicle, shape.tailFrom, shape.tailTo, a), shape.tail == PlanShotShape::RightSpiral);
    }
    chain.after = shape.tailLength;  // the straight into the goal, after the arcs if any
    const TurnCombination word = kWords[shape.word];
    double firstRadius = shape.firstRadius;
    const double topSpeed = shape.direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    if (const double entry = leadExitSpeed(vehicle, shape, startSpeed, topSpeed); shape.leadGatherTo > entry + 1e-3) {
        if (circleCircleCircle(word)) return false;  // its circles share one radius
        const ArcChain gather = mirrored(spiral(vehicle, entry, shape.leadGatherTo, a), !startsLeft(word));  // eq. 2.1
        if (leadChain.count + gather.count > ArcChain::kMaxArcs) return false;
        for (int i = 0; i < gather.count; ++i) {
            leadChain.radius[leadChain.count] = gather.radius[i];
            leadChain.turn[leadChain.count++] = gather.turn[i];
        }
        firstRadius = std::max(firstRadius, radiusFor(vehicle, shape.leadGatherTo));
    }
    if (const double exit = shape.lastRadius > 0.0 ? arcSpeedCap(vehicle, shape.lastRadius, topSpeed) : 0.0; shape.lastGatherTo > exit + 1e-3) {
        if (circleCircleCircle(word) || shape.lastRadius <= 0.0) return false;
        const ArcChain gather = mirrored(spiral(vehicle, exit, shape.lastGatherTo, a), !endsLeft(word));  // eq. 2.1
        if (chain.count + gather.count > ArcChain::kMaxArcs) return false;
        for (int i = chain.count - 1; i >= 0; --i) {
            chain.radius[i + gather.count] = chain.radius[i];
            chain.turn[i + gather.count] = chain.turn[i];
        }
        for (int i = 0; i < gather.count; ++i) {
            chain.radius[i] = gather.radius[i];
            chain.turn[i] = gather.turn[i];
        }
        chain.count += gather.count;
    }
    const ShotEnds ends(from, goal, shape.direction);
    TurningPath path;
    return shotPath(ends.inner(lead, leadChain, 0.0, chain), word, firstRadius, shape.lastRadius, tolerance.position, path) &&
           buildShot(vehicle, from, path, word, firstRadius, shape.lastRadius, lead, leadChain, 0.0, chain, shape.direction, startSpeed,
                     endSpeed, out);
}

} // namespace

namespace {
constexpr int kTailVariants = kFirstSpiral + 2 * kMaxTailSpirals;
constexpr int kReedsSheppRadii = 2;
/// Per direction: the tightest first circle takes every lead (none, straight, spirals), the others
/// none or the straight; the tightest last circle every tail, the others all but the spirals.
constexpr int kLeadsPerDirection = (kFirstLeadSpiral + 2 * kMaxSpirals) + (kMaxRadii - 1) * kFirstLeadSpiral;
constexpr int kTailsPerDirection = kTailVariants + (kMaxRadii - 1) * kFirstSpiral;
constexpr int kMaxCandidates = 2 * kLeadsPerDirection * kTailsPerDirection * 6 + kReedsSheppRadii * kMaxReedsSheppPaths;
} // namespace

struct PlanShotWorkspace::Buffers {
    Candidate candidates[kMaxCandidates];
    std::uint16_t heap[kMaxCandidates];
    ReedsSheppPath reedsShepp[kReedsSheppRadii][kMaxReedsSheppPaths];
};
static_assert(kMaxCandidates <= 65535, "heap entries index candidates in 16 bits");

PlanShotWorkspace::PlanShotWorkspace() : m_buffers(std::make_unique<Buffers>()) {}
PlanShotWorkspace::~PlanShotWorkspace() = default;

bool findPlanShot(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance,
                  const PlanValidity& validity, float spacing, PlanShotWorkspace& workspace, PlanShot& out, double budget, std::uint32_t maxValidated) {
    // Every word with every pair of radii, with and without the straights and the final arc it may
    // need, either way the vehicle drives, is a candidate; each has a floor under its time from its
    // length alone (leastTraversalTime: the acceleration limits without the turns' caps). Best
    // first: candidates are taken in order of floor, their profiles built as they come; a built
    // one is judged (end pose, validity) once no floor left is below its time, so the first one
    // accepted is the quickest valid shot, and most candidates never need a profile.
    const ShotOptions options[2] = {ShotOptions(vehicle, from, goal, tolerance, 1), ShotOptions(vehicle, from, goal, tolerance, -1)};
    // A vehicle that reverses also takes Reeds and Shepp's words, with cusps, on its tightest
    // circle and on the one for the faster of the start's and goal's speeds.
    auto& reedsShepp = workspace.buffers().reedsShepp;
    double reedsSheppRadii[kReedsSheppRadii] = {};
    int reedsSheppCount[kReedsSheppRadii] = {};
    Candidate* candidates = workspace.buffers().candidates;
    int count = 0;
    TurningPath path;
    for (int d = 0; d < 2; ++d) {
        const ShotOptions& o = options[d];
        if (!o.usable) continue;
        // No path is shorter than the straight line: when even that takes the budget, none fits.
        if (!(leastTraversalTime(std::hypot(goal.x - from.x, goal.y - from.y), o.startSpeed, o.endSpeed, o.limits) < budget)) continue;
        // Nor does any turn less than the heading change, on circles no tighter than the
        // tightest: near the goal, a start facing away cannot beat a small budget.
        const double tightestPerRadian = o.radii[0] > 0.0 ? o.radii[0] / arcSpeedCap(vehicle, o.radii[0], o.topSpeed) : 0.0;
        if (!(leastTurn(o.ends.a.heading, o.ends.b.heading) * tightestPerRadian < budget)) continue;
        // The circles' part begins where a lead leaves the start and ends where a tail reaches
        // the goal; the two do not depend on each other, so each is placed once, not once a pair.
        // Spirals end (or begin) on the tightest circles: they pair with the tightest first
        // (last) circle only, which keeps the candidates to a few thousand at most.
        ShotEnds leadEnds[kMaxRadii][kFirstLeadSpiral + 2 * kMaxSpirals], tailEnds[kMaxRadii][kTailVariants];
        double leadLengths[kMaxRadii][kFirstLeadSpiral + 2 * kMaxSpirals] = {}, tailLengths[kMaxRadii][kTailVariants] = {};
        // A second floor, from the speed caps: no piece is driven faster than its circle allows
        // (eq. 2.4), so a shot takes at least each piece's length over its cap. It binds where
        // leastTraversalTime's does not — words round a loop on a tight circle, which near the
        // goal are most candidates and were built only to be found too slow for the budget.
        double leadCapTimes[kMaxRadii][kFirstLeadSpiral + 2 * kMaxSpirals] = {}, tailCapTimes[kMaxRadii][kTailVariants] = {};
        double perMetre[kMaxRadii] = {};  ///< s/m on each circle at its cap (0: a turn on the spot, timed by the turn rate)
        const double perMetreStraight = 1.0 / o.topSpeed;
        int leadCounts[kMaxRadii] = {}, tailCounts[kMaxRadii] = {};
        for (int r = 0; r < o.radiusCount; ++r) perMetre[r] = o.radii[r] > 0.0 ? 1.0 / arcSpeedCap(vehicle, o.radii[r], o.topSpeed) : 0.0;
        for (int r = 0; r < o.radiusCount; ++r) {
            leadCounts[r] = kFirstLeadSpiral + (r == 0 ? 2 * o.leadSpiralCount : 0);
            tailCounts[r] = !o.tailArcs || o.radii[r] >= o.goalRadius ? kTailStraight + 1 : kFirstSpiral + 2 * (r == 0 ? o.spiralCount : 0);
            for (int lead = 0; lead < leadCounts[r]; ++lead) {
                const CandidateParts parts = partsOf(o, {0.0f, 0.0f, 0, 0, static_cast<std::uint8_t>(r), 0, static_cast<std::uint8_t>(lead), 0});
                leadEnds[r][lead] = o.ends;
                leadEnds[r][lead].leadInto(parts.lead, parts.leadChain);
                leadLengths[r][lead] = parts.lead + parts.leadChain.length();
                leadCapTimes[r][lead] = capTime(vehicle, parts.lead, parts.leadChain, o.topSpeed);
            }
            for (int tail = 0; tail < tailCounts[r]; ++tail) {
                const CandidateParts parts = partsOf(o, {0.0f, 0.0f, 0, 0, 0, static_cast<std::uint8_t>(r), 0, static_cast<std::uint8_t>(tail)});
                tailEnds[r][tail] = o.ends;
                tailEnds[r][tail].tailInto(parts.tail, parts.chain);
                tailLengths[r][tail] = parts.tail + parts.chain.length();
                tailCapTimes[r][tail] = capTime(vehicle, parts.tail, parts.chain, o.topSpeed);
            }
        }
        for (int r1 = 0; r1 < o.radiusCount; ++r1) {
            for (int r2 = 0; r2 < o.radiusCount; ++r2) {
                for (int lead = 0; lead < leadCounts[r1]; ++lead) {
                    if (lead == 1 && o.leads[r1] == 0.0) continue;
                    for (int tail = 0; tail < tailCounts[r2]; ++tail) {
                        if (tail == kTailStraight && o.tails[r2] == 0.0) continue;
                        // No partial spiral at the end after a braking spiral at the start: the
                        // thesis's set-up finds paths as quick without the pair, and the EM5 curves'
                        // searches, whose shots mostly meet walls, weigh fewer candidates a try.
                        if (lead >= kFirstLeadSpiral && tail >= kFirstSpiral + 2 * o.wholeSpiralCount) continue;
                        const Candidate base{0.0f, 0.0f, 0, static_cast<std::uint8_t>(d), static_cast<std::uint8_t>(r1), static_cast<std::uint8_t>(r2),
                                             static_cast<std::uint8_t>(lead), static_cast<std::uint8_t>(tail)};
                        ShotEnds inner = leadEnds[r1][lead];
                        inner.b = tailEnds[r2][tail].b;
                        inner.cosB = tailEnds[r2][tail].cosB;
                        inner.sinB = tailEnds[r2][tail].sinB;
                        const double straights = leadLengths[r1][lead] + tailLengths[r2][tail];
                        const double endsCapTime = leadCapTimes[r1][lead] + tailCapTimes[r2][tail];
                        // No word is shorter than the straight line between the circles' ends.
                        const double gapX = inner.b.x - inner.a.x, gapY = inner.b.y - inner.a.y;
                        const double gap = std::sqrt(gapX * gapX + gapY * gapY);
                        const double perRadian = std::min(o.radii[r1] * perMetre[r1], o.radii[r2] * perMetre[r2]);
                        const double turn = leastTurn(inner.a.heading, inner.b.heading);
                        if (!(endsCapTime + std::max(gap * perMetreStraight, turn * perRadian) < budget)) continue;
                        if (!(leastTraversalTime(straights + gap, o.startSpeed, o.endSpeed, o.limits) < budget)) continue;
                        for (int w = 0; w < 6; ++w) {
                            const TurnCombination word = kWords[w];
                            if (circleCircleCircle(word) && r1 != r2) continue;
                            if (circleCircleCircle(word)) {
                                if (!shotPath(inner, word, o.radii[r1], o.radii[r2], tolerance.position, path)) continue;
                            } else {
                                // The speed caps' floor from floors under the arcs first: most
                                // words fail it, and need no angles.
                                Tangent tangent;
                                const bool left1 = startsLeft(word), left2 = endsLeft(word);
                                if (!tangentOf(inner, o.radii[r1], left1, o.radii[r2], left2, tolerance.position, tangent)) continue;
                                double first = 0.0, second = 0.0;
                                arcFloors(inner, tangent, left1, left2, first, second);
                                if (!(endsCapTime + first * o.radii[r1] * perMetre[r1] + second * o.radii[r2] * perMetre[r2] +
                                          tangent.straight * perMetreStraight <
                                      budget))
                                    continue;
                                arcsOf(inner, tangent, o.radii[r1], left1, o.radii[r2], left2, path);
                            }
                            const double capFloor = endsCapTime + path.firstArc * o.radii[r1] * perMetre[r1] +
                                                    path.middleArc * o.radii[r1] * perMetre[r1] + path.secondArc * o.radii[r2] * perMetre[r2] +
                                                    path.straight * perMetreStraight;
                            if (!(capFloor < budget)) continue;
                            const double floor = std::max(capFloor, leastTraversalTime(straights + path.length, o.startSpeed, o.endSpeed, o.limits));
                            if (!(floor < budget)) continue;
                            Candidate& c = candidates[count++];
                            c = base;
                            c.floor = static_cast<float>(floor);
                            c.word = static_cast<std::uint8_t>(w);
                        }
                    }
                }
            }
        }
    }
    if (vehicle.canReverse() && vehicle.turningRadius > 0.0f) {
        TraversalLimits limits = forwardLimits(vehicle, OvershootCircle::AnyDetour);
        if (vehicle.maxReverseSpeed > vehicle.maxSpeed) limits = reverseLimits(vehicle, OvershootCircle::AnyDetour);  // a floor for either way
        const double startSpeed = std::abs(from.speed), endSpeed = std::abs(goal.speed);
        reedsSheppRadii[0] = radiusFor(vehicle, 0.0);
        reedsSheppRadii[1] = radiusFor(vehicle, std::max(startSpeed, endSpeed));
        const int radii = reedsSheppRadii[1] > 1.01 * reedsSheppRadii[0] ? 2 : 1;
        const double c = std::cos(from.heading), sn = std::sin(from.heading), dx = goal.x - from.x, dy = goal.y - from.y;
        for (int r = 0; r < radii; ++r) {
            const double radius = reedsSheppRadii[r];
            // The goal in the start's frame, in turning radii.
            reedsSheppCount[r] = reedsSheppPaths((c * dx + sn * dy) / radius, (-sn * dx + c * dy) / radius, static_cast<double>(goal.heading) - from.heading,
                                                 reedsShepp[r]);
            for (int w = 0; w < reedsSheppCount[r]; ++w) {
                const double floor = leastTraversalTime(reedsShepp[r][w].total() * radius, startSpeed, endSpeed, limits);
                if (!(floor < budget)) continue;
                candidates[count++] = {static_cast<float>(floor), 0.0f, static_cast<std::uint8_t>(w), kReedsSheppDirection, static_cast<std::uint8_t>(r), 0, 0, 0};
            }
        }
    }
    // Lowest floor first, taken lazily from a heap: a try builds only the candidates whose floors
    // come before its answer, and sorting them all was 5 % of the EM5 curves' searches (perf).
    auto higherFloor = [](const Candidate& a, const Candidate& b) { return a.floor > b.floor; };
    std::make_heap(candidates, candidates + count, higherFloor);
    auto build = [&](const Candidate& c) {
        if (c.direction == kReedsSheppDirection)
            return buildReedsSheppShot(vehicle, from, goal, tolerance, reedsShepp[c.firstRadius][c.word], reedsSheppRadii[c.firstRadius], out);
        const ShotOptions& o = options[c.direction];
        const CandidateParts parts = partsOf(o, c);
        const TurnCombination word = kWords[c.word];
        TurningPath built;
        return shotPath(o.ends.inner(parts.lead, parts.leadChain, parts.tail, parts.chain), word, o.radii[c.firstRadius], o.radii[c.lastRadius],
                        tolerance.position, built) &&
               buildShot(vehicle, from, built, word, o.radii[c.firstRadius], o.radii[c.lastRadius], parts.lead, parts.leadChain, parts.tail, parts.chain,
                         c.direction == 0 ? 1 : -1, o.startSpeed, o.endSpeed, out);
    };
    std::uint32_t validated = 0;
    auto judge = [&](const Candidate& c) {
        build(c);
        // The geometry's end must be the goal: a guard against rounding in the words' angles.
        if (!MovementPlanner::reachesGoal(shotEnd(out), goal, tolerance)) return false;
        ++validated;
        if (!shotIsValid(out, validity, spacing)) return false;
        out.shape = shapeOf(options, c);
        return true;
    };
    // Built candidates wait in a min-heap on their time until no unbuilt floor undercuts them.
    std::uint16_t* heap = workspace.buffers().heap;
    int heapSize = 0;
    auto later = [&](std::uint16_t a, std::uint16_t b) { return candidates[a].time > candidates[b].time; };
    // candidates[0, unbuilt) is the heap on floors; each one taken moves to just past it, where it
    // stays (the built heap refers to it by index).
    for (int unbuilt = count; unbuilt > 0 || heapSize > 0;) {
        const float nextFloor = unbuilt > 0 ? candidates[0].floor : std::numeric_limits<float>::infinity();
        if (heapSize > 0 && candidates[heap[0]].time <= nextFloor) {
            std::pop_heap(heap, heap + heapSize, later);
            if (judge(candidates[heap[--heapSize]])) return true;
            if (validated >= maxValidated) return false;
            continue;
        }
        std::pop_heap(candidates, candidates + unbuilt, higherFloor);
        Candidate& c = candidates[--unbuilt];
        if (!build(c) || !(out.duration() < budget)) continue;
        c.time = static_cast<float>(out.duration());
        heap[heapSize++] = static_cast<std::uint16_t>(unbuilt);
        std::push_heap(heap, heap + heapSize, later);
    }
    return false;
}

int shotStepCount(const PlanShot& shot, double spacing) {
    int steps = 0;
    walkShot(shot, spacing, [&](const PlanStep&) { return ++steps, true; });
    return steps;
}

bool sampleShot(const PlanShot& shot, double spacing, float startTime, PlanStep* out, int capacity) {
    if (shotStepCount(shot, spacing) > capacity) return false;
    PlanState before = shot.from;
    int count = 0;
    walkShot(shot, spacing, [&](const PlanStep& step) {
        PlanStep& s = out[count++];
        s = step;
        s.time += startTime;
        if (step.length > 0.0f)
            s.acceleration = (step.state.speed * step.state.speed - before.speed * before.speed) / (2.0f * step.length);
        before = step.state;
        return true;
    });
    return true;
}

namespace {

/// Hooke and Jeeves's pattern search without the pattern move (1961): each number of `shape` up
/// and down by its step, the first quicker shot kept; the steps halve when none is, a few times.
/// `shape` and `time` become the quickest found; at most `evaluations` shots are built.
void descend(const PlanVehicle& vehicle, const PlanState& from, const PlanState& goal, const PlanGoalTolerance& tolerance, PlanShotShape& shape,
             double& time, int evaluations, PlanShot& trial) {
    const double tightest = radiusFor(vehicle, 0.0);
    const double topSpeed = shape.direction > 0 ? vehicle.maxSpeed : vehicle.maxReverseSpeed;
    const double widest = std::max(2.0 * tightest, 1.5 * radiusFor(vehicle, topSpeed));
    const bool oneRadius = circleCircleCircle(kWords[shape.word]);
    struct Knob {
        double PlanShotShape::*field;
        double step, low, high;
    };
    Knob knobs[10];
    int knobCount = 0;
    knobs[knobCount++] = {&PlanShotShape::firstRadius, 0.15 * shape.firstRadius, tightest, widest};
    if (!oneRadius) knobs[knobCount++] = {&PlanShotShape::lastRadius, 0.15 * shape.lastRadius, tightest, widest};
    if (shape.lead == PlanShotShape::LeftBrakingSpiral || shape.lead == PlanShotShape::RightBrakingSpiral)
        knobs[knobCount++] = {&PlanShotShape::leadSpeed, 0.5, 0.0, std::abs(from.speed)};
    knobs[knobCount++] = {&PlanShotShape::leadLength, 1.0, 0.0, 200.0};
    knobs[knobCount++] = {&PlanShotShape::tailLength, 1.0, 0.0, 200.0};
    if (shape.tail == PlanShotShape::GoalArc) knobs[knobCount++] = {&PlanShotShape::tailTurn, 0.25, -2.0 * M_PI, 2.0 * M_PI};
    if (!oneRadius && shape.firstRadius > 0.0) {
        if (shape.leadGatherTo == 0.0) shape.leadGatherTo = leadExitSpeed(vehicle, shape, std::abs(from.speed), topSpeed);
        knobs[knobCount++] = {&PlanShotShape::leadGatherTo, 0.5, 0.0, topSpeed};
    }
    if (!oneRadius && shape.lastRadius > 0.0) {
        if (shape.lastGatherTo == 0.0) shape.lastGatherTo = arcSpeedCap(vehicle, shape.lastRadius, topSpeed);
        knobs[knobCount++] = {&PlanShotShape::lastGatherTo, 0.5, 0.0, topSpeed};
    }
    if (shape.tail == PlanShotShape::LeftSpiral || shape.tail == PlanShotShape::RightSpiral) {
        knobs[knobCount++] = {&PlanShotShape::tailFrom, 0.5, 0.0, topSpeed};
        knobs[knobCount++] = {&PlanShotShape::tailTo, 0.5, 0.0, topSpeed};
    }
    auto timeOf = [&](const PlanShotShape& s) {
        if ((s.tail == PlanShotShape::LeftSpiral || s.tail == PlanShotShape::RightSpiral) && !(s.tailFrom < s.tailTo))
            return std::numeric_limits<double>::infinity();
        return buildShape(vehicle, from, goal, tolerance, s, trial) ? trial.duration() : std::numeric_limits<double>::infinity();
    };
    // Circles that touch instead of their straight end off the goal's exact position: a shape
    // moved too far that way is no shot, and the search must not walk on from it (checked on the
    // quicker shapes only, the few a search keeps).
    auto endsAtGoal = [&] { return MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance); };
    if (!std::isfinite(time)) time = timeOf(shape), --evaluations;
    for (int round = 0, built = 0; round < 4 && built < evaluations;) {
        bool moved = false;
        for (int k = 0; k < knobCount && built < evaluations; ++k) {
            for (const double sign : {1.0, -1.0}) {
                PlanShotShape next = shape;
                next.*knobs[k].field = std::clamp(shape.*knobs[k].field + sign * knobs[k].step, knobs[k].low, knobs[k].high);
                if (oneRadius) next.lastRadius = next.firstRadius;
                if (next.*knobs[k].field == shape.*knobs[k].field) continue;
                ++built;
                const double t = timeOf(next);
                if (t < time && endsAtGoal()) {
                    time = t;
                    shape = next;
                    moved = true;
                    break;
                }
            }
        }
        if (!moved) {
            for (int k = 0; k < knobCount; ++k) knobs[k].step *= 0.5;
            ++round;
        }
    }
}

} // namespace

bool improvePlanShot(const PlanVehicle& vehicle, const PlanState& goal, const PlanGoalTolerance& tolerance, const PlanValidity& validity,
                     float spacing, PlanShot& shot, int evaluations, bool alsoBrakingOnto) {
    if (shot.reedsShepp || shot.shape.word < 0 || vehicle.turningRadius <= 0.0f) return false;
    PlanShot trial;
    const double original = shot.duration();
    PlanShotShape best = shot.shape;
    double bestTime = original;
    descend(vehicle, shot.from, goal, tolerance, best, bestTime, evaluations, trial);
    // A*'s best paths often brake onto the tightest circle and gather speed as it widens, where the
    // shot found turns at its start's speed throughout: a second descent from that shape.
    const double startSpeed = std::abs(shot.from.speed), tightest = radiusFor(vehicle, 0.0);
    const double tightestSpeed = arcSpeedCap(vehicle, tightest, vehicle.maxSpeed);
    if (alsoBrakingOnto && shot.shape.direction > 0 && !circleCircleCircle(kWords[shot.shape.word]) && startSpeed > tightestSpeed + 0.1) {
        PlanShotShape braking = shot.shape;
        braking.lead = startsLeft(kWords[braking.word]) ? PlanShotShape::LeftBrakingSpiral : PlanShotShape::RightBrakingSpiral;
        braking.leadLength = 0.0;
        braking.leadSpeed = tightestSpeed;
        braking.firstRadius = tightest;
        // Where the gathering ends decides how far it turns (at the lateral limit, (a_lat / a)·ln(v₁ / v₀)
        // radians): the descent starts from the quickest of a few such turns, each with the shot's
        // own tail or, for a straight one, none (a tail sized for the old turn mostly forces a loop).
        double time = std::numeric_limits<double>::infinity();
        PlanShotShape start = braking;
        const double logSpeedPerRadian = vehicle.maxLateralAcceleration > 0.0f ? vehicle.maxAcceleration / vehicle.maxLateralAcceleration : 0.1;
        for (const double turnDeg : {45.0, 90.0, 135.0, 180.0, 225.0}) {
            for (const bool keepTail : {true, false}) {
                PlanShotShape next = braking;
                next.leadGatherTo = std::min(static_cast<double>(vehicle.maxSpeed), tightestSpeed * std::exp(turnDeg * M_PI / 180.0 * logSpeedPerRadian));
                if (!keepTail) {
                    if (next.tail != PlanShotShape::GatheringStraight && next.tail != PlanShotShape::NoTail) continue;
                    next.tail = PlanShotShape::NoTail;
                    next.tailLength = 0.0;
                    next.lastRadius = std::max(next.lastRadius, radiusFor(vehicle, std::abs(goal.speed)));
                }
                if (!buildShape(vehicle, shot.from, goal, tolerance, next, trial) || !(trial.duration() < time)) continue;
                time = trial.duration();
                start = next;
            }
        }
        braking = start;
        descend(vehicle, shot.from, goal, tolerance, braking, time, evaluations, trial);
        // Kept only when it holds on its own: a miss must not cost the first descent's gain.
        if (time < bestTime && buildShape(vehicle, shot.from, goal, tolerance, braking, trial) &&
            MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance) && shotIsValid(trial, validity, spacing)) {
            bestTime = time;
            best = braking;
        }
    }
    if (!(bestTime < original) || !buildShape(vehicle, shot.from, goal, tolerance, best, trial)) return false;
    if (!MovementPlanner::reachesGoal(shotEnd(trial), goal, tolerance) || !shotIsValid(trial, validity, spacing)) return false;
    trial.shape = best;
    shot = trial;
    return true;
}

} // namespace trackwright
