#include "editor/document/node_clipboard.h"

#include <algorithm>
#include <cmath>
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

constexpr double kMinimumLead = 1.0;          ///< m along the run between a branch's end and its fork or join
constexpr double kRampLengthPerOffset = 3.0;  ///< a branch's ramp runs this many times its sideways step

formats::Vec2 unit(formats::Vec2 v) { return v * (1.0 / std::max(formats::length(v), 1e-9)); }

/// The direction `route` runs at `node`: from its neighbour before to its neighbour after.
formats::Vec2 routeTangent(const formats::TrackDocument& track, std::uint32_t route, std::uint32_t node) {
    const auto& nodes = track.routes[route].nodes;
    const auto at = static_cast<std::size_t>(std::find(nodes.begin(), nodes.end(), node) - nodes.begin());
    const std::size_t n = nodes.size();
    if (n < 2 || at >= n) return {1.0, 0.0};
    const bool closed = track.routes[route].closed;
    const std::uint32_t before = at > 0 ? nodes[at - 1] : (closed ? nodes[n - 1] : nodes[at]);
    const std::uint32_t after = at + 1 < n ? nodes[at + 1] : (closed ? nodes[0] : nodes[at]);
    return unit(track.nodes[after].position.ground() - track.nodes[before].position.ground());
}

/// Points strictly between `from` and `to` on the cubic Hermite curve that leaves `from` along
/// `fromTangent` and arrives along `toTangent`: a smooth S from a route onto a branch and back.
std::vector<formats::Vec2> hermiteRamp(formats::Vec2 from, formats::Vec2 fromTangent, formats::Vec2 to, formats::Vec2 toTangent, double spacing) {
    const double span = formats::length(to - from);
    const auto links = static_cast<int>(std::ceil(1.1 * span / spacing));
    std::vector<formats::Vec2> points;
    for (int i = 1; i < links; ++i) {
        const double t = static_cast<double>(i) / links, t2 = t * t, t3 = t2 * t;
        points.push_back(from * (2 * t3 - 3 * t2 + 1) + fromTangent * (span * (t3 - 2 * t2 + t)) + to * (-2 * t3 + 3 * t2) + toTangent * (span * (t3 - t2)));
    }
    return points;
}

/// Why `clip` cannot be pasted, or empty: it must hold a route of two nodes or more, all present.
std::string clipProblem(const formats::TrackDocument& clip) {
    if (clip.routes.empty() || clip.routes.front().nodes.size() < 2) return "the clipboard holds no run of nodes";
    for (std::uint32_t n : clip.routes.front().nodes)
        if (n >= clip.nodes.size()) return "the clipboard's track is damaged";
    return {};
}

/// Appends `clip`'s run to `d`'s nodes moved by `offset`; their new indices in run order.
std::vector<std::uint32_t> appendMovedRun(formats::TrackDocument& d, const formats::TrackDocument& clip, formats::Vec2 offset) {
    std::vector<std::uint32_t> added;
    for (std::uint32_t n : clip.routes.front().nodes) {
        formats::TrackNode node = clip.nodes[n];
        node.position.x += offset.x;
        node.position.y += offset.y;
        added.push_back(static_cast<std::uint32_t>(d.nodes.size()));
        d.nodes.push_back(std::move(node));
    }
    return added;
}

/// The node of `track`'s routes (other than `except`) nearest to `p` on the side `direction` points
/// to (ahead) or away from (behind).
std::optional<std::pair<std::uint32_t, std::uint32_t>> nearestAttachment(const formats::TrackDocument& track, std::uint32_t except, formats::Vec2 p,
                                                                         formats::Vec2 direction, bool ahead, double lead) {
    std::optional<std::pair<std::uint32_t, std::uint32_t>> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::uint32_t r = 0; r < track.routes.size(); ++r) {
        if (r == except) continue;
        for (std::uint32_t n : track.routes[r].nodes) {
            if (n >= track.nodes.size()) continue;
            // At least `lead` ahead or behind, so a node straight beside the run's end (where the
            // run was copied from) never makes a link that turns square.
            const formats::Vec2 d = track.nodes[n].position.ground() - p;
            const double along = formats::dot(d, direction);
            if (ahead ? along < lead : along > -lead) continue;
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
    const std::vector<std::uint32_t> run = d.routes.back().nodes;
    const formats::Vec2 first = d.nodes[run.front()].position.ground(), second = d.nodes[run[1]].position.ground();
    const formats::Vec2 last = d.nodes[run.back()].position.ground(), beforeLast = d.nodes[run[run.size() - 2]].position.ground();
    // Far enough behind and ahead that the ramps in and out bend gently (an S over three times the
    // sideways step turns no tighter than a radius of about that step).
    const double lead = std::max(kMinimumLead, kRampLengthPerOffset * formats::length(offset));
    const auto fork = nearestAttachment(d, route, first, unit(second - first), false, lead);
    const auto join = nearestAttachment(d, route, last, unit(last - beforeLast), true, lead);
    if (!fork || !join) return TrackEdit::refused("no route runs far enough past both ends of the pasted nodes to fork from and join");
    if (fork->second == join->second) return TrackEdit::refused("the pasted run would fork from and join the same node: paste a longer run");

    double runLength = 0.0;
    for (std::size_t k = 1; k < run.size(); ++k) runLength += formats::length(d.nodes[run[k]].position.ground() - d.nodes[run[k - 1]].position.ground());
    const double spacing = std::max(1.0, runLength / static_cast<double>(run.size() - 1));
    auto rampNodes = [&](std::uint32_t from, formats::Vec2 fromTangent, std::uint32_t to, formats::Vec2 toTangent, const formats::TrackNode& model) {
        std::vector<std::uint32_t> ramp;
        for (const formats::Vec2& p : hermiteRamp(d.nodes[from].position.ground(), fromTangent, d.nodes[to].position.ground(), toTangent, spacing)) {
            formats::TrackNode node = model;
            node.tags.clear();
            node.speedOverride.reset();
            node.position = {p.x, p.y, model.position.z};
            ramp.push_back(static_cast<std::uint32_t>(d.nodes.size()));
            edit.newNodes.push_back(ramp.back());
            d.nodes.push_back(std::move(node));
        }
        return ramp;
    };
    const std::vector<std::uint32_t> in = rampNodes(fork->second, routeTangent(d, fork->first, fork->second), run.front(), unit(second - first), d.nodes[run.front()]);
    const std::vector<std::uint32_t> out = rampNodes(run.back(), unit(last - beforeLast), join->second, routeTangent(d, join->first, join->second), d.nodes[run.back()]);
    formats::Route& branch = d.routes.back();
    branch.nodes.insert(branch.nodes.begin(), in.begin(), in.end());
    branch.nodes.insert(branch.nodes.end(), out.begin(), out.end());
    branch.name = "branch";
    branch.fork = formats::RouteAttachment{fork->first, fork->second};
    branch.join = formats::RouteAttachment{join->first, join->second};
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
    const std::vector<std::uint32_t> inserted = appendMovedRun(d, clip, offset);
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
    route.nodes = appendMovedRun(d, clip, offset);
    edit.newNodes = route.nodes;
    d.routes.push_back(std::move(route));
    edit.track = std::move(d);
    return edit;
}

} // namespace editor
