#pragma once

#include "editor/document/track_edits.h"

#include <cstdint>
#include <set>

/// Moving, rotating and scaling a selection of nodes as one rigid piece, as the canvas's transform
/// handles and Edit ▸ Transform Selection do it.
namespace editor {

/// A similarity transform of the ground plane: scale by `scale` and turn by `angle` about `pivot`,
/// then move by `translation`. Heights are not touched: a track scaled in plan keeps its hills.
struct SelectionTransform {
    formats::Vec2 pivot;
    double angle = 0.0;  ///< radians, counter-clockwise seen from above (x east, y north)
    double scale = 1.0;  ///< uniform, > 0
    formats::Vec2 translation;

    formats::Vec2 apply(formats::Vec2 p) const;
};

/// The centre of the selected nodes' bounding box in plan: the pivot the handles turn about.
formats::Vec2 selectionCentre(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);

/// `track` with `nodes` transformed. Widths stay as they are unless `scaleWidths`, which multiplies
/// every width of the selected nodes, and the lines' offsets at them, by `scale` so a scaled section
/// keeps its proportions and its racing line stays on the tarmac. Refused for an empty selection, a
/// node the track does not have, or a scale that is not a finite number > 0.
TrackEdit transformSelection(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes, const SelectionTransform& transform,
                             bool scaleWidths);

} // namespace editor
