// The shots' words whose circles differ (issue 28): three circles of any radii, a spiral into the
// middle one, a straight into a spiral before the last one. Each must end exactly at the goal pose,
// or the search's path would not.

#include "runtime/plan/plan_shot_geometry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

namespace {

using trackwright::PlanState;
using trackwright::TurnCombination;
using trackwright::TurningPath;
using namespace trackwright::plan_shot;

trackwright::PlanVehicle thesisCar() { return trackwright::carPlanVehicle(6.0f, 15.0f, 1.5f, 5.0f, 13.8f); }  // §5.1

/// A chain's arcs, in order, for driveTo.
void appendChain(std::vector<std::pair<double, double>>& arcs, const ArcChain& chain) {
    for (int i = 0; i < chain.count; ++i) arcs.emplace_back(chain.radius[i], chain.turn[i]);
}

/// How far from its goal driving `arcs` (radius, signed turn; radius 0: a straight of `turn`
/// metres) from the start of `ends` ends: metres and radians.
struct Miss {
    double distance, heading;
};
Miss driveTo(const ShotEnds& ends, const std::vector<std::pair<double, double>>& arcs) {
    ShotEnds walked = ends;
    for (const auto& [radius, turn] : arcs) {
        if (radius == 0.0) {
            walked.leadInto(turn, ArcChain{});
            continue;
        }
        ArcChain one;
        one.count = 1;
        one.radius[0] = radius;
        one.turn[0] = turn;
        walked.leadInto(0.0, one);
    }
    const double heading = std::remainder(static_cast<double>(walked.a.heading) - ends.b.heading, 2.0 * M_PI);
    return {std::hypot(walked.a.x - ends.b.x, walked.a.y - ends.b.y), std::abs(heading)};
}

ShotEnds randomEnds(std::mt19937& random) {
    std::uniform_real_distribution<double> position(-40.0, 40.0), heading(-M_PI, M_PI);
    const PlanState from{0.0f, 0.0f, static_cast<float>(heading(random)), 5.0f};
    const PlanState goal{static_cast<float>(position(random)), static_cast<float>(position(random)), static_cast<float>(heading(random)), 10.0f};
    return ShotEnds(from, goal, 1);
}

TEST(ShotGeometry, ThreeCirclesOfAnyRadiiEndAtTheGoalWithOrWithoutASpiralIntoTheMiddleOne) {
    std::mt19937 random(11);
    std::uniform_real_distribution<double> radius(5.0, 15.0);
    const trackwright::PlanVehicle car = thesisCar();
    int words = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const ShotEnds ends = randomEnds(random);
        const double r1 = radius(random), r2 = radius(random), r3 = radius(random);
        for (const bool left : {true, false})
            for (const int side : {1, -1})
                for (const bool spiralled : {false, true}) {
                    ArcChain middleLead;
                    if (spiralled) {
                        middleLead = spiral(car, 8.0, 11.0, car.maxAcceleration);
                        if (left)  // the middle circle turns the other way
                            for (int i = 0; i < middleLead.count; ++i) middleLead.turn[i] = -middleLead.turn[i];
                    }
                    TurningPath path;
                    if (!circleCircleCircleOf(ends, r1, middleLead, r2, r3, left, side, path)) continue;
                    ++words;
                    const double s = left ? 1.0 : -1.0;
                    std::vector<std::pair<double, double>> arcs{{r1, s * path.firstArc}};
                    appendChain(arcs, middleLead);
                    arcs.insert(arcs.end(), {{r2, -s * path.middleArc}, {r3, s * path.secondArc}});
                    const Miss miss = driveTo(ends, arcs);
                    EXPECT_LT(miss.distance, 1e-3) << "trial " << trial;
                    EXPECT_LT(miss.heading, 1e-4) << "trial " << trial;
                    EXPECT_NEAR(path.length, r1 * path.firstArc + middleLead.length() + r2 * path.middleArc + r3 * path.secondArc, 1e-9);
                }
    }
    EXPECT_GT(words, 400);
}

TEST(ShotGeometry, EqualRadiiWithoutASpiralAreDubinsOwnWordOrAShorterOne) {
    std::mt19937 random(5);
    int compared = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const ShotEnds ends = randomEnds(random);
        for (const TurnCombination word : {TurnCombination::LeftRightLeft, TurnCombination::RightLeftRight}) {
            const TurningPath dubins = trackwright::turningPath(ends.a, ends.cosA, ends.sinA, ends.b, ends.cosB, ends.sinB, 12.0, word);
            TurningPath path;
            const bool exists = circleCircleCircleOf(ends, 12.0, ArcChain{}, 12.0, 12.0, startsLeft(word), 0, path);
            EXPECT_EQ(exists, std::isfinite(dubins.length)) << "trial " << trial;
            if (!exists || !std::isfinite(dubins.length)) continue;
            ++compared;
            EXPECT_LE(path.length, dubins.length + 1e-6);
        }
    }
    EXPECT_GT(compared, 20);
}

TEST(ShotGeometry, SpiralsOutOfTheFirstCircleAndOntoTheLastOneEndAtTheGoal) {
    // The way out of a first turn taken at its slowest (a spiral gathering speed as it widens) and
    // the way into the last (a spiral braking as it tightens), each on its circle's hand, alone or
    // both, around the straight between them.
    std::mt19937 random(3);
    const trackwright::PlanVehicle car = thesisCar();
    int words = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const ShotEnds ends = randomEnds(random);
        for (const TurnCombination word : {TurnCombination::LeftLeft, TurnCombination::RightRight, TurnCombination::LeftRight, TurnCombination::RightLeft})
            for (const int chains : {1, 2, 3}) {
                const double s1 = startsLeft(word) ? 1.0 : -1.0, s2 = endsLeft(word) ? 1.0 : -1.0;
                ArcChain exit, brake;
                if (chains & 1) {  // out of the first circle: 7 → 11 m/s
                    exit = spiral(car, 7.0, 11.0, car.maxAcceleration);
                    for (int i = 0; i < exit.count; ++i) exit.turn[i] *= s1;
                }
                if (chains & 2) {  // onto the last circle: 13 → 8 m/s
                    brake = spiral(car, 13.0, 8.0, car.maxDeceleration);
                    for (int i = 0; i < brake.count; ++i) brake.turn[i] *= s2;
                }
                const double r1 = radiusFor(car, 7.0), r2 = radiusFor(car, 8.0);
                TurningPath path;
                if (!circleStraightCircleVia(ends, r1, startsLeft(word), exit, brake, r2, endsLeft(word), path)) continue;
                ++words;
                EXPECT_GE(path.straight, 0.0);
                std::vector<std::pair<double, double>> arcs{{r1, s1 * path.firstArc}};
                appendChain(arcs, exit);
                arcs.emplace_back(0.0, path.straight);
                appendChain(arcs, brake);
                arcs.emplace_back(r2, s2 * path.secondArc);
                const Miss miss = driveTo(ends, arcs);
                EXPECT_LT(miss.distance, 1e-3) << "trial " << trial << ", chains " << chains;
                EXPECT_LT(miss.heading, 1e-4) << "trial " << trial << ", chains " << chains;
                EXPECT_NEAR(path.length, r1 * path.firstArc + exit.length() + path.straight + brake.length() + r2 * path.secondArc, 1e-9);
            }
    }
    EXPECT_GT(words, 1000);
}

} // namespace
