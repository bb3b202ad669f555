// The AIPATH issue's target for stuck recovery: with the movement planner in the stuck manager,
// verification runs on the ten test paths end with no unrecovered stuck event for the wheeled
// presets, and the case where the paper's stuck manager had to teleport recovers by a manoeuvre.

#include "bake/sim/verification_laps.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

std::unique_ptr<tw::test::BakedSample> pathFor(const std::string& name, trackwright::VehiclePreset vehicle) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/" + name).document;
    doc.vehicleClasses = {bake::vehicleClassFor(vehicle)};
    return tw::test::bakeSample(doc);
}

TEST(StuckRecovery, HairpinThatNeededATeleportIsLeftByAManeuver) {
    const auto sample = pathFor("hairpins.twtrack", trackwright::VehiclePreset::Armoured);
    bake::LapRunOptions options;
    options.follower = trackwright::FollowerKind::Pursuit;
    options.vehicle = trackwright::VehiclePreset::Armoured;
    options.laps = 1;
    options.plannedRecovery = false;
    const bake::LapRunResult paper = bake::runVerificationLaps(sample->track, options);
    EXPECT_GT(paper.teleports, 0) << "the paper's reverse-and-retry cannot turn a 13 m radius in a 6.5 m hairpin";
    EXPECT_GT(paper.unrecoveredStuckEvents, 0);

    options.plannedRecovery = true;
    const bake::LapRunResult planned = bake::runVerificationLaps(sample->track, options);
    EXPECT_TRUE(planned.completed);
    EXPECT_EQ(planned.teleports, 0);
    EXPECT_EQ(planned.unrecoveredStuckEvents, 0);
    EXPECT_GT(planned.plannedRecoveries, 0);
    EXPECT_EQ(planned.plannedRecoveries, planned.stuckEvents) << "every event answered by a manoeuvre";
}

TEST(StuckRecovery, NoUnrecoveredStuckEventForTheWheeledPresetsOnTheTenPaths) {
    const trackwright::VehiclePreset wheeled[] = {trackwright::VehiclePreset::Car, trackwright::VehiclePreset::Truck, trackwright::VehiclePreset::Armoured,
                                              trackwright::VehiclePreset::Buggy};
    int runs = 0, events = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths")) {
        for (trackwright::VehiclePreset vehicle : wheeled) {
            const auto sample = pathFor(entry.path().filename().string(), vehicle);
            for (trackwright::FollowerKind follower : {trackwright::FollowerKind::Pursuit, trackwright::FollowerKind::PursuitTuned, trackwright::FollowerKind::Runner}) {
                bake::LapRunOptions options;
                options.follower = follower;
                options.vehicle = vehicle;
                options.laps = 1;
                const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
                ++runs;
                events += r.stuckEvents;
                EXPECT_TRUE(r.completed) << entry.path().stem() << ' ' << trackwright::followerName(follower) << ' ' << trackwright::vehiclePresetName(vehicle);
                EXPECT_EQ(r.unrecoveredStuckEvents, 0) << entry.path().stem() << ' ' << trackwright::followerName(follower) << ' '
                                                       << trackwright::vehiclePresetName(vehicle);
                EXPECT_EQ(r.teleports, 0) << entry.path().stem() << ' ' << trackwright::followerName(follower);
            }
        }
    }
    EXPECT_EQ(runs, 120);
    EXPECT_GT(events, 0) << "the paths still get large-radius vehicles stuck: the planner is what recovers them";
}

} // namespace
