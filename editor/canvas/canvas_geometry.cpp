#include "editor/canvas/canvas_geometry.h"

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <utility>

namespace editor {
namespace {

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const QPointF ap = p - a;
    const double lengthSquared = QPointF::dotProduct(ab, ab);
    const double t = lengthSquared > 0.0 ? std::clamp(QPointF::dotProduct(ap, ab) / lengthSquared, 0.0, 1.0) : 0.0;
    const QPointF d = ap - ab * t;
    return std::hypot(d.x(), d.y());
}

/// The rectangle from min to max, grown by a micrometre: x + (max - min) may round below max, and a
/// point on the border must still count as inside.
QRectF boundsFromExtremes(double minX, double minY, double maxX, double maxY) {
    constexpr double kSlack = 1e-6;
    return QRectF(QPointF(minX - kSlack, minY - kSlack), QPointF(maxX + kSlack, maxY + kSlack));
}

QPolygonF pick(const QPolygonF& points, const std::vector<qsizetype>& indices) {
    QPolygonF picked;
    picked.reserve(static_cast<qsizetype>(indices.size()));
    for (qsizetype i : indices) picked << points[i];
    return picked;
}

/// A closed route's polylines end where they start, so that every polyline can be drawn open and
/// cut into spans like any other.
QPolygonF closedIfNeeded(const QPolygonF& points, bool closed) {
    QPolygonF result = points;
    if (closed && !points.isEmpty()) result << points.front();
    return result;
}

std::vector<const QPolygonF*> allPolylines(const RouteLevel& level) {
    return {&level.centre, &level.leftTrack, &level.rightTrack, &level.leftRunoff, &level.rightRunoff, &level.leftWall, &level.rightWall};
}

RouteLevel pickRouteLevel(const RouteLevel& from, const std::vector<qsizetype>& indices) {
    RouteLevel level;
    level.centre = pick(from.centre, indices);
    level.leftTrack = pick(from.leftTrack, indices);
    level.rightTrack = pick(from.rightTrack, indices);
    level.leftRunoff = pick(from.leftRunoff, indices);
    level.rightRunoff = pick(from.rightRunoff, indices);
    level.leftWall = pick(from.leftWall, indices);
    level.rightWall = pick(from.rightWall, indices);
    return level;
}

/// Spans of `kSpanPoints` points, each sharing its first point with the previous span's last.
template <class Bounds> std::vector<ChunkSpan> cutIntoSpans(qsizetype size, Bounds bounds) {
    std::vector<ChunkSpan> spans;
    for (qsizetype first = 0; first + 1 < size; first += kSpanPoints - 1) {
        const qsizetype count = std::min(kSpanPoints, size - first);
        spans.push_back({first, count, bounds(first, count)});
    }
    return spans;
}

/// A stretch of centre line that winds back and forth over a small area: its length is many times
/// the diagonal of its bounds (a real track's 64 cross sections run at most a few diagonals, even
/// round a hairpin or a spiral).
bool isTangled(const QPolygonF& centre, qsizetype first, qsizetype count) {
    constexpr double kMaxLengthPerDiagonal = 12.0;
    double length = 0.0;
    double minX = centre[first].x(), maxX = minX, minY = centre[first].y(), maxY = minY;
    for (qsizetype i = first + 1; i < first + count; ++i) {
        length += QLineF(centre[i - 1], centre[i]).length();
        minX = std::min(minX, centre[i].x());
        maxX = std::max(maxX, centre[i].x());
        minY = std::min(minY, centre[i].y());
        maxY = std::max(maxY, centre[i].y());
    }
    const double diagonal = std::hypot(maxX - minX, maxY - minY);
    return length > kMaxLengthPerDiagonal * diagonal && count > 8;
}

/// The surface between two edges over `indices`: one edge forward, the other back.
QPolygonF surface(const QPolygonF& left, const QPolygonF& right, const std::vector<qsizetype>& indices) {
    QPolygonF polygon;
    polygon.reserve(2 * static_cast<qsizetype>(indices.size()));
    for (qsizetype i : indices) polygon << left[i];
    for (auto i = indices.rbegin(); i != indices.rend(); ++i) polygon << right[*i];
    return polygon;
}

void cutRouteLevel(RouteLevel& level, bool closed) {
    const qsizetype size = level.centre.size();
    std::vector<qsizetype> tangledSpans;
    const std::vector<const QPolygonF*> polylines = allPolylines(level);
    level.spans = cutIntoSpans(size, [&](qsizetype first, qsizetype count) {
        // A span's surface reaches one segment back, into the previous span (for the first span
        // of a closed route: across the seam, to the last cross section before it). Its
        // antialiased end then lies under the opaque surface of its neighbour, and no hairline
        // seam shows between spans.
        std::vector<qsizetype> indices;
        if (first > 0) indices.push_back(first - 1);
        else if (closed && size > 2) indices.push_back(size - 2);
        for (qsizetype i = first; i < first + count; ++i) indices.push_back(i);
        if (isTangled(level.centre, first, count)) {
            tangledSpans.push_back(static_cast<qsizetype>(level.runoffAreas.size()));
            // Nodes piled on each other (a paste gone wrong, a broken import): the surfaces would
            // cross themselves thousands of times and their winding fill took the UI a minute per
            // paint. The edges and the centre line still show the tangle, and validation names it.
            level.runoffAreas.emplace_back();
            level.tarmacAreas.emplace_back();
        } else {
            level.runoffAreas.push_back(surface(level.leftRunoff, level.rightRunoff, indices));
            level.tarmacAreas.push_back(surface(level.leftTrack, level.rightTrack, indices));
        }
        // Min and max by hand: QRectF::united ignores the zero-size rectangle of a single point.
        double minX = level.centre[first].x(), maxX = minX, minY = level.centre[first].y(), maxY = minY;
        for (const QPolygonF* polyline : polylines)
            for (qsizetype i : indices) {
                const QPointF& p = (*polyline)[i];
                minX = std::min(minX, p.x());
                maxX = std::max(maxX, p.x());
                minY = std::min(minY, p.y());
                maxY = std::max(maxY, p.y());
            }
        return boundsFromExtremes(minX, minY, maxX, maxY);
    });
    for (qsizetype span : tangledSpans) level.spans[static_cast<std::size_t>(span)].tangled = true;
}

QRectF pointBounds(const QPolygonF& points, qsizetype first, qsizetype count) {
    double minX = points[first].x(), maxX = minX, minY = points[first].y(), maxY = minY;
    for (qsizetype i = first + 1; i < first + count; ++i) {
        minX = std::min(minX, points[i].x());
        maxX = std::max(maxX, points[i].x());
        minY = std::min(minY, points[i].y());
        maxY = std::max(maxY, points[i].y());
    }
    return boundsFromExtremes(minX, minY, maxX, maxY);
}

LineLevel cutLineLevel(QPolygonF points) {
    LineLevel level;
    level.points = std::move(points);
    level.spans = cutIntoSpans(level.points.size(), [&](qsizetype first, qsizetype count) { return pointBounds(level.points, first, count); });
    return level;
}

/// A NaN width from a broken file would reach QPainter as a NaN coordinate: leave such a route out
/// (validation reports it) rather than hand the rasteriser garbage.
bool allFinite(const RouteDrawing& drawn) {
    for (const QPolygonF* polyline : {&drawn.centre, &drawn.leftTrack, &drawn.rightTrack, &drawn.leftRunoff, &drawn.rightRunoff, &drawn.leftWall, &drawn.rightWall})
        for (const QPointF& p : *polyline)
            if (!std::isfinite(p.x()) || !std::isfinite(p.y())) return false;
    return true;
}

double median(std::vector<double> values) {
    if (values.empty()) return 0.0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

RouteGeometry buildRoute(const RouteDrawing& drawn) {
    RouteGeometry route;
    RouteLevel full;
    full.centre = closedIfNeeded(drawn.centre, drawn.closed);
    full.leftTrack = closedIfNeeded(drawn.leftTrack, drawn.closed);
    full.rightTrack = closedIfNeeded(drawn.rightTrack, drawn.closed);
    full.leftRunoff = closedIfNeeded(drawn.leftRunoff, drawn.closed);
    full.rightRunoff = closedIfNeeded(drawn.rightRunoff, drawn.closed);
    full.leftWall = closedIfNeeded(drawn.leftWall, drawn.closed);
    full.rightWall = closedIfNeeded(drawn.rightWall, drawn.closed);
    route.levels.push_back(std::move(full));
    // Each level simplifies the one before by the difference of their tolerances: errors add up
    // to at most the level's own tolerance, and each pass only sees the previous level's points.
    for (std::size_t k = 1; k < kLevelTolerances.size(); ++k) {
        const RouteLevel& previous = route.levels.back();
        const std::vector<qsizetype> kept = simplifiedIndices(allPolylines(previous), kLevelTolerances[k] - kLevelTolerances[k - 1]);
        route.levels.push_back(pickRouteLevel(previous, kept));
    }
    for (RouteLevel& level : route.levels) cutRouteLevel(level, drawn.closed);
    return route;
}

LineGeometry buildLine(const LineDrawing& drawn) {
    LineGeometry line;
    line.name = drawn.name;
    QPolygonF points = closedIfNeeded(drawn.points, drawn.closed);
    for (std::size_t k = 0; k < kLevelTolerances.size(); ++k) {
        if (k > 0) points = pick(points, simplifiedIndices({&points}, kLevelTolerances[k] - kLevelTolerances[k - 1]));
        line.levels.push_back(cutLineLevel(points));
    }
    return line;
}

} // namespace

std::vector<qsizetype> simplifiedIndices(const std::vector<const QPolygonF*>& polylines, double tolerance) {
    const qsizetype size = polylines.empty() ? 0 : polylines.front()->size();
    std::vector<char> keep(static_cast<std::size_t>(size), 0);
    if (size > 0) keep.front() = keep.back() = 1;
    // Douglas–Peucker with an explicit stack: a long, gently curving route must not recurse deeply.
    // It is quadratic when each split peels one point off an end (a pile of nodes: 15 000 took a
    // minute on opening), so it runs on stretches of at most kStretch points, whose ends are kept:
    // O(n · kStretch) at worst, and a few more points kept where a stretch ends mid-straight.
    constexpr qsizetype kStretch = 256;
    std::vector<std::pair<qsizetype, qsizetype>> pending;
    for (qsizetype start = 0; start + 2 < size; start += kStretch) {
        const qsizetype end = std::min(start + kStretch, size - 1);
        keep[static_cast<std::size_t>(end)] = 1;
        pending.emplace_back(start, end);
    }
    while (!pending.empty()) {
        const auto [a, b] = pending.back();
        pending.pop_back();
        double worst = -1.0;
        qsizetype worstIndex = a;
        for (qsizetype i = a + 1; i < b; ++i) {
            double d = 0.0;
            for (const QPolygonF* polyline : polylines) d = std::max(d, distanceToSegment((*polyline)[i], (*polyline)[a], (*polyline)[b]));
            if (d > worst) {
                worst = d;
                worstIndex = i;
            }
        }
        if (worst <= tolerance) continue;
        keep[static_cast<std::size_t>(worstIndex)] = 1;
        if (worstIndex - a > 1) pending.emplace_back(a, worstIndex);
        if (b - worstIndex > 1) pending.emplace_back(worstIndex, b);
    }
    std::vector<qsizetype> indices;
    for (qsizetype i = 0; i < size; ++i)
        if (keep[static_cast<std::size_t>(i)]) indices.push_back(i);
    return indices;
}

std::size_t levelForScale(double pixelsPerMetre, double maxErrorPixels) {
    std::size_t level = 0;
    for (std::size_t k = 1; k < kLevelTolerances.size(); ++k)
        if (kLevelTolerances[k] * pixelsPerMetre <= maxErrorPixels) level = k;
    return level;
}

CanvasGeometry buildCanvasGeometry(const TrackDrawing& drawing) {
    CanvasGeometry geometry;
    std::vector<double> spacings;
    std::vector<double> widths;
    for (const RouteDrawing& drawn : drawing.routes) {
        const qsizetype size = drawn.centre.size();
        const bool consistent = drawn.leftTrack.size() == size && drawn.rightTrack.size() == size && drawn.leftRunoff.size() == size &&
                                drawn.rightRunoff.size() == size && drawn.leftWall.size() == size && drawn.rightWall.size() == size;
        if (!consistent || size < 2 || !allFinite(drawn)) continue;
        geometry.routes.push_back(buildRoute(drawn));
        const RouteLevel& full = geometry.routes.back().levels.front();
        for (qsizetype i = 0; i < full.centre.size(); ++i) {
            if (i > 0) spacings.push_back(QLineF(full.centre[i - 1], full.centre[i]).length());
            widths.push_back(QLineF(full.leftTrack[i], full.rightTrack[i]).length());
        }
    }
    for (const LineDrawing& drawn : drawing.lines)
        if (drawn.points.size() >= 2) geometry.lines.push_back(buildLine(drawn));
    geometry.typicalNodeSpacing = median(std::move(spacings));
    geometry.typicalTrackWidth = median(std::move(widths));
    return geometry;
}

} // namespace editor
