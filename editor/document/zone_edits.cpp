#include "editor/document/zone_edits.h"

#include "editor/document/track_edits.h"

#include <algorithm>

namespace editor {
namespace {

/// Positions `from` .. `to` along `route` in driving order, both included (across the start of a
/// loop when `to` comes first); empty when an open route would have to be driven backwards.
std::vector<std::size_t> positionsBetween(const formats::Route& route, std::size_t from, std::size_t to) {
    std::vector<std::size_t> positions;
    const std::size_t n = route.nodes.size();
    if (n == 0 || (!route.closed && to < from)) return positions;
    for (std::size_t k = from;; k = (k + 1) % n) {
        positions.push_back(k);
        if (k == to || positions.size() > n) break;
    }
    return positions;
}

} // namespace

std::optional<ZoneSpan> zoneSpanFromSelection(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes, std::string& why) {
    if (nodes.size() < 2) {
        why = "select two or more nodes of one route: the zone runs from the first to the last in driving order";
        return std::nullopt;
    }
    std::optional<std::uint32_t> route;
    std::vector<std::size_t> positions;
    const auto places = locateNodes(track);
    for (std::uint32_t n : nodes) {
        const auto at = n < places.size() ? places[n] : std::nullopt;
        if (!at || (route && *route != at->first)) {
            why = "select nodes of one route only: a zone lies on one route";
            return std::nullopt;
        }
        route = at->first;
        positions.push_back(at->second);
    }
    std::sort(positions.begin(), positions.end());
    const formats::Route& r = track.routes[*route];
    std::size_t first = 0;  // index into positions of the zone's start
    if (r.closed) {
        // The run starts after the longest gap between neighbouring selected nodes, the gap across
        // the start line included.
        const std::size_t n = r.nodes.size();
        std::size_t longest = positions.front() + n - positions.back();
        for (std::size_t i = 1; i < positions.size(); ++i)
            if (positions[i] - positions[i - 1] > longest) {
                longest = positions[i] - positions[i - 1];
                first = i;
            }
    }
    const std::size_t last = (first + positions.size() - 1) % positions.size();
    return ZoneSpan{*route, r.nodes[positions[first]], r.nodes[positions[last]]};
}

std::vector<std::uint32_t> zoneNodes(const formats::TrackDocument& track, const formats::Zone& zone) {
    const auto from = locateNode(track, zone.from), to = locateNode(track, zone.to);
    std::vector<std::uint32_t> nodes;
    if (!from || !to || from->first != to->first || zone.from == zone.to) return nodes;
    const formats::Route& route = track.routes[from->first];
    for (std::size_t k : positionsBetween(route, from->second, to->second)) nodes.push_back(route.nodes[k]);
    return nodes;
}

std::vector<formats::Zone> zonesAfterDelete(const formats::TrackDocument& before, const std::set<std::uint32_t>& doomed,
                                            const std::vector<std::uint32_t>& newIndex) {
    std::vector<formats::Zone> kept;
    for (formats::Zone zone : before.zones) {
        std::vector<std::uint32_t> covered = zoneNodes(before, zone);
        if (covered.empty()) {
            // Not a sound zone (validation says why): kept as it is, renumbered where it can be.
            if (doomed.count(zone.from) || doomed.count(zone.to)) continue;
            if (zone.from < newIndex.size()) zone.from = newIndex[zone.from];
            if (zone.to < newIndex.size()) zone.to = newIndex[zone.to];
            kept.push_back(zone);
            continue;
        }
        std::erase_if(covered, [&](std::uint32_t n) { return doomed.count(n) > 0; });
        if (covered.size() < 2) continue;
        zone.from = newIndex[covered.front()];
        zone.to = newIndex[covered.back()];
        kept.push_back(zone);
    }
    return kept;
}

void reverseZones(std::vector<formats::Zone>& zones, const std::set<std::uint32_t>& routeNodes) {
    for (formats::Zone& zone : zones) {
        if (!routeNodes.count(zone.from) || !routeNodes.count(zone.to)) continue;
        std::swap(zone.from, zone.to);
        if (zone.sides == formats::kSideNameLeft) zone.sides = formats::kSideNameRight;
        else if (zone.sides == formats::kSideNameRight) zone.sides = formats::kSideNameLeft;
    }
}

std::string describeZoneRule(const formats::Zone& zone) {
    if (zone.kind == formats::kZoneNoOvertaking) return "no overtaking";
    if (zone.kind != formats::kZoneOvertaking) return "\"" + zone.kind + "\" (unknown kind)";
    return "overtaking, " + (zone.sides.empty() ? std::string(formats::kSideNameBoth) : zone.sides) + (zone.sides == formats::kSideNameBoth || zone.sides.empty() ? " sides" : " side");
}

} // namespace editor
