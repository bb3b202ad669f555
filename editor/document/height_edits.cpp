#include "editor/document/height_edits.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>

namespace editor {
namespace {

/// The track as a graph: every node's neighbours along route links and fork and join links, with
/// the links' lengths in plan.
std::vector<std::vector<std::pair<std::uint32_t, double>>> trackGraph(const formats::TrackDocument& track) {
    const std::size_t count = track.nodes.size();
    std::vector<std::vector<std::pair<std::uint32_t, double>>> graph(count);
    auto link = [&](std::uint32_t a, std::uint32_t b) {
        if (a >= count || b >= count || a == b) return;
        const double d = formats::length(track.nodes[a].position.ground() - track.nodes[b].position.ground());
        if (!std::isfinite(d)) return;
        graph[a].emplace_back(b, d);
        graph[b].emplace_back(a, d);
    };
    for (const formats::Route& route : track.routes) {
        const std::size_t n = route.nodes.size();
        for (std::size_t k = 0; k + 1 < n; ++k) link(route.nodes[k], route.nodes[k + 1]);
        if (route.closed && n >= 3) link(route.nodes.back(), route.nodes.front());
        if (n == 0) continue;
        if (route.fork) link(route.fork->node, route.nodes.front());
        if (route.join) link(route.nodes.back(), route.join->node);
    }
    return graph;
}

} // namespace

double falloffWeight(double distance, const HeightFalloff& falloff) {
    if (!(distance > 0.0)) return 1.0;
    if (!(distance < falloff.radius)) return 0.0;
    const double u = distance / falloff.radius;
    switch (falloff.shape) {
    case FalloffShape::Linear: return 1.0 - u;
    case FalloffShape::Smooth: break;
    }
    return 1.0 - u * u * (3.0 - 2.0 * u);
}

std::vector<std::pair<std::uint32_t, double>> falloffWeights(const formats::TrackDocument& track, const std::set<std::uint32_t>& selected,
                                                             const HeightFalloff& falloff) {
    // Dijkstra from every selected node at once, no farther than the radius.
    const std::size_t count = track.nodes.size();
    std::vector<double> distance(count, std::numeric_limits<double>::infinity());
    using Entry = std::pair<double, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    for (std::uint32_t n : selected)
        if (n < count) distance[n] = 0.0, queue.emplace(0.0, n);
    if (falloff.radius > 0.0 && !queue.empty()) {
        const auto graph = trackGraph(track);
        while (!queue.empty()) {
            const auto [d, n] = queue.top();
            queue.pop();
            if (d > distance[n]) continue;
            for (const auto& [next, length] : graph[n]) {
                const double through = d + length;
                if (through < distance[next] && through < falloff.radius) distance[next] = through, queue.emplace(through, next);
            }
        }
    }
    std::vector<std::pair<std::uint32_t, double>> weights;
    for (std::uint32_t n = 0; n < count; ++n) {
        if (!std::isfinite(distance[n])) continue;
        const double w = selected.count(n) ? 1.0 : falloffWeight(distance[n], falloff);
        if (w > 0.0) weights.emplace_back(n, w);
    }
    return weights;
}

std::vector<std::pair<std::uint32_t, formats::TrackNode>> raisedNodes(const formats::TrackDocument& track,
                                                                      const std::vector<std::pair<std::uint32_t, double>>& weights, double dz) {
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> nodes;
    nodes.reserve(weights.size());
    for (const auto& [n, w] : weights) {
        if (n >= track.nodes.size()) continue;
        formats::TrackNode node = track.nodes[n];
        node.position.z += dz * w;
        nodes.emplace_back(n, node);
    }
    return nodes;
}

double steepestGradientAround(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes) {
    double steepest = 0.0;
    auto consider = [&](std::uint32_t a, std::uint32_t b) {
        if (a >= track.nodes.size() || b >= track.nodes.size() || (!nodes.count(a) && !nodes.count(b))) return;
        const formats::Vec3 p = track.nodes[a].position, q = track.nodes[b].position;
        const double run = formats::length(p.ground() - q.ground());
        if (run > 1e-6) steepest = std::max(steepest, std::abs(q.z - p.z) / run);
    };
    for (const formats::Route& route : track.routes) {
        const std::size_t n = route.nodes.size();
        for (std::size_t k = 0; k + 1 < n; ++k) consider(route.nodes[k], route.nodes[k + 1]);
        if (route.closed && n >= 3) consider(route.nodes.back(), route.nodes.front());
        if (n == 0) continue;
        if (route.fork) consider(route.fork->node, route.nodes.front());
        if (route.join) consider(route.nodes.back(), route.join->node);
    }
    return steepest;
}

} // namespace editor
