#include "editor/track_canvas.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace editor {
namespace {

// A dark, quiet palette: the track reads at a glance, the lines stand out.
const QColor kBackground(38, 42, 38);
const QColor kRunoffFill(72, 88, 62);
const QColor kTarmacFill(96, 99, 106);
const QColor kTarmacEdge(226, 226, 226);
const QColor kRunoffEdge(170, 196, 140);
const QColor kWall(232, 88, 72);
const QColor kCentreLine(140, 180, 255);
const QColor kRacingLine(255, 170, 40);
const QColor kOtherLine(120, 220, 255);
const QColor kNodeHandle(250, 250, 250);

QPen cosmeticPen(const QColor& colour, double width, Qt::PenStyle style = Qt::SolidLine) {
    QPen pen(colour, width, style, Qt::RoundCap, Qt::RoundJoin);
    pen.setCosmetic(true);  // width in pixels whatever the zoom
    return pen;
}

void drawPolyline(QPainter& painter, const QPolygonF& points, bool closed) {
    if (closed) painter.drawPolygon(points);
    else painter.drawPolyline(points);
}

} // namespace

TrackCanvas::TrackCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
}

void TrackCanvas::setDocument(const formats::TrackDocument& document) {
    m_drawing = buildTrackDrawing(document);
    std::vector<double> spacings;
    for (const RouteDrawing& route : m_drawing.routes)
        for (qsizetype i = 1; i < route.centre.size(); ++i)
            spacings.push_back(std::hypot(route.centre[i].x() - route.centre[i - 1].x(), route.centre[i].y() - route.centre[i - 1].y()));
    if (!spacings.empty()) {
        std::nth_element(spacings.begin(), spacings.begin() + static_cast<std::ptrdiff_t>(spacings.size() / 2), spacings.end());
        m_typicalNodeSpacing = spacings[spacings.size() / 2];
    }
    m_typicalTrackWidth = 0.0;
    for (const RouteDrawing& route : m_drawing.routes)
        if (!route.leftWall.isEmpty())
            m_typicalTrackWidth = std::max(m_typicalTrackWidth, std::hypot(route.leftTrack[0].x() - route.rightTrack[0].x(),
                                                                           route.leftTrack[0].y() - route.rightTrack[0].y()));
    fitToTrack();
}

void TrackCanvas::fitToTrack() {
    if (!m_drawing.bounds.isValid()) {
        update();
        return;
    }
    m_view.fit(m_drawing.bounds, QSizeF(size()));
    m_fitPending = !isVisible();
    update();
}

void TrackCanvas::zoomIn() {
    m_view.zoomAbout(QPointF(width() / 2.0, height() / 2.0), 1.25);
    update();
}

void TrackCanvas::zoomOut() {
    m_view.zoomAbout(QPointF(width() / 2.0, height() / 2.0), 1.0 / 1.25);
    update();
}

void TrackCanvas::resizeEvent(QResizeEvent*) {
    // Until the user moves the view, keep the whole track in sight as the window gets its size.
    if (m_fitPending && m_drawing.bounds.isValid()) m_view.fit(m_drawing.bounds, QSizeF(size()));
}

void TrackCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), kBackground);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.save();
    painter.setTransform(m_view.toQTransform());
    paintRoutes(painter);
    paintLines(painter);
    painter.restore();
    paintMarkers(painter);
    paintNodeHandles(painter);
    paintScaleBar(painter);
}

void TrackCanvas::paintRoutes(QPainter& painter) const {
    painter.setPen(Qt::NoPen);
    for (const RouteDrawing& route : m_drawing.routes) {
        painter.setBrush(kRunoffFill);
        painter.drawPath(route.runoffArea);
    }
    for (const RouteDrawing& route : m_drawing.routes) {
        painter.setBrush(kTarmacFill);
        painter.drawPath(route.tarmacArea);
    }
    // Level of detail: when the whole track is only a few pixels wide, edge lines would bury the
    // surface; show the surfaces alone until there is room for the edges.
    if (m_typicalTrackWidth * m_view.scale() < kMinEdgeDetailPixels) return;
    painter.setBrush(Qt::NoBrush);
    for (const RouteDrawing& route : m_drawing.routes) {
        painter.setPen(cosmeticPen(kWall, 2.0));
        drawPolyline(painter, route.leftWall, route.closed);
        drawPolyline(painter, route.rightWall, route.closed);
        painter.setPen(cosmeticPen(kRunoffEdge, 1.0, Qt::DashLine));
        drawPolyline(painter, route.leftRunoff, route.closed);
        drawPolyline(painter, route.rightRunoff, route.closed);
        painter.setPen(cosmeticPen(kTarmacEdge, 1.5));
        drawPolyline(painter, route.leftTrack, route.closed);
        drawPolyline(painter, route.rightTrack, route.closed);
        painter.setPen(cosmeticPen(kCentreLine, 1.0, Qt::DashDotLine));
        drawPolyline(painter, route.centre, route.closed);
    }
}

void TrackCanvas::paintLines(QPainter& painter) const {
    painter.setBrush(Qt::NoBrush);
    const double width = m_typicalTrackWidth * m_view.scale() < kMinEdgeDetailPixels ? 1.0 : 2.0;
    for (const LineDrawing& line : m_drawing.lines) {
        painter.setPen(cosmeticPen(line.name == QLatin1String("racing") ? kRacingLine : kOtherLine, width));
        drawPolyline(painter, line.points, line.closed);
    }
}

void TrackCanvas::paintMarkers(QPainter& painter) const {
    for (const MarkerDrawing& marker : m_drawing.markers) {
        const QPointF a = m_view.toScreen(marker.leftEnd);
        const QPointF b = m_view.toScreen(marker.rightEnd);
        const bool finish = marker.kind.contains(QLatin1String("finish")) || marker.kind == QLatin1String("start");
        // A chequered bar for start and finish lines, a plain bar for the rest.
        const int squares = 8;
        for (int i = 0; i < squares; ++i) {
            const QPointF p0 = a + (b - a) * (double(i) / squares);
            const QPointF p1 = a + (b - a) * (double(i + 1) / squares);
            painter.setPen(QPen(finish ? (i % 2 ? Qt::black : Qt::white) : QColor(255, 220, 0), 4.0, Qt::SolidLine, Qt::FlatCap));
            painter.drawLine(p0, p1);
        }
        if (!marker.label.isEmpty()) {
            painter.setPen(Qt::white);
            painter.drawText(b + QPointF(6.0, 4.0), marker.label);
        }
    }
}

void TrackCanvas::paintNodeHandles(QPainter& painter) const {
    if (m_typicalNodeSpacing * m_view.scale() < kMinHandleSpacingPixels) return;
    const QRectF visible = QRectF(rect()).adjusted(-4, -4, 4, 4);
    painter.setPen(QPen(QColor(20, 20, 20), 1.0));
    painter.setBrush(kNodeHandle);
    for (const QPointF& node : m_drawing.nodes) {
        const QPointF p = m_view.toScreen(node);
        if (visible.contains(p)) painter.drawRect(QRectF(p.x() - 2.5, p.y() - 2.5, 5.0, 5.0));
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
    painter.setPen(QPen(Qt::white, 2.0));
    painter.drawLine(start, start + QPointF(pixels, 0.0));
    painter.drawLine(start, start + QPointF(0.0, -5.0));
    painter.drawLine(start + QPointF(pixels, 0.0), start + QPointF(pixels, -5.0));
    painter.drawText(start + QPointF(pixels + 6.0, 4.0), metres >= 1000.0 ? QString("%1 km").arg(metres / 1000.0) : QString("%1 m").arg(metres));
}

void TrackCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_lastMouse = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
}

void TrackCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        m_view.pan(event->position() - m_lastMouse);
        m_lastMouse = event->position();
        m_fitPending = false;
        update();
    }
    emit cursorMoved(m_view.toWorld(event->position()));
}

void TrackCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        m_panning = false;
        unsetCursor();
    }
}

void TrackCanvas::wheelEvent(QWheelEvent* event) {
    // 120 units per notch: one notch zooms by 20 %.
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    m_view.zoomAbout(event->position(), factor);
    m_fitPending = false;
    update();
    event->accept();
}

void TrackCanvas::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_F: fitToTrack(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    default: QWidget::keyPressEvent(event); return;
    }
    m_fitPending = false;
}

} // namespace editor
