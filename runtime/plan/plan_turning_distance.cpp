#include "trackwright/plan/plan_turning_distance.h"

#include "runtime/plan/plan_angles.h"
#include "runtime/plan/plan_lanes.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace trackwright {
namespace {

constexpr double kTwoPi = 2.0 * M_PI;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// |angle| wrapped to [0, π]: the net heading change either way round.
inline double netTurnOf(double angle) {
    const double a = turned(angle);
    return std::min(a, kTwoPi - a);
}

/// Whether a circle–circle–circle path on start and goal circles whose centres lie `d` apart can
/// be shorter than `best`. Dubins: such a path is only ever shortest with its middle arc the long
/// way round, 2π − 2·asin(d/4r) ≥ 2π − π·d/4r (asin x ≤ πx/2 on [0, 1]), and it needs d ≤ 4r.
inline bool circleCircleCircleMayWin(double best, double d, double r) {
    return d <= 4.0 * r && best > kTwoPi * r - M_PI * d / 4.0;
}

/// The four combinations, derived from the tangent geometry. With c1 the start circle's centre,
/// c2 the goal circle's, V = c2 − c1 and t the direction of the straight:
///  - same turn direction (LL, RR): the outer tangent, parallel to V, straight = |V|;
///  - opposite directions (LR, RL): the inner tangent, V = straight·t ± 2r·n with n ⟂ t, so
///    straight = sqrt(|V|² − 4r²) and t is V's direction turned by ∓atan2(2r, straight).
TurningPath combine(TurnCombination combination, double x1, double y1, double heading0, double x2, double y2, double heading1, double r) {
    TurningPath path;
    path.combination = combination;
    const double vx = x2 - x1, vy = y2 - y1;
    const double d2 = vx * vx + vy * vy;
    switch (combination) {
    case TurnCombination::LeftRightLeft:
    case TurnCombination::RightLeftRight:
        break;  // see circleCircleCircle
    case TurnCombination::LeftLeft:
    case TurnCombination::RightRight: {
        const bool left = combination == TurnCombination::LeftLeft;
        if (d2 < 1e-18) {  // the same circle: one arc
            path.firstArc = left ? turned(heading1 - heading0) : turned(heading0 - heading1);
        } else {
            const double t = angleOf(vy, vx);
            path.straight = std::sqrt(d2);
            path.firstArc = left ? turned(t - heading0) : turned(heading0 - t);
            path.secondArc = left ? turned(heading1 - t) : turned(t - heading1);
        }
        break;
    }
    case TurnCombination::LeftRight:
    case TurnCombination::RightLeft: {
        const double s2 = d2 - 4.0 * r * r;
        if (s2 < 0.0) {
            path.length = kInfinity;  // the circles overlap: no inner tangent
            return path;
        }
        path.straight = std::sqrt(s2);
        // t is V's direction turned by ±β, cos β = straight/|V|, sin β = 2r/|V|: turned as a
        // vector, one angle (as shortestTurningLength does it, so the two agree to rounding).
        const double across = combination == TurnCombination::LeftRight ? 2.0 * r : -2.0 * r;
        const double t = angleOf(vy * path.straight + vx * across, vx * path.straight - vy * across);
        if (combination == TurnCombination::LeftRight) {
            path.firstArc = turned(t - heading0);
            path.secondArc = turned(t - heading1);
        } else {
            path.firstArc = turned(heading0 - t);
            path.secondArc = turned(heading1 - t);
        }
        break;
    }
    }
    path.length = r * (path.firstArc + path.secondArc) + path.straight;
    return path;
}

/// Dubins's circle–circle–circle words on two circles of the same hand (c1 at the start, c2 at the
/// goal) and a middle circle of the other hand touching both: its centre c3 is 2r from each, on
/// either side of the line c1c2 (|c1c2| ≤ 4r). The tangent points are the midpoints of c1c3 and
/// c3c2; the heading there is the radius direction turned by ±90° (left circles counter-clockwise).
TurningPath circleCircleCircle(TurnCombination combination, double x1, double y1, double heading0, double x2, double y2, double heading1,
                               double r) {
    TurningPath best;
    best.combination = combination;
    best.length = kInfinity;
    const double vx = x2 - x1, vy = y2 - y1;
    const double d2 = vx * vx + vy * vy;
    if (d2 > 16.0 * r * r || d2 < 1e-18) return best;
    const double d = std::sqrt(d2);
    const double along = std::sqrt(4.0 * r * r - d2 / 4.0);  // from the midpoint to c3, along V turned left
    const bool outerLeft = combination == TurnCombination::LeftRightLeft;
    // c3 − c1 = V/2 + side·along·V̂⊥ and c2 − c3 = V/2 − side·along·V̂⊥: their directions are V's
    // turned by ±atan2(along, d/2), two angles for both candidate middle circles.
    const double toward = angleOf(vy, vx);
    const double beta = angleOf(along, d / 2.0);
    for (const double side : {1.0, -1.0}) {
        const double u1 = toward + side * beta;  // c1 → c3
        const double u2 = toward - side * beta;  // c3 → c2
        TurningPath p;
        p.combination = combination;
        if (outerLeft) {
            const double phi1 = u1 + M_PI / 2.0, phi2 = u2 - M_PI / 2.0;
            p.firstArc = turned(phi1 - heading0);
            p.middleArc = turned(phi1 - phi2);
            p.secondArc = turned(heading1 - phi2);
        } else {
            const double phi1 = u1 - M_PI / 2.0, phi2 = u2 + M_PI / 2.0;
            p.firstArc = turned(heading0 - phi1);
            p.middleArc = turned(phi2 - phi1);
            p.secondArc = turned(phi2 - heading1);
        }
        p.length = r * (p.firstArc + p.middleArc + p.secondArc);
        if (p.length < best.length) best = p;
    }
    return best;
}

} // namespace

TurningGoal makeTurningGoal(const PlanPose& goal, double radius, bool withCircleCircleCircle) {
    TurningGoal g;
    g.pose = goal;
    g.radius = radius;
    g.circleCircleCircle = withCircleCircleCircle;
    const double c = std::cos(goal.heading), s = std::sin(goal.heading);
    g.leftX = goal.x - radius * s;
    g.leftY = goal.y + radius * c;
    g.rightX = goal.x + radius * s;
    g.rightY = goal.y - radius * c;
    return g;
}

TurningPath shortestTurningPath(const PlanPose& from, double c, double s, const TurningGoal& goal) {
    const double r = goal.radius;
    if (!(r > 0.0)) {
        TurningPath straight;
        straight.straight = std::hypot(goal.pose.x - from.x, goal.pose.y - from.y);
        straight.length = straight.straight;
        return straight;
    }
    const double lx = from.x - r * s, ly = from.y + r * c;  // start's left circle
    const double rx = from.x + r * s, ry = from.y - r * c;  // start's right circle
    const double h0 = from.heading, h1 = goal.pose.heading;
    // Branch and bound over the four: a cheap floor for each — its straight, plus for same-handed
    // turns the net heading change their arcs must add up to — then the full paths in order of
    // floor until the next floor is no shorter than the best (the angles are the costly part).
    struct Candidate {
        TurnCombination combination;
        double x1, y1, x2, y2;
        double floor;
    } candidates[4] = {{TurnCombination::LeftLeft, lx, ly, goal.leftX, goal.leftY, 0.0},
                       {TurnCombination::RightRight, rx, ry, goal.rightX, goal.rightY, 0.0},
                       {TurnCombination::LeftRight, lx, ly, goal.rightX, goal.rightY, 0.0},
                       {TurnCombination::RightLeft, rx, ry, goal.leftX, goal.leftY, 0.0}};
    for (Candidate& k : candidates) {
        const double d2 = (k.x2 - k.x1) * (k.x2 - k.x1) + (k.y2 - k.y1) * (k.y2 - k.y1);
        switch (k.combination) {
        case TurnCombination::LeftLeft: k.floor = std::sqrt(d2) + r * turned(h1 - h0); break;
        case TurnCombination::RightRight: k.floor = std::sqrt(d2) + r * turned(h0 - h1); break;
        default: k.floor = d2 >= 4.0 * r * r ? std::sqrt(d2 - 4.0 * r * r) + r * netTurnOf(h1 - h0) : kInfinity; break;
        }
    }
    std::sort(candidates, candidates + 4, [](const Candidate& a, const Candidate& b) { return a.floor < b.floor; });
    TurningPath best;
    best.length = kInfinity;
    for (const Candidate& k : candidates) {
        if (k.floor >= best.length) break;
        const TurningPath p = combine(k.combination, k.x1, k.y1, h0, k.x2, k.y2, h1, r);
        if (p.length < best.length) best = p;
    }
    if (goal.circleCircleCircle && circleCircleCircleMayWin(best.length, std::hypot(goal.leftX - lx, goal.leftY - ly), r)) {
        const TurningPath lrl = circleCircleCircle(TurnCombination::LeftRightLeft, lx, ly, h0, goal.leftX, goal.leftY, h1, r);
        if (lrl.length < best.length) best = lrl;
    }
    if (goal.circleCircleCircle && circleCircleCircleMayWin(best.length, std::hypot(goal.rightX - rx, goal.rightY - ry), r)) {
        const TurningPath rlr = circleCircleCircle(TurnCombination::RightLeftRight, rx, ry, h0, goal.rightX, goal.rightY, h1, r);
        if (rlr.length < best.length) best = rlr;
    }
    return best;
}

namespace {

// The lengths' arithmetic, written once for one lane (V = double, M = bool) or four side by side
// (Lanes, LaneMask), without branches (selects): the processor could not predict them.

/// angleOf, the same polynomial by Estrin's scheme: pairs of terms side by side, so four dependent
/// multiply-adds instead of Horner's nine (the lengths wait on these angles).
template <class V>
TRACKWRIGHT_LANES_INLINE V anglesOf(V y, V x) {
    const V ax = select(lessThan(x, 0.0), -x, x), ay = select(lessThan(y, 0.0), -y, y);
    const auto xBigger = greaterThan(ax, ay);
    const V big = select(xBigger, ax, ay), small = select(xBigger, ay, ax);
    const auto nonZero = greaterThan(big, 0.0);
    const V t = select(nonZero, small / select(nonZero, big, 1.0), 0.0);
    const V t2 = t * t, t4 = t2 * t2, t8 = t4 * t4;
    const V p01 = 1.0 - 0.3333314528 * t2, p23 = 0.1999355085 - 0.1420889944 * t2;
    const V p45 = 0.1065626393 - 0.0752896400 * t2, p67 = 0.0429096138 - 0.0161657367 * t2;
    const V p03 = p01 + p23 * t4, p47 = p45 + p67 * t4;
    V a = t * (p03 + t8 * (p47 + 0.0028662257 * t8));
    a = select(greaterThan(ay, ax), M_PI / 2.0 - a, a);
    a = select(lessThan(x, 0.0), M_PI - a, a);
    return select(lessThan(y, 0.0), -a, a);
}

/// turned() for angles within (−4π, 4π).
template <class V>
TRACKWRIGHT_LANES_INLINE V turnedNear(V angle) {
    V a = select(lessThan(angle, 0.0), angle + kTwoPi, angle);
    a = select(lessThan(a, 0.0), a + kTwoPi, a);
    a = select(greaterEqual(a, kTwoPi), a - kTwoPi, a);
    return select(greaterThan(a, kTwoPi - 1e-9), 0.0, a);
}

/// A circle–line–circle path from a start circle to a goal circle whose centres V = (vx, vy) apart
/// (combine()'s derivation), first half: whether it exists, its straight, and the straight's
/// direction as a vector. Same-handed circles: V's own. Inner tangents: V turned by ±β with
/// cos β = straight/|V| and sin β = 2r/|V| — turned as a vector, so one angle per path (an angle
/// for β and a second for V's direction would put two arctangents in a row).
template <class V, class M>
TRACKWRIGHT_LANES_INLINE void circleLineCircleTangent(V vx, V vy, M sameHanded, V tangentSign, double r, M& exists, V& straight, V& tangentX, V& tangentY) {
    const V d2 = vx * vx + vy * vy;
    const V inner = d2 - 4.0 * r * r;
    exists = sameHanded | greaterEqual(inner, 0.0);
    straight = sqrtOf(select(sameHanded, d2, select(greaterThan(inner, 0.0), inner, 0.0)));
    const V along = select(sameHanded, 1.0, straight), across = tangentSign * 2.0 * r;
    tangentX = vx * along - vy * across;
    tangentY = vy * along + vx * across;
}

/// Second half, with the straight's direction `toward` as an angle: the length, +infinity where
/// the path does not exist.
template <class V, class M>
TRACKWRIGHT_LANES_INLINE V circleLineCircleLength(M exists, M sameHanded, V straight, V toward, V firstSign, V secondSign, double r, double h0, double h1) {
    // Same-handed circles that coincide: one arc, the tangent taken along the start heading.
    const M coincide = sameHanded & lessEqual(straight, 1e-9);
    const V t = select(coincide, h0, toward);
    return select(exists, r * (turnedNear(firstSign * (t - h0)) + turnedNear(secondSign * (h1 - t))) + straight, kInfinity);
}

/// A circle–circle–circle word (circleCircleCircle()) on outer circles `d` apart, V's direction
/// `between`, the middle circle's centre off that line by ±`beta`; sigma +1 left–right–left, −1
/// right–left–right. +infinity where it does not exist.
template <class V>
TRACKWRIGHT_LANES_INLINE V circleCircleCircleLength(V between, V beta, V d, V sigma, V side, double r, double h0, double h1) {
    const V u1 = between + side * beta, u2 = between - side * beta;  // c1 → c3, c3 → c2
    const V phi1 = u1 + sigma * M_PI / 2.0, phi2 = u2 - sigma * M_PI / 2.0;
    const V length = r * (turnedNear(sigma * (phi1 - h0)) + turnedNear(sigma * (phi1 - phi2)) + turnedNear(sigma * (h1 - phi2)));
    return select(lessEqual(d, 4.0 * r) & greaterEqual(d, 1e-9), length, kInfinity);
}

inline double smallestOf(const double (&v)[4]) {
    double smallest = kInfinity;
    for (const double x : v) smallest = x < smallest ? x : smallest;
    return smallest;
}

/// A heading wrapped to (−π, π], so every difference the lengths take stays within turnedNear's range.
inline double wrappedHeading(double heading) {
    return heading > M_PI || heading <= -M_PI ? M_PI - turned(M_PI - heading) : heading;
}

/// shortestTurningLength, its four lanes one after another or (kVector) side by side.
template <bool kVector>
TRACKWRIGHT_LANES_INLINE double shortestLength(const PlanPose& from, double c, double s, const TurningGoal& goal) {
    const double r = goal.radius;
    if (!(r > 0.0)) return std::hypot(goal.pose.x - from.x, goal.pose.y - from.y);
    // The same lengths as shortestTurningPath, all four (or six) and without branches: the search
    // evaluates this for nearly every child, and the branch-and-bound's data-dependent branches cost
    // more than the lengths they skipped (84 against 106 ns per evaluation, BM_PlanHeuristic).
    const double lx = from.x - r * s, ly = from.y + r * c;
    const double rx = from.x + r * s, ry = from.y - r * c;
    const double h0 = wrappedHeading(from.heading), h1 = wrappedHeading(goal.pose.heading);
    // Lanes: left–left, right–right, left–right, right–left; V from the start circle's centre to the goal's.
    const double vx[4] = {goal.leftX - lx, goal.rightX - rx, goal.rightX - lx, goal.leftX - rx};
    const double vy[4] = {goal.leftY - ly, goal.rightY - ry, goal.rightY - ly, goal.leftY - ry};
    static constexpr bool kSameHanded[4] = {true, true, false, false};
    static constexpr double kFirstSign[4] = {1.0, -1.0, 1.0, -1.0};   // the first arc turns left (+) or right (−)
    static constexpr double kSecondSign[4] = {1.0, -1.0, -1.0, 1.0};  // the second arc, likewise
    static constexpr double kTangentSign[4] = {0.0, 0.0, 1.0, -1.0};
    // The lengths in three steps, each over all four paths before the next: the processor overlaps
    // the paths' long chains of arithmetic.
    double length[4], straight[4];
    if constexpr (kVector) {
#if TRACKWRIGHT_VECTOR_LANES
        const LaneMask sameHanded = laneMask(kSameHanded);
        LaneMask exists;
        Lanes straights, tangentX, tangentY;
        circleLineCircleTangent(lanes(vx), lanes(vy), sameHanded, lanes(kTangentSign), r, exists, straights, tangentX, tangentY);
        const Lanes toward = anglesOf(tangentY, tangentX);
        store(circleLineCircleLength(exists, sameHanded, straights, toward, lanes(kFirstSign), lanes(kSecondSign), r, h0, h1), length);
        store(straights, straight);
#endif
    } else {
        bool exists[4];
        double tangentX[4], tangentY[4], toward[4];
        for (int k = 0; k < 4; ++k) circleLineCircleTangent(vx[k], vy[k], kSameHanded[k], kTangentSign[k], r, exists[k], straight[k], tangentX[k], tangentY[k]);
        for (int k = 0; k < 4; ++k) toward[k] = anglesOf(tangentY[k], tangentX[k]);
        for (int k = 0; k < 4; ++k)
            length[k] = circleLineCircleLength(exists[k], kSameHanded[k], straight[k], toward[k], kFirstSign[k], kSecondSign[k], r, h0, h1);
    }
    const double best = smallestOf(length);
    if (!goal.circleCircleCircle) return best;
    // Dubins's left–right–left and right–left–right, each with its middle circle on either side of
    // the line between the outer centres.
    const double ll = straight[0], rr = straight[1];
    if (!circleCircleCircleMayWin(best, ll, r) && !circleCircleCircleMayWin(best, rr, r)) return best;
    const double alongL = std::sqrt(std::max(0.0, 4.0 * r * r - ll * ll / 4.0));
    const double alongR = std::sqrt(std::max(0.0, 4.0 * r * r - rr * rr / 4.0));
    const double angleY[4] = {vy[0], vy[1], alongL, alongR}, angleX[4] = {vx[0], vx[1], ll / 2.0, rr / 2.0};
    // Lanes: left–right–left on the left circles, middle circle on either side; right–left–right on the right ones.
    static constexpr double kSigma[4] = {1.0, 1.0, -1.0, -1.0};
    static constexpr double kSide[4] = {1.0, -1.0, 1.0, -1.0};
    double words[4];
    if constexpr (kVector) {
#if TRACKWRIGHT_VECTOR_LANES
        double angles[4];
        store(anglesOf(lanes(angleY), lanes(angleX)), angles);
        const double between[4] = {angles[0], angles[0], angles[1], angles[1]}, beta[4] = {angles[2], angles[2], angles[3], angles[3]};
        const double d[4] = {ll, ll, rr, rr};
        store(circleCircleCircleLength(lanes(between), lanes(beta), lanes(d), lanes(kSigma), lanes(kSide), r, h0, h1), words);
#endif
    } else {
        double angles[4];
        for (int k = 0; k < 4; ++k) angles[k] = anglesOf(angleY[k], angleX[k]);
        for (int k = 0; k < 4; ++k) {
            const int word = k / 2;
            words[k] = circleCircleCircleLength(angles[word], angles[2 + word], word == 0 ? ll : rr, kSigma[k], kSide[k], r, h0, h1);
        }
    }
    const double shortestWord = smallestOf(words);
    return shortestWord < best ? shortestWord : best;
}

#if TRACKWRIGHT_VECTOR_LANES
// The search spends a quarter of its time in these lengths: where the processor has AVX2, a build
// working on the four lanes in one register runs. Chosen on the first call (a thread-safe static),
// not by an ifunc resolver: those run before the program's sanitizers are set up, and a
// ThreadSanitizer build of the runtime crashed at load in one.
__attribute__((target("avx2"))) double lengthWithAvx2(const PlanPose& from, double c, double s, const TurningGoal& goal) {
    return shortestLength<true>(from, c, s, goal);
}
double lengthOnThisMachine(const PlanPose& from, double c, double s, const TurningGoal& goal) {
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2 ? lengthWithAvx2(from, c, s, goal) : shortestLength<false>(from, c, s, goal);
}
#else
double lengthOnThisMachine(const PlanPose& from, double c, double s, const TurningGoal& goal) { return shortestLength<false>(from, c, s, goal); }
#endif

} // namespace

double shortestTurningLength(const PlanPose& from, double c, double s, const TurningGoal& goal) { return lengthOnThisMachine(from, c, s, goal); }

double shortestTurningLengthOneLaneAtATime(const PlanPose& from, double c, double s, const TurningGoal& goal) {
    return shortestLength<false>(from, c, s, goal);
}

double turningDistance(const PlanPose& from, const PlanPose& to, double radius, bool withCircleCircleCircle) {
    return shortestTurningPath(from, std::cos(from.heading), std::sin(from.heading), makeTurningGoal(to, radius, withCircleCircleCircle)).length;
}

TurningPath turningPath(const PlanPose& from, const PlanPose& to, double r, TurnCombination combination) {
    return turningPath(from, std::cos(from.heading), std::sin(from.heading), to, std::cos(to.heading), std::sin(to.heading), r, combination);
}

TurningPath turningPath(const PlanPose& from, double c, double s, const PlanPose& to, double cosTo, double sinTo, double r,
                        TurnCombination combination) {
    // makeTurningGoal's circles, from the cosine and sine given.
    TurningGoal g;
    g.leftX = to.x - r * sinTo;
    g.leftY = to.y + r * cosTo;
    g.rightX = to.x + r * sinTo;
    g.rightY = to.y - r * cosTo;
    const bool startLeft = combination == TurnCombination::LeftLeft || combination == TurnCombination::LeftRight ||
                           combination == TurnCombination::LeftRightLeft;
    const bool goalLeft = combination == TurnCombination::LeftLeft || combination == TurnCombination::RightLeft ||
                          combination == TurnCombination::LeftRightLeft;
    const double x1 = startLeft ? from.x - r * s : from.x + r * s;
    const double y1 = startLeft ? from.y + r * c : from.y - r * c;
    const double x2 = goalLeft ? g.leftX : g.rightX, y2 = goalLeft ? g.leftY : g.rightY;
    if (combination == TurnCombination::LeftRightLeft || combination == TurnCombination::RightLeftRight)
        return circleCircleCircle(combination, x1, y1, from.heading, x2, y2, to.heading, r);
    return combine(combination, x1, y1, from.heading, x2, y2, to.heading, r);
}

} // namespace trackwright
