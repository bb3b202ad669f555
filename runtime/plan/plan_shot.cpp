#include "trackwright/plan/plan_shot.h"

#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_traversal_time.h"

#include "runtime/plan/plan_reeds_shepp.h"
#include "runtime/plan/plan_shot_build.h"
#include "runtime/plan/plan_shot_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trackwright {

using namespace plan_shot;

namespace {

/// Radii a try weighs for either circle (ShotOptions::radii).
constexpr int kMaxRadii = 4;
constexpr double kTailTurns[] = {M_PI / 2.0, -M_PI / 2.0, M_PI, -M_PI};  ///< final arcs at the goal's speed, left positive
/// Candidate::tail: 0 none, kTailStraight, kTailStraight + 1 + a kTailTurns index, or a spiral:
/// kFirstSpiral + 2 · (its ShotOptions::spirals index) + (0 left, 1 right).
constexpr int kTailStraight = 1;
constexpr int kFirstSpiral = kTailStraight + 1 + static_cast<int>(std::size(kTailTurns));
constexpr int kMaxSpirals = 2;
/// Tail spirals: the two whole ones, and partial ones from the tightest circle (see ShotOptions).
constexpr int kMaxTailSpirals = 6;

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
    if (circleCircleCircle(kWords[c.word])) shape.middleRadius = shape.firstRadius;
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
                                if (!shotPath(inner, word, o.radii[r1], o.radii[r1], o.radii[r2], tolerance.position, path)) continue;
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
        return shotPath(o.ends.inner(parts.lead, parts.leadChain, parts.tail, parts.chain), word, o.radii[c.firstRadius], o.radii[c.firstRadius],
                        o.radii[c.lastRadius], tolerance.position, built) &&
               buildShot(vehicle, from, built, word, o.radii[c.firstRadius], o.radii[c.firstRadius], o.radii[c.lastRadius], parts.lead, parts.leadChain, parts.tail, parts.chain,
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

} // namespace trackwright
