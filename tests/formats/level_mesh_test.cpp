// Level meshes (issue 49): a glTF, an OBJ and TORCS's own AC3D track mesh read into the product's
// frame with their materials, and vertical ray casts that find a bridge's deck and the road under it.
#include "formats/mesh/ac3d_reader.h"
#include "formats/mesh/level_mesh.h"
#include "formats/import/torcs_import.h"
#include "formats/mesh/mesh_bvh.h"
#include "tests/support/level_files.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

namespace {

namespace fs = std::filesystem;
using formats::LevelMesh;
using formats::loadLevelMesh;
using formats::MeshBvh;
using tw::test::base64;

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string materialOf(const LevelMesh& mesh, std::uint32_t material) { return mesh.materials.at(material); }

/// A 40 m square of road at height 1 and a 10 m-wide bridge deck at 6 m across it, y-up as Blender
/// writes OBJ: the file's (x, h, z) is the product's (x, −z, h).
std::string levelObj() {
    return "mtllib level.mtl\n"
           "v -20 1 -20\nv 20 1 -20\nv 20 1 20\nv -20 1 20\n"
           "v -5 6 -20\nv 5 6 -20\nv 5 6 20\nv -5 6 20\n"
           "o ground\nusemtl asphalt\nf 1 4 3 2\n"
           "o bridge\nusemtl concrete\nf 5 8 7 6\n"
           "o kerb_line\nl 1 2\n";
}

TEST(LevelMesh, AnObjLevelReadsInTheProductsFrameWithItsMaterials) {
    tw::test::ScratchDir dir("level_mesh_obj");
    write(dir.path() / "level.mtl", "newmtl asphalt\nKd 0.2 0.2 0.2\nnewmtl concrete\nKd 0.6 0.6 0.6\n");
    write(dir.path() / "level.obj", levelObj());
    const auto loaded = loadLevelMesh(dir.path() / "level.obj");
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const LevelMesh& mesh = *loaded.mesh;
    EXPECT_EQ(mesh.triangles.size(), 4u);  // two quads, the polyline dropped
    const MeshBvh bvh(mesh);
    // Under the bridge: the deck first, then the road; the file's z = 10 is the product's y = −10.
    const auto hits = bvh.surfacesAt(2.0, -10.0);
    ASSERT_EQ(hits.size(), 2u);
    EXPECT_NEAR(hits[0].z, 6.0, 1e-9);
    EXPECT_EQ(materialOf(mesh, hits[0].material), "concrete");
    EXPECT_NEAR(hits[1].z, 1.0, 1e-9);
    EXPECT_EQ(materialOf(mesh, hits[1].material), "asphalt");
    EXPECT_NEAR(hits[1].normal.z, 1.0, 1e-12);
    // The deck a route already runs on, not the first one a ray from the sky meets.
    ASSERT_TRUE(bvh.surfaceNear(2.0, -10.0, 1.3));
    EXPECT_NEAR(bvh.surfaceNear(2.0, -10.0, 1.3)->z, 1.0, 1e-9);
    EXPECT_NEAR(bvh.surfaceNear(2.0, -10.0, 5.0)->z, 6.0, 1e-9);
    // Beside the bridge only the road; off the level nothing.
    EXPECT_EQ(bvh.surfacesAt(12.0, 3.0).size(), 1u);
    EXPECT_TRUE(bvh.surfacesAt(25.0, 0.0).empty());
    EXPECT_FALSE(bvh.surfaceNear(25.0, 0.0, 0.0));
}

TEST(LevelMesh, AZUpFileAndAnotherUnitAreTheDesignersToSay) {
    tw::test::ScratchDir dir("level_mesh_units");
    write(dir.path() / "level.obj", "v 0 0 250\nv 1000 0 250\nv 0 1000 250\nf 1 2 3\n");
    const auto loaded = loadLevelMesh(dir.path() / "level.obj", {formats::MeshUpAxis::Z, 0.01});
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const MeshBvh bvh(*loaded.mesh);
    const auto hits = bvh.surfacesAt(2.0, 3.0);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_NEAR(hits[0].z, 2.5, 1e-9);
    EXPECT_FALSE(loadLevelMesh(dir.path() / "level.obj", {formats::MeshUpAxis::Y, 0.0}).mesh);
}

TEST(LevelMesh, AGltfLevelAppliesItsNodesPlacementAndNamesItsMaterial) {
    // One 10 m square (y-up, in the file's x–z plane) at height 0, placed by its node 100 m east
    // and 3 m up: the product sees it over x 100..110, y −10..0, at z 3.
    const float positions[] = {0, 0, 0, 10, 0, 0, 10, 0, 10, 0, 0, 10};
    const std::uint16_t indices[] = {0, 2, 1, 0, 3, 2};
    std::string buffer(reinterpret_cast<const char*>(positions), sizeof positions);
    buffer.append(reinterpret_cast<const char*>(indices), sizeof indices);
    const std::string gltf = R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
 "nodes": [{"mesh": 0, "translation": [100, 3, 0]}],
 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}],
 "materials": [{"name": "road_tarmac"}],
 "buffers": [{"byteLength": )" + std::to_string(buffer.size()) +
                             R"(, "uri": "data:application/octet-stream;base64,)" + base64(buffer) + R"("}],
 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 12}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [10, 0, 10]},
               {"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"}]})";
    tw::test::ScratchDir dir("level_mesh_gltf");
    write(dir.path() / "level.gltf", gltf);
    const auto loaded = loadLevelMesh(dir.path() / "level.gltf");
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const MeshBvh bvh(*loaded.mesh);
    const auto hits = bvh.surfacesAt(104.0, -6.0);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_NEAR(hits[0].z, 3.0, 1e-6);
    EXPECT_EQ(materialOf(*loaded.mesh, hits[0].material), "road_tarmac");
    EXPECT_TRUE(bvh.surfacesAt(4.0, -6.0).empty());
}

TEST(LevelMesh, ABrokenFileIsRefusedNamingIt) {
    tw::test::ScratchDir dir("level_mesh_bad");
    const auto missing = loadLevelMesh(dir.path() / "nowhere.glb");
    EXPECT_FALSE(missing.mesh);
    EXPECT_NE(missing.error.find("nowhere.glb"), std::string::npos) << missing.error;
    write(dir.path() / "noise.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 7}}]}]");
    const auto noise = loadLevelMesh(dir.path() / "noise.gltf");
    EXPECT_FALSE(noise.mesh);
    EXPECT_NE(noise.error.find("noise.gltf"), std::string::npos) << noise.error;
    write(dir.path() / "lines.obj", "v 0 0 0\nv 1 0 0\nl 1 2\n");
    const auto lines = loadLevelMesh(dir.path() / "lines.obj");
    EXPECT_FALSE(lines.mesh);
    EXPECT_NE(lines.error.find("lines.obj"), std::string::npos) << lines.error;
    fs::create_directories(dir.path() / "folder.obj");
    EXPECT_FALSE(loadLevelMesh(dir.path() / "folder.obj").mesh);
}

TEST(LevelMesh, TorcsOwnTrackMeshReadsWithItsTexturesAsMaterials) {
    const fs::path acc = "/usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc";
    if (!fs::is_regular_file(acc)) GTEST_SKIP() << "TORCS's track data is not installed (" << acc << ")";
    const auto loaded = loadLevelMesh(acc);
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const LevelMesh& mesh = *loaded.mesh;
    EXPECT_GT(mesh.triangles.size(), 1000u);
    bool asphalt = false;
    for (const std::string& m : mesh.materials) asphalt = asphalt || m.find("asphalt") != std::string::npos;
    EXPECT_TRUE(asphalt) << "TORCS paints its road with asphalt textures";
    // Every triangle's centroid lies on the surface the cast finds there.
    const MeshBvh bvh(mesh);
    std::mt19937 random(7);
    std::uniform_int_distribution<std::size_t> pick(0, mesh.triangles.size() - 1);
    int checked = 0;
    for (int k = 0; k < 2000; ++k) {
        const std::size_t t = pick(random);
        const auto& tri = mesh.triangles[t];
        const auto& a = mesh.vertices[tri[0]];
        const auto& b = mesh.vertices[tri[1]];
        const auto& c = mesh.vertices[tri[2]];
        const double planArea = std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y));
        if (planArea < 1e-3) continue;  // walls: no plan area, nothing under a point
        const double x = (a.x + b.x + c.x) / 3, y = (a.y + b.y + c.y) / 3, z = (a.z + b.z + c.z) / 3;
        const auto near = bvh.surfaceNear(x, y, z);
        ASSERT_TRUE(near) << "triangle " << t;
        EXPECT_NEAR(near->z, z, 1e-6) << "triangle " << t;
        ++checked;
    }
    EXPECT_GT(checked, 500);
}

TEST(LevelMesh, AnAc3dFilePlacesNestedObjectsAndPaintsWithTheBaseTexture) {
    // A group moved 100 m along x holding a quad 2 m up (AC3D is y-up) painted by its base texture
    // among a .acc's four layers, and a line that is nothing to stand on.
    const std::string ac = "AC3Db\n"
                           "MATERIAL \"grey\" rgb 0.5 0.5 0.5  amb 0.2 0.2 0.2  emis 0 0 0  spec 0 0 0  shi 0  trans 0\n"
                           "OBJECT world\nkids 1\n"
                           "OBJECT group\nname \"track\"\nloc 100 0 0\nkids 2\n"
                           "OBJECT poly\nname \"road\"\n"
                           "texture \"tr-asphalt-bw3_n.rgb\" base\ntexture \"shadow2.rgb\" tiled\ntexture empty_texture_no_mapping skids\n"
                           "data 5\nab\ncd\n"
                           "numvert 4\n0 2 0\n10 2 0\n10 2 -10\n0 2 -10\n"
                           "numsurf 1\nSURF 0x10\nmat 0\nrefs 4\n0 0 0\n1 1 0\n2 1 1\n3 0 1\n"
                           "kids 0\n"
                           "OBJECT poly\nname \"fence\"\nnumvert 2\n0 0 0\n1 0 0\nnumsurf 1\nSURF 0x02\nmat 0\nrefs 2\n0\n1\nkids 0\n";
    tw::test::ScratchDir dir("level_mesh_ac");
    write(dir.path() / "level.acc", ac);
    const auto loaded = loadLevelMesh(dir.path() / "level.acc");
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    EXPECT_EQ(loaded.mesh->triangles.size(), 2u);
    const MeshBvh bvh(*loaded.mesh);
    const auto hits = bvh.surfacesAt(107.0, 3.0);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_NEAR(hits[0].z, 2.0, 1e-9);
    EXPECT_EQ(materialOf(*loaded.mesh, hits[0].material), "tr-asphalt-bw3_n.rgb");
    EXPECT_TRUE(bvh.surfacesAt(5.0, 5.0).empty());
}

TEST(LevelMesh, AHostileAc3dFileIsRefusedWithItsLine) {
    std::string error;
    // 100 000 nested objects: refused at the depth limit, not by the stack.
    std::string deep = "AC3Db\n";
    for (int k = 0; k < 100000; ++k) deep += "OBJECT group\nkids 1\n";
    EXPECT_FALSE(formats::readAc3d(deep, error));
    EXPECT_NE(error.find("nest"), std::string::npos) << error;
    // A count the file cannot hold, a reference past the object's vertices, a word for a number.
    EXPECT_FALSE(formats::readAc3d("AC3Db\nOBJECT poly\nnumvert 4000000000\n0 0 0\n", error));
    EXPECT_NE(error.find("line 3"), std::string::npos) << error;
    EXPECT_FALSE(formats::readAc3d("AC3Db\nOBJECT poly\nnumvert 3\n0 0 0\n1 0 0\n0 0 1\nnumsurf 1\nSURF 0x0\nrefs 3\n0\n1\n7\nkids 0\n", error));
    EXPECT_NE(error.find("vertex 7"), std::string::npos) << error;
    EXPECT_FALSE(formats::readAc3d("AC3Db\nOBJECT poly\nnumvert 1\n0 nan 0\nkids 0\n", error));
    EXPECT_NE(error.find("line 4"), std::string::npos) << error;
    EXPECT_FALSE(formats::readAc3d("glTF", error));
    EXPECT_FALSE(formats::readAc3d("AC3Db\nOBJECT poly\nnumvert 1\n", error));
}

TEST(LevelMesh, AnImportedTorcsTrackLiesOnTorcsOwnMesh) {
    // The import places a track in TORCS's run-time frame (the loader's shift applied): the frame
    // TORCS's own track mesh is in, so every node finds the road under it at its own height.
    const fs::path acc = "/usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc";
    if (!fs::is_regular_file(acc)) GTEST_SKIP() << "TORCS's track data is not installed (" << acc << ")";
    const formats::ImportResult imported = formats::importTorcsTrackFile(fs::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs/road/g-track-1.xml");
    ASSERT_TRUE(imported.document);
    const auto loaded = loadLevelMesh(acc);
    ASSERT_TRUE(loaded.mesh) << loaded.error;
    const MeshBvh bvh(*loaded.mesh);
    std::vector<double> misses;
    for (const auto& node : imported.document->nodes) {
        const auto surface = bvh.surfaceNear(node.position.x, node.position.y, node.position.z);
        ASSERT_TRUE(surface) << "nothing under a node at " << node.position.x << ", " << node.position.y;
        misses.push_back(std::abs(surface->z - node.position.z));
    }
    std::sort(misses.begin(), misses.end());
    EXPECT_LT(misses[misses.size() * 95 / 100], 0.05);  // measured: 1.1 cm
    EXPECT_LT(misses.back(), 0.15);                     // measured: 5.5 cm
}

} // namespace
