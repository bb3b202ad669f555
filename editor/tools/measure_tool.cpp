#include "editor/tools/measure_tool.h"

#include "editor/canvas/measurement.h"
#include "editor/canvas/track_canvas.h"

#include <QMouseEvent>
#include <QPainter>

namespace editor {
namespace {

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }

} // namespace

QString MeasureTool::text() const { return TrackCanvas::tr("&Measure"); }

QString MeasureTool::description() const {
    return TrackCanvas::tr("drag for a distance and bearing; click a third point for the radius of the circle through all three");
}

QString MeasureTool::hint() const { return TrackCanvas::tr("Measure: drag for a distance and bearing; click a third point for the radius through all three"); }

bool MeasureTool::press(QMouseEvent* event) {
    // A drag measures from where it starts; a click after a drag adds the third point; then it starts over.
    if (m_points.size() != 2) m_points.clear();
    m_points.push_back(m_canvas.worldAt(event->position()));
    m_dragging = m_points.size() == 1;
    report();
    m_canvas.update();
    return true;
}

void MeasureTool::move(QMouseEvent* event) {
    if (!m_dragging) return;
    const formats::Vec2 end = m_canvas.worldAt(event->position());
    if (m_points.size() == 1) m_points.push_back(end);
    else m_points[1] = end;
    report();
    m_canvas.update();
}

void MeasureTool::report() const {
    if (m_points.size() < 2) return;
    const Measurement m = measure(m_points);
    QString text = TrackCanvas::tr("Measure: %1 m at %2°").arg(m.distance, 0, 'f', 2).arg(m.bearing, 0, 'f', 1);
    if (m_points.size() == 3)
        text += m.radius ? TrackCanvas::tr(", radius %1 m through the three points").arg(*m.radius, 0, 'f', 2) : TrackCanvas::tr(", the three points are in line");
    emit m_canvas.statusMessage(text);
}

void MeasureTool::paint(QPainter& painter) const {
    if (m_points.size() < 2) return;
    const ViewTransform& view = m_canvas.view();
    const Measurement m = measure(m_points);
    QPolygonF line;
    for (const formats::Vec2& p : m_points) line << view.toScreen(toPoint(p));
    painter.setPen(QPen(QColor(255, 235, 120), 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawPolyline(line);
    if (m.radius && *m.radius * view.scale() < 1e6) {
        // The circle through the three points, faint: the corner it matches.
        const formats::Vec2 a = m_points[0], b = m_points[1], c = m_points[2];
        const double d = 2.0 * formats::cross(b - a, c - a);
        const double ab = formats::dot(b - a, b - a), ac = formats::dot(c - a, c - a);
        const formats::Vec2 centre = a + formats::Vec2{((c - a).y * ab - (b - a).y * ac) / d, ((b - a).x * ac - (c - a).x * ab) / d};
        painter.setPen(QPen(QColor(255, 235, 120, 110), 1.0, Qt::DashLine));
        const double r = *m.radius * view.scale();
        painter.drawEllipse(view.toScreen(toPoint(centre)), r, r);
    }
    QString label = QStringLiteral("%1 m  %2°").arg(m.distance, 0, 'f', 1).arg(m.bearing, 0, 'f', 0);
    if (m.radius) label += QStringLiteral("  R %1 m").arg(*m.radius, 0, 'f', 1);
    painter.setPen(QColor(255, 235, 120));
    painter.drawText(line.back() + QPointF(8.0, -8.0), label);
}

} // namespace editor
