#include "editor/preview/preview_simulation.h"
#include "editor/preview/surface_height.h"
#include "editor/preview/track_meshes.h"
#include "tests/support/test_tracks.h"

#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace {

using editor::preview::PreviewMesh;
using editor::preview::ScenePoint;
using editor::preview::TrackMeshes;

struct Triangle {
    std::array<ScenePoint, 3> corner;
    std::array<ScenePoint, 3> normal;
};

std::vector<Triangle> triangles(const PreviewMesh& m) {
    auto at = [&](std::uint32_t i, int offset) {
        const float* v = &m.vertices[static_cast<std::size_t>(i) * PreviewMesh::kFloatsPerVertex + static_cast<std::size_t>(offset)];
        return ScenePoint{v[0], v[1], v[2]};
    };
    std::vector<Triangle> out;
    for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        Triangle tri;
        for (int k = 0; k < 3; ++k) {
            tri.corner[static_cast<std::size_t>(k)] = at(m.indices[t + static_cast<std::size_t>(k)], 0);
            tri.normal[static_cast<std::size_t>(k)] = at(m.indices[t + static_cast<std::size_t>(k)], 3);
        }
        out.push_back(tri);
    }
    return out;
}

ScenePoint minus(ScenePoint a, ScenePoint b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
ScenePoint cross(ScenePoint a, ScenePoint b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
float dot(ScenePoint a, ScenePoint b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/// Whether the segment from p to q passes through the triangle (Möller–Trumbore).
bool crosses(ScenePoint p, ScenePoint q, const Triangle& t) {
    const ScenePoint d = minus(q, p), e1 = minus(t.corner[1], t.corner[0]), e2 = minus(t.corner[2], t.corner[0]);
    const ScenePoint h = cross(d, e2);
    const float det = dot(e1, h);
    if (std::abs(det) < 1e-9f) return false;
    const ScenePoint s = minus(p, t.corner[0]);
    const float u = dot(s, h) / det;
    if (u < 0.0f || u > 1.0f) return false;
    const ScenePoint qv = cross(s, e1);
    const float v = dot(d, qv) / det;
    if (v < 0.0f || u + v > 1.0f) return false;
    const float along = dot(e2, qv) / det;
    return along >= 0.0f && along <= 1.0f;
}

/// Every triangle winds counter-clockwise seen from the side its normals face (Qt Quick 3D draws
/// the others black).
void expectWoundWithTheirNormals(const PreviewMesh& m, const char* what) {
    std::size_t wrong = 0;
    for (const Triangle& t : triangles(m)) {
        const ScenePoint face = cross(minus(t.corner[1], t.corner[0]), minus(t.corner[2], t.corner[0]));
        if (dot(face, face) < 1e-8f) continue;  // degenerate: a slope that reaches nowhere
        const ScenePoint n{t.normal[0].x + t.normal[1].x + t.normal[2].x, t.normal[0].y + t.normal[1].y + t.normal[2].y,
                           t.normal[0].z + t.normal[1].z + t.normal[2].z};
        if (dot(face, n) >= 0.0f) continue;
        ++wrong;
        ADD_FAILURE() << what << ": a triangle at " << t.corner[0].x << ", " << t.corner[0].y << ", " << t.corner[0].z << " / " << t.corner[1].x
                      << ", " << t.corner[1].y << ", " << t.corner[1].z << " / " << t.corner[2].x << ", " << t.corner[2].y << ", " << t.corner[2].z
                      << " faces away from its normal " << n.x << ", " << n.y << ", " << n.z;
    }
    EXPECT_EQ(wrong, 0u) << what;
}

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

// The bridged figure-eight: its lower pass runs at z = 0 under the upper one at 6 m, crossing at the
// origin at right angles (tests/support/test_tracks.h).
class BridgedFigureEight : public ::testing::Test {
protected:
    void SetUp() override {
        baked = editor::preview::PreviewSimulation::bakeForPreview(tw::test::bridgedFigureEight());
        ASSERT_TRUE(baked);
        meshes = editor::preview::buildTrackMeshes(baked->track);
    }
    std::shared_ptr<const bake::LoadedBake> baked;
    TrackMeshes meshes;
};

// Piers stand under the bridge, on the ground and clear of the road beneath; nothing of the kind
// anywhere the road runs at grade or on an embankment.
TEST_F(BridgedFigureEight, StandsTheBridgeOnPiersAndNothingElse) {
    ASSERT_FALSE(meshes.supports.empty());
    std::size_t piers = 0;
    for (const Triangle& t : triangles(meshes.supports)) {
        for (const ScenePoint& p : t.corner) {
            EXPECT_LT(std::hypot(p.x, p.z), 60.0f) << "a support far from the crossing, at " << p.x << ", " << -p.z;
        }
        const ScenePoint foot = t.corner[0].y < t.corner[1].y ? t.corner[0] : t.corner[1];
        if (foot.y >= meshes.groundHeight) continue;
        ++piers;
        // Its foot is on no road below the bridge (the upper pass, over it, registers there).
        const auto under = editor::preview::surfaceUnder(baked->track, {foot.x, -foot.z}, 0.0f);
        if (under) {
            EXPECT_GT(under->height, 3.0f) << "a pier on the lower road at " << foot.x << ", " << -foot.z;
        }
    }
    EXPECT_GE(piers, 2u * 4u * 2u) << "at least two pairs of piers, four sides of two triangles each";
    expectWoundWithTheirNormals(meshes.supports, "supports");
    expectWoundWithTheirNormals(meshes.terrain, "terrain");
}

// Under the bridge there is open space: along the lower pass, 2 m over its road, a line of sight
// from 40 m before the crossing to 40 m after it meets no embankment, abutment, pier or deck; the
// same line 2 m over the upper pass's road runs over it all.
TEST_F(BridgedFigureEight, LeavesOpenSpaceUnderTheBridge) {
    // The lower pass crosses the origin heading (−1, 1)/√2 in the world, the upper one (1, 1)/√2.
    const float d = 40.0f / std::sqrt(2.0f);
    const ScenePoint before = editor::preview::toScene(d, -d, 2.0), after = editor::preview::toScene(-d, d, 2.0);
    const ScenePoint overBefore = editor::preview::toScene(-d, -d, 8.0), overAfter = editor::preview::toScene(d, d, 8.0);
    for (const PreviewMesh* m : {&meshes.terrain, &meshes.supports, &meshes.walls}) {
        for (const Triangle& t : triangles(*m)) {
            ASSERT_FALSE(crosses(before, after, t)) << "something under the bridge at " << t.corner[0].x << ", " << -t.corner[0].z;
            ASSERT_FALSE(crosses(overBefore, overAfter, t)) << "something over the bridge at " << t.corner[0].x << ", " << -t.corner[0].z;
        }
    }
    // And the deck is there, with its underside over the lower road.
    bool deckOverhead = false;
    for (const Triangle& t : triangles(meshes.supports))
        deckOverhead = deckOverhead || crosses(editor::preview::toScene(0.0, 0.0, 1.0), editor::preview::toScene(0.0, 0.0, 5.5), t);
    EXPECT_TRUE(deckOverhead);
}

// The ground: a plane under the lowest surface, and where the road is raised (the figure-eight's
// ramps climb 6 m) embankments falling from the walls at 45° to it.
TEST_F(BridgedFigureEight, RaisesTheRampsOnEmbankmentsDownToTheGround) {
    const formats::BakedTrackView& v = baked->track.view;
    float lowest = 1e9f;
    for (const formats::BakedNode& n : v.nodes) lowest = std::min(lowest, n.z);
    EXPECT_LT(meshes.groundHeight, lowest);
    EXPECT_GT(meshes.groundHeight, lowest - 0.2f);
    // Node 40 of 160 is a quarter of the way round, on the ramp at 3 m: its left wall's foot is
    // 3 m up, and its slope reaches the ground 3 m further out (and half a metre into it).
    const formats::BakedNode& n = v.nodes[40];
    ASSERT_NEAR(n.z, 3.0f, 0.2f);
    const ScenePoint foot = editor::preview::toScene(n.x + n.perpendicularX * (n.leftWall + (n.z - meshes.groundHeight + 0.5f)),
                                                     n.y + n.perpendicularY * (n.leftWall + (n.z - meshes.groundHeight + 0.5f)), 0.0);
    bool found = false;
    for (std::uint32_t i = 0; i < meshes.terrain.vertexCount() && !found; ++i) {
        const float* p = &meshes.terrain.vertices[static_cast<std::size_t>(i) * PreviewMesh::kFloatsPerVertex];
        found = std::hypot(p[0] - foot.x, p[2] - foot.z) < 0.05f && std::abs(p[1] - (meshes.groundHeight - 0.5f)) < 0.05f;
    }
    EXPECT_TRUE(found) << "no slope's foot at " << foot.x << ", " << -foot.z;
}

// A flat circuit has no bridges, and its only terrain is a skirt from the walls to the ground just under them.
TEST(TrackTerrain, GivesAFlatCircuitNoBridgesAndOnlyAShallowSkirt) {
    const auto baked = editor::preview::PreviewSimulation::bakeForPreview(sample("kart.twtrack"));
    ASSERT_TRUE(baked);
    const TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
    EXPECT_TRUE(meshes.supports.empty());
    ASSERT_FALSE(meshes.terrain.empty());
    EXPECT_LT(meshes.terrain.boundsMax.y - meshes.terrain.boundsMin.y, 2.0f);
    expectWoundWithTheirNormals(meshes.terrain, "terrain");
}

} // namespace
