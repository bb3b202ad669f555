#include "editor/tools/sketch_tool.h"

#include "editor/canvas/track_canvas.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/document/editor_document.h"

#include <QMouseEvent>
#include <QPainter>

#include <numeric>

namespace editor {
namespace {

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }

} // namespace

QString SketchTool::text() const { return TrackCanvas::tr("S&ketch"); }

QString SketchTool::description() const {
    return TrackCanvas::tr("click control points and the road follows a smooth curve through them, nodes laid at the spacing beside it; drag a "
                           "point to reshape, click the first to close");
}

QString SketchTool::hint() const {
    return TrackCanvas::tr("Sketch: click control points, the road follows a smooth curve through them; drag one to reshape; click the first to close");
}

std::vector<formats::Vec2> SketchTool::controls() const {
    const EditorDocument* document = m_canvas.editorDocument();
    if (!m_session || !document || !(document->track() == m_session->after)) return {};
    return m_session->curve.controls;
}

void SketchTool::lay(const std::vector<std::size_t>& relay, int mergeKey) {
    EditorDocument* document = m_canvas.editorDocument();
    SketchLayout layout = m_session->layout;
    const TrackEdit edit = laySketch(document->track(), m_session->curve, m_canvas.sketchSpacing(), relay, layout);
    if (!edit.track) {
        emit m_canvas.statusMessage(TrackCanvas::tr("Sketch refused: %1").arg(QString::fromStdString(edit.refusal)));
        m_session.reset();
        return;
    }
    m_session->layout = layout;
    formats::TrackDocument track = *edit.track;
    if (layout.route && *layout.route < track.routes.size()) m_canvas.snapToLevelSurface(track, track.routes[*layout.route].nodes);
    document->undoStack()->push(new ReplaceTrackCommand(document, TrackCanvas::tr("Sketch"), std::move(track), mergeKey));
    m_session->after = document->track();
}

bool SketchTool::press(QMouseEvent* event) {
    const QPointF at = event->position();
    m_pressScreen = at;
    // Another change since the sketch's last step (an undo, another tool's edit) ends it.
    if (m_session && !(m_canvas.editorDocument()->track() == m_session->after)) m_session.reset();
    const formats::Vec2 world = m_canvas.worldAt(at);
    if (!m_session) {
        m_session = Session{{{world}, false}, {}, {}, 0};
        lay({});
        return true;
    }
    SketchCurve& curve = m_session->curve;
    for (std::size_t i = 0; i < curve.controls.size(); ++i) {
        if (QLineF(at, m_canvas.view().toScreen(toPoint(curve.controls[i]))).length() > TrackCanvas::kPickPixels + 2.0) continue;
        if (i == 0 && !curve.closed && curve.controls.size() >= 3) {
            // Clicking the first point closes the loop: the end segments change shape, and the closing one is new.
            curve.closed = true;
            std::vector<std::size_t> all(sketchSegmentCount(curve));
            std::iota(all.begin(), all.end(), std::size_t{0});
            lay(all);
            emit m_canvas.statusMessage(TrackCanvas::tr("Sketch closed: drag a control point to reshape, or pick another tool"));
            return true;
        }
        m_session->dragged = i;
        m_dragging = true;
        m_mergeKey = nextMergeKey();
        return true;
    }
    if (curve.closed) {
        emit m_canvas.statusMessage(TrackCanvas::tr("Sketch: the loop is closed; drag its control points, or pick another tool to finish"));
        return true;
    }
    curve.controls.push_back(world);
    // The new point shapes the segments before it, and the old last segment loses its end node.
    lay(segmentsShapedBy(curve, curve.controls.size() - 1));
    return true;
}

void SketchTool::move(QMouseEvent* event) {
    // The road follows the point while it moves: only the segments it shapes are laid again,
    // every move merging into the drag's one undo step.
    if (!m_dragging || !m_session || QLineF(event->position(), m_pressScreen).length() < 2.0) return;
    m_session->curve.controls[m_session->dragged] = m_canvas.worldAt(event->position());
    lay(segmentsShapedBy(m_session->curve, m_session->dragged), m_mergeKey);
}

void SketchTool::paint(QPainter& painter) const {
    // The control polygon, dashed, and its points: what the designer drags (none once the track
    // is not the sketch's any more: the next click starts afresh).
    const std::vector<formats::Vec2> points = controls();
    if (points.empty()) return;
    QPolygonF polygon;
    for (const formats::Vec2& c : points) polygon << m_canvas.view().toScreen(toPoint(c));
    if (m_session->curve.closed) polygon << polygon.front();
    painter.setPen(QPen(QColor(120, 200, 255, 170), 1.0, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawPolyline(polygon);
    painter.setPen(QPen(QColor(20, 20, 20), 1.0));
    for (qsizetype i = 0; i < static_cast<qsizetype>(points.size()); ++i) {
        painter.setBrush(i == 0 ? QColor(255, 230, 90) : QColor(120, 200, 255));
        const QPointF p = polygon[i];
        painter.drawPolygon(QPolygonF({p + QPointF(0, -6), p + QPointF(6, 0), p + QPointF(0, 6), p + QPointF(-6, 0)}));
    }
}

} // namespace editor
