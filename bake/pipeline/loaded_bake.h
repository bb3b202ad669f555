#pragma once

#include "formats/baked/baked_writer.h"
#include "trackwright/track/baked_track.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bake {

/// Baked bytes held the way a game holds them (8-byte aligned) with the runtime's validated view of
/// them: what verification laps, the lap-time refinement and the CLI drive cars on.
struct LoadedBake {
    std::vector<std::uint64_t> storage;
    trackwright::BakedTrack track;
};

/// Copies `size` bytes into `bake`'s aligned storage and loads them; the view is valid while `bake` lives.
trackwright::LoadStatus loadBakedBytes(const void* bytes, std::size_t size, LoadedBake& bake);

/// Writes `data` to bytes and loads them.
trackwright::LoadStatus loadBakedData(const formats::BakedTrackData& data, LoadedBake& bake);

} // namespace bake
