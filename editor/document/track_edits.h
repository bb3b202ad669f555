#pragma once

#include "formats/source/track_document.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

/// The structural edits a designer makes, as plain functions from a track to a track: each
/// returns the edited copy, or says why it cannot be done and leaves the input alone. The editor
/// wraps them in ReplaceTrackCommand; tests call them directly.
namespace editor {

struct TrackEdit {
    std::optional<formats::TrackDocument> track;  ///< absent when the edit was refused
    std::string refusal;                          ///< why, for the status bar
    std::vector<std::uint32_t> newNodes;          ///< nodes the edit created, to select them

    static TrackEdit refused(std::string why) { return {std::nullopt, std::move(why), {}}; }
};

/// Where a node is listed: its route and its position in that route.
std::optional<std::pair<std::uint32_t, std::size_t>> locateNode(const formats::TrackDocument& track, std::uint32_t node);
/// Where every node is listed, indexed by node, in one pass over the routes (locateNode per node
/// of a 20 000-node selection was 10⁸ steps): nothing for a node of no route.
std::vector<std::optional<std::pair<std::uint32_t, std::size_t>>> locateNodes(const formats::TrackDocument& track);

/// A new open route with one node at `position` (5 m of tarmac, 3 m of runoff and 2 m more to the
/// wall on each side): how a track starts from nothing. Append nodes to it, then close it.
TrackEdit startRoute(const formats::TrackDocument& track, formats::Vec2 position);
/// A new route through `nodes` (a loop when `closed`), named as startRoute names one.
TrackEdit addRoute(const formats::TrackDocument& track, const std::vector<formats::TrackNode>& nodes, bool closed);

/// A node at `position` after the last node of `route` (or before its first), with that end
/// node's widths, height and line offsets, so the road carries on as it was.
TrackEdit appendNode(const formats::TrackDocument& track, std::uint32_t route, bool atStart, formats::Vec2 position);

/// A node on the link from position `k` of `route` to the next (the closing link from the last
/// node of a loop), at `position`; widths, height and line offsets interpolated between the two
/// ends by how far along the link the new node projects.
TrackEdit insertNode(const formats::TrackDocument& track, std::uint32_t route, std::size_t k, formats::Vec2 position);

/// Removes nodes, renumbering every reference; a route whose every node goes is removed with its
/// lines. Refused when a route would keep fewer than two nodes (three for a loop) but not none, or
/// a node is where a branch forks or joins.
TrackEdit deleteNodes(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);

/// Closes a route into a loop or opens it. A branch stays open.
TrackEdit setRouteClosed(const formats::TrackDocument& track, std::uint32_t route, bool closed);

/// Moves the start line to `node`: the route's "start-finish" marker (a "start" marker on an open
/// route) goes there, keeping its label; the bake and the runtime's lap counter read it. Refused
/// for a node of no route, or where the line already is.
TrackEdit setStartLine(const formats::TrackDocument& track, std::uint32_t node);

/// Turns `route` round: its nodes in the other order (a loop keeps its first node first), left and
/// right widths swapped, its lines' offsets reversed with them and mirrored (left is positive). A
/// branch, or a route with branches on it, is refused: their forks and joins would point the wrong way.
TrackEdit reverseRoute(const formats::TrackDocument& track, std::uint32_t route);

/// A new open route that forks from `forkNode` and joins `joinNode` (nodes of existing routes),
/// with nodes every `spacing` metres on the straight between them, the fork node's widths.
TrackEdit makeBranch(const formats::TrackDocument& track, std::uint32_t forkNode, std::uint32_t joinNode, double spacing = 10.0);

/// New nodes along a route, positions and widths interpolated along the centre line (the first
/// and last kept on an open route): every `spacing` metres, or with `adaptive` as far apart as
/// `spacing` on straights and closer in bends, so that no link turns more than 5°. Line offsets
/// are interpolated, markers move to the nearest new node. Refused on routes that branches fork
/// from or join (their nodes would move away).
TrackEdit resampleRoute(const formats::TrackDocument& track, std::uint32_t route, double spacing, bool adaptive = false);

/// New values of `nodes`: each moved halfway towards the mean of its route neighbours (positions)
/// or its widths halfway towards theirs; route ends of open routes stay.
std::vector<std::pair<std::uint32_t, formats::TrackNode>> smoothPositions(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);
std::vector<std::pair<std::uint32_t, formats::TrackNode>> smoothWidths(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);

} // namespace editor
