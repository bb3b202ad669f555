#pragma once

// Level meshes a test writes itself, as a game's exporter would: glTF 2.0 (one embedded buffer, a
// primitive per material) and OBJ with its .mtl, both y-up as their conventions are (the product's
// (x, y, z) is the file's (x, z, −y)). Tests draping a track over a level know what they wrote.

#include "formats/mesh/level_mesh.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tw::test {

/// Standard base64 of `bytes` (a glTF's embedded buffer).
inline std::string base64(const std::string& bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const auto at = [&](std::size_t k) { return k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0u; };
        const unsigned v = (at(i) << 16) | (at(i + 1) << 8) | at(i + 2);
        out += digits[(v >> 18) & 63];
        out += digits[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? digits[v & 63] : '=';
    }
    return out;
}

/// A mesh under construction: quads and triangles in the product's frame, each with a material.
struct LevelBuilder {
    formats::LevelMesh mesh;

    std::uint32_t material(const std::string& name) {
        for (std::uint32_t i = 0; i < mesh.materials.size(); ++i)
            if (mesh.materials[i] == name) return i;
        mesh.materials.push_back(name);
        return static_cast<std::uint32_t>(mesh.materials.size() - 1);
    }
    std::uint32_t vertex(double x, double y, double z) {
        mesh.vertices.push_back({x, y, z});
        return static_cast<std::uint32_t>(mesh.vertices.size() - 1);
    }
    /// a, b, c, d counter-clockwise seen from above (or from the front, for a wall).
    void quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d, const std::string& materialName) {
        const std::uint32_t m = material(materialName);
        mesh.triangles.push_back({a, b, c});
        mesh.triangles.push_back({a, c, d});
        mesh.triangleMaterial.insert(mesh.triangleMaterial.end(), {m, m});
    }
};

/// Writes `mesh` as a glTF 2.0 file with its buffer embedded, y-up.
inline void writeGltfLevel(const std::filesystem::path& path, const formats::LevelMesh& mesh) {
    std::string buffer;
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (const auto& v : mesh.vertices) {
        const float p[3] = {static_cast<float>(v.x), static_cast<float>(v.z), static_cast<float>(-v.y)};
        for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
        buffer.append(reinterpret_cast<const char*>(p), sizeof p);
    }
    const std::size_t positionBytes = buffer.size();
    std::ostringstream primitives, views, accessors, materials;
    views << R"({"buffer": 0, "byteOffset": 0, "byteLength": )" << positionBytes << "}";
    accessors << R"({"bufferView": 0, "componentType": 5126, "count": )" << mesh.vertices.size() << R"(, "type": "VEC3", "min": [)" << lo[0] << ", " << lo[1]
              << ", " << lo[2] << "], \"max\": [" << hi[0] << ", " << hi[1] << ", " << hi[2] << "]}";
    for (std::uint32_t m = 0; m < mesh.materials.size(); ++m) {
        const std::size_t offset = buffer.size();
        std::size_t count = 0;
        for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
            if (mesh.triangleMaterial[t] != m) continue;
            buffer.append(reinterpret_cast<const char*>(mesh.triangles[t].data()), 3 * sizeof(std::uint32_t));
            count += 3;
        }
        views << R"(, {"buffer": 0, "byteOffset": )" << offset << R"(, "byteLength": )" << count * 4 << "}";
        accessors << R"(, {"bufferView": )" << m + 1 << R"(, "componentType": 5125, "count": )" << count << R"(, "type": "SCALAR"})";
        primitives << (m ? ", " : "") << R"({"attributes": {"POSITION": 0}, "indices": )" << m + 1 << R"(, "material": )" << m << "}";
        materials << (m ? ", " : "") << R"({"name": ")" << mesh.materials[m] << R"("})";
    }
    std::ofstream(path, std::ios::binary) << R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],)"
                                          << R"( "meshes": [{"primitives": [)" << primitives.str() << "]}], \"materials\": [" << materials.str()
                                          << R"(], "buffers": [{"byteLength": )" << buffer.size() << R"(, "uri": "data:application/octet-stream;base64,)"
                                          << base64(buffer) << R"("}], "bufferViews": [)" << views.str() << "], \"accessors\": [" << accessors.str() << "]}";
}

/// Writes `mesh` as an OBJ file and its .mtl beside it (same name), y-up.
inline void writeObjLevel(const std::filesystem::path& path, const formats::LevelMesh& mesh) {
    std::filesystem::path mtl = path;
    mtl.replace_extension(".mtl");
    std::ofstream obj(path, std::ios::binary);
    obj.precision(10);
    obj << "mtllib " << mtl.filename().string() << '\n';
    for (const auto& v : mesh.vertices) obj << "v " << v.x << ' ' << v.z << ' ' << -v.y << '\n';
    for (std::uint32_t m = 0; m < mesh.materials.size(); ++m) {
        obj << "usemtl " << mesh.materials[m] << '\n';
        for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
            if (mesh.triangleMaterial[t] == m) obj << "f " << mesh.triangles[t][0] + 1 << ' ' << mesh.triangles[t][1] + 1 << ' ' << mesh.triangles[t][2] + 1 << '\n';
    }
    std::ofstream materials(mtl, std::ios::binary);
    for (const std::string& name : mesh.materials) materials << "newmtl " << name << "\nKd 0.5 0.5 0.5\n";
}

} // namespace tw::test
