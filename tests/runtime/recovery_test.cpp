// Stuck recovery with the movement planner: the valid area on a baked track, a planned manoeuvre
// for a large-radius vehicle pressed against a hairpin's wall, and the reference model driving it.

#include "trackwright/drive/maneuver_tracker.h"
#include "trackwright/plan/plan_track_area.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/registrar.h"
#include "trackwright/drive/stuck_manager.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

std::unique_ptr<tw::test::BakedSample> hairpins() {
    return tw::test::bakeSample(*formats::loadTrackFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/hairpins.twtrack").document);
}

/// Where the pursuit follower leaves the armoured vehicle (13 m turning radius) at the first
/// 6.5 m hairpin: nose against the outer wall, still creeping.
trackwright::VehicleState stuckArmoured() {
    trackwright::VehicleState s;
    s.position = {23.65, 16.25};
    s.heading = 113.8f * static_cast<float>(M_PI / 180.0);
    s.speed = 0.32f;
    return s;
}

TEST(PlanTrackArea, ValidWithinTheUsableWidthNeverBeyondTheWalls) {
    const auto sample = hairpins();
    trackwright::PlanTrackArea area;
    area.track = &sample->track;
    area.edge = trackwright::TrackEdge::Wall;
    area.margin = 0.5f;
    // The first straight runs along +x with 3 m of tarmac and walls 4 m out on each side.
    const trackwright::PlanState centre{5.0f, 0.0f, 0.0f, 0.0f};
    const trackwright::PlanState nearWall{5.0f, 3.7f, 0.0f, 0.0f};   // inside the wall, inside the margin
    const trackwright::PlanState nearer{5.0f, 3.9f, 0.0f, 0.0f};
    const trackwright::PlanState beyond{5.0f, 4.2f, 0.0f, 0.0f};
    EXPECT_TRUE(trackwright::PlanTrackArea::test(&area, centre, {5.0f, 3.4f, 0.0f, 0.0f}));
    EXPECT_FALSE(trackwright::PlanTrackArea::test(&area, centre, nearWall)) << "not into the margin from outside it";
    EXPECT_TRUE(trackwright::PlanTrackArea::test(&area, nearer, nearWall)) << "backing away from the wall is fine";
    EXPECT_FALSE(trackwright::PlanTrackArea::test(&area, nearWall, nearer)) << "never deeper";
    EXPECT_FALSE(trackwright::PlanTrackArea::test(&area, nearWall, beyond)) << "never beyond the wall";
    area.edge = trackwright::TrackEdge::Track;
    EXPECT_FALSE(trackwright::PlanTrackArea::test(&area, centre, {5.0f, 2.8f, 0.0f, 0.0f})) << "tarmac less the margin";
}

TEST(RecoveryPlanner, ArmouredVehicleBacksOutOfTheHairpinWithinTheWalls) {
    const auto sample = hairpins();
    trackwright::RecoveryPlanner planner(sample->track);
    const trackwright::VehicleParameters armoured = trackwright::vehiclePreset(trackwright::VehiclePreset::Armoured);
    const formats::Vec2 goal{10.32, 13.0};
    const float goalHeading = static_cast<float>(M_PI);
    trackwright::Maneuver maneuver;
    ASSERT_TRUE(planner.plan(armoured, stuckArmoured(), goal, goalHeading, maneuver)) << trackwright::planStatusName(planner.lastResult().status);
    ASSERT_GE(maneuver.count, 2);

    // Never into a wall: every point registers on the track, inside the walls.
    const trackwright::Registrar registrar(sample->track);
    bool reverses = false;
    for (int i = 0; i < maneuver.count; ++i) {
        const trackwright::ManeuverPoint& p = maneuver.points[i];
        EXPECT_TRUE(registrar.registerCold({p.x, p.y}).defined) << "point " << i;
        reverses |= p.direction < 0;
        EXPECT_LE(std::abs(p.speed), planner.settings.maxSpeed + 1e-4f);
        // Armoured: 13 m turning radius, one-metre steps.
        EXPECT_LE(std::abs(p.curvature), 1.0f / (armoured.wheelbase / std::tan(armoured.maxSteeringAngle)) + 1e-4f) << "point " << i;
    }
    EXPECT_TRUE(reverses) << "a 13 m turning radius does not fit a 6.5 m hairpin without reversing";
    const trackwright::ManeuverPoint& end = maneuver.points[maneuver.count - 1];
    EXPECT_LE(std::hypot(end.x - goal.x, end.y - goal.y), planner.settings.search.tolerance.position + 1e-4);
}

TEST(RecoveryPlanner, ACoarserSecondSearchFindsAWayOutWhenTheFirstRunsOutOfIterations) {
    // A search that hits its limit (a long multi-point turn on a track we have not seen) must not
    // leave the car to a teleport: the second search takes longer steps and coarser headings.
    const auto sample = hairpins();
    trackwright::RecoveryPlanner planner(sample->track);
    // Without the analytic shot the hairpin takes about 425 iterations at 1 m and 3°, and between
    // 100 and 120 at 1.5 m and 6°.
    planner.settings.search.shot.enabled = false;
    planner.settings.search.iterationLimit = 200;
    const trackwright::VehicleParameters armoured = trackwright::vehiclePreset(trackwright::VehiclePreset::Armoured);
    const formats::Vec2 goal{10.32, 13.0};
    trackwright::Maneuver maneuver;
    planner.settings.coarseRetryScale = 1.0f;
    EXPECT_FALSE(planner.plan(armoured, stuckArmoured(), goal, static_cast<float>(M_PI), maneuver));
    EXPECT_EQ(planner.lastResult().status, trackwright::PlanStatus::IterationLimit);

    planner.settings.coarseRetryScale = 1.5f;
    ASSERT_TRUE(planner.plan(armoured, stuckArmoured(), goal, static_cast<float>(M_PI), maneuver)) << trackwright::planStatusName(planner.lastResult().status);
    const trackwright::Registrar registrar(sample->track);
    for (int i = 0; i < maneuver.count; ++i) {
        const trackwright::ManeuverPoint& p = maneuver.points[i];
        EXPECT_TRUE(registrar.registerCold({p.x, p.y}).defined) << "point " << i;
        EXPECT_LE(std::abs(p.curvature), 1.0f / (armoured.wheelbase / std::tan(armoured.maxSteeringAngle)) + 1e-4f) << "point " << i;
    }
    const trackwright::ManeuverPoint& end = maneuver.points[maneuver.count - 1];
    EXPECT_LE(std::hypot(end.x - goal.x, end.y - goal.y), planner.settings.search.tolerance.position + 1e-4);
}

TEST(ManeuverTracker, ReferenceModelDrivesThePlannedManeuverToItsEnd) {
    const auto sample = hairpins();
    trackwright::RecoveryPlanner planner(sample->track);
    const trackwright::VehicleParameters armoured = trackwright::vehiclePreset(trackwright::VehiclePreset::Armoured);
    trackwright::Maneuver maneuver;
    ASSERT_TRUE(planner.plan(armoured, stuckArmoured(), {10.32, 13.0}, static_cast<float>(M_PI), maneuver));

    trackwright::VehicleBody body;
    body.state = stuckArmoured();
    body.velocity = {body.state.speed * std::cos(body.state.heading), body.state.speed * std::sin(body.state.heading)};
    trackwright::Registrar registrar(sample->track);
    trackwright::Registration last = registrar.update(body.state.position);
    trackwright::ManeuverTracker tracker;
    tracker.start(maneuver);
    const float dt = 1.0f / 60.0f;
    int contacts = 0;
    for (int tick = 0; tick < 60 * 120 && tracker.active(); ++tick) {
        const trackwright::Controls c = tracker.update(body.state, dt, armoured, {});
        EXPECT_TRUE(trackwright::stepVehicle(armoured, c, dt, body));
        const trackwright::Registration here = registrar.update(body.state.position);
        if (here.defined) last = here;
        contacts += trackwright::resolveWallContact(sample->track, last, body);
    }
    EXPECT_TRUE(tracker.finished());
    EXPECT_FALSE(tracker.failed());
    EXPECT_LT(std::hypot(body.state.position.x - 10.32, body.state.position.y - 13.0), 2.5);
    EXPECT_LT(std::abs(trackwright::wrapAngle(body.state.heading - static_cast<float>(M_PI))), 0.5f);
    EXPECT_EQ(contacts, 0) << "the manoeuvre keeps off the walls";
}

TEST(StuckManager, AStuckCarGetsAPlannedManeuverInsteadOfBlindReversing) {
    const auto sample = hairpins();
    trackwright::RecoveryPlanner planner(sample->track);
    trackwright::StuckParameters p;
    p.window = 1.0f;
    trackwright::StuckManager stuck(p);
    stuck.attachPlanner(&planner, trackwright::vehiclePreset(trackwright::VehiclePreset::Armoured));
    const trackwright::LineSampler line(sample->track, 0, 0);
    const trackwright::VehicleState state = stuckArmoured();
    trackwright::Registrar registrar(sample->track);
    const trackwright::Registration r = registrar.update(state.position);
    ASSERT_TRUE(r.defined);
    const trackwright::StuckContext context{&state, &line, r.distance};
    const trackwright::Controls pressing{1.0f, 1.0f, false};
    trackwright::Controls applied = pressing;
    for (int i = 0; i < 61 && !stuck.maneuvering(); ++i) applied = stuck.update(r.distance, 0.0f, 1.0f / 60.0f, pressing, &context);
    EXPECT_EQ(stuck.stats().events, 1);
    EXPECT_EQ(stuck.stats().plannedRecoveries, 1);
    EXPECT_TRUE(stuck.maneuvering());
    applied = stuck.update(r.distance, 0.0f, 1.0f / 60.0f, pressing, &context);
    EXPECT_LT(applied.throttle, 0.0f) << "the manoeuvre starts by backing away from the wall";
    EXPECT_FALSE(stuck.teleportWanted());
}

} // namespace
