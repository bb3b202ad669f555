// Laying a track over a level's mesh (issue 49): a level the test writes as a game's exporter
// would (glTF and OBJ), with the road's heights, banking and edges known, draped onto a track whose
// heights, banking and widths were cleared; a bridge whose two decks each keep their pass; a
// selection; and `twbake drape` as a pipeline runs it, refusing what it cannot do.
#include "bake/drape/drape_track.h"

#include "formats/geometry/route_frames.h"
#include "formats/import/torcs_import.h"
#include "formats/mesh/level_mesh.h"
#include "formats/mesh/mesh_bvh.h"
#include "formats/source/track_json.h"
#include "tests/support/level_files.h"
#include "tests/support/level_scenes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numbers>

namespace {

namespace fs = std::filesystem;
using tw::test::LevelBuilder;

using tw::test::cleared;
using tw::test::kDegree;
using tw::test::levelFor;
using tw::test::rollingBankedCircle;

void expectDrapedAs(const formats::TrackDocument& draped, const formats::TrackDocument& truth, const std::string& what) {
    for (std::size_t i = 0; i < truth.nodes.size(); ++i) {
        const formats::TrackNode& got = draped.nodes[i];
        const formats::TrackNode& want = truth.nodes[i];
        SCOPED_TRACE(what + ", node " + std::to_string(i));
        EXPECT_NEAR(got.position.z, want.position.z, 0.005);
        EXPECT_NEAR(got.banking / kDegree, want.banking / kDegree, 0.05);
        EXPECT_NEAR(got.left.track, want.left.track, 0.01);
        EXPECT_NEAR(got.right.track, want.right.track, 0.01);
        EXPECT_NEAR(got.left.runoff, want.left.runoff, 0.01);   // grass to the barrier
        EXPECT_NEAR(got.left.wall, want.left.wall, 0.01);       // the barrier's face
        EXPECT_NEAR(got.right.runoff, want.right.runoff, 0.01); // grass to the drop
        EXPECT_NEAR(got.right.wall, want.right.runoff, 0.01);   // no barrier: the wall is where the ground ends
    }
}

TEST(Drape, AGltfAndAnObjLevelGiveTheHeightsBankingAndEdgesTheyWereBuiltWith) {
    const formats::TrackDocument truth = rollingBankedCircle();
    const LevelBuilder level = levelFor(truth);
    tw::test::ScratchDir dir("drape_round_trip");
    tw::test::writeGltfLevel(dir.path() / "level.gltf", level.mesh);
    tw::test::writeObjLevel(dir.path() / "level.obj", level.mesh);
    for (const char* file : {"level.gltf", "level.obj"}) {
        const formats::LevelMeshLoadResult loaded = formats::loadLevelMesh(dir.path() / file);
        ASSERT_TRUE(loaded.mesh) << loaded.error;
        const formats::MeshBvh bvh(*loaded.mesh);
        formats::TrackDocument doc = cleared(truth);
        bake::DrapeOptions options;
        options.roadMaterials = {"*ASPHALT*"};  // case is the designer's to forget
        options.widths = true;
        const bake::DrapeReport report = bake::drapeTrack(doc, *loaded.mesh, bvh, options);
        EXPECT_EQ(report.draped, truth.nodes.size()) << file;
        EXPECT_TRUE(report.noSurface.empty()) << file;
        EXPECT_TRUE(report.offRoad.empty()) << file;
        expectDrapedAs(doc, truth, file);
    }
}

TEST(Drape, EachPassOfABridgeKeepsToItsOwnDeckWhateverTheHeightsWere) {
    // The figure-eight's two passes cross 6 m apart. Cleared to height 0, and then with every node
    // lifted onto the bridge's height: each pass still finds its own deck (the surface continuous
    // along the route, not the one a ray from the sky meets first or the one nearest the old height).
    const formats::TrackDocument truth = tw::test::bridgedFigureEight();
    const LevelBuilder level = levelFor(truth, /*onlyTarmac=*/true);
    const formats::MeshBvh bvh(level.mesh);
    for (const double startHeight : {0.0, 6.0}) {
        formats::TrackDocument doc = truth;
        for (formats::TrackNode& n : doc.nodes) n.position.z = startHeight;
        const bake::DrapeReport report = bake::drapeTrack(doc, level.mesh, bvh, {});
        EXPECT_TRUE(report.noSurface.empty());
        int crossing = 0;
        for (std::size_t i = 0; i < truth.nodes.size(); ++i) {
            EXPECT_NEAR(doc.nodes[i].position.z, truth.nodes[i].position.z, 0.01) << "node " << i << ", heights at " << startHeight << " m before";
            crossing += bvh.surfacesAt(truth.nodes[i].position.x, truth.nodes[i].position.y).size() > 1;
        }
        EXPECT_GE(crossing, 2) << "the test must drape nodes with two decks under them";
    }
}

TEST(Drape, OnlyTheSelectedNodesChangeAndTheOthersAnchorTheDeck) {
    const formats::TrackDocument truth = rollingBankedCircle();
    const LevelBuilder level = levelFor(truth);
    const formats::MeshBvh bvh(level.mesh);
    formats::TrackDocument doc = cleared(truth);
    bake::DrapeOptions options;
    options.nodes = {3, 4, 5};
    options.widths = true;
    options.roadMaterials = {"road_*"};
    const bake::DrapeReport report = bake::drapeTrack(doc, level.mesh, bvh, options);
    EXPECT_EQ(report.draped, 3u);
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        if (i >= 3 && i <= 5) {
            EXPECT_NEAR(doc.nodes[i].position.z, truth.nodes[i].position.z, 0.005) << i;
            EXPECT_NEAR(doc.nodes[i].left.track, 5.0, 0.01) << i;
        } else {
            EXPECT_EQ(doc.nodes[i], cleared(truth).nodes[i]) << i;
        }
    }
}

TEST(Drape, ANodeOffTheRoadMaterialsTakesItsWidthsFromTheRoadEitherSide) {
    // A start line painted with its own texture: its node stands on no road material, and its
    // widths come from its neighbours rather than staying cleared.
    const formats::TrackDocument truth = rollingBankedCircle();
    LevelBuilder level = levelFor(truth);
    const std::uint32_t startLine = level.material("start_line");
    level.mesh.triangleMaterial[0] = level.mesh.triangleMaterial[1] = startLine;  // the asphalt of link 0
    level.mesh.triangleMaterial[level.mesh.triangleMaterial.size() - 8] = level.mesh.triangleMaterial[level.mesh.triangleMaterial.size() - 7] = startLine;  // and of the last link
    const formats::MeshBvh bvh(level.mesh);
    formats::TrackDocument doc = cleared(truth);
    bake::DrapeOptions options;
    options.roadMaterials = {"road_asphalt"};
    options.widths = true;
    const bake::DrapeReport report = bake::drapeTrack(doc, level.mesh, bvh, options);
    ASSERT_FALSE(report.offRoad.empty());
    for (const std::uint32_t n : report.offRoad) {
        EXPECT_NEAR(doc.nodes[n].position.z, truth.nodes[n].position.z, 0.005) << n;
        EXPECT_NEAR(doc.nodes[n].left.track, 5.0, 0.01) << n;
        EXPECT_NEAR(doc.nodes[n].right.track, 4.0, 0.01) << n;
    }
}

struct DrapeCli : ::testing::Test {
    tw::test::ScratchDir dir{"drape_cli"};
    fs::path track = dir.path() / "circle.twtrack";
    fs::path level = dir.path() / "level.glb.gltf";
    void SetUp() override {
        std::ofstream(track) << formats::writeTrackJson(cleared(rollingBankedCircle()));
        tw::test::writeGltfLevel(level, levelFor(rollingBankedCircle()).mesh);
    }
};

TEST_F(DrapeCli, DrapesATrackAndWritesItAtomically) {
    const fs::path out = dir.path() / "draped.twtrack";
    const auto r = tw::test::twbake({"drape", track.string(), "--mesh", level.string(), "--road-material", "*asphalt*", "--widths", "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("draped 48 node(s)"), std::string::npos) << r.out;
    const formats::TrackLoadResult loaded = formats::loadTrackFile(out);
    ASSERT_TRUE(loaded.document);
    expectDrapedAs(*loaded.document, rollingBankedCircle(), "twbake drape");
}

TEST_F(DrapeCli, ANodeOverNothingFailsNamingItAndWritesNothing) {
    formats::TrackDocument doc = cleared(rollingBankedCircle());
    doc.nodes[7].position.x += 500.0;  // dragged far off the level
    std::ofstream(track) << formats::writeTrackJson(doc);
    const fs::path out = dir.path() / "draped.twtrack";
    const auto r = tw::test::twbake({"drape", track.string(), "--mesh", level.string(), "-o", out.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("node 7 (route \"main\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("was not written"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
}

TEST_F(DrapeCli, RefusesWhatItCannotDoSayingWhatToDo) {
    const fs::path out = dir.path() / "draped.twtrack";
    // A road material the level does not have: the level's materials are listed.
    auto r = tw::test::twbake({"drape", track.string(), "--mesh", level.string(), "--road-material", "*tarmac*", "-o", out.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("road_asphalt"), std::string::npos) << r.err;
    // A route the track does not have: its routes are listed.
    r = tw::test::twbake({"drape", track.string(), "--mesh", level.string(), "--route", "pits", "-o", out.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("\"main\""), std::string::npos) << r.err;
    // A missing level, and the output naming the level.
    r = tw::test::twbake({"drape", track.string(), "--mesh", (dir.path() / "nowhere.gltf").string(), "-o", out.string()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_NE(r.err.find("nowhere.gltf"), std::string::npos) << r.err;
    r = tw::test::twbake({"drape", track.string(), "--mesh", level.string(), "-o", level.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_FALSE(fs::exists(out));
}

} // namespace

namespace {

TEST(Drape, ATorcsTrackClearedAndDrapedOnItsOwnMeshGetsItsHeightsBankingAndTarmacBack) {
    // g-track-1 as docs/results/drape.md measures every TORCS track: heights and banking cleared
    // everywhere, the main route's widths too, then draped on TORCS's own mesh of it with the
    // textures its XML paves the main track with.
    const fs::path acc = "/usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc";
    if (!fs::is_regular_file(acc)) GTEST_SKIP() << "TORCS's track data is not installed (" << acc << ")";
    const formats::ImportResult imported = formats::importTorcsTrackFile(fs::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs/road/g-track-1.xml");
    ASSERT_TRUE(imported.document);
    const formats::TrackDocument& truth = *imported.document;
    formats::TrackDocument doc = truth;
    for (formats::TrackNode& n : doc.nodes) n.position.z = 0.0, n.banking = 0.0;
    for (const std::uint32_t n : doc.routes[0].nodes) doc.nodes[n].left = doc.nodes[n].right = {};
    const formats::LevelMeshLoadResult loaded = formats::loadLevelMesh(acc);
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const formats::MeshBvh bvh(*loaded.mesh);
    bake::DrapeOptions options;
    options.roadMaterials = {"asphalt-bw-g1-1_n.rgb", "asphalt-bw-g1-patch-?_n.rgb", "asphalt-bw-g1-pitentry_n.rgb"};
    ASSERT_TRUE(bake::drapeTrack(doc, *loaded.mesh, bvh, {options.roadMaterials, {}, false, {}}).noSurface.empty());
    options.widths = true;
    options.nodes = doc.routes[0].nodes;
    const bake::DrapeReport report = bake::drapeTrack(doc, *loaded.mesh, bvh, options);
    std::vector<double> heights, banking, tarmac;
    for (std::size_t i = 0; i < doc.nodes.size(); ++i) heights.push_back(std::abs(doc.nodes[i].position.z - truth.nodes[i].position.z));
    for (const std::uint32_t n : doc.routes[0].nodes) {
        banking.push_back(std::abs(doc.nodes[n].banking - truth.nodes[n].banking) / kDegree);
        if (std::find(report.offRoad.begin(), report.offRoad.end(), n) == report.offRoad.end())
            tarmac.push_back(std::abs(doc.nodes[n].left.track + doc.nodes[n].right.track - truth.nodes[n].left.track - truth.nodes[n].right.track));
    }
    const auto p95 = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() * 95 / 100]; };
    EXPECT_LT(p95(heights), 0.05);                                 // measured: 1.1 cm
    EXPECT_LT(*std::max_element(heights.begin(), heights.end()), 0.15);  // measured: 5.5 cm
    EXPECT_LT(p95(banking), 0.5);                                  // measured: 0.00°
    ASSERT_GT(tarmac.size(), doc.routes[0].nodes.size() / 2);
    EXPECT_LT(p95(tarmac), 0.10);                                  // measured: 1.6 cm
}

} // namespace
