#include "editor/document/sketch_edits.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace editor {

TrackEdit laySketch(const formats::TrackDocument& track, const SketchCurve& curve, double spacing, const std::vector<std::size_t>& relay,
                    SketchLayout& layout) {
    if (curve.controls.empty()) return TrackEdit::refused("a sketch needs a control point");
    if (!(spacing > 0.0)) return TrackEdit::refused("the sketch's node spacing must be positive");
    if (!layout.route) {
        TrackEdit edit = startRoute(track, curve.controls.front());
        if (edit.track) layout = {static_cast<std::uint32_t>(edit.track->routes.size() - 1), {}};
        return edit;
    }
    const std::uint32_t routeIndex = *layout.route;
    if (routeIndex >= track.routes.size()) return TrackEdit::refused("the sketched route is gone");
    for (const formats::Line& line : track.lines)
        if (line.route == routeIndex) return TrackEdit::refused("the route has lines: sketch a new route, or edit its nodes");
    const formats::Route& old = track.routes[routeIndex];
    TrackEdit edit;
    edit.track = track;
    formats::TrackDocument& d = *edit.track;

    // The old nodes of each segment, as laid last time.
    std::vector<std::vector<std::uint32_t>> oldSlices;
    if (layout.counts.empty()) oldSlices.push_back(old.nodes);  // the lone first node starts the first segment
    else
    for (std::size_t j = 0, at = 0; j < layout.counts.size() && at + layout.counts[j] <= old.nodes.size(); at += layout.counts[j], ++j)
        oldSlices.emplace_back(old.nodes.begin() + static_cast<std::ptrdiff_t>(at), old.nodes.begin() + static_cast<std::ptrdiff_t>(at + layout.counts[j]));
    const std::size_t segments = sketchSegmentCount(curve);
    const formats::TrackNode widths = d.nodes[old.nodes.front()];  // new nodes take the route's first node's widths
    std::vector<std::uint32_t> nodes;
    std::vector<std::size_t> counts;
    std::set<std::uint32_t> doomed;
    for (std::size_t j = 0; j < segments; ++j) {
        const bool keep = j < oldSlices.size() && std::find(relay.begin(), relay.end(), j) == relay.end();
        if (keep) {
            nodes.insert(nodes.end(), oldSlices[j].begin(), oldSlices[j].end());
            counts.push_back(oldSlices[j].size());
            continue;
        }
        const std::vector<formats::Vec2> points = laySketchSegment(curve, j, spacing);
        const std::vector<std::uint32_t> reusable = j < oldSlices.size() ? oldSlices[j] : std::vector<std::uint32_t>{};
        for (std::size_t m = 0; m < points.size(); ++m) {
            std::uint32_t id;
            if (m < reusable.size()) {
                id = reusable[m];
            } else {
                id = static_cast<std::uint32_t>(d.nodes.size());
                formats::TrackNode node = widths;
                node.tags.clear();
                node.speedOverride.reset();
                d.nodes.push_back(node);
                edit.newNodes.push_back(id);
            }
            d.nodes[id].position = {points[m].x, points[m].y, d.nodes[id].position.z};
            nodes.push_back(id);
        }
        for (std::size_t m = points.size(); m < reusable.size(); ++m) doomed.insert(reusable[m]);
        counts.push_back(points.size());
    }
    // Nodes of segments the curve no longer has (none today: control points are only added), and a
    // lone first node once segments exist.
    std::vector<bool> used(d.nodes.size(), false);
    for (std::uint32_t n : nodes) used[n] = true;
    for (std::uint32_t n : old.nodes)
        if (!used[n]) doomed.insert(n);
    d.routes[routeIndex].nodes = nodes;
    d.routes[routeIndex].closed = curve.closed;
    if (!doomed.empty()) {
        TrackEdit pruned = deleteNodes(d, doomed);
        if (!pruned.track) return pruned;
        // deleteNodes renumbers the nodes after each deleted one; the new ones are at the end.
        std::vector<std::uint32_t> renumbered;
        for (std::uint32_t n : edit.newNodes)
            renumbered.push_back(n - static_cast<std::uint32_t>(std::count_if(doomed.begin(), doomed.end(), [n](std::uint32_t k) { return k < n; })));
        pruned.newNodes = renumbered;
        edit = std::move(pruned);
    }
    layout.counts = counts;
    return edit;
}

} // namespace editor
