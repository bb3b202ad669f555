#pragma once

#include "trackwright/format/baked_reader.h"
#include "trackwright/format/vec.h"

#include <cstddef>
#include <span>

namespace trackwright {

using LoadStatus = format::BakedLoadStatus;

/// A baked track ready for queries: a validated view of bytes the game owns (keep them alive and
/// unmoved while the track is used). Cheap to copy.
struct BakedTrack {
    format::BakedTrackView view;

    std::uint32_t routeOfNode(std::uint32_t node) const;

    /// Where the track's local frame sits in the world, metres. Every position the runtime takes
    /// and gives (registration, line samples, followers, the planner) is in that frame: subtract
    /// the origin from a world position first, add it to a sampled one. (0, 0, 0) for any track
    /// within 50 km of the world's origin; a UTM-scale track's is near its middle.
    format::Vec3 origin() const {
        return view.origin ? format::Vec3{view.origin->x, view.origin->y, view.origin->z} : format::Vec3{};
    }
};

/// The vehicle class named `name` (as the designer named it: "gt", "truck" …): its index into
/// `track.view.vehicleClasses`, which speed hints, lines and followers take. False, and `index`
/// untouched, when the track has no such class or `name` is null.
[[nodiscard]] bool findVehicleClass(const BakedTrack& track, const char* name, std::uint32_t& index);

/// Validates `bytes` (8-byte aligned, see format::readBakedTrack) and, on success only, points
/// `track` at them. Never throws, never allocates; `format::describeBakedLoad` says why not (for a
/// file of another format version, which version it is and which this runtime reads).
[[nodiscard]] LoadStatus loadBakedTrack(std::span<const std::byte> bytes, BakedTrack& track) noexcept;

} // namespace trackwright
