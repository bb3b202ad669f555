// A faster car starting behind a slower one gets by (issue 25's "a faster car behind a slower one
// passes ... with no contact"), on real circuits rather than a test straight: a driver at full
// pace starts behind one at 93 % on Monza and on TORCS's e-track-1 and g-track-1. Each of these
// once kept it behind for ten laps: the pass steered for the runoff where the line swept across
// the road out of a chicane (Monza); its offset, taken beside the other car off a corner, put it
// back in line once that car returned to the line; and a passing clearance of 1.2 m wavered about
// the follow rule's 1 m "in the way", holding the passer at the other car's speed (g-track-1).
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/race_run.h"
#include "bake/sim/race_setup.h"

#include "formats/import/torcs_import.h"
#include "formats/source/track_json.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

formats::TrackDocument track(const std::string& name) {
    if (name == "monza") return *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack").document;
    const std::filesystem::path file = std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs" / "road" / (name + ".xml");
    return *formats::importTorcsTrackFile(file).document;
}

/// Three laps of two cars on `name`: one at `slowPace` on pole, one at full pace behind it; with
/// `byStrength` the slower driver's strength is `slowPace` instead (slower in the corners only).
bake::RaceResult slowerCarOnPole(const std::string& name, float slowPace, bool byStrength = false) {
    formats::TrackDocument doc = track(name);
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    const auto baked = tw::test::bakeSample(doc);
    bake::RaceOptions options;
    options.cars = 2;
    options.laps = 3;
    options.grid = bake::GridOrder::Reversed;  // the slower car on pole
    options.base = bake::raceCarSetup(baked->track);
    for (const float pace : {slowPace, 1.0f}) {
        bake::DriverProfile driver;
        (byStrength ? driver.strength : driver.pace) = pace;
        driver.consistency = 1.0f;
        options.profiles.push_back(driver);
    }
    return bake::runRace(baked->track, options);
}

class RacePass : public testing::TestWithParam<const char*> {};

TEST_P(RacePass, AFasterCarStartingBehindASlowerOnePassesItWithoutContact) {
    const bake::RaceResult result = slowerCarOnPole(GetParam(), 0.93f);
    ASSERT_EQ(result.cars.size(), 2u);
    const bake::RaceCarResult& slow = result.cars[0];
    const bake::RaceCarResult& fast = result.cars[1];
    EXPECT_EQ(fast.grid, 2u);
    EXPECT_EQ(fast.finish, 1u) << "the car 7 % faster is still behind after three laps";
    EXPECT_EQ(fast.overtakesMade, 1);
    EXPECT_EQ(slow.overtakesSuffered, 1);
    EXPECT_EQ(result.rearContacts + result.sideContacts, 0);
    // Its flying laps are its own: the pass was done early, not after laps stuck behind.
    EXPECT_LT(fast.lostInTraffic, 0.01 * fast.medianAlone);
}

// A driver of strength 0.93 is as fast on the straights and slower in the corners: race craft
// predicts it so (TrafficCar::straightPace), and the stronger driver gets by without touching it.
// Predicted on pace alone, the pass was committed on a straight the weaker car was not slow on,
// and the two touched three times in three laps on Monza.
TEST_P(RacePass, AStrongerDriverStartingBehindAWeakerOnePassesItWithoutContact) {
    const bake::RaceResult result = slowerCarOnPole(GetParam(), 0.93f, true);
    ASSERT_EQ(result.cars.size(), 2u);
    const bake::RaceCarResult& weak = result.cars[0];
    const bake::RaceCarResult& strong = result.cars[1];
    EXPECT_EQ(strong.grid, 2u) << "the grid orders by strength too";
    EXPECT_EQ(strong.finish, 1u);
    EXPECT_EQ(strong.overtakesMade, 1);
    EXPECT_EQ(weak.overtakesSuffered, 1);
    EXPECT_EQ(result.rearContacts + result.sideContacts, 0);
}

INSTANTIATE_TEST_SUITE_P(Circuits, RacePass, testing::Values("monza", "e-track-1", "g-track-1"));

// A car only 3 % faster on Monza, where every car accelerates alike and the gap a follower keeps
// at 56 m/s was out of reach of passing: it stayed behind for ten laps. In the slipstream it closes
// up on the straight, keeps the tow's surplus as it pulls out, and gets by.
TEST(RacePass, ACarThreePercentFasterGetsByOnMonzasStraightsInTheSlipstream) {
    const bake::RaceResult result = slowerCarOnPole("monza", 0.97f);
    ASSERT_EQ(result.cars.size(), 2u);
    EXPECT_EQ(result.cars[1].finish, 1u) << "the car 3 % faster is still behind after three laps";
    EXPECT_EQ(result.rearContacts + result.sideContacts, 0);
}

// A pass done, the return to the line begun on g-track-1's straight at the blend's 3 m/s carried on
// into the last corner, taken at its hint: the car slid on across the line and off the road, and
// the car it had passed went by again. The return keeps the grip it needs to stop on the line.
TEST(RacePass, ACarThreePercentFasterGetsByOnGTrack1AndStaysAhead) {
    const bake::RaceResult result = slowerCarOnPole("g-track-1", 0.97f);
    ASSERT_EQ(result.cars.size(), 2u);
    const bake::RaceCarResult& fast = result.cars[1];
    EXPECT_EQ(fast.finish, 1u);
    EXPECT_EQ(fast.overtakesMade, 1);
    EXPECT_EQ(fast.overtakesSuffered, 0) << "passed back: it left the road returning to the line";
    EXPECT_EQ(result.rearContacts + result.sideContacts, 0);
}

} // namespace
