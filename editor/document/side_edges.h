#pragma once

#include "formats/source/track_document.h"

#include <algorithm>

namespace editor {

/// One of a side's three edges by number, as the width handles number them: 0 tarmac, 1 runoff, 2 wall.
inline double& edgeOf(formats::SideWidths& side, int edge) { return edge == 0 ? side.track : edge == 1 ? side.runoff : side.wall; }
inline double edgeOf(const formats::SideWidths& side, int edge) { return edge == 0 ? side.track : edge == 1 ? side.runoff : side.wall; }

/// Sets one edge and moves the others only as far as keeps tarmac ≤ runoff ≤ wall.
inline void setEdge(formats::SideWidths& side, int edge, double value) {
    edgeOf(side, edge) = value;
    if (edge == 0) {
        side.runoff = std::max(side.runoff, side.track);
        side.wall = std::max(side.wall, side.runoff);
    } else if (edge == 1) {
        side.track = std::min(side.track, side.runoff);
        side.wall = std::max(side.wall, side.runoff);
    } else {
        side.runoff = std::min(side.runoff, side.wall);
        side.track = std::min(side.track, side.runoff);
    }
}

} // namespace editor
