#include "bake/pipeline/bake_track.h"
#include "formats/validate/validate.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "bake/pipeline/loaded_bake.h"

#include "formats/source/track_json.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <filesystem>

namespace {

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    EXPECT_TRUE(loaded.document) << name;
    return loaded.document.value_or(formats::TrackDocument{});
}

formats::BakedTrackData bakeOk(const formats::TrackDocument& doc) {
    bake::BakeResult result = bake::bakeTrack(doc);
    EXPECT_EQ(result.status, bake::BakeStatus::Ok);
    return result.data.value_or(formats::BakedTrackData{});
}

TEST(BakeTrack, CircleNodesHaveTheCircleCurvatureAndFrames) {
    const formats::BakedTrackData d = bakeOk(tw::test::circleTrack(72, 100.0));
    ASSERT_EQ(d.nodes.size(), 72u);
    for (const formats::BakedNode& n : d.nodes) {
        EXPECT_NEAR(n.curvature, 0.01, 1e-6);
        // The tangent is perpendicular to the radius; the left perpendicular points to the centre.
        EXPECT_NEAR(n.tangentX * n.x + n.tangentY * n.y, 0.0, 1e-3);
        EXPECT_NEAR(n.perpendicularX * n.x + n.perpendicularY * n.y, -100.0, 1e-3);
        // Quadratic Bézier on three nodes of the circle: about half the circle's curvature.
        EXPECT_NEAR(n.bezierCurvature, 0.005, 1e-4);
    }
    // Link lengths are 3D (format 4): the circle rises and falls 0.5 m, z = 0.5·sin(angle), so each
    // chord 2·100·sin(π/72) = 8.7239 m also climbs up to 0.0436 m: the lap is 628.1231 m, not the
    // plan polygon's 628.1192 m.
    double circumference = 0.0, half = 0.0;
    for (int i = 0; i < 72; ++i) {
        const double chord = 2 * 100.0 * std::sin(M_PI / 72);
        const double rise = 0.5 * (std::sin(2 * M_PI * (i + 1) / 72) - std::sin(2 * M_PI * i / 72));
        circumference += std::hypot(chord, rise);
        if (i < 36) half += std::hypot(chord, rise);
    }
    EXPECT_NEAR(circumference, 628.1231, 1e-4);
    EXPECT_NEAR(d.routes[0].length, circumference, 1e-3);
    EXPECT_NEAR(d.nodes[36].distance, half, 1e-3);
    EXPECT_NEAR(d.nodes[36].linkPlanLength, 2 * 100.0 * std::sin(M_PI / 72), 1e-4) << "the plan length stays beside it";
}

TEST(BakeTrack, SpeedHintsRespectTheVehicleAndTheLapTimeMatchesThem) {
    const formats::TrackDocument doc = tw::test::circleTrack(72, 100.0);
    const formats::BakedTrackData d = bakeOk(doc);
    ASSERT_EQ(d.vehicleClasses.size(), 1u);
    ASSERT_EQ(d.speedProfiles.size(), 1u);
    const formats::BakedSpeedProfile& p = d.speedProfiles[0];
    double lap = 0.0;
    for (std::uint32_t k = 0; k < 72; ++k) {
        const float v = d.speedHints[p.firstHint + k];
        EXPECT_LE(v, 80.0f);
        EXPECT_GT(v, 0.0f);
        const float next = d.speedHints[p.firstHint + (k + 1) % 72];
        const formats::BakedLinePoint& a = d.linePoints[k];
        const formats::BakedLinePoint& b = d.linePoints[(k + 1) % 72];
        lap += 2.0 * std::hypot(b.x - a.x, b.y - a.y) / (v + next);
    }
    EXPECT_NEAR(p.lapTime, lap, 1e-3 * lap);
    // Node 1 has a 17.25 m/s designer override: it wins.
    EXPECT_NEAR(d.speedHints[p.firstHint + 1], 17.25f, 1e-4);
}

TEST(BakeTrack, BranchesStartAndEndOnTheirParentAndAreLinkedInTheGraph) {
    const formats::TrackDocument doc = sample("harbour_sprint.twtrack");
    const formats::BakedTrackData d = bakeOk(doc);
    ASSERT_EQ(d.routes.size(), 2u);
    const formats::BakedRoute& pit = d.routes[1];
    EXPECT_EQ(pit.nodeCount, doc.routes[1].nodes.size() + 2);
    const formats::BakedNode& first = d.nodes[pit.firstNode];
    const formats::BakedNode& fork = d.nodes[pit.forkNode];
    EXPECT_EQ(first.x, fork.x);
    EXPECT_EQ(first.y, fork.y);
    const formats::BakedNode& last = d.nodes[pit.firstNode + pit.nodeCount - 1];
    EXPECT_EQ(last.x, d.nodes[pit.joinNode].x);
    bool forkLink = false, joinLink = false;
    for (const formats::BakedRouteLink& l : d.routeLinks) {
        forkLink |= l.kind == formats::BakedLinkKind::Fork && l.fromNode == pit.forkNode && l.toNode == pit.firstNode;
        joinLink |= l.kind == formats::BakedLinkKind::Join && l.toNode == pit.joinNode;
    }
    EXPECT_TRUE(forkLink);
    EXPECT_TRUE(joinLink);
    // No line in the file: each route gets a centre line, and pit speed overrides are honoured.
    ASSERT_EQ(d.lines.size(), 2u);
    const formats::BakedSpeedProfile& pitProfile = d.speedProfiles[1];
    EXPECT_NEAR(d.speedHints[pitProfile.firstHint + 5], 16.7f, 1e-4);
}

TEST(BakeTrack, RegistrationGridListsEverySegmentWhereItsWallsAre) {
    const formats::BakedTrackData d = bakeOk(sample("kart.twtrack"));
    const formats::BakedGridInfo& g = d.grid;
    ASSERT_EQ(d.gridCells.size(), std::size_t(g.columns) * g.rows + 1);
    // Each node's wall ends lie in a cell that lists the node's segment.
    for (std::uint32_t i = 0; i < d.nodes.size(); ++i) {
        const formats::BakedNode& n = d.nodes[i];
        for (float side : {n.leftWall * 0.99f, -n.rightWall * 0.99f, 0.0f}) {
            const float x = n.x + side * n.perpendicularX, y = n.y + side * n.perpendicularY;
            const auto column = static_cast<std::uint32_t>((x - g.originX) / g.cellSize);
            const auto row = static_cast<std::uint32_t>((y - g.originY) / g.cellSize);
            ASSERT_LT(column, g.columns);
            ASSERT_LT(row, g.rows);
            const std::size_t cell = std::size_t(row) * g.columns + column;
            bool listed = false;
            for (std::uint32_t k = d.gridCells[cell]; k < d.gridCells[cell + 1]; ++k) listed |= d.gridItems[k] == i;
            EXPECT_TRUE(listed) << "node " << i;
        }
    }
}

TEST(BakeTrack, DefaultVehicleClassesWhenTheTrackHasNone) {
    formats::TrackDocument doc = tw::test::circleTrack();
    doc.vehicleClasses.clear();
    std::vector<std::string> log;
    bake::BakeContext context;
    context.log = [&](const std::string& line) { log.push_back(line); };
    const bake::BakeResult result = bake::bakeTrack(doc, {}, context);
    ASSERT_TRUE(result.data);
    // One class per vehicle preset, named as the preset, with the preset's limits: a game driving
    // the truck preset finds the "truck" class and its hints never ask more than the truck can do.
    ASSERT_EQ(result.data->vehicleClasses.size(), std::size(trackwright::kAllVehiclePresets));
    EXPECT_EQ(result.data->speedProfiles.size(), std::size(trackwright::kAllVehiclePresets));
    for (std::size_t i = 0; i < std::size(trackwright::kAllVehiclePresets); ++i) {
        const trackwright::VehiclePreset preset = trackwright::kAllVehiclePresets[i];
        const formats::BakedVehicleClass& baked = result.data->vehicleClasses[i];
        EXPECT_STREQ(result.data->strings.c_str() + baked.nameOffset, trackwright::vehiclePresetName(preset));
        EXPECT_EQ(baked.topSpeed, trackwright::vehiclePreset(preset).topSpeed);
        EXPECT_EQ(baked.maxLateralAcceleration, trackwright::vehiclePreset(preset).lateralGrip);
    }
    EXPECT_FALSE(log.empty());
}

TEST(BakeTrack, InvalidTracksAreNotBakedAndCancellationStops) {
    formats::TrackDocument doc = tw::test::circleTrack();
    doc.nodes[3].left.runoff = 1.0;
    bake::BakeResult result = bake::bakeTrack(doc);
    EXPECT_EQ(result.status, bake::BakeStatus::InvalidTrack);
    EXPECT_FALSE(result.data);
    bake::BakeContext context;
    int steps = 0;
    context.cancelled = [&] { return ++steps > 2; };
    result = bake::bakeTrack(tw::test::circleTrack(), {}, context);
    EXPECT_EQ(result.status, bake::BakeStatus::Cancelled);
    EXPECT_FALSE(result.data);
}

// Identical input, identical bytes: on every run and in every build type. The golden value changes
// only with the format or the algorithms, and then on purpose (2026-11-25: format 2 adds the origin
// section; `twbake dump` of every sample shows every other section unchanged. 2026-11-26: track
// schema 2 changes the canonical source text the header's source hash covers, nothing else.
// Format 4 adds the road to the nodes and line points: the kart is flat, so `twbake dump` shows every
// format-3 field unchanged, the new ones 0 (tangentZ, banking), 1 (grip) and the plan length equal
// to the link length, and its laps are identical. Format 5 adds the zones and race settings
// sections: the kart has no zones, so its zones section is empty and its race section holds the
// defaults; every other section is written by code that did not change. Format 6 adds the
// roster's drivers section, empty without --roster; every other section unchanged).
TEST(BakeTrack, GoldenHashOfTheKartSample) {
    const std::vector<std::byte> first = formats::writeBakedTrack(bakeOk(sample("kart.twtrack")));
    const std::vector<std::byte> second = formats::writeBakedTrack(bakeOk(sample("kart.twtrack")));
    EXPECT_EQ(first, second);
    EXPECT_EQ(formats::bakedHash(first.data(), first.size()), 0x1cbe0d927097cc68ull) << std::hex << formats::bakedHash(first.data(), first.size());
}

} // namespace

namespace {

// A node at 1e300 m validated clean and baked to infinity (then laps never finished); a single node
// mistyped 4 500 km from a 120 m circle made a track no float keeps. Both are refused before a
// bake, naming the node.
TEST(BakeTrack, CoordinatesBeyondTheBakeableRangeAreRefused) {
    for (const double far : {1e300, 4.5e6}) {
        formats::TrackDocument doc = tw::test::circleTrack(24);
        doc.nodes[5].position.y = far;
        const bake::BakeResult result = bake::bakeTrack(doc);
        EXPECT_EQ(result.status, bake::BakeStatus::InvalidTrack) << far;
        EXPECT_FALSE(result.data) << far;
        bool named = false;
        for (const formats::Diagnostic& d : result.diagnostics) named |= d.code == "coordinate-out-of-range" && d.node == 5u;
        EXPECT_TRUE(named) << far;
    }
}

} // namespace

namespace {

// UTM-scale coordinates lost precision silently in the float bake: a track 4 500 km north keeps
// centimetres now, because the bake stores positions relative to an origin near the track.
TEST(BakeTrack, AUtmScaleTrackKeepsCentimetresRelativeToItsOrigin) {
    const formats::TrackDocument near = sample("kart.twtrack");
    formats::TrackDocument far = near;
    const formats::Vec3 offset{512345.678, 4498765.432, 0.0};
    for (formats::TrackNode& node : far.nodes) {
        node.position.x += offset.x;
        node.position.y += offset.y;
    }
    EXPECT_FALSE(formats::hasErrors(formats::validate(far)));
    const formats::BakedTrackData nearData = bakeOk(near), farData = bakeOk(far);
    EXPECT_EQ(nearData.origin.x, 0.0);
    EXPECT_NEAR(farData.origin.x, offset.x, 1000.0);
    EXPECT_NEAR(farData.origin.y, offset.y, 1000.0);
    EXPECT_EQ(std::fmod(farData.origin.x, 1000.0), 0.0) << "a round origin";
    ASSERT_EQ(nearData.nodes.size(), farData.nodes.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < nearData.nodes.size(); ++i) {
        const double x = farData.nodes[i].x + farData.origin.x - offset.x, y = farData.nodes[i].y + farData.origin.y - offset.y;
        worst = std::max({worst, std::abs(x - nearData.nodes[i].x), std::abs(y - nearData.nodes[i].y)});
    }
    EXPECT_LT(worst, 0.001) << "baked positions drift by " << worst << " m";

    // A car registers by world position less the origin, as a game does, and lands where it does
    // on the track baked near the world's origin.
    bake::LoadedBake nearBake, farBake;
    ASSERT_EQ(bake::loadBakedData(nearData, nearBake), trackwright::LoadStatus::Ok);
    ASSERT_EQ(bake::loadBakedData(farData, farBake), trackwright::LoadStatus::Ok);
    const formats::Vec3 origin = farBake.track.origin();
    EXPECT_EQ(origin.x, farData.origin.x);
    trackwright::Registrar nearRegistrar(nearBake.track), farRegistrar(farBake.track);
    for (std::size_t i = 0; i < near.nodes.size(); i += 7) {
        const formats::Vec2 p = near.nodes[i].position.ground() + formats::Vec2{0.37, -0.21};
        const trackwright::Registration a = nearRegistrar.registerCold(p);
        const trackwright::Registration b = farRegistrar.registerCold({p.x + offset.x - origin.x, p.y + offset.y - origin.y});
        ASSERT_EQ(a.defined, b.defined);
        if (!a.defined) continue;
        EXPECT_EQ(a.segment, b.segment);
        EXPECT_NEAR(a.lateral, b.lateral, 0.01);
        EXPECT_NEAR(a.distance, b.distance, 0.01);
    }
}

} // namespace
