// The trace assist (issue 49): a click on a level's road proposes the road's centre line both ways
// to where it stops being one road — around a loop back to the click, to a junction where another
// road joins, to the road's end — on a level the test builds with the road's centre and width known.
#include "bake/drape/trace_road.h"

#include "formats/import/torcs_import.h"
#include "formats/mesh/level_mesh.h"
#include "formats/mesh/mesh_bvh.h"
#include "tests/support/level_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace {

using tw::test::LevelBuilder;

/// A straight open road along `heading` from `from`, `length` m, tarmac `half` m either side.
formats::TrackDocument straightRoad(formats::Vec2 from, double heading, double length, double half) {
    formats::TrackDocument doc;
    formats::Route route;
    route.name = "main";
    for (int i = 0; i <= static_cast<int>(length / 10.0); ++i) {
        formats::TrackNode n;
        n.position = {from.x + std::cos(heading) * 10.0 * i, from.y + std::sin(heading) * 10.0 * i, 1.0};
        n.left = n.right = {half, half, half};
        route.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(n);
    }
    doc.routes.push_back(route);
    return doc;
}

/// `extra`'s triangles added to `level`.
void addTo(LevelBuilder& level, const LevelBuilder& extra) {
    const auto offset = static_cast<std::uint32_t>(level.mesh.vertices.size());
    level.mesh.vertices.insert(level.mesh.vertices.end(), extra.mesh.vertices.begin(), extra.mesh.vertices.end());
    for (std::size_t t = 0; t < extra.mesh.triangles.size(); ++t) {
        auto tri = extra.mesh.triangles[t];
        for (auto& v : tri) v += offset;
        level.mesh.triangles.push_back(tri);
        level.mesh.triangleMaterial.push_back(level.material(extra.mesh.materials[extra.mesh.triangleMaterial[t]]));
    }
}

TEST(TraceRoad, AClickOnALoopFollowsItsCentreAllTheWayRoundAndClosesIt) {
    const formats::TrackDocument circle = tw::test::rollingBankedCircle();
    const LevelBuilder level = tw::test::levelFor(circle);
    const formats::MeshBvh bvh(level.mesh);
    // On the tarmac, 2 m right of node 10 (not on the road's centre: the trace finds it).
    const formats::TrackNode& n = circle.nodes[10];
    const formats::Vec2 outward = formats::normalized(n.position.ground());
    std::string refusal;
    const auto trace = bake::traceRoad(level.mesh, bvh, n.position.x + outward.x * 2.0, n.position.y + outward.y * 2.0, 10.0, {{}, 8.0, 30000.0}, refusal);
    ASSERT_TRUE(trace) << refusal;
    EXPECT_TRUE(trace->closed);
    // Tarmac 5 m left (inwards) and 4 m right of a circle of 80 m: the road's centre is at 79.5 m,
    // 4.5 m from either edge, on the rolling banked surface.
    // The level is a 48-gon: between its cross-sections the road's centre runs on their chords.
    std::vector<formats::Vec2> centres;
    for (const formats::TrackNode& node : circle.nodes) centres.push_back(node.position.ground() * (79.5 / 80.0));
    const auto offCentre = [&](formats::Vec2 p) {
        double nearest = 1e300;
        for (std::size_t i = 0; i < centres.size(); ++i) {
            const formats::Vec2 a = centres[i], ab = centres[(i + 1) % centres.size()] - a;
            const double s = std::clamp(formats::dot(p - a, ab) / formats::dot(ab, ab), 0.0, 1.0);
            nearest = std::min(nearest, formats::length(p - (a + ab * s)));
        }
        return nearest;
    };
    const double roadLength = 2.0 * std::numbers::pi * 79.5;
    EXPECT_NEAR(trace->length(), roadLength, 0.01 * roadLength);
    EXPECT_NEAR(static_cast<double>(trace->points.size()), roadLength / 8.0, 2.0);
    for (const bake::RoadTrace::Point& p : trace->points) {
        EXPECT_LT(offCentre(p.position.ground()), 0.05);
        EXPECT_NEAR(p.left, 4.5, 0.1);
        EXPECT_NEAR(p.right, 4.5, 0.1);
        const auto surface = bvh.surfaceNear(p.position.x, p.position.y, p.position.z);
        ASSERT_TRUE(surface);
        EXPECT_NEAR(p.position.z, surface->z, 1e-6) << "on the surface";
    }
}

TEST(TraceRoad, AStraightStopsAtAJunctionAheadAndAtTheRoadsEndBehind) {
    // A road east from the origin, 300 m; a second road leaves it at x = 150 m, 35° to the north.
    LevelBuilder level = tw::test::levelFor(straightRoad({0.0, 0.0}, 0.0, 300.0, 4.0), true);
    addTo(level, tw::test::levelFor(straightRoad({150.0, 0.0}, 35.0 * tw::test::kDegree, 150.0, 4.0), true));
    const formats::MeshBvh bvh(level.mesh);
    std::string refusal;
    const auto trace = bake::traceRoad(level.mesh, bvh, 40.0, 1.5, 1.0, {{"*asphalt*"}, 5.0, 30000.0}, refusal);
    ASSERT_TRUE(trace) << refusal;
    EXPECT_FALSE(trace->closed);
    // Which way is "ahead" depends on the click; the junction is east, the end west.
    const bool eastIsAhead = trace->points.back().position.x > trace->points.front().position.x;
    const bake::RoadTrace::Point& west = eastIsAhead ? trace->points.front() : trace->points.back();
    const bake::RoadTrace::Point& east = eastIsAhead ? trace->points.back() : trace->points.front();
    EXPECT_EQ(eastIsAhead ? trace->behind : trace->ahead, bake::TraceEnd::RoadEnds);
    EXPECT_EQ(eastIsAhead ? trace->ahead : trace->behind, bake::TraceEnd::Junction);
    EXPECT_LT(west.position.x, 5.0) << "to the road's end";
    EXPECT_GT(east.position.x, 120.0) << "up to the junction";
    EXPECT_LT(east.position.x, 148.0) << "not into its mouth";
    for (const bake::RoadTrace::Point& p : trace->points) EXPECT_NEAR(p.position.y, 0.0, 0.05) << "on the centre line, at x " << p.position.x;
}

TEST(TraceRoad, AClickOffTheRoadOrOnNothingIsRefusedSayingWhy) {
    const formats::TrackDocument circle = tw::test::rollingBankedCircle();
    const LevelBuilder level = tw::test::levelFor(circle);
    const formats::MeshBvh bvh(level.mesh);
    std::string refusal;
    EXPECT_FALSE(bake::traceRoad(level.mesh, bvh, 0.0, 0.0, 0.0, {}, refusal));
    EXPECT_NE(refusal.find("no level surface"), std::string::npos) << refusal;
    // On the grass beside the road (6.5 m out): not the road's material.
    const formats::Vec2 grass = formats::normalized(circle.nodes[0].position.ground()) * (80.0 + 6.5);
    EXPECT_FALSE(bake::traceRoad(level.mesh, bvh, grass.x, grass.y, 2.0, {{"*asphalt*"}, 8.0, 30000.0}, refusal));
    EXPECT_NE(refusal.find("\"grass\""), std::string::npos) << refusal;
}

} // namespace

namespace {

/// Metres from `p` to the closest link of `route`'s centre line.
double offRoute(const formats::TrackDocument& doc, const formats::Route& route, formats::Vec2 p) {
    double nearest = 1e300;
    const std::size_t links = route.closed ? route.nodes.size() : route.nodes.size() - 1;
    for (std::size_t i = 0; i < links; ++i) {
        const formats::Vec2 a = doc.nodes[route.nodes[i]].position.ground(), ab = doc.nodes[route.nodes[(i + 1) % route.nodes.size()]].position.ground() - a;
        const double s = std::clamp(formats::dot(p - a, ab) / std::max(1e-12, formats::dot(ab, ab)), 0.0, 1.0);
        nearest = std::min(nearest, formats::length(p - (a + ab * s)));
    }
    return nearest;
}

TEST(TraceRoad, OnATorcsTracksOwnMeshTheTraceKeepsToTheTracksCentreLine) {
    // g-track-1's mesh as TORCS ships it, with the textures its XML paves the main track with; the
    // click on the main straight, beside the centre line. The trace runs to the pit lane's mouth
    // (a junction) either way, on the XML's centre line.
    const std::filesystem::path acc = "/usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc";
    if (!std::filesystem::is_regular_file(acc)) GTEST_SKIP() << "TORCS's track data is not installed (" << acc << ")";
    const formats::ImportResult imported = formats::importTorcsTrackFile(std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs/road/g-track-1.xml");
    ASSERT_TRUE(imported.document);
    const formats::TrackDocument& truth = *imported.document;
    const formats::LevelMeshLoadResult loaded = formats::loadLevelMesh(acc);
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const formats::MeshBvh bvh(*loaded.mesh);
    const formats::Route& main = truth.routes[0];
    const formats::TrackNode& click = truth.nodes[main.nodes[main.nodes.size() / 3]];
    std::string refusal;
    const auto trace = bake::traceRoad(*loaded.mesh, bvh, click.position.x + 1.0, click.position.y, click.position.z,
                                       {{"asphalt-bw-g1-1_n.rgb", "asphalt-bw-g1-patch-?_n.rgb"}, 5.0, 30000.0}, refusal);
    ASSERT_TRUE(trace) << refusal;
    std::vector<double> off;
    for (const bake::RoadTrace::Point& p : trace->points) off.push_back(offRoute(truth, main, p.position.ground()));
    std::sort(off.begin(), off.end());
    double lap = 0.0;
    for (std::size_t i = 0; i < main.nodes.size(); ++i)
        lap += formats::length(truth.nodes[main.nodes[(i + 1) % main.nodes.size()]].position.ground() - truth.nodes[main.nodes[i]].position.ground());
    std::printf("g-track-1: traced %.0f m of a %.0f m lap (ends: %s, %s), off the centre line p50 %.2f m, p95 %.2f m, worst %.2f m\n",
                trace->length(), lap, bake::traceEndName(trace->behind), bake::traceEndName(trace->ahead), off[off.size() / 2],
                off[off.size() * 95 / 100], off.back());
    EXPECT_GT(trace->length(), 0.5 * lap);                 // measured: 1417 m of the lap
    EXPECT_LT(off[off.size() * 95 / 100], 0.15);           // measured: 5 cm
    EXPECT_LT(off.back(), 0.5);                            // measured: 7 cm
}

} // namespace
