#include "formats/mesh/ac3d_reader.h"

#include <charconv>
#include <cmath>
#include <unordered_map>

namespace formats {
namespace {

using trackwright::format::Vec3;

/// Objects nested deeper than this are refused (a hostile file's 100 000 `kids` levels must not
/// exhaust the stack); TORCS's meshes nest three deep.
constexpr int kMaxDepth = 64;

/// SURF kinds (the flags' low four bits) that enclose area.
constexpr std::size_t kPolygon = 0, kTriangleStrip = 4;

/// The object's placement in the file's world: p_world = rotation·p + translation.
struct Placement {
    double rotation[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double translation[3] = {0, 0, 0};

    Vec3 apply(const double p[3]) const {
        double out[3];
        for (int r = 0; r < 3; ++r) out[r] = rotation[r][0] * p[0] + rotation[r][1] * p[1] + rotation[r][2] * p[2] + translation[r];
        return {out[0], out[1], out[2]};
    }
    /// This placement followed by a child's own rot and loc.
    Placement child(const double rot[3][3], const double loc[3]) const {
        Placement c;
        for (int r = 0; r < 3; ++r) {
            for (int k = 0; k < 3; ++k) c.rotation[r][k] = rotation[r][0] * rot[0][k] + rotation[r][1] * rot[1][k] + rotation[r][2] * rot[2][k];
            c.translation[r] = rotation[r][0] * loc[0] + rotation[r][1] * loc[1] + rotation[r][2] * loc[2] + translation[r];
        }
        return c;
    }
};

class Ac3dParser {
public:
    Ac3dParser(std::string_view text, std::string& error) : m_text(text), m_error(error) {}

    std::optional<LevelMesh> parse() {
        if (!nextLine() || m_tokens.empty() || m_tokens[0].substr(0, 4) != "AC3D") return fail("is not AC3D text (it must start with AC3D)");
        while (nextLine()) {
            if (m_tokens.empty()) continue;
            if (m_tokens[0] == "MATERIAL") {
                m_materialNames.push_back(m_tokens.size() > 1 ? std::string(m_tokens[1]) : "material " + std::to_string(m_materialNames.size()));
                continue;
            }
            if (m_tokens[0] == "OBJECT") {
                if (!object(Placement{}, 0)) return std::nullopt;
                continue;
            }
            return fail("expected MATERIAL or OBJECT, found \"" + std::string(m_tokens[0]) + "\"");
        }
        return std::move(m_mesh);
    }

private:
    std::optional<LevelMesh> fail(const std::string& what) {
        m_error = "line " + std::to_string(m_line) + ": " + what;
        return std::nullopt;
    }
    bool failed(const std::string& what) {
        fail(what);
        return false;
    }

    /// The next line's tokens (quoted strings as one token without their quotes), false at the end.
    bool nextLine() {
        m_tokens.clear();
        if (m_at >= m_text.size()) return false;
        const std::size_t end = std::min(m_text.find('\n', m_at), m_text.size());
        std::string_view line = m_text.substr(m_at, end - m_at);
        m_at = end + 1;
        ++m_line;
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
            if (i >= line.size()) break;
            if (line[i] == '"') {
                const std::size_t close = line.find('"', i + 1);
                const std::size_t stop = close == std::string_view::npos ? line.size() : close;
                m_tokens.push_back(line.substr(i + 1, stop - i - 1));
                i = stop + 1;
            } else {
                const std::size_t start = i;
                while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
                m_tokens.push_back(line.substr(start, i - start));
            }
        }
        return true;
    }

    bool number(std::size_t token, double& out) {
        if (token >= m_tokens.size()) return failed("a number is missing");
        const std::string_view t = m_tokens[token];
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(out)) return failed("\"" + std::string(t) + "\" is not a finite number");
        return true;
    }
    /// A count that the rest of the file can hold (each item takes at least `bytesEach`).
    bool count(std::size_t token, std::size_t bytesEach, std::size_t& out) {
        if (token >= m_tokens.size()) return failed("a count is missing");
        const std::string_view t = m_tokens[token];
        if (t.substr(0, 2) == "0x") {
            const auto [end, ec] = std::from_chars(t.data() + 2, t.data() + t.size(), out, 16);
            if (ec != std::errc() || end != t.data() + t.size()) return failed("\"" + std::string(t) + "\" is not a count");
        } else {
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
            if (ec != std::errc() || end != t.data() + t.size()) return failed("\"" + std::string(t) + "\" is not a count");
        }
        if (bytesEach > 0 && out > (m_text.size() - std::min(m_at, m_text.size())) / bytesEach + 1)
            return failed("a count of " + std::to_string(out) + " is more than the rest of the file holds");
        return true;
    }

    std::uint32_t materialIndex(const std::string& name) {
        const auto [it, added] = m_materialIndex.try_emplace(name, static_cast<std::uint32_t>(m_mesh.materials.size()));
        if (added) m_mesh.materials.push_back(name);
        return it->second;
    }

    /// One OBJECT block (the "OBJECT" line just read) and its kids.
    bool object(const Placement& parent, int depth) {
        if (depth >= kMaxDepth) return failed("objects nest more than " + std::to_string(kMaxDepth) + " deep");
        double rot[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, loc[3] = {0, 0, 0};
        std::string texture;
        std::vector<double> local;  // x y z per vertex, the object's own frame
        std::size_t firstVertex = 0;
        bool placed = false;
        const auto place = [&] {
            if (placed) return;
            placed = true;
            const Placement here = parent.child(rot, loc);
            firstVertex = m_mesh.vertices.size();
            for (std::size_t v = 0; v + 2 < local.size(); v += 3) m_mesh.vertices.push_back(here.apply(&local[v]));
        };
        while (nextLine()) {
            if (m_tokens.empty()) continue;
            const std::string_view key = m_tokens[0];
            if (key == "name" || key == "url" || key == "crease" || key == "texrep" || key == "texoff" || key == "subdiv" || key == "hidden" ||
                key == "locked" || key == "folded") {
                continue;
            } else if (key == "data") {
                std::size_t bytes = 0;
                if (!count(1, 1, bytes)) return false;
                m_at = std::min(m_text.size(), m_at + bytes);
                if (m_at < m_text.size() && m_text[m_at] == '\r') ++m_at;
                if (m_at < m_text.size() && m_text[m_at] == '\n') ++m_at;
            } else if (key == "texture") {
                // The first texture is the base layer (.acc lists base, tiled, skids, shad).
                if (texture.empty() && m_tokens.size() > 1 && m_tokens[1] != "empty_texture_no_mapping") texture = std::string(m_tokens[1]);
            } else if (key == "rot") {
                for (int k = 0; k < 9; ++k)
                    if (!number(1 + k, rot[k / 3][k % 3])) return false;
            } else if (key == "loc") {
                for (int k = 0; k < 3; ++k)
                    if (!number(1 + k, loc[k])) return false;
            } else if (key == "numvert") {
                std::size_t n = 0;
                if (!count(1, 6, n)) return false;
                local.reserve(3 * n);
                for (std::size_t v = 0; v < n; ++v) {
                    if (!nextLine()) return failed("the file ends inside numvert");
                    double p[3];
                    for (int k = 0; k < 3; ++k)
                        if (!number(k, p[k])) return false;
                    local.insert(local.end(), p, p + 3);
                }
            } else if (key == "numsurf") {
                std::size_t n = 0;
                if (!count(1, 12, n)) return false;
                place();
                for (std::size_t s = 0; s < n; ++s)
                    if (!surface(texture, firstVertex, local.size() / 3)) return false;
            } else if (key == "kids") {
                std::size_t kids = 0;
                if (!count(1, 12, kids)) return false;
                place();
                const Placement here = parent.child(rot, loc);
                for (std::size_t k = 0; k < kids; ++k) {
                    while (nextLine() && m_tokens.empty()) {}
                    // TORCS's trackgen declares more kids than it writes: the file's end ends them.
                    if (m_tokens.empty()) return true;
                    if (m_tokens[0] != "OBJECT") return failed("expected a kid's OBJECT");
                    if (!object(here, depth + 1)) return false;
                }
                return true;
            } else {
                return failed("unknown object field \"" + std::string(key) + "\"");
            }
        }
        return failed("the file ends inside an OBJECT (no kids line)");
    }

    /// One SURF block: its flags, its material, its vertex references.
    bool surface(const std::string& texture, std::size_t firstVertex, std::size_t vertexCount) {
        while (nextLine() && m_tokens.empty()) {}
        if (m_tokens.empty() || m_tokens[0] != "SURF") return failed("expected SURF");
        std::size_t flags = 0;
        if (!count(1, 0, flags)) return false;
        std::size_t material = 0;
        std::vector<std::uint32_t> refs;
        while (nextLine()) {
            if (m_tokens.empty()) continue;
            if (m_tokens[0] == "mat") {
                if (!count(1, 0, material)) return false;
            } else if (m_tokens[0] == "refs") {
                std::size_t n = 0;
                if (!count(1, 2, n)) return false;
                refs.reserve(n);
                for (std::size_t r = 0; r < n; ++r) {
                    if (!nextLine()) return failed("the file ends inside refs");
                    std::size_t index = 0;
                    if (!count(0, 0, index)) return false;
                    if (index >= vertexCount) return failed("vertex " + std::to_string(index) + " of an object with " + std::to_string(vertexCount));
                    refs.push_back(static_cast<std::uint32_t>(firstVertex + index));
                }
                break;
            } else {
                return failed("unknown surface field \"" + std::string(m_tokens[0]) + "\"");
            }
        }
        // The surface's kind: 0 a polygon, 4 a triangle strip (TORCS's .acc writes its road so);
        // 1 and 2 are lines, nothing to stand on.
        const std::size_t kind = flags & 0xF;
        if ((kind != kPolygon && kind != kTriangleStrip) || refs.size() < 3) return true;
        const std::string name = !texture.empty() ? std::filesystem::path(texture).filename().string()
                                 : material < m_materialNames.size() ? m_materialNames[material]
                                                                     : "material " + std::to_string(material);
        const std::uint32_t paint = materialIndex(name);
        for (std::size_t k = 0; k + 2 < refs.size(); ++k) {
            if (kind == kPolygon) m_mesh.triangles.push_back({refs[0], refs[k + 1], refs[k + 2]});  // a fan
            else if (k % 2 == 0) m_mesh.triangles.push_back({refs[k], refs[k + 1], refs[k + 2]});
            else m_mesh.triangles.push_back({refs[k + 1], refs[k], refs[k + 2]});  // a strip keeps its winding
            m_mesh.triangleMaterial.push_back(paint);
        }
        return true;
    }

    std::string_view m_text;
    std::string& m_error;
    std::size_t m_at = 0;
    std::size_t m_line = 0;
    std::vector<std::string_view> m_tokens;
    std::vector<std::string> m_materialNames;
    std::unordered_map<std::string, std::uint32_t> m_materialIndex;
    LevelMesh m_mesh;
};

} // namespace

std::optional<LevelMesh> readAc3d(std::string_view text, std::string& error) { return Ac3dParser(text, error).parse(); }

} // namespace formats
