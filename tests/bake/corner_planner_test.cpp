// The corner planner (the thesis's local planner, §5.3) and the experiment set-ups of chapter 5.

#include "bake/sim/corner_planner.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/experiments/plan_experiment.h"
#include "bake/sim/verification_laps.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

std::unique_ptr<tw::test::BakedSample> pathForCar(const std::string& name) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/" + name).document;
    doc.vehicleClasses = {bake::vehicleClassFor(trackwright::VehiclePreset::Car)};
    return tw::test::bakeSample(doc);
}

TEST(CornerPlanner, ChicanesAreStraightenedWithinTheTarmac) {
    const auto sample = pathForCar("chicanes.twtrack");
    trackwright::MovementPlanner planner(1u << 19, 4096);
    bake::CornerPlanOptions options;
    options.search = bake::cornerSearchSettings();
    const bake::CornerPlanReport report = bake::planCorners(sample->track, options, planner);
    ASSERT_GE(report.corners.size(), 2u);
    EXPECT_EQ(report.found, static_cast<int>(report.corners.size()));
    for (const bake::CornerPlan& c : report.corners) {
        EXPECT_GT(c.lineTime, 0.0f);
        EXPECT_GT(c.timeSaved(), 0.0f) << "the centre line weaves; the car need not (" << c.startDistance << " m)";
        EXPECT_LT(c.plannedTime, c.lineTime);
    }
    EXPECT_GT(report.timeSavedPct(), 5.0);
    // The last corner's path is still in the planner: on the tarmac all the way.
    trackwright::PlanTrackArea tarmac;
    tarmac.track = &sample->track;
    tarmac.edge = trackwright::TrackEdge::Track;
    ASSERT_FALSE(planner.path().empty());
    for (const trackwright::PlanStep& s : planner.path()) {
        float clearance = 0.0f;
        ASSERT_TRUE(tarmac.clearance(s.state.x, s.state.y, clearance));
        EXPECT_GE(clearance, -1e-3f) << s.state.x << "," << s.state.y;
    }
}

TEST(CornerPlanner, MoreUsableWidthSavesMoreTime) {
    // Table 5.1's set-up: a 90° curve of 8 m radius entered on the centre line; the usable width
    // grows from 0.6 m to 6 m either side.
    const bake::CurveType curve{"90° left, 8 m", 8.0, 90.0};
    double narrowSaved = 0.0, wideSaved = 0.0;
    for (const double width : {0.6, 6.0}) {
        formats::TrackDocument doc = bake::curveRoad(curve, width);
        const auto sample = tw::test::bakeSample(doc);
        trackwright::MovementPlanner planner(1u << 19, 4096);
        bake::CornerPlanOptions options;
        options.search = bake::cornerSearchSettings();
        const bake::CornerPlanReport report = bake::planCorners(sample->track, options, planner);
        ASSERT_EQ(report.found, 1) << width;
        (width < 1.0 ? narrowSaved : wideSaved) = report.timeSavedPct();
    }
    EXPECT_GT(wideSaved, narrowSaved + 5.0);
}

TEST(PlanExperiment, RandomSearchesFollowTheThesisSetup) {
    const std::vector<bake::RandomSearch> a = bake::thesisRandomSearches(200, 42), b = bake::thesisRandomSearches(200, 42);
    ASSERT_EQ(a.size(), 200u);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bake::RandomSearch& s = a[i];
        EXPECT_EQ(s.goal.x, b[i].goal.x);
        EXPECT_GE(s.vehicle.turningRadius, 5.0f);
        EXPECT_LE(s.vehicle.turningRadius, 8.0f);
        EXPECT_GE(s.vehicle.maxLateralAcceleration, 10.0f);
        EXPECT_LE(s.vehicle.maxLateralAcceleration, 20.0f);
        EXPECT_EQ(s.vehicle.maxAcceleration, 1.5f);
        EXPECT_EQ(s.vehicle.maxDeceleration, 5.0f);
        EXPECT_EQ(s.vehicle.maxSpeed, 13.8f);
        EXPECT_LE(s.euclidean, 8.0f * s.vehicle.turningRadius + 1e-3f);
        EXPECT_NEAR(std::hypot(s.goal.x, s.goal.y), s.euclidean, 1e-3f);
        EXPECT_LE(s.goal.speed, 13.8f);
        EXPECT_LE(s.start.speed, 13.8f);
    }
}

TEST(PlanExperiment, EveryEm5CurveRoadBakesAndIsPlannedThrough) {
    for (const bake::CurveType& curve : bake::kEm5Curves) {
        const std::vector<bake::SearchOutcome> outcomes = bake::runCurveSearches(curve, 3, 5, 1);
        ASSERT_EQ(outcomes.size(), 3u);
        int found = 0;
        for (const bake::SearchOutcome& o : outcomes) found += o.found();
        EXPECT_GE(found, 1) << curve.name;
    }
}

} // namespace
