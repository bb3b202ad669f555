#pragma once

#include "formats/source/track_document.h"

#include <cstdint>
#include <vector>

namespace formats {

/// Narrows the runoff and wall widths of a route where neighbouring node perpendiculars would cross
/// within them (the undefined-registration zone of race-track chapter §39.3.1, point C): each side
/// is limited to `safety` × the distance from the node to the crossing, but never below the tarmac
/// or below where a line of the route passes (a line the designer or a peer placed there is kept).
/// Importers use it because their runoff and wall widths are guesses the CSV does not carry; a
/// crossing inside the tarmac itself is left alone for validation to report.
/// Returns the indices (into document.nodes) of the nodes it narrowed, in route order.
std::vector<std::uint32_t> narrowWidthsToRegistrableZone(TrackDocument& document, std::uint32_t route, double safety = 0.95);

} // namespace formats
