#include "editor/document/node_clipboard.h"

#include <algorithm>

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

TrackEdit pasteRoute(const formats::TrackDocument& track, const formats::TrackDocument& clip, formats::Vec2 offset) {
    if (clip.routes.empty() || clip.routes.front().nodes.size() < 2) return TrackEdit::refused("the clipboard holds no run of nodes");
    const formats::Route& source = clip.routes.front();
    for (std::uint32_t n : source.nodes)
        if (n >= clip.nodes.size()) return TrackEdit::refused("the clipboard's track is damaged");
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
