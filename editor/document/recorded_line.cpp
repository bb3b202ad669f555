#include "editor/document/recorded_line.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <optional>

namespace editor {

RecordedLine lineFromPath(const formats::TrackDocument& track, std::uint32_t route, const std::vector<formats::Vec2>& path,
                          const std::vector<double>& previous, int passes) {
    RecordedLine line;
    if (route >= track.routes.size()) return line;
    const formats::Route& r = track.routes[route];
    const std::size_t n = r.nodes.size();
    line.offsets.assign(n, 0.0);
    for (std::size_t k = 0; k < n && k < previous.size(); ++k) line.offsets[k] = previous[k];
    if (n == 0 || path.size() < 2) return line;
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(track, r);
    std::vector<std::optional<double>> crossed(n);
    for (std::size_t k = 0; k < n; ++k) {
        const formats::TrackNode& node = track.nodes[r.nodes[k]];
        const formats::Vec2 at = node.position.ground();
        // The perpendicular reaches the whole circuit; only a crossing between this node's walls
        // is the car passing it (not the same line meeting the far side of a hairpin).
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            const double a = formats::dot(path[i] - at, frames[k].tangent), b = formats::dot(path[i + 1] - at, frames[k].tangent);
            if (!(a < 0.0 && b >= 0.0)) continue;
            const double t = a / (a - b);
            const formats::Vec2 p = path[i] + (path[i + 1] - path[i]) * t;
            const double lateral = formats::dot(p - at, frames[k].perpendicular);
            if (lateral > node.left.wall || lateral < -node.right.wall) continue;
            crossed[k] = lateral;
        }
    }
    std::vector<double> values(n);
    for (std::size_t k = 0; k < n; ++k)
        if (crossed[k]) values[k] = *crossed[k], ++line.recorded;
    if (line.recorded == 0) return line;
    // Smoothed among the crossed nodes: a neighbour the path did not cross stands in with the
    // node's own value, so the kept offsets beyond a partial recording do not pull it.
    const auto at = [&](std::ptrdiff_t k) -> std::optional<std::size_t> {
        const auto size = static_cast<std::ptrdiff_t>(n);
        if (r.closed) k = (k % size + size) % size;
        if (k < 0 || k >= size || !crossed[static_cast<std::size_t>(k)]) return std::nullopt;
        return static_cast<std::size_t>(k);
    };
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<double> smoothed = values;
        for (std::size_t k = 0; k < n; ++k) {
            if (!crossed[k]) continue;
            const auto before = at(static_cast<std::ptrdiff_t>(k) - 1), after = at(static_cast<std::ptrdiff_t>(k) + 1);
            smoothed[k] = 0.25 * (before ? values[*before] : values[k]) + 0.5 * values[k] + 0.25 * (after ? values[*after] : values[k]);
        }
        values = std::move(smoothed);
    }
    for (std::size_t k = 0; k < n; ++k) {
        if (!crossed[k]) continue;
        const formats::TrackNode& node = track.nodes[r.nodes[k]];
        line.offsets[k] = std::clamp(values[k], -node.right.wall, node.left.wall);
    }
    return line;
}

} // namespace editor
