#include "trackwright/track/baked_track.h"

#include <cstring>

namespace trackwright {

std::uint32_t BakedTrack::routeOfNode(std::uint32_t node) const {
    // Routes are few and contiguous: a linear scan beats any index.
    for (std::uint32_t r = 0; r < view.routes.size(); ++r)
        if (node - view.routes[r].firstNode < view.routes[r].nodeCount) return r;
    return format::kNoRoute;
}

bool findVehicleClass(const BakedTrack& track, const char* name, std::uint32_t& index) {
    if (name == nullptr) return false;
    for (std::uint32_t i = 0; i < track.view.vehicleClasses.size(); ++i) {
        if (std::strcmp(track.view.name(track.view.vehicleClasses[i].nameOffset), name) == 0) {
            index = i;
            return true;
        }
    }
    return false;
}

LoadStatus loadBakedTrack(std::span<const std::byte> bytes, BakedTrack& track) noexcept {
    format::BakedTrackView view;
    const LoadStatus status = format::readBakedTrack(bytes, view);
    if (status == LoadStatus::Ok) track.view = view;
    return status;
}

} // namespace trackwright
