#pragma once

#include "formats/source/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bake::cli {

/// What the bake cache keeps of a bake: the .twbake's bytes and the diagnostics the bake reported
/// (a hit says the same warnings a bake would, without reading the track again).
struct DecodedCacheEntry {
    formats::Diagnostics diagnostics;
    std::size_t bakeOffset = 0;  ///< where the .twbake starts in the entry: a multiple of 8, so it loads in place
};

/// One cache file: "TWCACHE1", the XXH3-64 of the rest, the diagnostics' size, the diagnostics
/// (cereal's binary archive), zeros to a multiple of 8 bytes, and the .twbake. The checksum is
/// checked before anything is decoded, so a damaged or foreign file is a miss and never an
/// allocation of a corrupt size.
std::string encodeCacheEntry(const formats::Diagnostics& diagnostics, std::string_view bake);
std::optional<DecodedCacheEntry> decodeCacheEntry(std::string_view entry);

} // namespace bake::cli
