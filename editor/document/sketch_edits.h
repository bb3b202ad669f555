#pragma once

#include "editor/document/sketch_curve.h"
#include "editor/document/track_edits.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace editor {

/// Which route a sketch lays, and how many nodes each of its segments has: what lets a moved
/// control point re-lay only the segments it shapes and leave every other node where it is.
struct SketchLayout {
    std::optional<std::uint32_t> route;  ///< none until the first control point makes the route
    std::vector<std::size_t> counts;     ///< nodes laid per segment, in segment order
};

/// Lays `curve` into `track` as ordinary nodes (see laySketchSegment for the spacing): the first
/// control point starts a new open route; later calls lay the segments in `relay` again (reusing
/// their node indices, adding or deleting the difference) and keep every other segment's nodes as
/// they are. `layout` is updated on success only. A route with lines on it is refused: laying its
/// nodes again would leave the lines' offsets on the wrong nodes.
TrackEdit laySketch(const formats::TrackDocument& track, const SketchCurve& curve, double spacing, const std::vector<std::size_t>& relay,
                    SketchLayout& layout);

} // namespace editor
