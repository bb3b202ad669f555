#include "editor/document/node_clipboard.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace editor {

TrackEdit copyNodes(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes) {
    for (const formats::Route& route : track.routes) {
        std::vector<std::uint32_t> run;
        for (std::uint32_t n : route.nodes)
            if (nodes.count(n)) run.push_back(n);
        if (run.empty()) continue;
        if (run.size() < 2) return TrackEdit::refused("select at least two nodes of a route to copy");
        formats::TrackDocument clip;
        clip.name = track.name;
        formats::Route copied;
        copied.name = route.name;
        for (std::uint32_t n : run) {
            copied.nodes.push_back(static_cast<std::uint32_t>(clip.nodes.size()));
            clip.nodes.push_back(track.nodes[n]);
        }
        clip.routes.push_back(std::move(copied));
        TrackEdit edit;
        edit.track = std::move(clip);
        return edit;
    }
    return TrackEdit::refused("select the nodes to copy");
}

namespace {

constexpr double kMinimumLead = 1.0;  ///< m along the run between a branch's end and its fork or join

/// Why `clip` cannot be pasted, or empty: it must hold a route of two nodes or more, all present.
std::string clipProblem(const formats::TrackDocument& clip) {
    if (clip.routes.empty() || clip.routes.front().nodes.size() < 2) return "the clipboard holds no run of nodes";
    for (std::uint32_t n : clip.routes.front().nodes)
        if (n >= clip.nodes.size()) return "the clipboard's track is damaged";
    return {};
}

/// The node of `track`'s routes (other than `except`) nearest to `p` on the side `direction` points
/// to (ahead) or away from (behind).
std::optional<std::pair<std::uint32_t, std::uint32_t>> nearestAttachment(const formats::TrackDocument& track, std::uint32_t except, formats::Vec2 p,
                                                                         formats::Vec2 direction, bool ahead) {
    std::optional<std::pair<std::uint32_t, std::uint32_t>> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::uint32_t r = 0; r < track.routes.size(); ++r) {
        if (r == except) continue;
        for (std::uint32_t n : track.routes[r].nodes) {
            if (n >= track.nodes.size()) continue;
            // At least a metre ahead or behind, so a node straight beside the run's end (where the
            // run was copied from) never makes a link that turns square.
            const formats::Vec2 d = track.nodes[n].position.ground() - p;
            const double along = formats::dot(d, direction);
            if (ahead ? along < kMinimumLead : along > -kMinimumLead) continue;
            if (const double l = formats::length(d); l < bestDistance) bestDistance = l, best = std::make_pair(r, n);
        }
    }
    return best;
}

} // namespace

TrackEdit pasteBranch(const formats::TrackDocument& track, const formats::TrackDocument& clip, formats::Vec2 offset) {
    TrackEdit edit = pasteRoute(track, clip, offset);
    if (!edit.track) return edit;
    formats::TrackDocument& d = *edit.track;
    const auto route = static_cast<std::uint32_t>(d.routes.size() - 1);
    const auto& nodes = d.routes.back().nodes;
    const formats::Vec2 first = d.nodes[nodes.front()].position.ground(), second = d.nodes[nodes[1]].position.ground();
    const formats::Vec2 last = d.nodes[nodes.back()].position.ground(), beforeLast = d.nodes[nodes[nodes.size() - 2]].position.ground();
    const auto unit = [](formats::Vec2 v) { return v * (1.0 / std::max(formats::length(v), 1e-9)); };
    const auto fork = nearestAttachment(d, route, first, unit(second - first), false);
    const auto join = nearestAttachment(d, route, last, unit(last - beforeLast), true);
    if (!fork || !join) return TrackEdit::refused("no route runs past both ends of the pasted nodes to fork from and join");
    if (fork->second == join->second) return TrackEdit::refused("the pasted run would fork from and join the same node: paste a longer run");
    d.routes.back().name = "branch";
    d.routes.back().fork = formats::RouteAttachment{fork->first, fork->second};
    d.routes.back().join = formats::RouteAttachment{join->first, join->second};
    return edit;
}

TrackEdit pasteIntoRoute(const formats::TrackDocument& track, const formats::TrackDocument& clip, std::uint32_t afterNode) {
    if (const std::string problem = clipProblem(clip); !problem.empty()) return TrackEdit::refused(problem);
    const auto where = locateNode(track, afterNode);
    if (!where) return TrackEdit::refused("select the node of a route to paste after");
    const auto& run = clip.routes.front().nodes;
    const formats::Vec2 firstLink = clip.nodes[run[1]].position.ground() - clip.nodes[run[0]].position.ground();
    const formats::Vec2 offset = track.nodes[afterNode].position.ground() + firstLink - clip.nodes[run[0]].position.ground();
    TrackEdit edit;
    formats::TrackDocument d = track;
    std::vector<std::uint32_t> inserted;
    for (std::uint32_t n : run) {
        formats::TrackNode node = clip.nodes[n];
        node.position.x += offset.x;
        node.position.y += offset.y;
        inserted.push_back(static_cast<std::uint32_t>(d.nodes.size()));
        d.nodes.push_back(std::move(node));
    }
    const auto [route, k] = *where;
    auto& routeNodes = d.routes[route].nodes;
    routeNodes.insert(routeNodes.begin() + static_cast<std::ptrdiff_t>(k + 1), inserted.begin(), inserted.end());
    for (formats::Line& line : d.lines)
        if (line.route == route && k < line.offsets.size())
            line.offsets.insert(line.offsets.begin() + static_cast<std::ptrdiff_t>(k + 1), inserted.size(), line.offsets[k]);
    edit.newNodes = inserted;
    edit.track = std::move(d);
    return edit;
}

TrackEdit pasteRoute(const formats::TrackDocument& track, const formats::TrackDocument& clip, formats::Vec2 offset) {
    if (const std::string problem = clipProblem(clip); !problem.empty()) return TrackEdit::refused(problem);
    const formats::Route& source = clip.routes.front();
    TrackEdit edit;
    formats::TrackDocument d = track;
    formats::Route route;
    route.name = source.name + " copy";
    for (std::uint32_t n : source.nodes) {
        formats::TrackNode node = clip.nodes[n];
        node.position.x += offset.x;
        node.position.y += offset.y;
        route.nodes.push_back(static_cast<std::uint32_t>(d.nodes.size()));
        edit.newNodes.push_back(route.nodes.back());
        d.nodes.push_back(node);
    }
    d.routes.push_back(std::move(route));
    edit.track = std::move(d);
    return edit;
}

} // namespace editor
