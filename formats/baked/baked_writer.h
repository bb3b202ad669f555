#pragma once

// The .twbake writer: what the bake links. Games link only the reader
// (trackwright/format/baked_reader.h), so no writer is in the headers a game installs.

#include "formats/baked/format_names.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace formats {

/// Everything a .twbake holds, as owned vectors: what the bake fills and writeBakedTrack writes.
struct BakedTrackData {
    std::uint64_t sourceHash = 0;
    std::vector<BakedRoute> routes;
    std::vector<BakedNode> nodes;
    std::vector<BakedRouteLink> routeLinks;
    std::vector<BakedVehicleClass> vehicleClasses;
    std::vector<BakedLine> lines;
    std::vector<BakedLinePoint> linePoints;
    std::vector<BakedSpeedProfile> speedProfiles;
    std::vector<float> speedHints;
    BakedGridInfo grid{};
    std::vector<std::uint32_t> gridCells;
    std::vector<std::uint32_t> gridItems;
    std::string strings;  ///< zero-terminated names, addressed by offset
    BakedOrigin origin{0.0, 0.0, 0.0};  ///< every position above is relative to it
    std::vector<BakedMarker> markers;
    std::vector<BakedZone> zones;
    /// The defaults of a track that sets none (.twtrack's RaceSettings).
    BakedRaceSettings race{kSideRight, kSideLeft, 6.0f, 16.0f, 8.0f, 3.0f};
    std::vector<BakedDriver> drivers;  ///< the roster `twbake build --roster` bakes in; none by default

    /// Appends a name to `strings`, returns its offset.
    std::uint32_t addString(std::string_view text);
};

/// The largest .twbake the product's tools read (`twbake`'s loaders; a game's own loader may take
/// more): a bake is read in one pass and used in place, so a file costs its size in memory and no
/// more, unlike JSON's tenfold while parsed (formats::kMaxInputFileBytes, 256 MB).
inline constexpr std::uint64_t kMaxBakedFileBytes = std::uint64_t{1} << 30;

/// Serialises a bake: header, section table, sections (8-byte aligned, zero padding), checksum.
/// Same data, same bytes.
std::vector<std::byte> writeBakedTrack(const BakedTrackData& data);

/// The size writeBakedTrack's bytes will have, computed without writing them.
std::uint64_t bakedTrackBytes(const BakedTrackData& data);

} // namespace formats
