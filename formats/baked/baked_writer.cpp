#include "formats/baked/baked_writer.h"

#include <array>
#include <cstring>

namespace formats {
namespace {

/// The sections in file order, as (id, element size, bytes, count): what the writer lays out; the
/// reader checks the same order and element sizes against BakedSection.
struct SectionBytes {
    BakedSection id;
    std::uint32_t elementSize;
    const void* data;
    std::size_t count;
};

template <class T> SectionBytes section(BakedSection id, const std::vector<T>& items) {
    return {id, sizeof(T), items.data(), items.size()};
}

using Sections = std::array<SectionBytes, kBakedSectionCount>;

Sections sectionsOf(const BakedTrackData& data) {
    return {{
        section(BakedSection::Routes, data.routes),
        section(BakedSection::Nodes, data.nodes),
        section(BakedSection::RouteLinks, data.routeLinks),
        section(BakedSection::VehicleClasses, data.vehicleClasses),
        section(BakedSection::Lines, data.lines),
        section(BakedSection::LinePoints, data.linePoints),
        section(BakedSection::SpeedProfiles, data.speedProfiles),
        section(BakedSection::SpeedHints, data.speedHints),
        {BakedSection::GridInfo, sizeof(BakedGridInfo), &data.grid, 1},
        section(BakedSection::GridCells, data.gridCells),
        section(BakedSection::GridItems, data.gridItems),
        {BakedSection::Strings, 1, data.strings.data(), data.strings.size()},
        {BakedSection::Origin, sizeof(BakedOrigin), &data.origin, 1},
        section(BakedSection::Markers, data.markers),
        section(BakedSection::Zones, data.zones),
        {BakedSection::Race, sizeof(BakedRaceSettings), &data.race, 1},
        section(BakedSection::Drivers, data.drivers),
    }};
}

/// Each section's place in the payload; the payload's size.
std::size_t layOut(const Sections& sections, BakedSectionEntry (&table)[kBakedSectionCount]) {
    std::size_t payloadSize = 0;
    for (std::uint32_t i = 0; i < kBakedSectionCount; ++i) {
        payloadSize = bakedAlignUp(payloadSize);
        table[i] = {static_cast<std::uint32_t>(sections[i].id), sections[i].elementSize, payloadSize, sections[i].count};
        payloadSize += sections[i].elementSize * sections[i].count;
    }
    return bakedAlignUp(payloadSize);
}

} // namespace

std::uint32_t BakedTrackData::addString(std::string_view text) {
    const auto offset = static_cast<std::uint32_t>(strings.size());
    strings.append(text);
    strings.push_back('\0');
    return offset;
}

std::uint64_t bakedTrackBytes(const BakedTrackData& data) {
    BakedSectionEntry table[kBakedSectionCount];
    return kBakedPayloadStart + layOut(sectionsOf(data), table);
}

std::vector<std::byte> writeBakedTrack(const BakedTrackData& data) {
    const Sections sections = sectionsOf(data);
    const std::size_t payloadStart = kBakedPayloadStart;
    BakedSectionEntry table[kBakedSectionCount];
    const std::size_t payloadSize = layOut(sections, table);

    std::vector<std::byte> bytes(payloadStart + payloadSize, std::byte{0});
    for (std::uint32_t i = 0; i < kBakedSectionCount; ++i)
        if (sections[i].count > 0)
            std::memcpy(bytes.data() + payloadStart + table[i].offset, sections[i].data, sections[i].elementSize * sections[i].count);
    std::memcpy(bytes.data() + sizeof(BakedHeader), table, sizeof(table));

    BakedHeader header{};
    header.magic = kBakedMagic;
    header.formatVersion = kBakedFormatVersion;
    header.layoutHash = bakedLayoutHash();
    header.flags = 0;
    header.sectionCount = kBakedSectionCount;
    header.sourceHash = data.sourceHash;
    header.payloadSize = payloadSize;
    header.checksum = 0;
    std::memcpy(bytes.data(), &header, sizeof(header));
    header.checksum = bakedFileChecksum(bytes.data(), bytes.size());
    std::memcpy(bytes.data(), &header, sizeof(header));
    return bytes;
}

} // namespace formats
