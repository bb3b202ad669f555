// The blue flag in a race (issue 25's scenario "a lapped car yields within 5 s"): on Monza a car at
// 60 % of the hints is caught a lap down by one at full pace; shown the flag (the leader within
// 60 m behind), it yields within 5 s — moves over to the track's yield side and lifts — the leader
// goes by on the other side, keeping its gap to the backmarker, and they never touch.
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/blue_flags.h"
#include "bake/sim/race.h"
#include "bake/sim/race_setup.h"

#include "formats/source/track_json.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/vehicle/starting_grid.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

TEST(RaceBlueFlag, ALappedCarYieldsWithinFiveSecondsAndTheLeaderGetsByWithoutContact) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack").document;
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    const auto baked = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = baked->track;
    const bake::CarSetup base = bake::raceCarSetup(track);
    std::vector<bake::RaceEntry> entries;
    for (const float pace : {1.0f, 0.6f}) {
        bake::RaceEntry e;
        e.setup = base;
        e.driver.pace = pace;
        e.driver.consistency = 1.0f;
        e.driver.seed = entries.size() + 1;
        trackwright::VehicleState slot;
        EXPECT_TRUE(trackwright::gridSlot(track, static_cast<std::uint32_t>(entries.size()), {}, slot));
        e.start = trackwright::startingBody(trackwright::vehiclePreset(e.setup.vehicle), slot);
        entries.push_back(e);
    }
    bake::Race race(track, entries);
    bake::BlueFlagWatch flags(track.view.routes[track.view.lines[base.line].route].length, trackwright::BlueFlagRules{}.range);
    const float yieldSide = trackwright::yieldSide(track);
    double flaggedAt = -1.0, yieldingAt = -1.0;
    float lateralAtFlag = 0.0f, movedOver = 0.0f;  // m the lapped car moved towards its yield side within 5 s of the flag
    while (flags.latencies().empty() && race.time() < 480.0) {
        race.step(1.0 / 60.0);
        flags.update(race);
        if (flaggedAt < 0.0 && flags.shown() > 0) flaggedAt = race.time(), lateralAtFlag = race.trafficCar(1).lateral;
        if (flaggedAt >= 0.0 && yieldingAt < 0.0 && race.raceCraft(1)->yielding()) yieldingAt = race.time();
        if (flaggedAt >= 0.0 && race.time() <= flaggedAt + 5.0) movedOver = std::max(movedOver, yieldSide * (race.trafficCar(1).lateral - lateralAtFlag));
    }
    ASSERT_GE(flags.shown(), 1) << "the leader never came within the flag's range of the lapped car";
    ASSERT_EQ(flags.latencies().size(), 1u) << "the lapped car never let the leader by (flag shown " << flags.shown() << " times)";
    ASSERT_GE(yieldingAt, 0.0);
    EXPECT_LE(yieldingAt - flaggedAt, 5.0);
    EXPECT_GT(movedOver, 2.0f) << "a yield moves the car well over, not a hint of a move";
    // From 60 m back at some 10 m/s more, the leader is by in the time it takes to close and clear.
    EXPECT_LE(flags.latencies()[0], 10.0);
    EXPECT_EQ(race.contacts().rear + race.contacts().side, 0);
}

} // namespace
