#pragma once

#include "editor/canvas/race_drawing.h"

#include "formats/source/track_document.h"

#include <QPainterPath>
#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <vector>

namespace editor {

/// World-space outlines of one route, built once per document change so painting only transforms.
struct RouteDrawing {
    std::uint32_t route = 0;  ///< index into TrackDocument::routes
    bool closed = false;
    /// Cross section of the route's first own node: 1 for a branch, whose fork node comes first
    /// (and whose join node, when it has one, comes after its last own node).
    qsizetype firstOwnSection = 0;
    qsizetype ownSectionCount = 0;  ///< the route's own nodes, from firstOwnSection on
    QPainterPath runoffArea;  ///< between the left and right runoff edges
    QPainterPath tarmacArea;  ///< between the left and right tarmac edges
    QPolygonF centre;
    QPolygonF leftTrack, rightTrack;
    QPolygonF leftRunoff, rightRunoff;
    QPolygonF leftWall, rightWall;
    std::vector<double> heights;        ///< m, the centre line's z at each cross section
    std::vector<std::uint32_t> nodes;   ///< index into TrackDocument::nodes of each cross section
};

/// A line (racing, defending …) as a world polyline.
struct LineDrawing {
    QString name;
    std::uint32_t route = 0;  ///< index into TrackDocument::routes; one point per node of it
    bool closed = false;
    QPolygonF points;
};

/// A marker drawn as a bar across the tarmac at its node.
struct MarkerDrawing {
    QString kind;
    QString label;
    QPointF leftEnd;
    QPointF rightEnd;
};

/// Everything the canvas draws for a document, in world coordinates (metres).
struct TrackDrawing {
    std::vector<RouteDrawing> routes;
    std::vector<LineDrawing> lines;
    std::vector<MarkerDrawing> markers;
    std::vector<ZoneDrawing> zones;
    std::vector<QPointF> nodes;
    QRectF bounds;  ///< of the walls, for fitting the view
};

/// Builds the drawing of a document. Tolerates invalid documents: routes or lines whose indices
/// are out of range or whose numbers are not finite are left out rather than drawn wrongly.
TrackDrawing buildTrackDrawing(const formats::TrackDocument& document);

} // namespace editor
