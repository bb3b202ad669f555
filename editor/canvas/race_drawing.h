#pragma once

#include "formats/source/track_document.h"
#include "trackwright/track/baked_track.h"

#include <QPolygonF>

#include <cstdint>
#include <vector>

namespace editor {

/// A zone drawn as bands just inside the tarmac edge on the side(s) it concerns: an overtaking
/// zone on the sides cars may pass, a no-overtaking zone on both. World coordinates, metres.
struct ZoneDrawing {
    std::size_t zone = 0;  ///< index into TrackDocument::zones
    bool noOvertaking = false;
    QPolygonF leftEdge;    ///< empty when the zone does not concern the left side
    QPolygonF rightEdge;
};

/// The zones of `document` that lie on one route in driving order (the others are validation's
/// business and are not drawn).
std::vector<ZoneDrawing> buildZoneDrawings(const formats::TrackDocument& document);

/// How many grid slots the canvas shows.
inline constexpr std::uint32_t kShownGridSlots = 10;
/// The car a grid slot is drawn as, metres.
inline constexpr double kGridCarLength = 4.6;
inline constexpr double kGridCarWidth = 1.9;

/// Outlines of the first `count` grid slots, world coordinates: where the runtime's gridSlot puts
/// cars with the designer's grid (designerGrid), on the baked `track` (its origin added back).
/// Fewer when an open route has no room for them behind its start.
std::vector<QPolygonF> gridSlotOutlines(const trackwright::BakedTrack& track, std::uint32_t count = kShownGridSlots);

} // namespace editor
