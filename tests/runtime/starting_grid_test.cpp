// Grid slots behind the start line for a standing or rolling start.
#include "trackwright/vehicle/starting_grid.h"

#include "trackwright/drive/follower_factory.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

formats::TrackDocument wideCircle() {
    formats::TrackDocument doc = tw::test::circleTrack(64, 150.0);
    for (formats::TrackNode& node : doc.nodes) {
        node.left = {7.0, 9.0, 11.0};
        node.right = {5.0, 7.0, 9.0};
    }
    doc.markers = {{"start-finish", 10, ""}};
    return doc;
}

TEST(StartingGrid, SlotsStandStaggeredBehindTheLineOnTheTarmac) {
    const auto sample = tw::test::bakeSample(wideCircle());
    const trackwright::BakedTrack& track = sample->track;
    const trackwright::LapLayout laps = trackwright::lapLayout(track);
    std::vector<trackwright::VehicleState> slots;
    for (std::uint32_t slot = 0; slot < 8; ++slot) {
        trackwright::VehicleState s;
        ASSERT_TRUE(trackwright::gridSlot(track, slot, {}, s)) << slot;
        slots.push_back(s);
    }
    trackwright::Registrar registrar(track);
    float previousBehind = 0.0f;
    for (std::uint32_t slot = 0; slot < slots.size(); ++slot) {
        const trackwright::Registration where = registrar.registerCold(slots[slot].position);
        ASSERT_TRUE(where.defined) << slot;
        const float behind = laps.startDistance - where.distance;
        EXPECT_GT(behind, previousBehind) << "each slot further back than the one before: " << slot;
        previousBehind = behind;
        // On the tarmac (7 m left, 5 m right), pole on the left, columns alternating.
        EXPECT_LT(where.lateral, 7.0f - 1.0f) << slot;
        EXPECT_GT(where.lateral, -5.0f + 1.0f) << slot;
        EXPECT_EQ(where.lateral > 1.0f, slot % 2 == 0) << slot;
        EXPECT_EQ(slots[slot].speed, 0.0f);
        EXPECT_EQ(slots[slot].yawRate, 0.0f);
        for (std::uint32_t other = 0; other < slot; ++other)
            EXPECT_GT(formats::length(slots[slot].position - slots[other].position), 5.0) << slot << " and " << other;
    }
}

// A rolling start needs the yaw rate of the bend, or the car spins before the follower catches it.
TEST(StartingGrid, ARollingStartKeepsTheCarOnTheTrack) {
    const auto sample = tw::test::bakeSample(wideCircle());
    const trackwright::BakedTrack& track = sample->track;
    trackwright::GridOptions rolling;
    rolling.speed = 25.0f;
    trackwright::VehicleState state;
    ASSERT_TRUE(trackwright::gridSlot(track, 1, rolling, state));
    EXPECT_EQ(state.speed, 25.0f);
    EXPECT_NEAR(state.yawRate, 25.0f / (150.0f + 2.0f), 0.01f);  // the right column runs a little outside the centre line

    const trackwright::VehicleParameters car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    trackwright::VehicleBody body = trackwright::startingBody(car, state);
    EXPECT_NEAR(body.velocity.x, 25.0 * std::cos(state.heading), 1e-4);
    EXPECT_GT(body.steeringAngle, 0.0f);
    std::uint32_t carClass = 0;
    ASSERT_TRUE(trackwright::findVehicleClass(track, "gt", carClass));
    auto driver = trackwright::makeFollower(trackwright::FollowerKind::Runner, track, trackwright::findLine(track, 0, "racing", carClass), carClass, car);
    ASSERT_TRUE(driver);
    trackwright::Registrar registrar(track);
    for (int tick = 0; tick < 5 * 60; ++tick) {
        const trackwright::Registration where = registrar.update(body.state.position);
        ASSERT_TRUE(where.defined) << "left the track at tick " << tick;
        ASSERT_TRUE(trackwright::stepVehicle(car, driver->update({body.state, where, 1.0f / 60.0f}), 1.0f / 60.0f, body));
    }
}

TEST(StartingGrid, RefusesBadOptionsAndSlotsAnOpenRouteHasNoRoomFor) {
    const auto sample = tw::test::bakeSample(wideCircle());
    trackwright::VehicleState untouched;
    untouched.speed = 3.0f;
    trackwright::GridOptions bad;
    bad.rowSpacing = NAN;
    EXPECT_FALSE(trackwright::gridSlot(sample->track, 0, bad, untouched));
    bad = {};
    bad.speed = -1.0f;
    EXPECT_FALSE(trackwright::gridSlot(sample->track, 0, bad, untouched));
    EXPECT_EQ(untouched.speed, 3.0f);

    formats::TrackDocument open = wideCircle();
    open.routes[0].closed = false;
    open.markers = {{"start", 3, ""}};  // about 44 m along the route: room for a few rows only
    const auto openSample = tw::test::bakeSample(open);
    trackwright::VehicleState s;
    EXPECT_TRUE(trackwright::gridSlot(openSample->track, 0, {}, s));
    EXPECT_FALSE(trackwright::gridSlot(openSample->track, 40, {}, s));
}

} // namespace

namespace {

TEST(StartingGrid, AClosedRouteRefusesSlotsThatWouldWrapIntoItsFrontRows) {
    // On a closed route the slots went on round the lap: from slot 547 on Budapest cars stood on
    // top of the pole (issue 48). Here a lap of 2π·150 m ≈ 942 m, rows 16 m apart.
    const auto sample = tw::test::bakeSample(wideCircle());
    const double lap = sample->track.view.routes[0].length;
    const trackwright::GridOptions grid;
    const auto behind = [&](std::uint32_t slot) { return double(grid.firstRowGap) + double(slot / 2) * grid.rowSpacing + double(slot % 2) * grid.stagger; };
    trackwright::VehicleState s;
    std::uint32_t refused = 0;
    while (refused < 1000 && trackwright::gridSlot(sample->track, refused, grid, s)) ++refused;
    ASSERT_LT(refused, 1000u) << "a closed route took every slot";
    EXPECT_GT(refused, 100u) << "a 942 m lap has room for over 50 rows";
    // Driving on from a slot, the pole is at least a row's spacing ahead; from the first refused it would not be.
    EXPECT_GE(lap - (behind(refused - 1) - grid.firstRowGap), grid.rowSpacing);
    EXPECT_LT(lap - (behind(refused) - grid.firstRowGap), grid.rowSpacing);
}

} // namespace
