#include "editor/preview/preview_simulation.h"
#include "editor/preview/track_meshes.h"

#include "formats/source/track_json.h"

#include <gtest/gtest.h>

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
