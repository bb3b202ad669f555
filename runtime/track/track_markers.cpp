#include "trackwright/track/track_markers.h"

#include <cstring>

namespace trackwright {

std::uint32_t markerCount(const BakedTrack& track) { return static_cast<std::uint32_t>(track.view.markers.size()); }

bool markerAt(const BakedTrack& track, std::uint32_t index, TrackMarker& marker) {
    if (index >= track.view.markers.size()) return false;
    const format::BakedMarker& m = track.view.markers[index];
    marker = {track.view.name(m.kindOffset), track.view.name(m.labelOffset), m.route, m.node, m.distance};
    return true;
}

bool findMarker(const BakedTrack& track, const char* kind, std::uint32_t from, std::uint32_t& index) {
    if (kind == nullptr) return false;
    for (std::uint32_t i = from; i < track.view.markers.size(); ++i) {
        if (std::strcmp(track.view.name(track.view.markers[i].kindOffset), kind) == 0) {
            index = i;
            return true;
        }
    }
    return false;
}

} // namespace trackwright
