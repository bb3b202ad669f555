// Car-to-car contact (issue 25, first increment): oriented boxes, pushed apart along the axis of
// least penetration, the closing velocity shared inelastically; one episode per pair, with blame.
#include "trackwright/vehicle/car_contact.h"
#include "bake/sim/race.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/vehicle/starting_grid.h"
#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using trackwright::format::Vec2;

TEST(CarContact, SeparatingAxesByHand) {
    // 4 × 2 m boxes 3 m apart along x: 1 m deep along x (not 2 m across y).
    const trackwright::BoxOverlap o = trackwright::overlapBoxes({{0.0, 0.0}, 0.0, 4.0, 2.0}, {{3.0, 0.5}, 0.0, 4.0, 2.0});
    ASSERT_TRUE(o.overlapping);
    EXPECT_NEAR(o.depth, 1.0, 1e-12);
    EXPECT_NEAR(o.normal.x, 1.0, 1e-12);
    EXPECT_NEAR(o.normal.y, 0.0, 1e-12);
    // Side by side 1.5 m apart across: 0.5 m deep along y, pointing from the first to the second.
    const trackwright::BoxOverlap side = trackwright::overlapBoxes({{0.0, 0.0}, 0.0, 4.0, 2.0}, {{1.0, -1.5}, 0.0, 4.0, 2.0});
    ASSERT_TRUE(side.overlapping);
    EXPECT_NEAR(side.depth, 0.5, 1e-12);
    EXPECT_NEAR(side.normal.y, -1.0, 1e-12);
    // Turned 90°: the second box is 2 m long along x, so 3 m apart leaves 0 m of overlap.
    EXPECT_FALSE(trackwright::overlapBoxes({{0.0, 0.0}, 0.0, 4.0, 2.0}, {{3.0, 0.0}, std::numbers::pi / 2, 4.0, 2.0}).overlapping);
    EXPECT_FALSE(trackwright::overlapBoxes({{0.0, 0.0}, 0.0, 4.0, 2.0}, {{0.0, 2.5}, 0.0, 4.0, 2.0}).overlapping);
}

TEST(CarContact, PushesApartAndSharesTheClosingSpeed) {
    trackwright::VehicleBody a, b;
    a.state.position = {0.0, 0.0};
    a.velocity = {10.0, 0.0};
    a.state.speed = 10.0f;
    b.state.position = {3.0, 0.0};
    b.velocity = {4.0, 0.0};
    b.state.speed = 4.0f;
    const trackwright::BoxOverlap o = trackwright::overlapBoxes({a.state.position, 0.0, 4.0, 2.0}, {b.state.position, 0.0, 4.0, 2.0});
    trackwright::resolveCarContact(a, b, o);
    EXPECT_NEAR(a.state.position.x, -0.5, 1e-3);
    EXPECT_NEAR(b.state.position.x, 3.5, 1e-3);
    EXPECT_NEAR(a.velocity.x, 7.0, 1e-12);  // 6 m/s closing, shared: both move on at 7 m/s
    EXPECT_NEAR(b.velocity.x, 7.0, 1e-12);
    EXPECT_NEAR(a.state.speed, 7.0f, 1e-6f);
    EXPECT_FALSE(trackwright::overlapBoxes({a.state.position, 0.0, 4.0, 2.0}, {b.state.position, 0.0, 4.0, 2.0}).overlapping);
}

// Too late to brake: a 31 m/s car 1 m behind a 9 m/s one. The contact is resolved, counted once as
// a rear contact blamed on the car behind, where it happened, and the car behind never comes out in
// front.
TEST(CarContact, AnOverlapInARaceIsOneRearEpisodeBlamedOnTheCarBehind) {
    // Tarmac too narrow to pass on: the car behind cannot go round, it runs into the other.
    formats::TrackDocument narrow = tw::test::circleTrack(48, 300.0);
    for (formats::TrackNode& node : narrow.nodes) node.left.track = node.right.track = 2.5;
    const auto baked = tw::test::bakeSample(narrow);
    const trackwright::LineSampler line(baked->track, 0, 0);
    const auto place = [&](double distance, float speed, float pace) {
        const trackwright::LineSample s = line.sample(static_cast<float>(distance));
        trackwright::VehicleState state;
        state.position = s.position;
        state.heading = static_cast<float>(std::atan2(s.tangent.y, s.tangent.x));
        state.speed = speed;
        bake::RaceEntry e;
        e.driver.pace = pace;
        e.start = trackwright::startingBody(trackwright::vehiclePreset(e.setup.vehicle), state);
        return e;
    };
    bake::Race race(baked->track, {place(100.0, 31.0f, 1.0f), place(105.6, 9.0f, 0.3f)});
    for (int tick = 0; tick < 10 * 60; ++tick) {
        race.step(1.0 / 60.0);
        ASSERT_LT(race.progress(0), race.progress(1)) << tick;
    }
    ASSERT_EQ(race.contacts().episodes.size(), 1u);
    EXPECT_TRUE(race.contacts().episodes[0].rear);
    EXPECT_EQ(race.contacts().episodes[0].blamed, 0u);
    // Where on the lap: the car behind, a few metres on from where it started (31 m/s against 9,
    // 1 m apart), which is what a designer reading the race looks up.
    EXPECT_GT(race.contacts().episodes[0].distance, 100.0);
    EXPECT_LT(race.contacts().episodes[0].distance, 110.0);
    EXPECT_EQ(race.contacts().blamed[0], 1);
    EXPECT_EQ(race.contacts().involved[1], 1);
}

} // namespace
