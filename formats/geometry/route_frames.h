#pragma once

#include "formats/source/track_document.h"
#include "formats/baked/format_names.h"

#include <cstdint>
#include <vector>

namespace formats {

/// Orientation of one node within its route, in the ground plane.
struct NodeFrame {
    Vec2 tangent;        ///< unit, driving direction
    Vec2 perpendicular;  ///< unit, pointing to the left of the driving direction
};

/// Ground-plane frames of a route's nodes, one per entry of `route.nodes`.
/// Tangent = normalised average of the backward and forward links (race-track chapter eq. 39.1).
/// Closed routes wrap around; an open route's ends use their single link, where a branch's fork and
/// join nodes supply the missing neighbour. A node whose links cancel out (a reversal) falls back
/// to its forward link. Node indices must be valid (validate references first).
std::vector<NodeFrame> computeRouteFrames(const TrackDocument& document, const Route& route);

/// One point of a route as driven: its own nodes, preceded by the fork node and followed by the
/// join node when it is a branch, so a branch's surface and distances start and end where it
/// leaves and rejoins its parent route.
struct DrivenPoint {
    std::uint32_t node = 0;   ///< index into TrackDocument::nodes
    bool attachment = false;  ///< the fork or join node of another route
    Vec2 position;
    NodeFrame frame;          ///< attachment points take the direction of their single link
};

/// The driven points of a route (see DrivenPoint). Node indices must be valid.
std::vector<DrivenPoint> drivenRoute(const TrackDocument& document, const Route& route);

/// Ground positions of a route's nodes, in order.
std::vector<Vec2> routeGroundPositions(const TrackDocument& document, const Route& route);

} // namespace formats
