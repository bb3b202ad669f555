#pragma once

#include "editor/document/track_edits.h"

#include <cstdint>
#include <set>
#include <string>

/// Copy, cut, paste and duplicate of a run of nodes. What is copied is a small track of its own
/// (one open route of the nodes, in their route's order, with their widths, heights, tags and speed
/// overrides) written as .twtrack JSON: it pastes into this editor, another one, or a text editor.
namespace editor {

/// The selected nodes of the first route that has any, in driving order, as a one-route track; a
/// refusal when fewer than two of them are on one route (a route needs two nodes).
TrackEdit copyNodes(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);

/// Adds `clip`'s first route to `track` as a new open route, moved by `offset` so it does not
/// cover the original; selects its nodes. Refused for a clip without a route of two nodes.
TrackEdit pasteRoute(const formats::TrackDocument& track, const formats::TrackDocument& clip, formats::Vec2 offset);

/// Pastes `clip`'s run as a branch beside the route it came from (a pit lane from a copied main
/// straight): moved by `offset`, forking from the node of another route nearest behind its first
/// node and joining the one nearest ahead of its last node, each at least three times the offset
/// away along the run, with smooth S-shaped ramps of new nodes from the fork and to the join.
/// Refused when no route has such nodes.
TrackEdit pasteBranch(const formats::TrackDocument& track, const formats::TrackDocument& clip, formats::Vec2 offset);

/// Inserts `clip`'s run into the route of `afterNode`, right after it, moved so the run carries on
/// from that node as it carried on from the node before it when copied (its first link kept); the
/// route's lines get the node's offsets at the new positions. Refused for a node of no route.
TrackEdit pasteIntoRoute(const formats::TrackDocument& track, const formats::TrackDocument& clip, std::uint32_t afterNode);

/// The MIME type the clipboard carries copied nodes under (as well as plain text).
inline constexpr const char* kNodesMimeType = "application/x-trackwright-track";

} // namespace editor
