#include "editor/canvas/track_canvas.h"
#include "editor/tools/tool_manager.h"

#include "editor/document/editor_document.h"
#include "editor/canvas/canvas_palette.h"
#include "editor/canvas/node_selection.h"

#include "formats/geometry/route_frames.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace editor {
namespace {

using namespace palette;

/// A label with a dark plate behind it, so it reads over tarmac, grass and lines alike.
/// The box a label drawn at `at` covers.
QRectF labelBox(const QPainter& painter, QPointF at, const QString& text) {
    return QFontMetricsF(painter.font()).boundingRect(text).translated(at).adjusted(-3.0, -1.0, 3.0, 1.0);
}

void drawLabel(QPainter& painter, QPointF at, const QString& text) {
    const QRectF box = labelBox(painter, at, text);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0, 0, 0, 150));
    painter.drawRoundedRect(box, 3.0, 3.0);
    painter.setPen(QColor(240, 240, 240));
    painter.drawText(at, text);
}

} // namespace

CanvasScene buildCanvasScene(const formats::TrackDocument& document) {
    CanvasScene scene;
    scene.drawing = buildTrackDrawing(document);
    scene.geometry = buildCanvasGeometry(scene.drawing);
    scene.decks = buildDeckPieces(scene.drawing);
    for (const formats::Route& route : document.routes) {
        bool valid = true;
        for (std::uint32_t n : route.nodes) valid = valid && n < document.nodes.size();
        if (!valid || route.nodes.empty()) continue;
        const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(document, route);
        for (std::size_t k = 0; k < frames.size(); ++k) scene.perpendiculars[route.nodes[k]] = frames[k].perpendicular;
    }
    return scene;
}

/// Tracks up to this many nodes rebuild their drawing at once after an edit; larger ones off the
/// UI thread, so a drag on a 20 000-node track never waits for a frame (the shape follows the
/// handles a frame or two later).
constexpr std::size_t kBackgroundRebuildNodes = 3000;

TrackCanvas::TrackCanvas(QWidget* parent) : QWidget(parent), m_tools(new ToolManager(this)) {
    installTools();
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
    connect(&m_backdropLoad, &QFutureWatcher<std::pair<QString, QImage>>::finished, this, [this] {
        const auto& [path, image] = m_backdropLoad.result();
        if (path != m_backdropPath) return;  // the backdrop changed while this one was read
        m_backdrop = image;
        update();
    });
    connect(&m_rebuild, &QFutureWatcher<CanvasScene>::finished, this, [this] {
        applyScene(m_rebuild.result());
        if (m_rebuildAgain) {
            m_rebuildAgain = false;
            documentChanged();
        }
    });
}

void TrackCanvas::setDocument(const formats::TrackDocument& document) {
    applyScene(buildCanvasScene(document));
    fitToTrack();
}

void TrackCanvas::applyScene(CanvasScene scene) {
    m_drawing = std::move(scene.drawing);
    m_geometry = std::move(scene.geometry);
    m_perpendiculars = std::move(scene.perpendiculars);
    m_decks = std::move(scene.decks);
    m_hoveredDeck = -1;
    update();
}

void TrackCanvas::setEditing(EditorDocument* document, NodeSelection* selection) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    if (m_selection) disconnect(m_selection, nullptr, this, nullptr);
    m_rebuild.waitForFinished();
    m_document = document;
    m_selection = selection;
    // Another track: nothing of the last one's tools carries over (a sketch's control points would
    // go on into a stray route at the next click).
    m_tools->resetAll();
    m_pick = nullptr;
    m_previewPoints.clear();
    if (m_document) {
        connect(m_document, &EditorDocument::changed, this, &TrackCanvas::documentChanged);
        connect(m_document, &EditorDocument::diagnosticsChanged, this, &TrackCanvas::updateCrossingMarks);
        setDocument(m_document->track());
    } else {
        setDocument({});
    }
    updateCrossingMarks();
    if (m_selection) connect(m_selection, &NodeSelection::changed, this, [this] {
        m_nudgeKey = 0;
        update();
    });
}

void TrackCanvas::documentChanged() {
    if (!m_document) return;
    if (m_document->track().nodes.size() <= kBackgroundRebuildNodes) {
        applyScene(buildCanvasScene(m_document->track()));
        return;
    }
    update();  // handles follow the document at once
    if (m_rebuild.isRunning()) {
        m_rebuildAgain = true;
        return;
    }
    m_rebuild.setFuture(QtConcurrent::run(buildCanvasScene, m_document->track()));
}

void TrackCanvas::waitForGeometry() {
    while (m_rebuild.isRunning() || m_rebuildAgain) {
        m_rebuild.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_rebuild);
        QCoreApplication::processEvents();
    }
}

void TrackCanvas::fitToTrack() {
    if (m_drawing.bounds.isValid()) {
        m_view.fit(m_drawing.bounds, QSizeF(size()));
        // Before the widget is shown its size is not final: fit again when it gets one.
        m_fitPending = !isVisible();
    }
    update();
}

void TrackCanvas::frameNodes(const std::set<std::uint32_t>& nodes, double marginMetres) {
    if (!m_document) return;
    QRectF box;
    for (std::uint32_t n : nodes) {
        if (n >= m_document->track().nodes.size()) continue;
        const formats::Vec2 p = m_document->track().nodes[n].position.ground();
        const QRectF point(QPointF(p.x - marginMetres, p.y - marginMetres), QPointF(p.x + marginMetres, p.y + marginMetres));
        box = box.isNull() ? point : box.united(point);
    }
    if (box.isNull()) return;
    m_view.fit(box, QSizeF(size()));
    m_fitPending = false;
    update();
}

void TrackCanvas::frameWorldRect(const QRectF& world) {
    if (world.isEmpty()) return;
    m_view.fit(world, QSizeF(size()));
    m_fitPending = false;
    update();
}

void TrackCanvas::zoomIn() {
    m_view.zoomAbout(QPointF(width() / 2.0, height() / 2.0), 1.25);
    m_fitPending = false;
    update();
}

void TrackCanvas::zoomOut() {
    m_view.zoomAbout(QPointF(width() / 2.0, height() / 2.0), 1.0 / 1.25);
    m_fitPending = false;
    update();
}

QRectF TrackCanvas::visibleWorldRect() const {
    return QRectF(m_view.toWorld(QPointF(0.0, 0.0)), m_view.toWorld(QPointF(width(), height()))).normalized();
}

void TrackCanvas::resizeEvent(QResizeEvent*) {
    // Until the user moves the view, keep the whole track in sight as the window gets its size.
    if (m_fitPending && m_drawing.bounds.isValid()) m_view.fit(m_drawing.bounds, QSizeF(size()));
}

void TrackCanvas::paintEvent(QPaintEvent*) {
    m_stats = {};
    QPainter painter(this);
    painter.fillRect(rect(), kBackground);
    paintBackdrop(painter);
    paintLevelMesh(painter);
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Grown by a few pixels so strokes just outside the border still reach into the view.
    const double margin = 4.0 / m_view.scale();
    const QRectF visible = visibleWorldRect().adjusted(-margin, -margin, margin, margin);
    painter.save();
    painter.setTransform(m_view.toQTransform());
    paintRoutes(painter, visible);
    paintLines(painter, visible);
    painter.restore();
    paintColouring(painter);
    paintDecks(painter, visible);
    paintUndefinedZones(painter);
    paintRaceData(painter);  // over every colouring, under the markers
    paintMarkers(painter);
    paintNodeHandles(painter);
    paintEditing(painter);
    paintCrossingMarks(painter);
    paintScaleBar(painter);
    paintEmptyTrackHint(painter);
}

void TrackCanvas::paintEmptyTrackHint(QPainter& painter) {
    // A new track is an empty canvas: say how to begin instead of leaving the designer guessing.
    if (!m_emptyHintShown || !m_document || !m_document->track().nodes.empty()) return;
    painter.setPen(QColor(200, 205, 200));
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    painter.setFont(font);
    painter.drawText(rect().adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap,
                     tr("An empty track. Choose Add Node (A) and click to place nodes along the road;\n"
                        "File ▸ Import TUM CSV or Import Waypoints brings in a centre line, File ▸ Open a saved track."));
}

void TrackCanvas::strokeVisible(QPainter& painter, const QPolygonF& points, const std::vector<ChunkSpan>& spans, const QRectF& visible) {
    forEachVisibleRun(spans, visible, [&](qsizetype first, qsizetype count, bool tangled) {
        if (tangled) {
            // Segment by segment with a thin solid pen: the raster engine draws those as plain
            // lines, where a wide or dashed stroke of a tangle is one self-crossing path to fill.
            // Aliased, too: a tangle is a warning sign, not a surface to render smoothly.
            const QPen pen = painter.pen();
            painter.setPen(QPen(pen.color(), 0));
            painter.setRenderHint(QPainter::Antialiasing, false);
            for (qsizetype i = first + 1; i < first + count; ++i) painter.drawLine(points[i - 1], points[i]);
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.setPen(pen);
        } else {
            painter.drawPolyline(points.constData() + first, static_cast<int>(count));
        }
        m_stats.points += count;
    });
}

void TrackCanvas::paintRoutes(QPainter& painter, const QRectF& visible) {
    const std::size_t level = levelForScale(m_view.scale());
    m_stats.level = level;
    const double trackPixels = m_geometry.typicalTrackWidth * m_view.scale();
    // Level of detail: when the tarmac is only a few pixels wide, edge lines would bury the
    // surfaces; show the surfaces alone until there is room for the edges.
    const bool edges = trackPixels >= kMinEdgeDetailPixels;
    auto fill = [&](const QColor& colour, auto areas) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        for (const RouteGeometry& route : m_geometry.routes) {
            const RouteLevel& l = route.levels[level];
            const std::vector<QPolygonF>& polygons = l.*areas;
            for (std::size_t i = 0; i < l.spans.size(); ++i) {
                if (!touches(l.spans[i].bounds, visible)) continue;
                // Winding fill: where a tight corner folds the inner edge over itself, the fold
                // stays filled instead of leaving an odd-even hole.
                painter.drawPolygon(polygons[i], Qt::WindingFill);
                m_stats.points += polygons[i].size();
                ++m_stats.spans;
            }
        }
        painter.setBrush(Qt::NoBrush);
    };
    // Every runoff, then every wall, then every tarmac surface: where a branch leaves or rejoins
    // its route, its walls run under the other route's tarmac instead of across it.
    fill(kRunoffFill, &RouteLevel::runoffAreas);
    if (edges) {
        for (const RouteGeometry& route : m_geometry.routes) {
            const RouteLevel& l = route.levels[level];
            painter.setPen(cosmeticPen(kWall, 2.0));
            strokeVisible(painter, l.leftWall, l.spans, visible);
            strokeVisible(painter, l.rightWall, l.spans, visible);
            painter.setPen(cosmeticPen(kRunoffEdge, 1.0, Qt::DashLine));
            strokeVisible(painter, l.leftRunoff, l.spans, visible);
            strokeVisible(painter, l.rightRunoff, l.spans, visible);
        }
    }
    fill(kTarmacFill, &RouteLevel::tarmacAreas);
    if (!edges && trackPixels < kMinTrackPixels) {
        painter.setPen(cosmeticPen(kTarmacBand, kMinTrackPixels));
        for (const RouteGeometry& route : m_geometry.routes) strokeVisible(painter, route.levels[level].centre, route.levels[level].spans, visible);
    }
    if (!edges) return;
    for (const RouteGeometry& route : m_geometry.routes) {
        const RouteLevel& l = route.levels[level];
        painter.setPen(cosmeticPen(kTarmacEdge, 1.5));
        strokeVisible(painter, l.leftTrack, l.spans, visible);
        strokeVisible(painter, l.rightTrack, l.spans, visible);
        painter.setPen(cosmeticPen(kCentreLine, 1.0, Qt::DashDotLine));
        strokeVisible(painter, l.centre, l.spans, visible);
    }
}

void TrackCanvas::paintLines(QPainter& painter, const QRectF& visible) {
    const std::size_t level = levelForScale(m_view.scale());
    const double width = m_geometry.typicalTrackWidth * m_view.scale() < kMinEdgeDetailPixels ? 1.25 : 2.0;
    for (const LineGeometry& line : m_geometry.lines) {
        painter.setPen(cosmeticPen(line.name == QLatin1String("racing") ? kRacingLine : kOtherLine, width));
        strokeVisible(painter, line.levels[level].points, line.levels[level].spans, visible);
    }
}

void TrackCanvas::paintMarkers(QPainter& painter) {
    const QRectF screen = QRectF(rect()).adjusted(-20.0, -20.0, 20.0, 20.0);
    // A label that would cover one already drawn is left out (a row of pit boxes zoomed out): it
    // shows again once zoomed in far enough to read.
    std::vector<QRectF> labels;
    m_markerLabelsShown.clear();
    for (const MarkerDrawing& marker : m_drawing.markers) {
        QPointF a = m_view.toScreen(marker.leftEnd);
        QPointF b = m_view.toScreen(marker.rightEnd);
        if (!touches(QRectF(a, b).normalized(), screen)) continue;
        // Zoomed out, the tarmac may be a pixel wide: keep the bar long enough to be seen.
        const double length = QLineF(a, b).length();
        constexpr double kMinBarPixels = 16.0;
        if (length < kMinBarPixels) {
            const QPointF middle = (a + b) / 2.0;
            const QPointF half = length > 0.0 ? (b - a) * (kMinBarPixels / 2.0 / length) : QPointF(0.0, kMinBarPixels / 2.0);
            a = middle - half;
            b = middle + half;
        }
        const bool finish = marker.kind.contains(QLatin1String("finish")) || marker.kind == QLatin1String("start");
        // A chequered bar for start and finish lines, a plain bar for the rest.
        constexpr int kSquares = 8;
        for (int i = 0; i < kSquares; ++i) {
            const QPointF p0 = a + (b - a) * (double(i) / kSquares);
            const QPointF p1 = a + (b - a) * (double(i + 1) / kSquares);
            painter.setPen(QPen(finish ? (i % 2 ? Qt::black : Qt::white) : kMarker, 4.0, Qt::SolidLine, Qt::FlatCap));
            painter.drawLine(p0, p1);
        }
        if (marker.label.isEmpty()) continue;
        const QPointF at = b + QPointF(8.0, 4.0);
        const QRectF box = labelBox(painter, at, marker.label);
        if (std::any_of(labels.begin(), labels.end(), [&](const QRectF& drawn) { return drawn.intersects(box); })) continue;
        labels.push_back(box);
        m_markerLabelsShown.push_back(marker.label);
        drawLabel(painter, at, marker.label);
    }
}

void TrackCanvas::paintNodeHandles(QPainter& painter) {
    if (m_geometry.typicalNodeSpacing * m_view.scale() < kMinHandleSpacingPixels) return;
    // Handles are few once they are shown at all (one per 9 px or more), and testing 20 000 points
    // against the view costs far less than a paint: no span structure needed here.
    const QRectF screen = QRectF(rect()).adjusted(-4.0, -4.0, 4.0, 4.0);
    painter.setPen(QPen(QColor(20, 20, 20), 1.0));
    painter.setBrush(kNodeHandle);
    for (const QPointF& node : m_drawing.nodes) {
        const QPointF p = m_view.toScreen(node);
        if (!screen.contains(p)) continue;
        if (!m_decks.empty() && underDeck(node)) {
            // Under a bridge: still there to pick, but seen through the deck, not on it.
            painter.setPen(Qt::NoPen);
            painter.setBrush(kHiddenHandle);
            painter.drawRect(QRectF(p.x() - 1.5, p.y() - 1.5, 3.0, 3.0));
            painter.setPen(QPen(QColor(20, 20, 20), 1.0));
            painter.setBrush(kNodeHandle);
        } else {
            painter.drawRect(QRectF(p.x() - 2.5, p.y() - 2.5, 5.0, 5.0));
        }
        ++m_stats.handles;
    }
}

void TrackCanvas::paintScaleBar(QPainter& painter) const {
    // A round length about 100 px long, bottom left: designers judge widths against it.
    const double targetMetres = 100.0 / m_view.scale();
    const double magnitude = std::pow(10.0, std::floor(std::log10(targetMetres)));
    double metres = magnitude;
    for (double step : {2.0, 5.0, 10.0})
        if (magnitude * step <= targetMetres) metres = magnitude * step;
    const double pixels = metres * m_view.scale();
    const QPointF start(16.0, height() - 18.0);
    painter.setPen(QPen(QColor(230, 230, 230), 2.0));
    painter.drawLine(start, start + QPointF(pixels, 0.0));
    painter.drawLine(start, start + QPointF(0.0, -5.0));
    painter.drawLine(start + QPointF(pixels, 0.0), start + QPointF(pixels, -5.0));
    const QString text = metres >= 1000.0 ? QString("%1 km").arg(metres / 1000.0) : QString("%1 m").arg(metres);
    painter.drawText(start + QPointF(pixels + 6.0, 4.0), text);
}

void TrackCanvas::mousePressEvent(QMouseEvent* event) {
    setFocus();
    if (m_pick && event->button() == Qt::LeftButton) {
        auto picked = std::move(m_pick);
        m_pick = nullptr;
        unsetCursor();
        picked(m_view.toWorld(event->position()));
        return;
    }
    if (m_document && event->button() == Qt::LeftButton) {
        m_tools->current()->press(event);
        return;
    }
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_lastMouse = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
}

void TrackCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_document) m_tools->current()->move(event);
    if (!m_tools->current()->dragging() && !m_panning) updateHoveredDeck(event->position());
    if (m_panning) {
        m_view.pan(event->position() - m_lastMouse);
        m_lastMouse = event->position();
        m_fitPending = false;
        update();
    }
    emit cursorMoved(m_view.toWorld(event->position()));
}

void TrackCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_document && event->button() == Qt::LeftButton) m_tools->current()->release(event);
    if (m_panning && !(event->buttons() & (Qt::LeftButton | Qt::MiddleButton))) {
        m_panning = false;
        unsetCursor();
    }
}

void TrackCanvas::wheelEvent(QWheelEvent* event) {
    // 120 units per notch: one notch zooms by 20 %. Touchpads send fractions of a notch.
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    m_view.zoomAbout(event->position(), factor);
    m_fitPending = false;
    update();
    event->accept();
}

void TrackCanvas::keyPressEvent(QKeyEvent* event) {
    if (m_document && editKey(event)) return;
    switch (event->key()) {
    case Qt::Key_F: fitToTrack(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    default: QWidget::keyPressEvent(event); return;
    }
}

} // namespace editor
