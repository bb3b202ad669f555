#pragma once

#include "editor/canvas/track_drawing.h"

#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <array>
#include <cstddef>
#include <vector>

namespace editor {

/// A run of consecutive points of a polyline with the world bounds of everything drawn for them:
/// the unit the canvas culls against the view. Neighbouring spans share their end point.
struct ChunkSpan {
    qsizetype first = 0;
    qsizetype count = 0;
    QRectF bounds;  ///< metres
    /// The centre line winds back and forth over a small area here (nodes piled on each other):
    /// no surfaces, and edges drawn segment by segment, since filling or stroking a polygon that
    /// crosses itself thousands of times takes the raster engine a minute.
    bool tangled = false;
};

/// One route at one level of detail. All polylines have the same length and index the same cross
/// sections; a closed route repeats its first cross section at the end, so every polyline is drawn
/// open. Each span has its own runoff and tarmac surface polygon, reaching one segment back into
/// the previous span so that antialiased seams fall inside an opaque neighbour.
struct RouteLevel {
    QPolygonF centre;
    QPolygonF leftTrack, rightTrack;
    QPolygonF leftRunoff, rightRunoff;
    QPolygonF leftWall, rightWall;
    std::vector<ChunkSpan> spans;
    std::vector<QPolygonF> runoffAreas;  ///< one per span
    std::vector<QPolygonF> tarmacAreas;  ///< one per span
};

/// A line (racing, defending …) at one level of detail.
struct LineLevel {
    QPolygonF points;
    std::vector<ChunkSpan> spans;
};

/// How far a level may move any drawn point from its true place, metres; level 0 is exact.
/// Each level allows four times the error of the one before.
inline constexpr std::array<double, 8> kLevelTolerances = {0.0, 0.02, 0.08, 0.32, 1.28, 5.12, 20.48, 81.92};

/// Cross sections per span at every level: small enough that a zoomed-in view draws little more
/// than it shows, large enough that a zoomed-out view issues few draw calls.
inline constexpr qsizetype kSpanPoints = 64;

/// A route at every level of detail, `levels[k]` within `kLevelTolerances[k]`.
struct RouteGeometry {
    std::vector<RouteLevel> levels;
};

/// A line at every level of detail.
struct LineGeometry {
    QString name;
    std::vector<LineLevel> levels;
};

/// What the canvas paints, prepared once per document: the drawing's polylines simplified per
/// level of detail and cut into culling spans. Painting then costs what is on screen, not what
/// is in the document (20 000-node tracks stay smooth).
struct CanvasGeometry {
    std::vector<RouteGeometry> routes;
    std::vector<LineGeometry> lines;
    double typicalNodeSpacing = 0.0;  ///< metres, median link length of the route centre lines
    double typicalTrackWidth = 0.0;   ///< metres, median tarmac width of the route cross sections
};

/// Builds the canvas geometry of a drawing. Routes whose polylines disagree in length or hold a
/// non-finite point are left out.
CanvasGeometry buildCanvasGeometry(const TrackDrawing& drawing);

/// Indices of the points of `polylines` (all the same length) to keep so that no polyline moves by
/// more than `tolerance` metres: Douglas–Peucker over all polylines at once, so the kept points
/// still pair up across a route's edges. First and last points, and every 256th, are always kept
/// (the worst case stays O(n · 256)).
std::vector<qsizetype> simplifiedIndices(const std::vector<const QPolygonF*>& polylines, double tolerance);

/// Coarsest level whose error stays within `maxErrorPixels` at `pixelsPerMetre`.
std::size_t levelForScale(double pixelsPerMetre, double maxErrorPixels = 0.35);

/// Whether two closed rectangles touch. Unlike QRectF::intersects, a span of a straight line along
/// an axis (zero width or height) still counts.
inline bool touches(const QRectF& a, const QRectF& b) {
    return a.left() <= b.right() && b.left() <= a.right() && a.top() <= b.bottom() && b.top() <= a.bottom();
}

/// Calls `fn(first, count)` for every maximal run of consecutive spans that intersects `visible`,
/// so polylines are drawn in as few calls as possible and dash patterns run on within a run.
template <class Fn> void forEachVisibleRun(const std::vector<ChunkSpan>& spans, const QRectF& visible, Fn&& fn) {
    qsizetype runFirst = -1;
    qsizetype runEnd = 0;
    for (const ChunkSpan& span : spans) {
        if (!touches(span.bounds, visible)) continue;
        if (span.tangled) {  // never merged: drawn on its own, segment by segment
            if (runFirst >= 0) fn(runFirst, runEnd - runFirst, false);
            runFirst = -1;
            fn(span.first, span.count, true);
            continue;
        }
        if (runFirst >= 0 && span.first == runEnd - 1) {
            runEnd = span.first + span.count;
            continue;
        }
        if (runFirst >= 0) fn(runFirst, runEnd - runFirst, false);
        runFirst = span.first;
        runEnd = span.first + span.count;
    }
    if (runFirst >= 0) fn(runFirst, runEnd - runFirst, false);
}

} // namespace editor
