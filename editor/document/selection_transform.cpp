#include "editor/document/selection_transform.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace editor {

formats::Vec2 SelectionTransform::apply(formats::Vec2 p) const {
    const formats::Vec2 d = p - pivot;
    const double c = std::cos(angle), s = std::sin(angle);
    return pivot + formats::Vec2{c * d.x - s * d.y, s * d.x + c * d.y} * scale + translation;
}

formats::Vec2 selectionCentre(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes) {
    double minX = std::numeric_limits<double>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
    for (std::uint32_t n : nodes) {
        if (n >= track.nodes.size()) continue;
        const formats::Vec2 p = track.nodes[n].position.ground();
        minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
        minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
    }
    if (minX > maxX) return {};
    return {(minX + maxX) / 2.0, (minY + maxY) / 2.0};
}

TrackEdit transformSelection(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes, const SelectionTransform& transform,
                             bool scaleWidths) {
    if (nodes.empty()) return TrackEdit::refused("select the nodes to transform first");
    if (!(std::isfinite(transform.scale) && transform.scale > 0.0) || !std::isfinite(transform.angle) || !std::isfinite(transform.translation.x) ||
        !std::isfinite(transform.translation.y))
        return TrackEdit::refused("the scale must be a number greater than 0, the angle and the move finite");
    for (std::uint32_t n : nodes)
        if (n >= track.nodes.size()) return TrackEdit::refused("node " + std::to_string(n) + " is not in this track");

    formats::TrackDocument out = track;
    for (std::uint32_t n : nodes) {
        formats::TrackNode& node = out.nodes[n];
        const formats::Vec2 p = transform.apply(node.position.ground());
        node.position.x = p.x;
        node.position.y = p.y;
        if (!scaleWidths) continue;
        for (formats::SideWidths* side : {&node.left, &node.right}) {
            side->track *= transform.scale;
            side->runoff *= transform.scale;
            side->wall *= transform.scale;
        }
    }
    if (scaleWidths) {
        for (formats::Line& line : out.lines) {
            if (line.route >= out.routes.size()) continue;
            const auto& routeNodes = out.routes[line.route].nodes;
            for (std::size_t k = 0; k < routeNodes.size() && k < line.offsets.size(); ++k)
                if (nodes.count(routeNodes[k])) line.offsets[k] *= transform.scale;
        }
    }
    return {std::move(out), {}, {}};
}

} // namespace editor
