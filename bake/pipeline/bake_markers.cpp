#include "bake/pipeline/bake_steps.h"

namespace bake::detail {

void bakeMarkers(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    const SourceNodePlaces places = placeSourceNodes(document, layout);
    const std::vector<std::uint32_t>& routeOf = places.route;
    const std::vector<std::uint32_t>& bakedIndexOf = places.bakedIndex;
    for (const formats::Marker& marker : document.markers) {
        // A marker on a node that no route drives has no place a car could reach: the bake leaves it out.
        if (marker.node >= document.nodes.size() || routeOf[marker.node] == formats::kNoRoute) continue;
        const std::uint32_t node = bakedIndexOf[marker.node];
        out.markers.push_back({out.addString(marker.kind), out.addString(marker.label), routeOf[marker.node], node,
                               out.nodes[node].distance, 0u});
    }
}

} // namespace bake::detail

namespace bake::detail {

SourceNodePlaces placeSourceNodes(const formats::TrackDocument& document, const RouteLayout& layout) {
    SourceNodePlaces places{std::vector<std::uint32_t>(document.nodes.size(), formats::kNoRoute),
                            std::vector<std::uint32_t>(document.nodes.size(), formats::kNoRoute)};
    for (std::uint32_t r = 0; r < layout.driven.size(); ++r)
        for (std::uint32_t k = 0; k < layout.driven[r].size(); ++k) {
            const formats::DrivenPoint& p = layout.driven[r][k];
            if (p.attachment || places.route[p.node] != formats::kNoRoute) continue;
            places.route[p.node] = r;
            places.bakedIndex[p.node] = layout.firstNode[r] + k;
        }
    return places;
}

} // namespace bake::detail
