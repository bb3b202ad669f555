// A faster car starting behind a slower one gets by (issue 25's "a faster car behind a slower one
// passes ... with no contact"), on a real circuit rather than a test straight: on Monza a driver at
// full pace starts behind one at 93 %. Before the runner clamped race craft's offset to the road at
// the point it steers for, the pass it started out of the first chicane aimed off the tarmac where
// the line swept across, the car ran into the runoff, and it never caught up again in ten laps.
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/race_run.h"
#include "bake/sim/race_setup.h"

#include "formats/source/track_json.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(RacePass, AFasterCarStartingBehindASlowerOnePassesItOnMonzaWithoutContact) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack").document;
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    const auto baked = tw::test::bakeSample(doc);
    bake::RaceOptions options;
    options.cars = 2;
    options.laps = 2;
    options.grid = bake::GridOrder::Reversed;  // the slower car on pole
    options.base = bake::raceCarSetup(baked->track);
    for (const float pace : {0.93f, 1.0f}) {
        bake::DriverProfile driver;
        driver.pace = pace;
        driver.consistency = 1.0f;
        options.profiles.push_back(driver);
    }
    const bake::RaceResult result = bake::runRace(baked->track, options);
    ASSERT_EQ(result.cars.size(), 2u);
    const bake::RaceCarResult& slow = result.cars[0];
    const bake::RaceCarResult& fast = result.cars[1];
    EXPECT_EQ(fast.grid, 2u);
    EXPECT_EQ(fast.finish, 1u) << "the car 7 % faster is still behind after two laps";
    EXPECT_EQ(fast.overtakesMade, 1);
    EXPECT_EQ(slow.overtakesSuffered, 1);
    EXPECT_EQ(result.rearContacts + result.sideContacts, 0);
    // Its flying lap is its own: the pass was done on the first lap, not after laps stuck behind.
    EXPECT_LT(fast.lostInTraffic, 0.01 * fast.medianAlone);
}

} // namespace
