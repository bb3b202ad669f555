#include "trackwright/track/baked_track.h"

namespace runtime {

std::uint32_t BakedTrack::routeOfNode(std::uint32_t node) const {
    // Routes are few and contiguous: a linear scan beats any index.
    for (std::uint32_t r = 0; r < view.routes.size(); ++r)
        if (node - view.routes[r].firstNode < view.routes[r].nodeCount) return r;
    return formats::kNoRoute;
}

LoadStatus loadBakedTrack(std::span<const std::byte> bytes, BakedTrack& track) noexcept {
    formats::BakedTrackView view;
    const LoadStatus status = formats::readBakedTrack(bytes, view);
    if (status == LoadStatus::Ok) track.view = view;
    return status;
}

} // namespace runtime
