#pragma once

#include "trackwright/format/baked_format.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace trackwright::format {

/// A validated, zero-copy view of .twbake bytes. Every index in it has been checked against the
/// section it points into, so queries need no further bounds checks. Valid while the bytes live.
struct BakedTrackView {
    const BakedHeader* header = nullptr;
    std::span<const BakedRoute> routes;
    std::span<const BakedNode> nodes;
    std::span<const BakedRouteLink> routeLinks;
    std::span<const BakedVehicleClass> vehicleClasses;
    std::span<const BakedLine> lines;
    std::span<const BakedLinePoint> linePoints;
    std::span<const BakedSpeedProfile> speedProfiles;
    std::span<const float> speedHints;
    const BakedGridInfo* grid = nullptr;
    std::span<const std::uint32_t> gridCells;
    std::span<const std::uint32_t> gridItems;
    std::string_view strings;
    const BakedOrigin* origin = nullptr;  ///< the local frame's place in the world (finite, checked at load)
    std::span<const BakedMarker> markers;
    std::span<const BakedZone> zones;
    const BakedRaceSettings* race = nullptr;  ///< one per file (kinds, sides and numbers checked at load)
    std::span<const BakedDriver> drivers;     ///< the designer's roster, in car order (names and numbers checked at load)

    /// The zero-terminated name at `offset` (checked at load).
    const char* name(std::uint32_t offset) const { return strings.data() + offset; }
};

/// Why bytes were refused, most basic check first.
enum class BakedLoadStatus : std::uint32_t {
    Ok = 0,
    Truncated,          ///< shorter than its header, section table or declared payload
    BadMagic,           ///< not a .twbake
    NewerVersion,       ///< written by a newer format version
    OlderVersion,       ///< an older format this build no longer reads
    LayoutMismatch,     ///< same version, different struct layout: a build mix-up
    ChecksumMismatch,   ///< the payload was altered or damaged
    BadSectionTable,    ///< a section missing, misnumbered, of the wrong element size, or overlapping
    SectionOutOfRange,  ///< a section reaches past the payload
    BadReference,       ///< an index inside a section points outside its target
    Misaligned,         ///< the buffer does not start on an 8-byte boundary
    BadValue,           ///< a number no bake holds (docs/formats.md, "Ranges"): edited and re-sealed, or written by a broken tool
    TrailingBytes,      ///< bytes after the payload the header declares: something was appended to the file
};

/// One-line English explanation of a status, for logs and the CLI. For a file of another format
/// version describeBakedLoad says more: which version the file is and which this build reads.
const char* describeBakedLoadStatus(BakedLoadStatus status);

/// The format version a .twbake's header declares (any alignment), or 0 when `bytes` are shorter
/// than a header or do not start with the .twbake magic.
std::uint32_t bakedFileVersion(std::span<const std::byte> bytes) noexcept;

/// Why readBakedTrack refused `bytes` with `status`, as one line for a log, a dialog or the CLI,
/// written zero-terminated into `buffer` (cut to `size` − 1 characters); returns `buffer`. For a file
/// of another format version it names both, so the reader knows what to do, e.g. "file is .twbake
/// version 4, this runtime reads version 6: bake it again with twbake build"; otherwise it is
/// describeBakedLoadStatus; for BadValue it names the section, the record and what is wrong, e.g.
/// "a value no bake holds: line points record 12: distance is not the previous point's plus its
/// segment; the file was edited after baking: bake it again". 256 characters hold every message.
/// Never allocates.
const char* describeBakedLoad(std::span<const std::byte> bytes, BakedLoadStatus status, char* buffer, std::size_t size) noexcept;

/// Checks sizes, version, layout, checksum, the section table, every cross-reference and every
/// value's range and consistency (baked_limits.h), in that order, before handing out a view. On failure `view` is left untouched. Never throws, never
/// allocates.
[[nodiscard]] BakedLoadStatus readBakedTrack(std::span<const std::byte> bytes, BakedTrackView& view) noexcept;

/// XXH3-64 of a byte range: the checksum and source hash of .twbake files.
std::uint64_t bakedHash(const void* data, std::size_t size) noexcept;

/// The header's checksum for the first `size` bytes of a file (header, section table, payload):
/// XXH3-64 of them all but the checksum field. 0 for fewer bytes than a header holds.
std::uint64_t bakedFileChecksum(const std::byte* file, std::size_t size) noexcept;

} // namespace trackwright::format
