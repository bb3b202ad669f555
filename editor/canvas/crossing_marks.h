#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace editor {

/// A crossing validation flags (overpass-clearance, edge-self-intersection) as the canvas marks it:
/// where the two links cross and how far apart their surfaces are there.
struct CrossingMark {
    std::uint32_t node = 0;       ///< first node of one link, as the diagnostic names it
    std::uint32_t otherNode = 0;  ///< first node of the other link
    formats::Vec2 point;          ///< m, where the centre lines cross (else the middle of the edge crossings)
    /// m, the least vertical distance between the two surfaces where their tarmac edges cross, the
    /// banking tilting each edge as validation measures it.
    double clearance = 0.0;
    double required = 0.0;  ///< m, the track's crossing clearance
};

/// The marks of the crossing diagnostics in `diagnostics`, one per pair of links, skipping any
/// whose nodes `track` no longer has where the diagnostic says (validation lags edits a little).
std::vector<CrossingMark> crossingMarks(const formats::TrackDocument& track, const formats::Diagnostics& diagnostics);

/// "2.1 m < 4.5 m": the measured clearance against the required one.
QString crossingLabel(const CrossingMark& mark);

} // namespace editor
