#pragma once

// A game level's mesh (the road and what surrounds it) as the editor and `twbake drape` lay an AI
// track over it: triangles in the product's frame (x east, y north, z up, metres) with the
// material each one is painted with. glTF 2.0 (.gltf, .glb), OBJ and FBX through assimp; AC3D (.ac,
// and TORCS's .acc, whose textures assimp loses) through ac3d_reader.h.

#include "trackwright/format/vec.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace formats {

/// Triangles with the material each is painted with. Plain data.
struct LevelMesh {
    std::vector<trackwright::format::Vec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::vector<std::uint32_t> triangleMaterial;  ///< per triangle, an index into `materials`
    /// What a designer names a surface by: the file name of the material's diffuse texture when it
    /// has one (TORCS's "tr-asphalt-bw3_n.rgb", as AC3D files paint by texture), else its name.
    std::vector<std::string> materials;
};

/// Which of the file's axes points up. The formats' own conventions are y-up (glTF by its
/// specification; AC3D, OBJ and FBX as Blender, 3ds Max's exporters and TORCS write them), and a
/// y-up file maps to the product's frame as (x, −z, y): the same right-handed world seen with z up.
enum class MeshUpAxis { Y, Z };

struct LevelMeshOptions {
    MeshUpAxis up = MeshUpAxis::Y;
    double metresPerUnit = 1.0;  ///< the file's unit (an OBJ from a centimetre engine: 0.01)
};

struct LevelMeshLoadResult {
    std::optional<LevelMesh> mesh;
    std::string error;  ///< why there is no mesh, naming the file
};

/// Reads a level mesh. Every node's transform is applied, polygons are triangulated, and
/// degenerate triangles dropped. Refuses (with `error`) a missing, unreadable, oversized
/// (formats::kMaxInputFileBytes) or malformed file, one with no triangles, and non-finite positions.
LevelMeshLoadResult loadLevelMesh(const std::filesystem::path& path, const LevelMeshOptions& options = {});

/// The unit normal of a triangle of `mesh` by its winding (right-handed), or zero when it has no
/// area.
trackwright::format::Vec3 faceNormal(const LevelMesh& mesh, std::size_t triangle);

/// XXH3-64 of a file's bytes as 16 hex digits (what a track's level-mesh reference records, to
/// tell the level changed since), or empty when the file cannot be read.
std::string levelMeshFileHash(const std::filesystem::path& path);

} // namespace formats
