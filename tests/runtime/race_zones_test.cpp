// The designer's race data at run time: overtaking rules along a route, the distance to the next
// no-overtaking zone, the yield side, the pit stop time and the designer's grid.
#include "trackwright/track/race_zones.h"
#include "trackwright/vehicle/starting_grid.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using trackwright::OvertakingRule;
using trackwright::PassSides;

/// A 24-node circle (closed route 0) with a pit branch (route 1) of two nodes from node 2 to node 8.
formats::TrackDocument circleWithPit() {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    formats::Route pit{"pit", false, {}, formats::RouteAttachment{0, 2}, formats::RouteAttachment{0, 8}};
    for (const int k : {4, 6}) {
        formats::TrackNode node = doc.nodes[static_cast<std::size_t>(k)];
        node.position.x *= 0.75;
        node.position.y *= 0.75;
        node.left = node.right = {3.0, 3.5, 4.0};
        pit.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(pit);
    return doc;
}

float nodeDistance(const trackwright::BakedTrack& track, std::uint32_t route, std::uint32_t k) {
    return track.view.nodes[track.view.routes[route].firstNode + k].distance;
}

bool same(const OvertakingRule& a, const OvertakingRule& b) { return a.sides == b.sides && a.encouraged == b.encouraged; }

TEST(RaceZones, ZonesAreBakedAtTheirNodesDistances) {
    formats::TrackDocument doc = circleWithPit();
    doc.zones = {{"overtaking", 2, 6, "left"}, {"no-overtaking", 20, 1, ""}, {"no-overtaking", 24, 25, ""}};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    ASSERT_EQ(trackwright::zoneCount(track), 3u);
    trackwright::TrackZone z;
    ASSERT_TRUE(trackwright::zoneAt(track, 0, z));
    EXPECT_EQ(z.kind, trackwright::ZoneKind::Overtaking);
    EXPECT_EQ(z.sides, PassSides::Left);
    EXPECT_EQ(z.route, 0u);
    EXPECT_EQ(z.startNode, 2u);
    EXPECT_EQ(z.startDistance, nodeDistance(track, 0, 2));
    EXPECT_EQ(z.endDistance, nodeDistance(track, 0, 6));
    ASSERT_TRUE(trackwright::zoneAt(track, 1, z));
    EXPECT_EQ(z.sides, PassSides::None);
    EXPECT_GT(z.startDistance, z.endDistance) << "across the start line";
    // On the branch: its baked nodes are the fork node, its own two, the join node.
    ASSERT_TRUE(trackwright::zoneAt(track, 2, z));
    EXPECT_EQ(z.route, 1u);
    EXPECT_EQ(z.startDistance, nodeDistance(track, 1, 1));
    EXPECT_EQ(z.endDistance, nodeDistance(track, 1, 2));
    EXPECT_FALSE(trackwright::zoneAt(track, 3, z));
}

TEST(RaceZones, TheRuleAlongALoopWrapsAcrossTheStart) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.zones = {{"overtaking", 2, 6, "left"}, {"no-overtaking", 10, 14, ""}, {"overtaking", 20, 1, ""}};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    const float length = track.view.routes[0].length;
    const auto d = [&](std::uint32_t k) { return nodeDistance(track, 0, k); };
    const OvertakingRule left{PassSides::Left, true}, none{PassSides::None, false}, anywhere{PassSides::Both, false}, both{PassSides::Both, true};
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(3)), left));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(2)), left)) << "the start node is in";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(6)), anywhere)) << "the end node is out";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(12)), none));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(16)), anywhere));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(22)), both));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, 0.5f * d(1)), both)) << "past the line, still in the zone";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(12) + 3.0f * length), none)) << "laps later";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(3) - length), left)) << "a lap before";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 7, d(12)), anywhere)) << "no such route";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, NAN), anywhere));
}

TEST(RaceZones, NoOvertakingWinsWhereZonesOverlap) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.zones = {{"overtaking", 2, 10, "left"}, {"no-overtaking", 6, 8, ""}, {"overtaking", 4, 12, "right"}};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    const auto d = [&](std::uint32_t k) { return nodeDistance(track, 0, k); };
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(3)), {PassSides::Left, true}));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(5)), {PassSides::Both, true})) << "left and right";
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(7)), {PassSides::None, false}));
    EXPECT_TRUE(same(trackwright::overtakingRuleAt(track, 0, d(11)), {PassSides::Right, true}));
}

TEST(RaceZones, DistanceToTheNextNoOvertakingZoneLooksAheadRoundTheLoop) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.zones = {{"no-overtaking", 10, 14, ""}, {"overtaking", 2, 6, ""}};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    const float length = track.view.routes[0].length;
    const auto d = [&](std::uint32_t k) { return nodeDistance(track, 0, k); };
    EXPECT_FLOAT_EQ(trackwright::distanceToNoOvertaking(track, 0, d(4)), d(10) - d(4));
    EXPECT_EQ(trackwright::distanceToNoOvertaking(track, 0, d(12)), 0.0f) << "inside one";
    EXPECT_NEAR(trackwright::distanceToNoOvertaking(track, 0, d(16)), length - d(16) + d(10), 1e-3f);
    EXPECT_NEAR(trackwright::distanceToNoOvertaking(track, 0, d(4) + length), d(10) - d(4), 1e-3f);
    EXPECT_TRUE(std::isinf(trackwright::distanceToNoOvertaking(track, 3, d(4))));
    const auto plain = tw::test::bakeSample(tw::test::circleTrack(24, 60.0));
    EXPECT_TRUE(std::isinf(trackwright::distanceToNoOvertaking(plain->track, 0, 10.0f)));
}

TEST(RaceZones, OnAnOpenRouteAZoneBehindIsNotAhead) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.routes[0].closed = false;
    doc.zones = {{"no-overtaking", 5, 8, ""}};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    const auto d = [&](std::uint32_t k) { return nodeDistance(track, 0, k); };
    EXPECT_FLOAT_EQ(trackwright::distanceToNoOvertaking(track, 0, d(2)), d(5) - d(2));
    EXPECT_TRUE(std::isinf(trackwright::distanceToNoOvertaking(track, 0, d(10))));
}

TEST(RaceZones, RaceSettingsAreTheDesignersOrTheDefaults) {
    const auto plain = tw::test::bakeSample(tw::test::circleTrack(24, 60.0));
    EXPECT_EQ(trackwright::yieldSide(plain->track), -1.0f);
    EXPECT_EQ(trackwright::pitStopTime(plain->track), 3.0f);
    const trackwright::GridOptions defaults = trackwright::designerGrid(plain->track);
    const trackwright::GridOptions expected;
    EXPECT_EQ(defaults.firstRowGap, expected.firstRowGap);
    EXPECT_EQ(defaults.rowSpacing, expected.rowSpacing);
    EXPECT_EQ(defaults.stagger, expected.stagger);
    EXPECT_EQ(defaults.poleOnLeft, expected.poleOnLeft);
    EXPECT_EQ(trackwright::yieldSide(trackwright::BakedTrack{}), -1.0f) << "a track not loaded";
    EXPECT_EQ(trackwright::pitStopTime(trackwright::BakedTrack{}), 3.0f);

    formats::TrackDocument doc = tw::test::circleTrack(48, 150.0);
    doc.race = formats::RaceSettings{"left", {4.0, 10.0, 5.0, "right"}, 7.5};
    const auto sample = tw::test::bakeSample(doc);
    EXPECT_EQ(trackwright::yieldSide(sample->track), 1.0f);
    EXPECT_EQ(trackwright::pitStopTime(sample->track), 7.5f);
    const trackwright::GridOptions grid = trackwright::designerGrid(sample->track);
    EXPECT_EQ(grid.firstRowGap, 4.0f);
    EXPECT_EQ(grid.rowSpacing, 10.0f);
    EXPECT_EQ(grid.stagger, 5.0f);
    EXPECT_FALSE(grid.poleOnLeft);
    EXPECT_EQ(grid.columnOffset, 0.0f);
    EXPECT_EQ(grid.speed, 0.0f);
    // The pole stands on the right of the middle of the tarmac, facing the driving direction.
    trackwright::VehicleState pole;
    ASSERT_TRUE(trackwright::gridSlot(sample->track, 0, grid, pole));
    const float dx = std::cos(pole.heading), dy = std::sin(pole.heading);
    const formats::BakedNode& start = sample->track.view.nodes[0];
    const double side = dx * (pole.position.y - start.y) - dy * (pole.position.x - start.x);
    EXPECT_LT(side, 0.0) << "right of the driving direction";
}

} // namespace
