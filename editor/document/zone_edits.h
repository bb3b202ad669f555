#pragma once

#include "formats/source/track_document.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

/// Zones as the editor makes and keeps them: from a selection of nodes, and through the structural
/// edits that renumber, move or turn round the nodes they name. Plain functions, tested directly.
namespace editor {

/// Where a zone made from a selection lies.
struct ZoneSpan {
    std::uint32_t route = 0;
    std::uint32_t from = 0;  ///< index into TrackDocument::nodes
    std::uint32_t to = 0;
};

/// The zone two or more selected nodes of one route make: from the first to the last of them in
/// driving order. On a loop the selection's run starts after the longest stretch of the route with
/// no node selected, so a selection across the start line makes a zone across it. Otherwise
/// nothing, and `why` says what to select.
std::optional<ZoneSpan> zoneSpanFromSelection(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes, std::string& why);

/// The nodes `zone` covers, from `from` to `to` in driving order, both included; empty for a zone
/// that is not on one route or runs backwards on an open route.
std::vector<std::uint32_t> zoneNodes(const formats::TrackDocument& track, const formats::Zone& zone);

/// The zones of `before` once `doomed` nodes are deleted and the rest renumbered by `newIndex`: an
/// end that goes moves inwards to the nearest node of the zone that stays; a zone with fewer than
/// two nodes left goes.
std::vector<formats::Zone> zonesAfterDelete(const formats::TrackDocument& before, const std::set<std::uint32_t>& doomed,
                                            const std::vector<std::uint32_t>& newIndex);

/// The zones of a route that was turned round: each runs from its old `to` to its old `from`, and
/// left and right swap (left of the new driving direction is right of the old).
void reverseZones(std::vector<formats::Zone>& zones, const std::set<std::uint32_t>& routeNodes);

/// "overtaking, left" or "no overtaking": how lists and status messages name a zone's rule.
std::string describeZoneRule(const formats::Zone& zone);

} // namespace editor
