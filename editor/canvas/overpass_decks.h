#pragma once

#include "editor/canvas/track_drawing.h"

#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace editor {

/// A stretch of a route that passes over another part of the track where the two overlap in plan
/// (a bridge, or a pass too low to be one): the canvas draws the whole track first, then each
/// deck again over it, lowest first, so an upper pass hides what it crosses in every colouring.
/// World coordinates (metres) throughout.
struct DeckPiece {
    std::uint32_t route = 0;  ///< index into TrackDocument::routes
    double height = 0.0;      ///< m, mean centre-line z of the deck: decks are drawn lowest first
    /// m, the least height of the deck's centre line above the centre line it crosses, and where
    /// (the crossing of the two centre lines, or between the overlapping links when they miss).
    double clearance = 0.0;
    QPointF clearanceAt;
    /// The route's links the deck covers, sorted: positions in TrackDocument::routes[route].nodes,
    /// link k running from node k to the next (a loop's last link back to its first node).
    std::vector<std::size_t> links;
    QPolygonF centre, leftTrack, rightTrack, leftRunoff, rightRunoff, leftWall, rightWall;
    QPolygonF runoffArea, tarmacArea;
    QPolygonF outline;  ///< wall to wall: what the deck covers
    /// The lines on the deck: (index into TrackDrawing::lines, their points along the deck).
    std::vector<std::pair<std::size_t, QPolygonF>> lines;
    /// Wall to wall, the stretches of track the deck passes over: where its shadow falls.
    QPainterPath under;
    QRectF bounds;  ///< of the outline and what lies under it

    bool hasLink(std::size_t k) const { return std::binary_search(links.begin(), links.end(), k); }
};

/// Least height difference, metres, for one part of the track to be drawn over another where they
/// overlap in plan. Less is one level: a ramp's neighbouring links, a fold in a tight bend.
inline constexpr double kMinDeckRise = 1.0;

/// The decks of a drawing, lowest first. Two links make a deck and what it crosses when their
/// wall-to-wall surfaces overlap in plan, one is at least kMinDeckRise higher, and they are not
/// neighbours along the track (closer along it, through a fork or join too, than about three
/// times their widths: those overlap in a bend, not at a crossing). A track whose heights span less
/// than kMinDeckRise costs one pass over them; on a rolling one only the links a rise from its
/// lowest or highest point are searched.
std::vector<DeckPiece> buildDeckPieces(const TrackDrawing& drawing);

} // namespace editor
