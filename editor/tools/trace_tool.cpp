#include "editor/tools/trace_tool.h"

#include "editor/canvas/track_canvas.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"
#include "editor/level/level_mesh_layer.h"

#include <QKeyEvent>
#include <QLineF>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace editor {
namespace {

/// Beyond the road's edge, the runoff and wall a traced node starts with (startRoute's margins);
/// the drape finds the level's own.
constexpr double kRunoffMargin = 3.0, kWallMargin = 5.0;

QString endText(bake::TraceEnd end) {
    switch (end) {
    case bake::TraceEnd::Loop: return TrackCanvas::tr("round the loop");
    case bake::TraceEnd::Junction: return TrackCanvas::tr("a junction");
    case bake::TraceEnd::RoadEnds: return TrackCanvas::tr("the road's end");
    case bake::TraceEnd::MaxLength: return TrackCanvas::tr("30 km");
    }
    return {};
}

} // namespace

QString TraceTool::text() const { return TrackCanvas::tr("T&race"); }

QString TraceTool::description() const {
    return TrackCanvas::tr("click on the level mesh's road to propose its centre line to the next junction; click it or press Enter to lay it");
}

QString TraceTool::hint() const {
    return TrackCanvas::tr("Trace: click on the level's road; the tool proposes its centre line to the next junction either way");
}

bool TraceTool::press(QMouseEvent* event) {
    if (m_proposal && onProposal(event->position())) return accept();
    const LevelMeshLayer* layer = m_canvas.levelMesh();
    const std::shared_ptr<const LoadedLevelMesh> level = layer ? layer->loaded() : nullptr;
    if (!level) {
        emit m_canvas.statusMessage(TrackCanvas::tr("Trace: import the level's mesh first (File ▸ Import Level Mesh…); the trace follows its road"));
        return true;
    }
    const QPointF world = m_canvas.view().toWorld(event->position());
    bake::TraceOptions options;
    options.step = m_canvas.sketchSpacing();
    if (const auto& reference = m_canvas.editorDocument()->track().editor.levelMesh) options.roadMaterials = reference->roadMaterials;
    std::string refusal;
    // The road seen from above: the highest surface under the click (a bridge over its underpass).
    m_proposal = bake::traceRoad(level->mesh, *level->bvh, world.x(), world.y(), 1e9, options, refusal);
    if (!m_proposal) emit m_canvas.statusMessage(TrackCanvas::tr("Trace: %1").arg(QString::fromStdString(refusal)));
    else
        emit m_canvas.statusMessage(
            m_proposal->closed
                ? TrackCanvas::tr("Trace: a loop of %1 m — click it or press Enter to lay it as a route, Escape to drop it").arg(m_proposal->length(), 0, 'f', 0)
                : TrackCanvas::tr("Trace: %1 m, from %2 to %3 — click it or press Enter to lay it as a route, Escape to drop it")
                      .arg(m_proposal->length(), 0, 'f', 0)
                      .arg(endText(m_proposal->behind), endText(m_proposal->ahead)));
    m_canvas.update();
    return true;
}

bool TraceTool::onProposal(QPointF screen) const {
    const auto& points = m_proposal->points;
    for (std::size_t i = 0; i + 1 < points.size() + (m_proposal->closed ? 1 : 0); ++i) {
        const auto& a = points[i].position;
        const auto& b = points[(i + 1) % points.size()].position;
        const QLineF link(m_canvas.view().toScreen(QPointF(a.x, a.y)), m_canvas.view().toScreen(QPointF(b.x, b.y)));
        const QPointF d = link.p2() - link.p1();
        const double l2 = QPointF::dotProduct(d, d);
        const double s = l2 > 0.0 ? std::clamp(QPointF::dotProduct(screen - link.p1(), d) / l2, 0.0, 1.0) : 0.0;
        if (QLineF(screen, link.p1() + d * s).length() <= 2.0 * TrackCanvas::kPickPixels) return true;
    }
    return false;
}

bool TraceTool::accept() {
    if (!m_proposal) return false;
    std::vector<formats::TrackNode> nodes;
    for (const bake::RoadTrace::Point& p : m_proposal->points) {
        formats::TrackNode node;
        node.position = p.position;
        node.left = {p.left, p.left + kRunoffMargin, p.left + kWallMargin};
        node.right = {p.right, p.right + kRunoffMargin, p.right + kWallMargin};
        nodes.push_back(node);
    }
    const bool closed = m_proposal->closed;
    m_proposal.reset();
    m_canvas.pushStructural(TrackCanvas::tr("Trace Road"), addRoute(m_canvas.editorDocument()->track(), nodes, closed));
    emit m_canvas.statusMessage(TrackCanvas::tr("Traced route laid: Track ▸ Drape on Level Mesh gives it the level's banking and edges"));
    m_canvas.update();
    return true;
}

bool TraceTool::key(QKeyEvent* event) {
    if (!m_proposal) return false;
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) return accept();
    if (event->key() == Qt::Key_Escape) {
        m_proposal.reset();
        emit m_canvas.statusMessage(TrackCanvas::tr("Trace dropped"));
        m_canvas.update();
        return true;
    }
    return false;
}

void TraceTool::paint(QPainter& painter) const {
    if (!m_proposal) return;
    // The proposal's centre line dashed over its road's edges: what Enter would lay.
    QPolygonF centre, left, right;
    const auto& points = m_proposal->points;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const formats::Vec2 p = points[i].position.ground();
        const formats::Vec2 next = points[std::min(i + 1, points.size() - 1)].position.ground(), previous = points[i > 0 ? i - 1 : 0].position.ground();
        const formats::Vec2 along = formats::normalized(next - previous);
        const formats::Vec2 across{-along.y, along.x};
        centre << m_canvas.view().toScreen(QPointF(p.x, p.y));
        const formats::Vec2 l = p + across * points[i].left, r = p - across * points[i].right;
        left << m_canvas.view().toScreen(QPointF(l.x, l.y));
        right << m_canvas.view().toScreen(QPointF(r.x, r.y));
    }
    if (m_proposal->closed && !centre.isEmpty()) centre << centre.front(), left << left.front(), right << right.front();
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(90, 230, 255, 150), 1.0));
    painter.drawPolyline(left);
    painter.drawPolyline(right);
    painter.setPen(QPen(QColor(90, 230, 255), 2.0, Qt::DashLine));
    painter.drawPolyline(centre);
}

} // namespace editor
