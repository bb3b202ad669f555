#pragma once

#include "trackwright/format/baked_reader.h"

#include <cstddef>
#include <span>

namespace runtime {

using LoadStatus = formats::BakedLoadStatus;

/// A baked track ready for queries: a validated view of bytes the game owns (keep them alive and
/// unmoved while the track is used). Cheap to copy.
struct BakedTrack {
    formats::BakedTrackView view;

    std::uint32_t routeOfNode(std::uint32_t node) const;
};

/// Validates `bytes` (8-byte aligned, see formats::readBakedTrack) and, on success only, points
/// `track` at them. Never throws, never allocates; `formats::describeBakedLoadStatus` says why not.
LoadStatus loadBakedTrack(std::span<const std::byte> bytes, BakedTrack& track) noexcept;

} // namespace runtime
