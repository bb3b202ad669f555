#include "trackwright/format/baked_reader.h"

#include "trackwright/format/baked_values.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace trackwright::format {

std::uint64_t bakedHash(const void* data, std::size_t size) noexcept { return XXH3_64bits(data, size); }

std::uint64_t bakedFileChecksum(const std::byte* file, std::size_t size) noexcept {
    constexpr std::size_t kFieldStart = offsetof(BakedHeader, checksum);
    constexpr std::size_t kFieldEnd = kFieldStart + sizeof(BakedHeader::checksum);
    if (size < kFieldEnd) return 0;
    XXH3_state_t state;
    XXH3_64bits_reset(&state);
    XXH3_64bits_update(&state, file, kFieldStart);
    XXH3_64bits_update(&state, file + kFieldEnd, size - kFieldEnd);
    return XXH3_64bits_digest(&state);
}

const char* describeBakedLoadStatus(BakedLoadStatus status) {
    switch (status) {
    case BakedLoadStatus::Ok: return "ok";
    case BakedLoadStatus::Truncated: return "the file is truncated: it is shorter than its header says";
    case BakedLoadStatus::BadMagic: return "not a .twbake file (wrong magic bytes)";
    case BakedLoadStatus::NewerVersion: return "a newer .twbake format than this runtime reads: update the runtime, or bake with the twbake that matches it";
    case BakedLoadStatus::OlderVersion: return "an older .twbake format than this runtime reads: bake it again with twbake build";
    case BakedLoadStatus::LayoutMismatch: return "same format version but a different data layout: baker and runtime come from different builds";
    case BakedLoadStatus::ChecksumMismatch: return "checksum mismatch: the file is damaged or was modified after baking";
    case BakedLoadStatus::BadSectionTable: return "the section table is malformed";
    case BakedLoadStatus::SectionOutOfRange: return "a section reaches past the end of the file";
    case BakedLoadStatus::BadReference: return "an index inside the file points outside its section";
    case BakedLoadStatus::Misaligned: return "the buffer is not 8-byte aligned";
    case BakedLoadStatus::BadValue: return "a value no bake holds: the file was edited after baking or written by a broken tool; bake it again";
    case BakedLoadStatus::TrailingBytes: return "bytes follow the end of the bake (something was appended to the file, such as a report printed into it): bake it again";
    }
    return "unknown status";
}

std::uint32_t bakedFileVersion(std::span<const std::byte> bytes) noexcept {
    if (bytes.size() < sizeof(BakedHeader) || std::memcmp(bytes.data(), kBakedMagic.data(), kBakedMagic.size()) != 0) return 0;
    std::uint32_t version = 0;
    std::memcpy(&version, bytes.data() + offsetof(BakedHeader, formatVersion), sizeof version);
    return version;
}

const char* describeBakedLoad(std::span<const std::byte> bytes, BakedLoadStatus status, char* buffer, std::size_t size) noexcept {
    if (buffer == nullptr || size == 0) return "";
    const bool otherVersion = status == BakedLoadStatus::OlderVersion || status == BakedLoadStatus::NewerVersion;
    if (otherVersion) {
        const std::uint32_t version = bakedFileVersion(bytes);
        const char* advice = status == BakedLoadStatus::OlderVersion ? "bake it again with twbake build"
                                                                      : "update the runtime, or bake with the twbake that matches it";
        std::snprintf(buffer, size, "file is .twbake version %u, this runtime reads version %u: %s", static_cast<unsigned>(version),
                      static_cast<unsigned>(kBakedFormatVersion), advice);
    } else if (detail::BakedValueProblem problem; status == BakedLoadStatus::BadValue && detail::bakedValueProblem(bytes, problem)) {
        std::snprintf(buffer, size, "a value no bake holds: %s record %llu: %s; the file was edited after baking: bake it again", problem.section,
                      static_cast<unsigned long long>(problem.record), problem.what);
    } else {
        std::snprintf(buffer, size, "%s", describeBakedLoadStatus(status));
    }
    return buffer;
}

namespace {

template <class T> std::span<const T> viewOf(const std::byte* payload, const BakedSectionEntry& e) {
    return {reinterpret_cast<const T*>(payload + e.offset), static_cast<std::size_t>(e.count)};
}

/// Every index the runtime will follow, checked once here.
bool referencesAreValid(const BakedTrackView& v) {
    // A non-finite origin would put every position nowhere (the header's flags would not say why).
    if (!std::isfinite(v.origin->x) || !std::isfinite(v.origin->y) || !std::isfinite(v.origin->z)) return false;
    const std::size_t nodeCount = v.nodes.size();
    auto nameOk = [&](std::uint32_t offset) {
        return offset < v.strings.size() && v.strings.find('\0', offset) != std::string_view::npos;
    };
    // Routes partition the nodes, in order: the runtime finds a node's route by range, so a node of
    // no route (or of two) would leave a grid item or a link without one.
    std::size_t covered = 0;
    for (const BakedRoute& r : v.routes) {
        if (r.firstNode != covered || r.nodeCount > nodeCount - covered || r.nodeCount == 0) return false;
        covered += r.nodeCount;
        if (!nameOk(r.nameOffset)) return false;
        if (r.forkNode != kNoRoute && r.forkNode >= nodeCount) return false;
        if (r.joinNode != kNoRoute && r.joinNode >= nodeCount) return false;
    }
    if (covered != nodeCount) return false;
    for (const BakedRouteLink& l : v.routeLinks)
        if (l.fromRoute >= v.routes.size() || l.toRoute >= v.routes.size() || l.fromNode >= nodeCount || l.toNode >= nodeCount) return false;
    for (const BakedVehicleClass& c : v.vehicleClasses)
        if (!nameOk(c.nameOffset)) return false;
    for (const BakedLine& l : v.lines) {
        if (l.route >= v.routes.size() || !nameOk(l.nameOffset)) return false;
        if (l.vehicleClass != kAllVehicleClasses && l.vehicleClass >= v.vehicleClasses.size()) return false;
        const std::uint32_t points = v.routes[l.route].nodeCount;
        if (l.firstPoint > v.linePoints.size() || points > v.linePoints.size() - l.firstPoint) return false;
    }
    for (const BakedSpeedProfile& p : v.speedProfiles) {
        if (p.line >= v.lines.size() || p.vehicleClass >= v.vehicleClasses.size()) return false;
        const std::uint32_t points = v.routes[v.lines[p.line].route].nodeCount;
        if (p.firstHint > v.speedHints.size() || points > v.speedHints.size() - p.firstHint) return false;
    }
    const std::uint64_t cells = static_cast<std::uint64_t>(v.grid->columns) * v.grid->rows;
    if (v.gridCells.size() != cells + 1 || v.gridCells.front() != 0 || v.gridCells.back() != v.gridItems.size()) return false;
    for (std::size_t i = 1; i < v.gridCells.size(); ++i)
        if (v.gridCells[i] < v.gridCells[i - 1]) return false;
    for (std::uint32_t item : v.gridItems)
        if (item >= nodeCount) return false;
    for (const BakedMarker& m : v.markers) {
        if (!nameOk(m.kindOffset) || !nameOk(m.labelOffset) || m.route >= v.routes.size()) return false;
        const BakedRoute& route = v.routes[m.route];
        if (m.node < route.firstNode || m.node - route.firstNode >= route.nodeCount) return false;
        if (!std::isfinite(m.distance)) return false;
    }
    for (const BakedZone& z : v.zones) {
        if (z.route >= v.routes.size()) return false;
        const BakedRoute& route = v.routes[z.route];
        if (z.startNode < route.firstNode || z.startNode - route.firstNode >= route.nodeCount) return false;
        if (z.endNode < route.firstNode || z.endNode - route.firstNode >= route.nodeCount) return false;
        if (z.kind != BakedZoneKind::Overtaking && z.kind != BakedZoneKind::NoOvertaking) return false;
        if (z.kind == BakedZoneKind::Overtaking ? (z.sides == 0 || z.sides > kSidesBoth) : z.sides != 0) return false;
        if (!std::isfinite(z.startDistance) || !std::isfinite(z.endDistance)) return false;
    }
    // The race settings are read as they stand by every query: sides one of two, numbers usable.
    const BakedRaceSettings& race = *v.race;
    auto oneSide = [](std::uint32_t side) { return side == kSideLeft || side == kSideRight; };
    auto usable = [](float value) { return std::isfinite(value) && value >= 0.0f; };
    if (!oneSide(race.yieldSide) || !oneSide(race.poleSide)) return false;
    if (!usable(race.firstRowGap) || !usable(race.rowSpacing) || !usable(race.stagger) || !usable(race.pitStopTime)) return false;
    // A roster driver's name is a name, not empty, and no other driver's: a game finds drivers by it.
    if (v.drivers.size() > kMaxBakedDrivers) return false;
    for (std::size_t i = 0; i < v.drivers.size(); ++i) {
        if (!nameOk(v.drivers[i].nameOffset) || *v.name(v.drivers[i].nameOffset) == '\0') return false;
        for (std::size_t j = 0; j < i; ++j)
            if (std::strcmp(v.name(v.drivers[i].nameOffset), v.name(v.drivers[j].nameOffset)) == 0) return false;
    }
    return true;
}

} // namespace

namespace {

BakedLoadStatus readChecked(std::span<const std::byte> bytes, BakedTrackView& view, detail::BakedValueProblem& problem) noexcept {
    if (reinterpret_cast<std::uintptr_t>(bytes.data()) % kBakedAlignment != 0) return BakedLoadStatus::Misaligned;
    if (bytes.size() < sizeof(BakedHeader)) {
        return bytes.size() >= kBakedMagic.size() && std::memcmp(bytes.data(), kBakedMagic.data(), kBakedMagic.size()) != 0
            ? BakedLoadStatus::BadMagic : BakedLoadStatus::Truncated;
    }
    BakedHeader header;
    std::memcpy(&header, bytes.data(), sizeof(header));
    if (header.magic != kBakedMagic) return BakedLoadStatus::BadMagic;
    if (header.formatVersion > kBakedFormatVersion) return BakedLoadStatus::NewerVersion;
    if (header.formatVersion < kBakedFormatVersion) return BakedLoadStatus::OlderVersion;
    if (header.layoutHash != bakedLayoutHash()) return BakedLoadStatus::LayoutMismatch;
    if (header.sectionCount != kBakedSectionCount) return BakedLoadStatus::BadSectionTable;
    const std::size_t payloadStart = kBakedPayloadStart;
    if (bytes.size() < payloadStart || bytes.size() - payloadStart < header.payloadSize) return BakedLoadStatus::Truncated;
    // A span longer than the file the header describes held a bake with text appended (`build -o
    // /dev/stdout` once mixed its report in): refused, so no bytes of a file go unchecked.
    if (bytes.size() - payloadStart > header.payloadSize) return BakedLoadStatus::TrailingBytes;
    const std::byte* payload = bytes.data() + payloadStart;
    if (bakedFileChecksum(bytes.data(), payloadStart + static_cast<std::size_t>(header.payloadSize)) != header.checksum)
        return BakedLoadStatus::ChecksumMismatch;

    BakedSectionEntry table[kBakedSectionCount];
    std::memcpy(table, bytes.data() + sizeof(BakedHeader), sizeof(table));
    static constexpr std::uint32_t kElementSizes[kBakedSectionCount] = {
        sizeof(BakedRoute), sizeof(BakedNode), sizeof(BakedRouteLink), sizeof(BakedVehicleClass), sizeof(BakedLine),
        sizeof(BakedLinePoint), sizeof(BakedSpeedProfile), sizeof(float), sizeof(BakedGridInfo), sizeof(std::uint32_t),
        sizeof(std::uint32_t), 1, sizeof(BakedOrigin), sizeof(BakedMarker), sizeof(BakedZone), sizeof(BakedRaceSettings),
        sizeof(BakedDriver)};
    std::uint64_t previousEnd = 0;
    for (std::uint32_t i = 0; i < kBakedSectionCount; ++i) {
        const BakedSectionEntry& e = table[i];
        if (e.id != i || e.elementSize != kElementSizes[i] || e.offset % kBakedAlignment != 0 || e.offset < previousEnd)
            return BakedLoadStatus::BadSectionTable;
        if (e.offset > header.payloadSize || e.count > (header.payloadSize - e.offset) / e.elementSize)
            return BakedLoadStatus::SectionOutOfRange;
        previousEnd = e.offset + e.count * e.elementSize;
    }
    if (table[static_cast<std::uint32_t>(BakedSection::GridInfo)].count != 1) return BakedLoadStatus::BadSectionTable;
    if (table[static_cast<std::uint32_t>(BakedSection::Origin)].count != 1) return BakedLoadStatus::BadSectionTable;
    if (table[static_cast<std::uint32_t>(BakedSection::Race)].count != 1) return BakedLoadStatus::BadSectionTable;

    BakedTrackView candidate;
    candidate.header = reinterpret_cast<const BakedHeader*>(bytes.data());
    candidate.routes = viewOf<BakedRoute>(payload, table[0]);
    candidate.nodes = viewOf<BakedNode>(payload, table[1]);
    candidate.routeLinks = viewOf<BakedRouteLink>(payload, table[2]);
    candidate.vehicleClasses = viewOf<BakedVehicleClass>(payload, table[3]);
    candidate.lines = viewOf<BakedLine>(payload, table[4]);
    candidate.linePoints = viewOf<BakedLinePoint>(payload, table[5]);
    candidate.speedProfiles = viewOf<BakedSpeedProfile>(payload, table[6]);
    candidate.speedHints = viewOf<float>(payload, table[7]);
    candidate.grid = reinterpret_cast<const BakedGridInfo*>(payload + table[8].offset);
    candidate.gridCells = viewOf<std::uint32_t>(payload, table[9]);
    candidate.gridItems = viewOf<std::uint32_t>(payload, table[10]);
    candidate.strings = std::string_view(reinterpret_cast<const char*>(payload + table[11].offset), static_cast<std::size_t>(table[11].count));
    candidate.origin = reinterpret_cast<const BakedOrigin*>(payload + table[12].offset);
    candidate.markers = viewOf<BakedMarker>(payload, table[13]);
    candidate.zones = viewOf<BakedZone>(payload, table[14]);
    candidate.race = reinterpret_cast<const BakedRaceSettings*>(payload + table[15].offset);
    candidate.drivers = viewOf<BakedDriver>(payload, table[16]);
    if (!referencesAreValid(candidate)) return BakedLoadStatus::BadReference;
    if (!detail::bakedValuesAreSound(candidate, problem)) return BakedLoadStatus::BadValue;
    view = candidate;
    return BakedLoadStatus::Ok;
}

} // namespace

BakedLoadStatus readBakedTrack(std::span<const std::byte> bytes, BakedTrackView& view) noexcept {
    detail::BakedValueProblem ignored;
    return readChecked(bytes, view, ignored);
}

bool detail::bakedValueProblem(std::span<const std::byte> bytes, detail::BakedValueProblem& problem) noexcept {
    BakedTrackView view;
    return readChecked(bytes, view, problem) == BakedLoadStatus::BadValue;
}

} // namespace trackwright::format
