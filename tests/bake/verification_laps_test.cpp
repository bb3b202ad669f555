#include "bake/sim/verification_laps.h"

#include "bake/pipeline/default_vehicle_classes.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

namespace {

/// A sample whose only vehicle class is the reference car's, as `twbake laps` bakes it.
std::unique_ptr<tw::test::BakedSample> sampleForCar(const std::string& name) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name).document;
    doc.vehicleClasses = {bake::vehicleClassFor(trackwright::VehiclePreset::Car)};
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
    options.follower = trackwright::FollowerKind::Pursuit;
    const bake::LapRunResult a = bake::runVerificationLaps(sample->track, options);
    const bake::LapRunResult b = bake::runVerificationLaps(sample->track, options);
    ASSERT_TRUE(a.completed);
    EXPECT_EQ(a.lapTimes.size(), 1u);
    EXPECT_EQ(a.totalTime, b.totalTime);
    EXPECT_EQ(a.cteMean, b.cteMean);
    // The factory's pursuit may reach the car's speeds; the sources' caps give the paper's v_max.
    EXPECT_GT(a.meanSpeed, 15.0) << "pursuit capped below the car's speeds";
    options.speedCap = trackwright::FollowerSpeedCap::Sources;
    const bake::LapRunResult paper = bake::runVerificationLaps(sample->track, options);
    ASSERT_TRUE(paper.completed);
    EXPECT_LE(paper.meanSpeed, 10.5) << "the paper's v_max is 10 m/s";
}

TEST(VerificationLaps, EveryFollowerTheFactoryMakesReachesTheCarsSpeeds) {
    // Harbour sprint lets the car preset average over 25 m/s on the runner; the paper's own cap (10 m/s)
    // is for reproducing its experiment only.
    const auto sample = tw::test::bakeSampleFile("harbour_sprint.twtrack");
    for (trackwright::FollowerKind kind : {trackwright::FollowerKind::Pursuit, trackwright::FollowerKind::PursuitTuned, trackwright::FollowerKind::Runner}) {
        bake::LapRunOptions options;
        options.follower = kind;
        const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
        EXPECT_TRUE(r.completed) << trackwright::followerName(kind);
        EXPECT_GT(r.meanSpeed, 15.0) << trackwright::followerName(kind);
    }
}

} // namespace

namespace {

// Every follower, on the reference car, gets round the kart track's hairpins.
TEST(VerificationLaps, EveryFollowerCompletesALapOfTheKartTrack) {
    const auto sample = sampleForCar("kart.twtrack");
    for (trackwright::FollowerKind kind : trackwright::kAllFollowerKinds) {
        bake::LapRunOptions options;
        options.follower = kind;
        options.laps = 1;
        const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
        EXPECT_TRUE(r.completed) << trackwright::followerName(kind);
        EXPECT_LE(r.stuckEvents, 2) << trackwright::followerName(kind);
    }
}

} // namespace

#include "formats/source/file_io.h"
#include "formats/import/track_import.h"

#include <filesystem>

namespace {

// Issue target: on every real circuit, runner + car completes 3 laps with no stuck event at
// ideal_ratio >= 0.90.
TEST(VerificationLaps, RunnerAndCarLapEveryRealCircuitNearTheIdeal) {
    const std::filesystem::path tracks = TRACKWRIGHT_SHARED_TRACKS_DIR;
    std::size_t circuits = 0;
    for (const auto& entry : std::filesystem::directory_iterator(tracks)) {
        if (entry.path().extension() != ".csv") continue;
        ++circuits;
        std::string error;
        const auto centre = formats::readWholeFile(entry.path(), error);
        const auto line = formats::readWholeFile(tracks / "racelines" / entry.path().filename(), error);
        ASSERT_TRUE(centre && line) << error;
        formats::ImportResult imported = formats::importTumCsv(*centre, entry.path().stem().string(), {}, *line);
        ASSERT_TRUE(imported.document);
        imported.document->vehicleClasses = {bake::vehicleClassFor(trackwright::VehiclePreset::Car)};
        const auto sample = tw::test::bakeSample(*imported.document);
        bake::LapRunOptions options;
        options.laps = 3;
        const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
        EXPECT_TRUE(r.completed) << entry.path().stem();
        EXPECT_EQ(r.stuckEvents, 0) << entry.path().stem();
        EXPECT_GE(r.idealRatio, 0.90) << entry.path().stem();
    }
    EXPECT_EQ(circuits, 12u);
}

// Issue target, the paper's experiment: over the ten test paths and six vehicles, vehicle-tuned
// pursuit has at most 30 % of the baseline's stuck events, stays inside the corridor >= 93 % of the
// time, and is faster on average.
TEST(VerificationLaps, PaperExperimentTargets) {
    struct Totals {
        int stuck = 0;
        double corridor = 0.0, speed = 0.0;
        int runs = 0;
    };
    auto run = [](trackwright::FollowerKind kind) {
        Totals t;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths")) {
            for (trackwright::VehiclePreset vehicle : trackwright::kAllVehiclePresets) {
                formats::TrackDocument doc = *formats::loadTrackFile(entry.path()).document;
                doc.vehicleClasses = {bake::vehicleClassFor(vehicle)};
                const auto sample = tw::test::bakeSample(doc);
                bake::LapRunOptions options;
                options.follower = kind;
                options.vehicle = vehicle;
                options.laps = 1;
                const bake::LapRunResult r = bake::runVerificationLaps(sample->track, options);
                t.stuck += r.stuckEvents;
                t.corridor += r.insideCorridorPct;
                t.speed += r.meanSpeed;
                ++t.runs;
            }
        }
        return t;
    };
    const Totals baseline = run(trackwright::FollowerKind::Baseline);
    const Totals tuned = run(trackwright::FollowerKind::PursuitTuned);
    ASSERT_EQ(baseline.runs, 60);
    EXPECT_LE(tuned.stuck, 0.3 * baseline.stuck);
    EXPECT_GE(tuned.corridor / tuned.runs, 93.0);
    EXPECT_GT(tuned.speed, baseline.speed);
}

} // namespace
