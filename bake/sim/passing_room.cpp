#include "bake/sim/passing_room.h"

namespace bake {

double twoAbreastShare(const trackwright::BakedTrack& track, float carWidth, float clearance, float edgeMargin) {
    const auto& view = track.view;
    if (view.routes.empty()) return 0.0;
    const auto& route = view.routes[0];
    const double needed = 2.0 * carWidth + clearance + 2.0 * edgeMargin;
    double total = 0.0, wide = 0.0;
    for (std::uint32_t k = 0; k < route.nodeCount; ++k) {
        const auto& node = view.nodes[route.firstNode + k];
        // A link counts as wide when both of its ends are: the road narrows over a link.
        const auto& next = view.nodes[route.firstNode + (k + 1 < route.nodeCount ? k + 1 : 0)];
        total += node.linkLength;
        if (double(node.leftTrack) + node.rightTrack >= needed && double(next.leftTrack) + next.rightTrack >= needed) wide += node.linkLength;
    }
    return total > 0.0 ? wide / total : 0.0;
}

} // namespace bake
