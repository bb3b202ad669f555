#pragma once

#include "trackwright/format/marker_kinds.h"
#include "trackwright/track/baked_track.h"

#include <cstdint>

namespace trackwright {

/// A designer's marker as the bake placed it: "start-finish" (or "start" on an open route),
/// "sector", "overtaking-entry", "pit-box" … (the kinds Trackwright knows, format::kMarkerKinds in
/// trackwright/format/marker_kinds.h; a game's own kind is kept as written) with the designer's
/// label. The strings live in the track's bytes.
struct TrackMarker {
    const char* kind = "";
    const char* label = "";
    std::uint32_t route = 0;
    std::uint32_t node = 0;     ///< baked node index, within `route`
    float distance = 0.0f;      ///< metres along the route from its first node
};

/// How many markers the track holds.
std::uint32_t markerCount(const BakedTrack& track);
/// Marker `index`: false, and `marker` untouched, when there is no such marker.
[[nodiscard]] bool markerAt(const BakedTrack& track, std::uint32_t index, TrackMarker& marker);
/// The first marker of `kind` at or after `from` (so a loop with from = index + 1 walks all of a
/// kind): its index, or false when there is none (or `kind` is null).
[[nodiscard]] bool findMarker(const BakedTrack& track, const char* kind, std::uint32_t from, std::uint32_t& index);

} // namespace trackwright
