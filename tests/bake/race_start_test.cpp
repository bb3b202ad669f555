// Racing in traffic (issue 25), the scenarios of the tight places: a full grid into the first
// chicane, two cars abreast into a hairpin.
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/race.h"
#include "bake/sim/race_grid.h"
#include "bake/sim/race_setup.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/vehicle/starting_grid.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

constexpr double kTick = 1.0 / 60.0;

/// A sample baked with the car preset's class, as `twbake race` bakes it; the setup every car shares.
struct RaceTrack {
    std::unique_ptr<tw::test::BakedSample> baked;
    bake::CarSetup base;
};

RaceTrack raceTrack(const std::string& sample) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + sample).document;
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    RaceTrack out{tw::test::bakeSample(doc), {}};
    out.base = bake::raceCarSetup(out.baked->track);
    return out;
}

/// The line distance of the line's tightest point (largest |curvature|).
double tightestPoint(const trackwright::LineSampler& line) {
    double best = 0.0, bestCurvature = 0.0;
    for (double d = 0.0; d < line.length(); d += 1.0) {
        const float k = std::abs(line.sample(d).curvature);
        if (k > bestCurvature) bestCurvature = k, best = d;
    }
    return best;
}

// Twenty cars from a standing start, two columns, shuffled: the field holds its order into Monza's
// first chicane and every car comes out of it untouched. Drivers spread as a race spreads them.
TEST(RaceStart, TwentyCarsReachTheFirstChicanesExitWithoutContact) {
    const RaceTrack monza = raceTrack("monza.twtrack");
    const trackwright::BakedTrack& track = monza.baked->track;
    // The first chicane: the tightest point of the line within the first 1.5 km.
    const trackwright::LineSampler line(track, monza.base.line, monza.base.vehicleClass);
    double chicane = 0.0, sharpest = 0.0;
    for (double d = 0.0; d < 1500.0; d += 1.0)
        if (std::abs(line.sample(d).curvature) > sharpest) sharpest = std::abs(line.sample(d).curvature), chicane = d;
    ASSERT_GT(sharpest, 1.0 / 40.0) << "no chicane where Monza has one";
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const auto drivers = bake::spreadProfiles(20, seed);
        const auto entries = bake::gridEntries(track, drivers, bake::gridSlots(drivers, bake::GridOrder::Random, seed), monza.base);
        ASSERT_EQ(entries.size(), 20u);
        bake::Race race(track, entries);
        // Until the last car is 100 m past the chicane's tightest point (a minute at most).
        const auto lastOut = [&] {
            double last = 1e9;
            for (std::size_t i = 0; i < race.size(); ++i) last = std::min(last, race.progress(i));
            return last > chicane + 100.0;
        };
        while (!lastOut() && race.time() < 60.0) race.step(kTick);
        EXPECT_TRUE(lastOut()) << "seed " << seed << ": not every car got through the chicane in a minute";
        EXPECT_EQ(race.contacts().rear + race.contacts().side, 0) << "seed " << seed << ": first contact at "
                                                                 << (race.contacts().episodes.empty() ? 0.0 : race.contacts().episodes[0].time) << " s";
    }
}

// Two cars abreast, 2.2 m apart across, 90 m before the kart circuit's tightest hairpin at the
// line's speed there: the car behind backs out in the braking zone, they come out in single file,
// untouched.
TEST(RaceStart, TwoCarsAbreastIntoAHairpinComeOutWithoutContact) {
    const RaceTrack kart = raceTrack("kart.twtrack");
    const trackwright::BakedTrack& track = kart.baked->track;
    const trackwright::LineSampler line(track, kart.base.line, kart.base.vehicleClass);
    const double apex = tightestPoint(line);
    ASSERT_GT(std::abs(line.sample(apex).curvature), 1.0f / 15.0f) << "the kart circuit has a hairpin";
    const auto abreast = [&](double distance, float across, float pace) {
        const trackwright::LineSample s = line.sample(distance);
        trackwright::VehicleState state;
        state.position = s.position + trackwright::format::Vec2{-s.tangent.y, s.tangent.x} * across;
        state.heading = static_cast<float>(std::atan2(s.tangent.y, s.tangent.x));
        state.speed = s.speedHint;
        bake::RaceEntry e;
        e.setup = kart.base;
        e.driver.pace = pace;
        e.driver.reactionTime = 0.0f;
        e.start = trackwright::startingBody(trackwright::vehiclePreset(e.setup.vehicle), state);
        return e;
    };
    for (const float side : {1.0f, -1.0f}) {
        const double start = apex - 90.0;
        bake::Race race(track, {abreast(start, 1.1f * side, 1.0f), abreast(start - 1.0, -1.1f * side, 0.98f)});
        const double from0 = race.progress(0), from1 = race.progress(1);
        while (race.time() < 15.0) race.step(kTick);
        EXPECT_EQ(race.contacts().rear + race.contacts().side, 0) << "side " << side;
        EXPECT_GT(race.progress(0) - from0, 150.0) << "side " << side;
        EXPECT_GT(race.progress(1) - from1, 150.0) << "side " << side;
        EXPECT_GT(std::abs(race.progress(0) - race.progress(1)), 4.6) << "side " << side << ": still abreast";
    }
}

} // namespace

namespace {

// `race` and the editor's preview lined every field up on the default grid, whatever the designer
// set: default, custom and all-zero grids raced byte for byte alike (issue 47).
TEST(RaceStart, TheFieldLinesUpOnTheGridItsDesignerLaidOut) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack").document;
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    const auto lineUp = [&](const formats::RaceSettings& race) {
        doc.race = race;
        const auto baked = tw::test::bakeSample(doc);
        const auto drivers = bake::spreadProfiles(4, 1);
        const std::vector<std::uint32_t> slots = {0, 1, 2, 3};
        const auto entries = bake::gridEntries(baked->track, drivers, slots, bake::raceCarSetup(baked->track));
        std::vector<trackwright::format::Vec2> at;
        for (const bake::RaceEntry& e : entries) at.push_back(e.start.state.position);
        return at;
    };
    const auto apart = [](trackwright::format::Vec2 a, trackwright::format::Vec2 b) { return std::hypot(double(a.x) - b.x, double(a.y) - b.y); };
    const std::vector<trackwright::format::Vec2> standard = lineUp({});
    formats::RaceSettings custom;
    custom.grid.firstRowGap = 30.0;
    custom.grid.rowSpacing = 24.0;
    const std::vector<trackwright::format::Vec2> designed = lineUp(custom);
    ASSERT_EQ(standard.size(), 4u);
    ASSERT_EQ(designed.size(), 4u);
    // Monza's grid is on its main straight: distances along the road are distances in the plane.
    EXPECT_NEAR(apart(standard[0], standard[2]), 16.0, 0.2) << "the default rows";
    EXPECT_NEAR(apart(designed[0], designed[2]), 24.0, 0.2) << "the designer's rows";
    EXPECT_NEAR(apart(standard[0], designed[0]), 24.0, 0.2) << "the pole 30 m behind the line, not 6";
}

} // namespace
