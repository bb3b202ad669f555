// TrackCanvas's editing: the services its tools (editor/tools) share — picking nodes and links,
// pushing structural edits, standing nodes on the level — and the keys and drawing that belong to
// the selection whatever the tool. Every change goes through the document's undo stack.
#include "editor/canvas/track_canvas.h"

#include "editor/canvas/node_selection.h"
#include "editor/canvas/snapping.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/side_edges.h"
#include "editor/document/track_edits.h"
#include "editor/tools/add_node_tool.h"
#include "editor/tools/branch_tool.h"
#include "editor/tools/line_tool.h"
#include "editor/tools/measure_tool.h"
#include "editor/tools/select_tool.h"
#include "editor/tools/sketch_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/tools/trace_tool.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace editor {
namespace {

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }
formats::Vec2 toVec(QPointF p) { return {p.x(), p.y()}; }

} // namespace

void TrackCanvas::installTools() {
    // Tool-bar order; the first is the default.
    m_tools->add(std::make_unique<SelectTool>(*this));
    m_tools->add(std::make_unique<AddNodeTool>(*this));
    m_tools->add(std::make_unique<BranchTool>(*this));
    m_tools->add(std::make_unique<LineTool>(*this));
    m_tools->add(std::make_unique<SketchTool>(*this));
    m_tools->add(std::make_unique<MeasureTool>(*this));
    m_tools->add(std::make_unique<TraceTool>(*this));
    connect(m_tools, &ToolManager::hint, this, &TrackCanvas::statusMessage);
    connect(m_tools, &ToolManager::currentChanged, this, qOverload<>(&TrackCanvas::update));
}

formats::Vec2 TrackCanvas::worldAt(QPointF screen) const {
    const formats::Vec2 world = toVec(m_view.toWorld(screen));
    return m_snapping ? snapToGrid(world, snapGridStep(m_view.scale())) : world;
}

formats::Vec2 TrackCanvas::perpendicular(std::uint32_t node) const {
    const auto it = m_perpendiculars.find(node);
    return it != m_perpendiculars.end() ? it->second : formats::Vec2{0.0, 1.0};
}

QPointF TrackCanvas::nodeOnScreen(std::uint32_t node) const {
    if (!m_document || node >= m_document->track().nodes.size()) return {};
    return m_view.toScreen(toPoint(m_document->track().nodes[node].position.ground()));
}

QPointF TrackCanvas::widthHandleOnScreen(std::uint32_t node, bool left, int edge) const {
    if (!m_document || node >= m_document->track().nodes.size()) return {};
    formats::TrackNode n = m_document->track().nodes[node];
    const double width = edgeOf(left ? n.left : n.right, edge);
    return m_view.toScreen(toPoint(n.position.ground() + perpendicular(node) * (left ? width : -width)));
}

std::optional<std::uint32_t> TrackCanvas::nodeAt(QPointF screen) const {
    std::optional<std::uint32_t> best;
    double bestDistance = kPickPixels;
    const auto& nodes = m_document->track().nodes;
    for (std::uint32_t n = 0; n < nodes.size(); ++n) {
        double d = QLineF(screen, m_view.toScreen(toPoint(nodes[n].position.ground()))).length();
        // A click on a bridge means the bridge: a node under it loses to one on it close by.
        if (d <= bestDistance && !m_decks.empty() && underDeck(toPoint(nodes[n].position.ground()))) d += kPickPixels / 2.0;
        if (d <= bestDistance) bestDistance = d, best = n;
    }
    return best;
}

std::optional<TrackCanvas::LinkHit> TrackCanvas::linkAt(QPointF screen) const {
    const formats::TrackDocument& t = m_document->track();
    const formats::Vec2 world = toVec(m_view.toWorld(screen));
    std::optional<LinkHit> best;
    double bestDistance = kPickPixels / m_view.scale();
    for (std::uint32_t r = 0; r < t.routes.size(); ++r) {
        const auto& nodes = t.routes[r].nodes;
        const std::size_t links = t.routes[r].closed ? nodes.size() : (nodes.empty() ? 0 : nodes.size() - 1);
        for (std::size_t k = 0; k < links; ++k) {
            if (nodes[k] >= t.nodes.size() || nodes[(k + 1) % nodes.size()] >= t.nodes.size()) continue;
            const formats::Vec2 a = t.nodes[nodes[k]].position.ground(), b = t.nodes[nodes[(k + 1) % nodes.size()]].position.ground();
            const formats::Vec2 ab = b - a;
            const double l2 = formats::dot(ab, ab);
            const double s = l2 > 0.0 ? std::clamp(formats::dot(world - a, ab) / l2, 0.0, 1.0) : 0.0;
            const formats::Vec2 p = a + ab * s;
            const double d = formats::length(world - p);
            if (d <= bestDistance && s > 0.0 && s < 1.0) bestDistance = d, best = LinkHit{r, k, p};
        }
    }
    return best;
}

void TrackCanvas::pushStructural(const QString& text, const TrackEdit& edit) {
    if (!edit.track) {
        emit statusMessage(tr("%1 refused: %2").arg(text, QString::fromStdString(edit.refusal)));
        return;
    }
    formats::TrackDocument track = *edit.track;
    snapToLevelSurface(track, edit.newNodes);
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, text, std::move(track)));
    if (!m_selection) return;
    if (!edit.newNodes.empty()) m_selection->set({edit.newNodes.begin(), edit.newNodes.end()});
    else {
        std::set<std::uint32_t> kept;
        for (std::uint32_t n : m_selection->nodes())
            if (n < m_document->track().nodes.size()) kept.insert(n);
        m_selection->set(kept);
    }
}

void TrackCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    if (!m_document || event->button() != Qt::LeftButton) return QWidget::mouseDoubleClickEvent(event);
    m_tools->current()->doubleClick(event);
}

bool TrackCanvas::editKey(QKeyEvent* event) {
    if (m_tools->current()->key(event)) return true;
    if (!m_selection) return false;
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        if (m_selection->empty()) return false;
        pushStructural(tr("Delete Nodes"), deleteNodes(m_document->track(), m_selection->nodes()));
        return true;
    case Qt::Key_Escape:
        m_selection->clear();
        return true;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        if (m_selection->empty()) return false;
        // 10 cm a press, 1 m with Shift; a run of presses is one undo step.
        const double step = (event->modifiers() & Qt::ShiftModifier) ? 1.0 : 0.1;
        const formats::Vec2 delta = event->key() == Qt::Key_Left ? formats::Vec2{-step, 0} : event->key() == Qt::Key_Right ? formats::Vec2{step, 0}
                                  : event->key() == Qt::Key_Up   ? formats::Vec2{0, step}
                                                                 : formats::Vec2{0, -step};
        if (m_nudgeKey == 0) m_nudgeKey = nextMergeKey();
        std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
        for (std::uint32_t n : m_selection->nodes()) {
            formats::TrackNode node = m_document->track().nodes[n];
            node.position.x += delta.x;
            node.position.y += delta.y;
            after.emplace_back(n, node);
        }
        m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Nudge Nodes"), std::move(after), m_nudgeKey));
        return true;
    }
    default: return false;
    }
}

void TrackCanvas::paintEditing(QPainter& painter) {
    if (!m_document) return;
    const formats::TrackDocument& t = m_document->track();
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (m_selection) {
        // Selected nodes where the document has them now, even while a large track's surfaces
        // are still being rebuilt.
        // One ring a few pixels: a selection of 20 000 nodes drew 20 000 rings over each other
        // (200 ms a paint); rings off screen or on a spot a ring covers already are not drawn.
        painter.setPen(QPen(QColor(255, 160, 0), 2.0));
        painter.setBrush(QColor(255, 160, 0, 90));
        const QRectF screen = QRectF(rect()).adjusted(-8.0, -8.0, 8.0, 8.0);
        const int columns = static_cast<int>(screen.width() / kSelectionRingCell) + 1, rows = static_cast<int>(screen.height() / kSelectionRingCell) + 1;
        std::vector<bool> ringed(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), false);
        for (std::uint32_t n : m_selection->nodes()) {
            if (n >= t.nodes.size()) continue;
            const QPointF p = nodeOnScreen(n);
            if (!screen.contains(p)) continue;
            const std::size_t cell = static_cast<std::size_t>((p.y() - screen.top()) / kSelectionRingCell) * static_cast<std::size_t>(columns) +
                                     static_cast<std::size_t>((p.x() - screen.left()) / kSelectionRingCell);
            if (cell >= ringed.size() || ringed[cell]) continue;
            ringed[cell] = true;
            painter.drawEllipse(p, 5.5, 5.5);
        }
    }
    m_tools->current()->paint(painter);
}

} // namespace editor
