#include "runtime/plan/plan_shot_geometry.h"

#include "runtime/plan/plan_angles.h"

#include <algorithm>
#include <limits>

namespace trackwright::plan_shot {

double arcSpeedCap(const PlanVehicle& v, double radius, double topSpeed) {
    double cap = topSpeed;
    if (v.maxLateralAcceleration > 0.0f) cap = std::min(cap, std::sqrt(static_cast<double>(v.maxLateralAcceleration) * radius));
    if (v.maxTurnRate > 0.0f) cap = std::min(cap, static_cast<double>(v.maxTurnRate) * radius);
    return cap;
}

double radiusFor(const PlanVehicle& v, double speed) {
    double r = v.turningRadius;
    if (v.maxLateralAcceleration > 0.0f) r = std::max(r, speed * speed / v.maxLateralAcceleration);
    if (v.maxTurnRate > 0.0f) r = std::max(r, speed / v.maxTurnRate);
    return r;
}

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

void arcsOf(const ShotEnds& e, const Tangent& tangent, double r1, bool left1, double r2, bool left2, TurningPath& path) {
    const double t = tangent.norm == 0.0 ? e.b.heading : angleOf(tangent.dy, tangent.dx);
    path.straight = tangent.straight;
    path.firstArc = left1 ? turned(t - e.a.heading) : turned(e.a.heading - t);
    path.secondArc = left2 ? turned(e.b.heading - t) : turned(t - e.b.heading);
    path.middleArc = 0.0;
    path.length = r1 * path.firstArc + path.straight + r2 * path.secondArc;
}

namespace {

/// A floor under turned(θ) from θ's cosine and sine, without an angle: on [0, π] the angle is at
/// least its sine and 1 − its cosine, beyond π it is π more than those of θ − π (less a hair for
/// the angles' rounding; just below a full turn, turned's no turn).
double turnedFloor(double c, double s) {
    const double floor = s > -1e-6 ? std::max(s, 1.0 - c) : M_PI + std::max(-s, 1.0 + c);
    return std::max(0.0, floor - 1e-6);
}

} // namespace

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

bool circleStraightCircle(const ShotEnds& e, double r1, bool left1, double r2, bool left2, double overlap, TurningPath& path) {
    Tangent tangent;
    if (!tangentOf(e, r1, left1, r2, left2, overlap, tangent)) return false;
    arcsOf(e, tangent, r1, left1, r2, left2, path);
    return true;
}

bool circleStraightCircleVia(const ShotEnds& e, double r1, bool left1, const ArcChain& afterFirst, const ArcChain& beforeLast, double r2, bool left2,
                             TurningPath& path) {
    const double s1 = left1 ? 1.0 : -1.0, s2 = left2 ? 1.0 : -1.0;
    // Each chain walked from the origin heading along +x: where it ends and how far it turns.
    auto walk = [](const ArcChain& chain, double& x, double& y, double& turn) {
        ShotEnds local;
        local.a = {0.0f, 0.0f, 0.0f};
        local.cosA = 1.0, local.sinA = 0.0;
        local.leadInto(0.0, chain);
        x = local.a.x, y = local.a.y, turn = local.a.heading;
    };
    double ax = 0.0, ay = 0.0, psiA = 0.0, bx = 0.0, by = 0.0, psiB = 0.0;
    walk(afterFirst, ax, ay, psiA);
    walk(beforeLast, bx, by, psiB);
    // The first centre from the straight's start, the last from its end, in the straight's frame.
    const double firstT = -ax * std::cos(psiA) + (s1 * r1 - ay) * std::sin(psiA), firstN = ax * std::sin(psiA) + (s1 * r1 - ay) * std::cos(psiA);
    const double lastT = bx - s2 * r2 * std::sin(psiB), lastN = by + s2 * r2 * std::cos(psiB);
    const double c1x = e.a.x - s1 * r1 * e.sinA, c1y = e.a.y + s1 * r1 * e.cosA;
    const double c2x = e.b.x - s2 * r2 * e.sinB, c2y = e.b.y + s2 * r2 * e.cosB;
    const double vx = c2x - c1x, vy = c2y - c1y, k = lastN - firstN;
    const double squared = vx * vx + vy * vy - k * k;
    if (!(squared >= 0.0)) return false;
    const double along = std::sqrt(squared);
    path.straight = along - (lastT - firstT);
    if (path.straight < 0.0) return false;
    const double t = angleOf(vy * along - vx * k, vx * along + vy * k);
    path.firstArc = left1 ? turned(t - psiA - e.a.heading) : turned(e.a.heading - t + psiA);
    path.secondArc = left2 ? turned(e.b.heading - t - psiB) : turned(t + psiB - e.b.heading);
    path.middleArc = 0.0;
    path.length = r1 * path.firstArc + afterFirst.length() + path.straight + beforeLast.length() + r2 * path.secondArc;
    return true;
}

bool circleCircleCircleOf(const ShotEnds& e, double r1, const ArcChain& middleLead, double r2, double r3, bool left, int middleSide,
                          TurningPath& path) {
    const double s = left ? 1.0 : -1.0;
    // The chain walked from the origin heading along +x: where it ends and how far it turns.
    ShotEnds local;
    local.a = {0.0f, 0.0f, 0.0f};
    local.cosA = 1.0, local.sinA = 0.0;
    local.leadInto(0.0, middleLead);
    const double px = local.a.x, py = local.a.y, psi = local.a.heading;
    const double mx = px + s * r2 * std::sin(psi), my = py - s * r1 - s * r2 * std::cos(psi);
    const double c1x = e.a.x - s * r1 * e.sinA, c1y = e.a.y + s * r1 * e.cosA;
    const double c3x = e.b.x - s * r3 * e.sinB, c3y = e.b.y + s * r3 * e.cosB;
    const double rho1 = std::sqrt(mx * mx + my * my), rho3 = r2 + r3;
    const double dx = c3x - c1x, dy = c3y - c1y, d2 = dx * dx + dy * dy, d = std::sqrt(d2);
    if (!(d > 1e-9) || d > rho1 + rho3 || d < std::abs(rho1 - rho3)) return false;
    const double along = (rho1 * rho1 - rho3 * rho3 + d2) / (2.0 * d), across = std::sqrt(std::max(0.0, rho1 * rho1 - along * along));
    const double ux = dx / d, uy = dy / d, chainLength = middleLead.length();
    const double offsetAngle = angleOf(my, mx);
    path.length = std::numeric_limits<double>::infinity();
    for (const double side : {1.0, -1.0}) {
        if (middleSide != 0 && side != middleSide) continue;
        const double c2x = c1x + along * ux - side * across * uy, c2y = c1y + along * uy + side * across * ux;
        const double heading1 = angleOf(c2y - c1y, c2x - c1x) - offsetAngle;
        const double bx = (c3x - c2x) / rho3, by = (c3y - c2y) / rho3;
        const double heading2 = angleOf(-s * bx, s * by);
        const double first = turned(s * (heading1 - e.a.heading)), middle = turned(-s * (heading2 - (heading1 + psi))),
                     last = turned(s * (e.b.heading - heading2));
        const double length = r1 * first + chainLength + r2 * middle + r3 * last;
        if (!(length < path.length)) continue;
        path.combination = left ? TurnCombination::LeftRightLeft : TurnCombination::RightLeftRight;
        path.firstArc = first;
        path.middleArc = middle;
        path.secondArc = last;
        path.straight = 0.0;
        path.length = length;
    }
    return std::isfinite(path.length);
}

bool shotPath(const ShotEnds& e, TurnCombination word, double firstRadius, double middleRadius, double lastRadius, double overlap, TurningPath& path,
              int middleSide, const ArcChain& middleLead, const ArcChain& firstExit) {
    if (circleCircleCircle(word)) {
        if (firstRadius <= 0.0 || middleRadius <= 0.0 || lastRadius <= 0.0) return false;
        if (firstRadius != lastRadius || middleRadius != firstRadius || middleSide != 0 || middleLead.count > 0)
            return circleCircleCircleOf(e, firstRadius, middleLead, middleRadius, lastRadius, startsLeft(word), middleSide, path);
        // Both outer circles have the first turn's hand; a middle circle touches both only when
        // their centres are at most 4r apart (checked here, before turningPath's sines and cosines).
        const double side = startsLeft(word) ? firstRadius : -firstRadius;
        const double dx = (e.b.x - side * e.sinB) - (e.a.x - side * e.sinA), dy = (e.b.y + side * e.cosB) - (e.a.y + side * e.cosA);
        if (dx * dx + dy * dy > 16.0 * firstRadius * firstRadius) return false;
        path = turningPath(e.a, e.cosA, e.sinA, e.b, e.cosB, e.sinB, firstRadius, word);
        return std::isfinite(path.length);
    }
    if (middleLead.count > 0 || firstExit.count > 0)
        return circleStraightCircleVia(e, firstRadius, startsLeft(word), firstExit, middleLead, lastRadius, endsLeft(word), path);
    return circleStraightCircle(e, firstRadius, startsLeft(word), lastRadius, endsLeft(word), overlap, path);
}

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

} // namespace trackwright::plan_shot
