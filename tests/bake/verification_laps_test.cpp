#include "bake/verification_laps.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

namespace {

/// A sample whose only vehicle class is the reference car's, as `twbake laps` bakes it.
std::unique_ptr<tw::test::BakedSample> sampleForCar(const std::string& name) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name).document;
    doc.vehicleClasses = {bake::vehicleClassFor(runtime::VehiclePreset::Car)};
    return tw::test::bakeSample(doc);
}

TEST(VerificationLaps, RunnerDrivesTheKartTrackCleanlyNearTheIdealLap) {
    const auto sample = sampleForCar("kart.twtrack");
    bake::LapRunOptions options;
    options.laps = 2;
    const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
    ASSERT_TRUE(r.completed);
    EXPECT_EQ(r.lapTimes.size(), 2u);
    EXPECT_EQ(r.stuckEvents, 0);
    EXPECT_GT(r.insideCorridorPct, 95.0);
    EXPECT_GT(r.idealRatio, 0.9);
    EXPECT_LE(r.idealRatio, 1.05);
}

TEST(VerificationLaps, PursuitCompletesAnOpenRouteAndRunsAreDeterministic) {
    const auto sample = tw::test::bakeSampleFile("harbour_sprint.twtrack");
    bake::LapRunOptions options;
    options.follower = runtime::FollowerKind::Pursuit;
    const bake::LapRunResult a = bake::runVerificationLaps(sample->track, options);
    const bake::LapRunResult b = bake::runVerificationLaps(sample->track, options);
    ASSERT_TRUE(a.completed);
    EXPECT_EQ(a.lapTimes.size(), 1u);
    EXPECT_EQ(a.totalTime, b.totalTime);
    EXPECT_EQ(a.cteMean, b.cteMean);
    EXPECT_LE(a.meanSpeed, 10.5) << "the paper's v_max is 10 m/s";
}

} // namespace

namespace {

// Every follower, on the reference car, gets round the kart track's hairpins.
TEST(VerificationLaps, EveryFollowerCompletesALapOfTheKartTrack) {
    const auto sample = sampleForCar("kart.twtrack");
    for (runtime::FollowerKind kind : runtime::kAllFollowerKinds) {
        bake::LapRunOptions options;
        options.follower = kind;
        options.laps = 1;
        const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
        EXPECT_TRUE(r.completed) << runtime::followerName(kind);
        EXPECT_LE(r.stuckEvents, 2) << runtime::followerName(kind);
    }
}

} // namespace
