// Step 8: the designer's race data. Zones name source nodes as markers do; the bake places each on
// the baked route that lists its nodes, as distances along it, so the runtime answers "may I pass
// here?" from a car's registered distance without knowing about source nodes.
#include "bake/pipeline/bake_steps.h"

namespace bake::detail {
namespace {

std::uint32_t sideBits(const std::string& sides) {
    if (sides == formats::kSideNameLeft) return formats::kSideLeft;
    if (sides == formats::kSideNameRight) return formats::kSideRight;
    return formats::kSidesBoth;  // "both", or none written
}

} // namespace

void bakeRaceData(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    const SourceNodePlaces places = placeSourceNodes(document, layout);
    const std::vector<std::uint32_t>& routeOf = places.route;
    const std::vector<std::uint32_t>& bakedIndexOf = places.bakedIndex;
    for (const formats::Zone& zone : document.zones) {
        // Validation refused every zone whose ends are not two nodes of one route; this only keeps
        // a bake of an unvalidated document from reading out of range.
        if (zone.from >= document.nodes.size() || zone.to >= document.nodes.size()) continue;
        const std::uint32_t route = routeOf[zone.from];
        if (route == formats::kNoRoute || route != routeOf[zone.to]) continue;
        const bool overtaking = zone.kind == formats::kZoneOvertaking;
        const std::uint32_t start = bakedIndexOf[zone.from], end = bakedIndexOf[zone.to];
        out.zones.push_back({route, start, end, overtaking ? formats::BakedZoneKind::Overtaking : formats::BakedZoneKind::NoOvertaking,
                             overtaking ? sideBits(zone.sides) : 0u, out.nodes[start].distance, out.nodes[end].distance, 0u});
    }
    const formats::RaceSettings race = document.race.value_or(formats::RaceSettings{});
    out.race.yieldSide = race.yieldSide == formats::kSideNameLeft ? formats::kSideLeft : formats::kSideRight;
    out.race.poleSide = race.grid.pole == formats::kSideNameRight ? formats::kSideRight : formats::kSideLeft;
    out.race.firstRowGap = static_cast<float>(race.grid.firstRowGap);
    out.race.rowSpacing = static_cast<float>(race.grid.rowSpacing);
    out.race.stagger = static_cast<float>(race.grid.stagger);
    out.race.pitStopTime = static_cast<float>(race.pitStopTime);
}

} // namespace bake::detail
