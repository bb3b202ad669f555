#include "editor/preview/preview_simulation.h"
#include "editor/preview/track_meshes.h"

#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using editor::preview::PreviewMesh;
using editor::preview::ScenePoint;

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

ScenePoint vertex(const PreviewMesh& m, std::uint32_t i) {
    const float* v = &m.vertices[static_cast<std::size_t>(i) * PreviewMesh::kFloatsPerVertex];
    return {v[0], v[1], v[2]};
}

TEST(TrackMeshes, CoverEveryLinkWithUpFacingSurfacesWallsAndARibbonPerLine) {
    const auto baked = editor::preview::PreviewSimulation::bakeForPreview(sample("kart.twtrack"));
    ASSERT_TRUE(baked);
    const trackwright::BakedTrack& track = baked->track;
    const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(track);

    for (const PreviewMesh* m : {&meshes.surface, &meshes.walls, &meshes.lines}) {
        ASSERT_FALSE(m->empty());
        ASSERT_EQ(m->indices.size() % 3, 0u);
        for (std::uint32_t i : m->indices) ASSERT_LT(i, m->vertexCount());
    }
    // Every flat triangle winds counter-clockwise seen from above (Qt Quick 3D draws the others black).
    std::size_t flat = 0;
    for (std::size_t t = 0; t < meshes.surface.indices.size(); t += 3) {
        const ScenePoint a = vertex(meshes.surface, meshes.surface.indices[t]), b = vertex(meshes.surface, meshes.surface.indices[t + 1]),
                         c = vertex(meshes.surface, meshes.surface.indices[t + 2]);
        const float ux = b.x - a.x, uz = b.z - a.z, vx = c.x - a.x, vz = c.z - a.z;
        const float upward = uz * vx - ux * vz;  // y of (b − a) × (c − a)
        const bool vertical = std::abs(a.y - b.y) > 0.5f || std::abs(a.y - c.y) > 0.5f;
        if (vertical) continue;
        ++flat;
        EXPECT_GE(upward, -1e-4f) << "triangle " << t / 3;
    }
    EXPECT_GT(flat, 1000u);
    // Walls stand the wall height tall; the kart has one line (its centre line), drawn for its 250-odd nodes.
    EXPECT_NEAR(meshes.walls.boundsMax.y - meshes.walls.boundsMin.y, 1.0f, 0.05f);
    EXPECT_EQ(meshes.lines.indices.size(), 6u * track.view.routes[0].nodeCount * track.view.lines.size());
    // The scene frame: world x east stays x, world y north becomes −z.
    const formats::BakedNode& first = track.view.nodes[0];
    EXPECT_LE(meshes.boundsMin.x, first.x);
    EXPECT_GE(meshes.boundsMax.x, first.x);
    EXPECT_LE(meshes.boundsMin.z, -first.y);
    EXPECT_GE(meshes.boundsMax.z, -first.y);
}

TEST(TrackMeshes, MarkBranchesWithPostsAtTheirForkAndJoin) {
    const auto baked = editor::preview::PreviewSimulation::bakeForPreview(sample("harbour_sprint.twtrack"));
    ASSERT_TRUE(baked);
    const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
    const editor::preview::PreviewPalette palette;
    std::size_t postVertices = 0;
    for (std::size_t v = 0; v < meshes.surface.vertices.size(); v += PreviewMesh::kFloatsPerVertex)
        postVertices += meshes.surface.vertices[v + 6] == palette.branchMarker.r && meshes.surface.vertices[v + 7] == palette.branchMarker.g;
    EXPECT_EQ(postVertices, 4u /*posts*/ * 20u /*vertices per post*/);
}

// The road's outline as GL lines (a pixel wide at any distance): both tarmac edges and both wall
// tops along every link, at the baked widths.
TEST(TrackMeshes, OutlineTheTarmacEdgesAndWallTopsWithLinesPerLink) {
    const auto baked = editor::preview::PreviewSimulation::bakeForPreview(sample("kart.twtrack"));
    ASSERT_TRUE(baked);
    const formats::BakedTrackView& v = baked->track.view;
    const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
    ASSERT_TRUE(meshes.edges.lineList);
    std::size_t links = 0;
    for (const formats::BakedRoute& route : v.routes) links += (route.flags & formats::kRouteClosed) ? route.nodeCount : route.nodeCount - 1;
    EXPECT_EQ(meshes.edges.indices.size(), 2 * 4 * links) << "four lines per link";
    // The first link's left tarmac edge starts at the first node's left tarmac width.
    const formats::BakedNode& n = v.nodes[v.routes[0].firstNode];
    const ScenePoint expected = editor::preview::toScene(n.x + n.perpendicularX * n.leftTrack, n.y + n.perpendicularY * n.leftTrack, n.z);
    const ScenePoint first = vertex(meshes.edges, meshes.edges.indices[0]);
    EXPECT_NEAR(first.x, expected.x, 1e-3);
    EXPECT_NEAR(first.z, expected.z, 1e-3);
}

} // namespace

namespace {

/// An open straight 100 m along +x at z = 2, nodes every 10 m, 6 m of tarmac, 8 m to the runoff's
/// edge and 10 m to the walls each side, banked 10° (left edge up).
formats::TrackDocument bankedStraight() {
    formats::TrackDocument doc;
    doc.name = "Banked straight";
    formats::Route route{"straight", false, {}, std::nullopt, std::nullopt};
    for (int k = 0; k <= 10; ++k) {
        formats::TrackNode node;
        node.position = {10.0 * k, 0.0, 2.0};
        node.left = node.right = {6.0, 8.0, 10.0};
        node.banking = 10.0 * 3.14159265358979 / 180.0;
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.0, 60.0, 2.6, 0.55, 1.9});
    return doc;
}

ScenePoint normal(const PreviewMesh& m, std::uint32_t i) {
    const float* v = &m.vertices[static_cast<std::size_t>(i) * PreviewMesh::kFloatsPerVertex];
    return {v[3], v[4], v[5]};
}

bool coloured(const PreviewMesh& m, std::uint32_t i, editor::preview::Rgba c) {
    const float* v = &m.vertices[static_cast<std::size_t>(i) * PreviewMesh::kFloatsPerVertex];
    return v[6] == c.r && v[7] == c.g && v[8] == c.b;
}

} // namespace

// Hand-worked: tan 10° = 0.176327, so the tarmac's left edge (6 m) lies 1.057962 m over the centre
// line's 2 m and its right edge as far under it; the runoff and verge beyond stay level at the
// edge's height (TORCS's level sides), where the walls stand. The tarmac's normal leans away from
// the high side by the banking: (0, −sin 10°, cos 10°) in the world, (0, cos 10°, sin 10°) in the scene.
TEST(TrackMeshes, LeanTheTarmacWithTheBankingAndShadeItByItsNormal) {
    const auto baked = editor::preview::PreviewSimulation::bakeForPreview(bankedStraight());
    ASSERT_TRUE(baked);
    const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
    const editor::preview::PreviewPalette palette;
    const editor::preview::PreviewMeshOptions options;
    constexpr float kEdge = 1.057962f, kSin = 0.173648f, kCos = 0.984808f;

    std::size_t tarmac = 0, beyond = 0;
    for (std::uint32_t i = 0; i < meshes.surface.vertexCount(); ++i) {
        const ScenePoint p = vertex(meshes.surface, i), n = normal(meshes.surface, i);
        const float lateral = -p.z;  // world y: left of a road along +x
        if (coloured(meshes.surface, i, palette.tarmac)) {
            ++tarmac;
            ASSERT_NEAR(std::abs(lateral), 6.0f, 1e-3f);
            EXPECT_NEAR(p.y, 2.0f + (lateral > 0.0f ? kEdge : -kEdge), 1e-3f) << "at lateral " << lateral;
            EXPECT_NEAR(n.x, 0.0f, 1e-4f);
            EXPECT_NEAR(n.y, kCos, 1e-4f);
            EXPECT_NEAR(n.z, kSin, 1e-4f) << "leans to the right, the low side";
        } else if (coloured(meshes.surface, i, palette.runoff) || coloured(meshes.surface, i, palette.verge)) {
            ++beyond;
            EXPECT_NEAR(p.y, 2.0f + (lateral > 0.0f ? kEdge : -kEdge), 1e-3f) << "level beyond the edge, at lateral " << lateral;
            EXPECT_NEAR(n.y, 1.0f, 1e-4f);
        }
    }
    EXPECT_EQ(tarmac, 4u * 10u) << "a band per link";
    EXPECT_EQ(beyond, 4u * 4u * 10u);
    // The walls stand on the level sides, as tall as ever.
    EXPECT_NEAR(meshes.walls.boundsMin.y, 2.0f - kEdge, 1e-3f);
    EXPECT_NEAR(meshes.walls.boundsMax.y, 2.0f + kEdge + options.wallHeight, 1e-3f);
    // The centre line's ribbon leans with the tarmac under it: its edges 0.175 m either side.
    for (std::uint32_t i = 0; i < meshes.lines.vertexCount(); ++i) {
        const ScenePoint p = vertex(meshes.lines, i);
        EXPECT_NEAR(p.y, 2.0f + options.ribbonLift - p.z * std::tan(10.0f * 3.14159265f / 180.0f), 1e-4f);
    }
    // Kerbs lie on the level runoff; the start chequers (white as the kerbs' white) on the leaning tarmac.
    std::size_t kerbs = 0, chequers = 0;
    for (std::uint32_t i = 0; i < meshes.surface.vertexCount(); ++i) {
        const ScenePoint p = vertex(meshes.surface, i);
        const bool kerb = coloured(meshes.surface, i, palette.kerbRed) || coloured(meshes.surface, i, palette.kerbWhite);
        const bool chequer = coloured(meshes.surface, i, palette.startDark) || coloured(meshes.surface, i, palette.startLight);
        if (kerb && std::abs(p.z) > 6.001f) {
            ++kerbs;
            EXPECT_NEAR(p.y, 2.0f + (p.z < 0.0f ? kEdge : -kEdge) + options.kerbLift, 1e-3f);
        } else if (chequer && std::abs(p.z) < 5.999f) {
            ++chequers;
            EXPECT_NEAR(p.y, 2.0f - p.z * kEdge / 6.0f + 2.0f * options.kerbLift, 1e-3f);
        }
    }
    EXPECT_GT(kerbs, 0u);
    EXPECT_GT(chequers, 0u);
}
