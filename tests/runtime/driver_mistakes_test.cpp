// A driver's mistakes (issue 50): kinds a player recognises, at documented rates per lap that fall
// with strength and composure, deterministic for a seed, never leaving the car stuck.

#include "trackwright/traffic/driver_mistakes.h"
#include "bake/sim/simulated_car.h"
#include "tests/support/race_cars.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using trackwright::DriverProfile;
using trackwright::MistakeKind;
using trackwright::MistakeSchedule;

DriverProfile driver(float strength, float mistakes = 1.0f) {
    DriverProfile d;
    d.strength = strength;
    d.mistakes = mistakes;
    return d;
}

float rate(MistakeKind kind, const DriverProfile& d, bool pressed = false) { return trackwright::mistakeRate(kind, d, pressed); }

constexpr MistakeKind kKinds[] = {MistakeKind::LateBraking, MistakeKind::LockUp, MistakeKind::MissedApex, MistakeKind::Slide};

} // namespace

TEST(DriverMistakes, RatesFallWithStrengthAndComposureAndAreNoneWhenOff) {
    for (const MistakeKind kind : kKinds) {
        const int k = static_cast<int>(kind);
        EXPECT_FLOAT_EQ(rate(kind, driver(1.0f)), trackwright::kBaseMistakeRates[k]) << "the documented rate";
        EXPECT_FLOAT_EQ(rate(kind, driver(0.8f)), 5.0f * trackwright::kBaseMistakeRates[k]);
        EXPECT_GT(rate(kind, driver(0.7f)), rate(kind, driver(0.9f)));
        EXPECT_EQ(rate(kind, driver(0.8f, 0.0f)), 0.0f) << "mistakes 0 makes none";
        EXPECT_FLOAT_EQ(rate(kind, driver(0.8f, 2.0f)), 2.0f * rate(kind, driver(0.8f)));
        DriverProfile calm = driver(0.8f), nervous = driver(0.8f);
        calm.composure = 1.0f;
        nervous.composure = 0.0f;
        EXPECT_FLOAT_EQ(rate(kind, calm, true), rate(kind, calm)) << "composure 1 never cracks";
        EXPECT_FLOAT_EQ(rate(kind, nervous, true), 3.0f * rate(kind, nervous));
        EXPECT_GT(rate(kind, nervous, true), rate(kind, calm, true));
    }
    DriverProfile smooth = driver(0.8f), rough = driver(0.8f);
    smooth.smoothness = 1.0f;
    rough.smoothness = 0.0f;
    EXPECT_LT(rate(MistakeKind::LockUp, smooth), rate(MistakeKind::LockUp, rough));
    EXPECT_LT(rate(MistakeKind::Slide, smooth), rate(MistakeKind::Slide, rough));
    EXPECT_EQ(rate(MistakeKind::LateBraking, smooth), rate(MistakeKind::LateBraking, rough)) << "smoothness is the hands, not the judgement";
    EXPECT_EQ(trackwright::mistakeKindName(MistakeKind::LockUp), "lock-up");
}

TEST(DriverMistakes, CornersAreTheFallsIntoASlowestPointNotTheRipples) {
    // A 1 km closed lap: a hairpin at 0 m, a 20 m/s corner at 500 m, a 3 % dip at 750 m.
    std::vector<float> hints, distances;
    for (int i = 0; i < 200; ++i) {
        const float s = 5.0f * static_cast<float>(i);
        float h = std::min({std::sqrt(144.0f + 11.0f * s), std::sqrt(144.0f + 24.0f * (1000.0f - s)), 60.0f});
        h = std::min(h, std::sqrt(400.0f + 24.0f * std::abs(s - 500.0f)));
        if (i == 150) h *= 0.97f;
        hints.push_back(h);
        distances.push_back(s);
    }
    trackwright::LineHints line;
    line.hints = hints.data();
    line.distances = distances.data();
    line.count = 200;
    line.length = 1000.0f;
    line.closed = true;
    const trackwright::StrengthPlan plan = trackwright::planStrength(line, trackwright::vehiclePreset(trackwright::VehiclePreset::Car), 0.85f, 1.0f);
    const std::vector<trackwright::LineCorner> corners = trackwright::lineCorners(line, plan);
    ASSERT_EQ(corners.size(), 2u);
    EXPECT_EQ(corners[0].apex, 0u);
    EXPECT_GT(corners[0].braking, 150u) << "braking from the end of the lap into the hairpin";
    EXPECT_EQ(corners[1].apex, 100u);
    EXPECT_LT(corners[1].braking, 100u);
    EXPECT_GT(corners[1].exit, 100u);

    const std::vector<float> flat(200, 60.0f);
    line.hints = flat.data();
    EXPECT_TRUE(trackwright::lineCorners(line, plan).empty()) << "a line run flat out has no corner to make a mistake in";
}

TEST(DriverMistakes, TheScheduleMakesEachKindAtItsRateNotLikeClockwork) {
    const DriverProfile d = driver(0.8f);
    constexpr int kCorners = 12, kLaps = 10000;
    MistakeSchedule schedule;
    schedule.start(42);
    int made[trackwright::kMistakeKinds] = {};
    std::vector<int> gaps;
    int last = 0;
    for (int c = 0; c < kCorners * kLaps; ++c) {
        const int kind = schedule.atCorner(d, kCorners, false);
        if (kind == MistakeSchedule::kNone) continue;
        ++made[kind];
        if (kind == static_cast<int>(MistakeKind::MissedApex)) gaps.push_back(c - last), last = c;
    }
    for (const MistakeKind kind : kKinds)
        EXPECT_NEAR(made[static_cast<int>(kind)], rate(kind, d) * kLaps, 0.05 * rate(kind, d) * kLaps) << trackwright::mistakeKindName(kind);
    ASSERT_GT(gaps.size(), 10u);
    EXPECT_GT(*std::max_element(gaps.begin() + 1, gaps.end()), *std::min_element(gaps.begin() + 1, gaps.end()) + kCorners);

    // The same seed, the same mistakes; another seed, others.
    MistakeSchedule a, b, c;
    a.start(7);
    b.start(7);
    c.start(8);
    int differ = 0;
    for (int k = 0; k < kCorners * 50; ++k) {
        const int x = a.atCorner(d, kCorners, false), y = b.atCorner(d, kCorners, false), z = c.atCorner(d, kCorners, false);
        EXPECT_EQ(x, y);
        differ += x != z;
    }
    EXPECT_GT(differ, 0);
}

namespace {

/// A car of strength `strength` making `mistakes` times the documented mistakes for `laps` laps of
/// `track` on the reference physics.
struct MistakeRun {
    trackwright::MistakeTally tally;
    int laps = 0, stuckEvents = 0, teleports = 0;
    std::size_t corners = 0;
    std::vector<double> lapTimes;
};

MistakeRun driveWithMistakes(const trackwright::BakedTrack& track, float strength, float mistakes, int laps, std::uint64_t seed) {
    bake::CarSetup setup;
    DriverProfile d = driver(strength, mistakes);
    d.seed = seed;
    d.consistency = 1.0f;
    d.reactionTime = 0.0f;
    setup.driver = d;
    bake::SimulatedCar car(track, setup);
    while (static_cast<int>(car.totals().lapTimes.size()) < laps && car.time() < 400.0 * laps) car.step(1.0 / 60.0);
    MistakeRun run;
    run.tally = car.mistakeTally();
    run.laps = static_cast<int>(car.totals().lapTimes.size());
    run.stuckEvents = car.stuckStats().events;
    run.teleports = car.totals().teleports;
    run.lapTimes = car.totals().lapTimes;
    return run;
}

} // namespace

// The figure: over 100 laps each kind comes within ±25 % of its documented rate, and no
// mistake leaves the car stuck or needing a teleport.
TEST(DriverMistakes, OverAHundredLapsOfAKartTrackEachKindComesAtItsRateAndNoneStrandsTheCar) {
    const trackwright::BakedTrack& track = tw::test::bakedKart().track;
    const DriverProfile d = driver(0.8f, 2.0f);
    const MistakeRun run = driveWithMistakes(track, 0.8f, 2.0f, 100, 3);
    ASSERT_EQ(run.laps, 100);
    EXPECT_EQ(run.stuckEvents, 0);
    EXPECT_EQ(run.teleports, 0);
    for (const MistakeKind kind : kKinds) {
        const double expected = rate(kind, d) * 100.0;
        EXPECT_NEAR(run.tally.made[static_cast<int>(kind)], expected, 0.25 * expected) << trackwright::mistakeKindName(kind);
    }
}

TEST(DriverMistakes, AMistakeCostsTimeOnTheLapItIsMadeOn) {
    const trackwright::BakedTrack& track = tw::test::bakedKart().track;
    const MistakeRun clean = driveWithMistakes(track, 0.9f, 0.0f, 12, 5);
    const MistakeRun mistaken = driveWithMistakes(track, 0.9f, 4.0f, 12, 5);
    ASSERT_EQ(clean.laps, 12);
    ASSERT_EQ(mistaken.laps, 12);
    EXPECT_EQ(clean.tally.total(), 0u);
    EXPECT_GE(mistaken.tally.total(), 5u);
    double cleanTime = 0.0, mistakenTime = 0.0;
    for (int k = 1; k < 12; ++k) cleanTime += clean.lapTimes[k], mistakenTime += mistaken.lapTimes[k];
    EXPECT_GT(mistakenTime, cleanTime * 1.005) << "mistakes lose time";
    EXPECT_LT(mistakenTime, cleanTime * 1.2) << "…not whole laps";
}
