// Select: picking, box selection, node drags with soft selection, width handles and
// double-click insertion. The transform handles are in select_tool_transform.cpp.
#include "editor/tools/select_tool.h"

#include "editor/canvas/node_selection.h"
#include "editor/canvas/snapping.h"
#include "editor/canvas/track_canvas.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/height_edits.h"
#include "editor/document/side_edges.h"
#include "editor/document/track_edits.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace editor {
namespace {

constexpr double kMinimumWidth = 0.1;  ///< m: a width handle never goes through the centre line
constexpr double kDragPixels = 2.0;    ///< a press that moves less is a click, not a drag

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }
formats::Vec2 toVec(QPointF p) { return {p.x(), p.y()}; }

} // namespace

QString SelectTool::text() const { return TrackCanvas::tr("&Select"); }

QString SelectTool::description() const { return TrackCanvas::tr("click a node or drag a box round several; drag nodes, or a node's width handles"); }

QString SelectTool::hint() const {
    return TrackCanvas::tr("Select: click or drag a box; drag nodes or width handles; a selection's corners scale it, the knob above rotates it; double-click a link to insert a node");
}

bool SelectTool::press(QMouseEvent* event) {
    const QPointF at = event->position();
    m_pressScreen = at;
    m_pressWorld = toVec(m_canvas.view().toWorld(at));
    NodeSelection* selection = m_canvas.selection();
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    if (widthHandlePress(at)) return true;
    if (!shift && transformPress(at)) return true;
    if (const auto node = m_canvas.nodeAt(at)) {
        if (!selection) return true;
        if (shift) {
            std::set<std::uint32_t> nodes = selection->nodes();
            if (!nodes.erase(*node)) nodes.insert(*node);
            selection->set(nodes);
            return true;
        }
        if (!selection->contains(*node)) selection->set({*node});
        m_gesture = Gesture::Move;
        m_dragAnchor = *node;
        m_mergeKey = nextMergeKey();
        startSoftDrag(m_canvas.editorDocument()->track(), selection->nodes());
        return true;
    }
    m_gesture = Gesture::Box;
    m_boxCorner = at;
    if (!shift && selection) selection->clear();
    return true;
}

bool SelectTool::widthHandlePress(QPointF at) {
    const NodeSelection* selection = m_canvas.selection();
    if (!selection || selection->nodes().size() != 1) return false;
    // The closest of the six handles and the node itself: zoomed out they crowd together.
    const std::uint32_t node = *selection->nodes().begin();
    double best = std::min(TrackCanvas::kPickPixels, QLineF(at, m_canvas.nodeOnScreen(node)).length());
    std::optional<WidthGrip> grip;
    for (bool left : {true, false})
        for (int edge = 0; edge < 3; ++edge)
            if (const double d = QLineF(at, m_canvas.widthHandleOnScreen(node, left, edge)).length(); d < best) best = d, grip = WidthGrip{node, left, edge};
    if (!grip) return false;
    m_gesture = Gesture::Width;
    m_grip = *grip;
    m_mergeKey = nextMergeKey();
    startSoftDrag(m_canvas.editorDocument()->track(), {node});
    return true;
}

void SelectTool::startSoftDrag(const formats::TrackDocument& t, const std::set<std::uint32_t>& nodes) {
    m_dragStart.clear();
    m_dragWeights.clear();
    if (m_canvas.softFalloff() <= 0.0) {
        for (std::uint32_t n : nodes) m_dragStart.emplace_back(n, t.nodes[n]), m_dragWeights.push_back(1.0);
        return;
    }
    // Soft selection, as Blender's proportional editing: the grabbed nodes move whole, their
    // neighbours along the track (into a branch too) less the farther they are, none beyond.
    for (const auto& [n, weight] : falloffWeights(t, nodes, HeightFalloff{m_canvas.softFalloff(), FalloffShape::Smooth}))
        m_dragStart.emplace_back(n, t.nodes[n]), m_dragWeights.push_back(weight);
    // The grabbed node first: the width gesture reads the edge it started from there.
    const auto first = std::find_if(m_dragStart.begin(), m_dragStart.end(), [&](const auto& entry) { return nodes.count(entry.first) > 0; });
    if (first != m_dragStart.end()) {
        const auto i = static_cast<std::size_t>(first - m_dragStart.begin());
        std::swap(m_dragStart[0], m_dragStart[i]);
        std::swap(m_dragWeights[0], m_dragWeights[i]);
    }
}

void SelectTool::move(QMouseEvent* event) {
    const formats::Vec2 world = toVec(m_canvas.view().toWorld(event->position()));
    switch (m_gesture) {
    case Gesture::Move: dragNodes(event->position(), world); break;
    case Gesture::Width: dragWidth(world); break;
    case Gesture::Rotate:
    case Gesture::Scale:
    case Gesture::Translate:
        if (QLineF(event->position(), m_pressScreen).length() >= kDragPixels) transformMove(world);
        break;
    case Gesture::Box:
        m_boxCorner = event->position();
        m_canvas.update();
        break;
    case Gesture::None: break;
    }
}

void SelectTool::dragNodes(QPointF screen, formats::Vec2 world) {
    if (QLineF(screen, m_pressScreen).length() < kDragPixels) return;
    formats::Vec2 delta = world - m_pressWorld;
    if (m_canvas.snapping()) {
        // The grabbed node lands on the grid; the rest of the selection keeps its place around it.
        for (const auto& [n, node] : m_dragStart)
            if (n == m_dragAnchor) delta = snapToGrid(node.position.ground() + delta, snapGridStep(m_canvas.view().scale())) - node.position.ground();
    }
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after = m_dragStart;
    for (std::size_t i = 0; i < after.size(); ++i) {
        formats::TrackNode& node = after[i].second;
        node.position.x += delta.x * m_dragWeights[i], node.position.y += delta.y * m_dragWeights[i];
    }
    m_canvas.snapToLevelSurface(after);
    EditorDocument* document = m_canvas.editorDocument();
    document->undoStack()->push(new ChangeNodesCommand(document, TrackCanvas::tr("Move Nodes"), std::move(after), m_mergeKey));
}

void SelectTool::dragWidth(formats::Vec2 world) {
    const formats::TrackNode& start = m_dragStart.front().second;
    const double lateral = formats::dot(world - start.position.ground(), m_canvas.perpendicular(m_grip.node));
    const double value = std::max(kMinimumWidth, m_grip.left ? lateral : -lateral);
    // The grabbed node's edge to `value`; with a falloff its neighbours' same edge by the change
    // times their weight, so a widening tapers in and out instead of spiking.
    const auto sideOf = [&](formats::TrackNode& n) -> formats::SideWidths& { return m_grip.left ? n.left : n.right; };
    const double change = value - edgeOf(m_grip.left ? start.left : start.right, m_grip.edge);
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after = m_dragStart;
    for (std::size_t i = 0; i < after.size(); ++i) {
        formats::SideWidths& side = sideOf(after[i].second);
        setEdge(side, m_grip.edge, std::max(kMinimumWidth, edgeOf(side, m_grip.edge) + change * m_dragWeights[i]));
    }
    static const char* const kEdges[] = {QT_TRANSLATE_NOOP("editor::TrackCanvas", "Tarmac"), QT_TRANSLATE_NOOP("editor::TrackCanvas", "Runoff"),
                                         QT_TRANSLATE_NOOP("editor::TrackCanvas", "Wall")};
    EditorDocument* document = m_canvas.editorDocument();
    document->undoStack()->push(
        new ChangeNodesCommand(document, TrackCanvas::tr("%1 Width").arg(TrackCanvas::tr(kEdges[m_grip.edge])), std::move(after), m_mergeKey));
}

void SelectTool::release(QMouseEvent* event) {
    if (m_gesture == Gesture::Box && m_canvas.selection()) {
        const QRectF box = QRectF(m_pressScreen, event->position()).normalized();
        std::set<std::uint32_t> inside;
        const auto& nodes = m_canvas.editorDocument()->track().nodes;
        for (std::uint32_t n = 0; n < nodes.size(); ++n)
            if (box.contains(m_canvas.view().toScreen(toPoint(nodes[n].position.ground())))) inside.insert(n);
        m_canvas.selection()->add(inside);
    }
    m_gesture = Gesture::None;
    m_canvas.update();
}

void SelectTool::doubleClick(QMouseEvent* event) {
    m_gesture = Gesture::None;
    if (m_canvas.nodeAt(event->position())) return;
    if (const auto link = m_canvas.linkAt(event->position()))
        m_canvas.pushStructural(TrackCanvas::tr("Insert Node"), insertNode(m_canvas.editorDocument()->track(), link->route, link->k, link->point));
}

void SelectTool::paint(QPainter& painter) const {
    paintWidthHandles(painter);
    paintTransformHandles(painter);
    if (m_gesture == Gesture::Box) {
        painter.setPen(QPen(QColor(255, 200, 80), 1.0, Qt::DashLine));
        painter.setBrush(QColor(255, 200, 80, 40));
        painter.drawRect(QRectF(m_pressScreen, m_boxCorner).normalized());
    }
}

void SelectTool::paintWidthHandles(QPainter& painter) const {
    const NodeSelection* selection = m_canvas.selection();
    if (!selection || selection->nodes().size() != 1) return;
    const std::uint32_t n = *selection->nodes().begin();
    if (n >= m_canvas.editorDocument()->track().nodes.size()) return;
    static const QColor kHandle[] = {QColor(240, 240, 240), QColor(150, 210, 120), QColor(240, 90, 70)};
    for (bool left : {true, false}) {
        painter.setPen(QPen(QColor(255, 160, 0, 160), 1.0, Qt::DotLine));
        painter.drawLine(m_canvas.nodeOnScreen(n), m_canvas.widthHandleOnScreen(n, left, 2));
        for (int edge = 0; edge < 3; ++edge) {
            const QPointF p = m_canvas.widthHandleOnScreen(n, left, edge);
            painter.setPen(QPen(QColor(20, 20, 20), 1.0));
            painter.setBrush(kHandle[edge]);
            painter.drawPolygon(QPolygonF({p + QPointF(0, -5), p + QPointF(5, 0), p + QPointF(0, 5), p + QPointF(-5, 0)}));
        }
    }
}

} // namespace editor
