#include "formats/mesh/level_mesh.h"

#include "formats/mesh/ac3d_reader.h"
#include "formats/source/file_io.h"

#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <cstdio>
#include <cmath>
#include <system_error>

namespace formats {
namespace {

using trackwright::format::Vec3;

std::string named(const std::filesystem::path& path, const std::string& what) { return path.string() + ": " + what; }

/// The diffuse texture's file name, else the material's own name, else "material N".
std::string materialName(const aiMaterial& material, unsigned index) {
    aiString texture;
    if (material.GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS && texture.length > 0)
        return std::filesystem::path(texture.C_Str()).filename().string();
    aiString name;
    if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS && name.length > 0) return name.C_Str();
    return "material " + std::to_string(index);
}

Vec3 toProductFrame(const Vec3& v, const LevelMeshOptions& options) {
    const double s = options.metresPerUnit;
    if (options.up == MeshUpAxis::Z) return {s * v.x, s * v.y, s * v.z};
    return {s * v.x, -s * v.z, s * v.y};
}

bool isAc3d(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".ac" || extension == ".acc";
}

/// The file's triangles, in its own axes and units, or nothing with `error` saying why.
std::optional<LevelMesh> readFileMesh(const std::filesystem::path& path, std::string& error) {
    if (isAc3d(path)) {
        std::string read;
        const std::optional<std::string> text = readWholeFile(path, read);
        if (!text) {
            error = read;
            return std::nullopt;
        }
        std::string why;
        std::optional<LevelMesh> mesh = readAc3d(*text, why);
        if (!mesh) error = named(path, why);
        return mesh;
    }
    Assimp::Importer importer;
    // Node transforms applied (a level's objects are placed by its hierarchy), polygons as
    // triangles, points and lines dropped.
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene = importer.ReadFile(path.string(), aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType |
                                                                aiProcess_JoinIdenticalVertices | aiProcess_FindInvalidData);
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || !scene->mRootNode) {
        const std::string why = importer.GetErrorString();
        error = named(path, "is not a mesh this reader understands" + (why.empty() ? std::string() : " (" + why + ")"));
        return std::nullopt;
    }
    LevelMesh mesh;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) mesh.materials.push_back(materialName(*scene->mMaterials[m], m));
    if (mesh.materials.empty()) mesh.materials.push_back("material 0");
    for (unsigned k = 0; k < scene->mNumMeshes; ++k) {
        const aiMesh& part = *scene->mMeshes[k];
        if (!(part.mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
        const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
        for (unsigned v = 0; v < part.mNumVertices; ++v) mesh.vertices.push_back({part.mVertices[v].x, part.mVertices[v].y, part.mVertices[v].z});
        const std::uint32_t material = part.mMaterialIndex < mesh.materials.size() ? part.mMaterialIndex : 0;
        for (unsigned f = 0; f < part.mNumFaces; ++f) {
            const aiFace& face = part.mFaces[f];
            if (face.mNumIndices != 3) continue;
            mesh.triangles.push_back({first + face.mIndices[0], first + face.mIndices[1], first + face.mIndices[2]});
            mesh.triangleMaterial.push_back(material);
        }
    }
    return mesh;
}

bool degenerate(const Vec3& a, const Vec3& b, const Vec3& c) {
    const double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    const double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    return !(nx * nx + ny * ny + nz * nz > 0.0);
}

} // namespace

LevelMeshLoadResult loadLevelMesh(const std::filesystem::path& path, const LevelMeshOptions& options) {
    LevelMeshLoadResult result;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        result.error = named(path, std::filesystem::exists(path, ec) ? "is not a regular file (give a .gltf, .glb, .obj, .fbx, .ac or .acc file)"
                                                                     : "there is no such mesh file (give a .gltf, .glb, .obj, .fbx, .ac or .acc file)");
        return result;
    }
    if (const auto size = std::filesystem::file_size(path, ec); ec || size > kMaxInputFileBytes) {
        result.error = named(path, ec ? "cannot be read: " + ec.message() : "is larger than the 256 MiB a level mesh may be");
        return result;
    }
    if (!(options.metresPerUnit > 0.0) || !std::isfinite(options.metresPerUnit)) {
        result.error = named(path, "the scale must be a positive number of metres per unit");
        return result;
    }
    std::optional<LevelMesh> read = readFileMesh(path, result.error);
    if (!read) return result;
    // Into the product's frame; triangles without area (and any a file points outside its vertices)
    // dropped.
    LevelMesh mesh;
    mesh.materials = std::move(read->materials);
    mesh.vertices.reserve(read->vertices.size());
    for (const Vec3& v : read->vertices) {
        const Vec3 p = toProductFrame(v, options);
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
            result.error = named(path, "has a vertex that is not a finite number of metres");
            return result;
        }
        mesh.vertices.push_back(p);
    }
    for (std::size_t t = 0; t < read->triangles.size(); ++t) {
        const auto& tri = read->triangles[t];
        if (tri[0] >= mesh.vertices.size() || tri[1] >= mesh.vertices.size() || tri[2] >= mesh.vertices.size()) continue;
        if (degenerate(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]])) continue;
        mesh.triangles.push_back(tri);
        mesh.triangleMaterial.push_back(read->triangleMaterial[t] < mesh.materials.size() ? read->triangleMaterial[t] : 0);
    }
    if (mesh.materials.empty()) mesh.materials.push_back("material 0");
    if (mesh.triangles.empty()) {
        result.error = named(path, "has no triangles to lay a track on");
        return result;
    }
    // The materials a designer names are the ones the level is painted with: unused ones (an
    // exporter's default) left out, and one name listed once however many materials carry it.
    std::vector<std::string> used;
    std::vector<std::uint32_t> remap(mesh.materials.size(), std::numeric_limits<std::uint32_t>::max());
    for (std::uint32_t& m : mesh.triangleMaterial) {
        if (remap[m] == std::numeric_limits<std::uint32_t>::max()) {
            const auto same = std::find(used.begin(), used.end(), mesh.materials[m]);
            remap[m] = static_cast<std::uint32_t>(same - used.begin());
            if (same == used.end()) used.push_back(mesh.materials[m]);
        }
        m = remap[m];
    }
    mesh.materials = std::move(used);
    result.mesh = std::move(mesh);
    return result;
}

Vec3 faceNormal(const LevelMesh& mesh, std::size_t triangle) {
    const auto& tri = mesh.triangles[triangle];
    const Vec3& a = mesh.vertices[tri[0]];
    const Vec3& b = mesh.vertices[tri[1]];
    const Vec3& c = mesh.vertices[tri[2]];
    const double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    const double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const double length = std::sqrt(nx * nx + ny * ny + nz * nz);
    if (!(length > 0.0)) return {};
    return {nx / length, ny / length, nz / length};
}

std::string levelMeshFileHash(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> bytes = readWholeFile(path, error);
    if (!bytes) return {};
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(XXH3_64bits(bytes->data(), bytes->size())));
    return hex;
}

} // namespace formats
