// TrackCanvas's editing: the tools' mouse and key handling and what they draw. Every change goes
// through the document's undo stack.
#include "editor/canvas/track_canvas.h"
#include "editor/document/height_edits.h"

#include "editor/canvas/measurement.h"
#include "editor/canvas/snapping.h"
#include "editor/commands/change_line_offsets_command.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/document/editor_document.h"
#include "editor/canvas/node_selection.h"
#include "editor/document/track_edits.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace editor {
namespace {

constexpr int kLineFalloffNodes = 8;  ///< a line drag reaches this many nodes either side, fading out
constexpr double kMinimumWidth = 0.1;  ///< m: a width handle never goes through the centre line

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }
formats::Vec2 toVec(QPointF p) { return {p.x(), p.y()}; }

double& edgeOf(formats::SideWidths& side, int edge) { return edge == 0 ? side.track : edge == 1 ? side.runoff : side.wall; }

/// Sets one edge and moves the others only as far as keeps tarmac ≤ runoff ≤ wall.
void setEdge(formats::SideWidths& side, int edge, double value) {
    edgeOf(side, edge) = value;
    if (edge == 0) {
        side.runoff = std::max(side.runoff, side.track);
        side.wall = std::max(side.wall, side.runoff);
    } else if (edge == 1) {
        side.track = std::min(side.track, side.runoff);
        side.wall = std::max(side.wall, side.runoff);
    } else {
        side.runoff = std::min(side.runoff, side.wall);
        side.track = std::min(side.track, side.runoff);
    }
}

} // namespace

void TrackCanvas::setTool(Tool tool) {
    m_tool = tool;
    m_branchFork.reset();
    m_gesture = Gesture::None;
    switch (tool) {
    case Tool::Select: emit statusMessage(tr("Select: click or drag a box; drag nodes or width handles; a selection's corners scale it, the knob above rotates it; double-click a link to insert a node")); break;
    case Tool::AddNode: emit statusMessage(tr("Add Node: click past an open route's end to continue it, on a link to insert, anywhere on an empty track to start one")); break;
    case Tool::Branch: emit statusMessage(tr("Branch: click the node the branch forks from, then the node it joins")); break;
    case Tool::Line: emit statusMessage(tr("Line: drag a line sideways; its neighbours follow")); break;
    case Tool::Measure:
        emit statusMessage(tr("Measure: drag for a distance and bearing; click a third point for the radius through all three"));
        break;
    case Tool::Sketch:
        emit statusMessage(tr("Sketch: click control points, the road follows a smooth curve through them; drag one to reshape; click the first to close"));
        break;
    }
    if (tool != Tool::Sketch) m_sketch.reset();
    if (tool != Tool::Measure) m_measurePoints.clear();
    update();
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

bool TrackCanvas::editPress(QMouseEvent* event) {
    const QPointF at = event->position();
    const formats::TrackDocument& t = m_document->track();
    m_pressScreen = at;
    m_pressWorld = toVec(m_view.toWorld(at));
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (m_tool) {
    case Tool::Select: {
        if (m_selection && m_selection->nodes().size() == 1) {
            // The closest of the six handles and the node itself: zoomed out they crowd together.
            const std::uint32_t node = *m_selection->nodes().begin();
            double best = std::min(kPickPixels, QLineF(at, nodeOnScreen(node)).length());
            std::optional<WidthGrip> grip;
            for (bool left : {true, false})
                for (int edge = 0; edge < 3; ++edge)
                    if (const double d = QLineF(at, widthHandleOnScreen(node, left, edge)).length(); d < best) best = d, grip = WidthGrip{node, left, edge};
            if (grip) {
                m_gesture = Gesture::Width;
                m_grip = *grip;
                m_mergeKey = nextMergeKey();
                startSoftDrag(t, {node});
                return true;
            }
        }
        if (!shift && transformPress(at)) return true;
        if (const auto node = nodeAt(at)) {
            if (!m_selection) return true;
            if (shift) {
                std::set<std::uint32_t> nodes = m_selection->nodes();
                if (!nodes.erase(*node)) nodes.insert(*node);
                m_selection->set(nodes);
                return true;
            }
            if (!m_selection->contains(*node)) m_selection->set({*node});
            m_gesture = Gesture::Move;
            m_dragAnchor = *node;
            m_mergeKey = nextMergeKey();
            startSoftDrag(t, m_selection->nodes());
            return true;
        }
        m_gesture = Gesture::Box;
        m_boxCorner = at;
        if (!shift && m_selection) m_selection->clear();
        return true;
    }
    case Tool::AddNode: {
        if (const auto link = linkAt(at)) {
            pushStructural(tr("Insert Node"), insertNode(t, link->route, link->k, link->point));
            return true;
        }
        // The nearest end of an open route that is not attached there.
        std::optional<std::pair<std::uint32_t, bool>> end;
        double nearest = 1e300;
        for (std::uint32_t r = 0; r < t.routes.size(); ++r) {
            const formats::Route& route = t.routes[r];
            if (route.closed || route.nodes.empty()) continue;
            for (bool atStart : {true, false}) {
                if ((atStart && route.fork) || (!atStart && route.join)) continue;
                const std::uint32_t n = atStart ? route.nodes.front() : route.nodes.back();
                const double d = formats::length(t.nodes[n].position.ground() - m_pressWorld);
                if (d < nearest) nearest = d, end = std::make_pair(r, atStart);
            }
        }
        // No free end anywhere (an empty track, or only loops): the click starts a new route.
        const double grid = snapGridStep(m_view.scale());
        if (!end) {
            pushStructural(tr("Start Route"), startRoute(t, m_snapping ? snapToGrid(m_pressWorld, grid) : m_pressWorld));
        } else {
            const formats::Route& route = t.routes[end->first];
            const formats::Vec2 from = t.nodes[end->second ? route.nodes.front() : route.nodes.back()].position.ground();
            pushStructural(tr("Add Node"), appendNode(t, end->first, end->second, m_snapping ? snapLink(from, m_pressWorld, kSnapAngle, grid) : m_pressWorld));
        }
        return true;
    }
    case Tool::Branch: {
        const auto node = nodeAt(at);
        if (!node) {
            emit statusMessage(tr("Branch: click on a node"));
            return true;
        }
        if (!m_branchFork) {
            m_branchFork = node;
            emit statusMessage(tr("Branch forks from node %1: now click the node it joins").arg(*node));
            update();
            return true;
        }
        const std::uint32_t fork = *m_branchFork;
        m_branchFork.reset();
        pushStructural(tr("Make Branch"), makeBranch(t, fork, *node));
        return true;
    }
    case Tool::Sketch: return sketchPress(at);
    case Tool::Measure: {
        // A drag measures from where it starts; a click after a drag adds the third point; then it starts over.
        if (m_measurePoints.size() != 2) m_measurePoints.clear();
        m_measurePoints.push_back(m_snapping ? snapToGrid(m_pressWorld, snapGridStep(m_view.scale())) : m_pressWorld);
        if (m_measurePoints.size() == 1) m_gesture = Gesture::Measure;
        reportMeasurement();
        update();
        return true;
    }
    case Tool::Line: {
        double best = 2.0 * kPickPixels;
        bool found = false;
        for (std::size_t l = 0; l < t.lines.size(); ++l) {
            const formats::Line& line = t.lines[l];
            if (line.route >= t.routes.size()) continue;
            const auto& nodes = t.routes[line.route].nodes;
            for (std::size_t k = 0; k < nodes.size() && k < line.offsets.size(); ++k) {
                const formats::Vec2 p = t.nodes[nodes[k]].position.ground() + perpendicular(nodes[k]) * line.offsets[k];
                const double d = QLineF(at, m_view.toScreen(toPoint(p))).length();
                if (d < best) best = d, found = true, m_line = l, m_linePosition = k;
            }
        }
        if (!found) {
            emit statusMessage(tr("Line: press on a line (racing, defending …) and drag it sideways"));
            return true;
        }
        m_gesture = Gesture::Line;
        m_lineStart = t.lines[m_line].offsets;
        m_mergeKey = nextMergeKey();
        return true;
    }
    }
    return false;
}

void TrackCanvas::startSoftDrag(const formats::TrackDocument& t, const std::set<std::uint32_t>& nodes) {
    m_dragStart.clear();
    m_dragWeights.clear();
    if (m_softFalloff <= 0.0) {
        for (std::uint32_t n : nodes) m_dragStart.emplace_back(n, t.nodes[n]), m_dragWeights.push_back(1.0);
        return;
    }
    // Soft selection, as Blender's proportional editing: the grabbed nodes move whole, their
    // neighbours along the track (into a branch too) less the farther they are, none beyond.
    for (const auto& [n, weight] : falloffWeights(t, nodes, HeightFalloff{m_softFalloff, FalloffShape::Smooth}))
        m_dragStart.emplace_back(n, t.nodes[n]), m_dragWeights.push_back(weight);
    // The grabbed node first: the width gesture reads the edge it started from there.
    const auto first = std::find_if(m_dragStart.begin(), m_dragStart.end(), [&](const auto& entry) { return nodes.count(entry.first) > 0; });
    if (first != m_dragStart.end()) {
        const auto i = first - m_dragStart.begin();
        std::swap(m_dragStart[0], m_dragStart[static_cast<std::size_t>(i)]);
        std::swap(m_dragWeights[0], m_dragWeights[static_cast<std::size_t>(i)]);
    }
}

void TrackCanvas::editMove(QMouseEvent* event) {
    const formats::Vec2 world = toVec(m_view.toWorld(event->position()));
    const formats::TrackDocument& t = m_document->track();
    switch (m_gesture) {
    case Gesture::Move: {
        if (QLineF(event->position(), m_pressScreen).length() < 2.0) return;  // a click, not a drag
        formats::Vec2 delta = world - m_pressWorld;
        if (m_snapping) {
            // The grabbed node lands on the grid; the rest of the selection keeps its place around it.
            for (const auto& [n, node] : m_dragStart)
                if (n == m_dragAnchor) delta = snapToGrid(node.position.ground() + delta, snapGridStep(m_view.scale())) - node.position.ground();
        }
        std::vector<std::pair<std::uint32_t, formats::TrackNode>> after = m_dragStart;
        for (std::size_t i = 0; i < after.size(); ++i) {
            formats::TrackNode& node = after[i].second;
            node.position.x += delta.x * m_dragWeights[i], node.position.y += delta.y * m_dragWeights[i];
        }
        snapToLevelSurface(after);
        m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Move Nodes"), std::move(after), m_mergeKey));
        break;
    }
    case Gesture::Width: {
        const formats::TrackNode& start = m_dragStart.front().second;
        const double lateral = formats::dot(world - start.position.ground(), perpendicular(m_grip.node));
        const double value = std::max(kMinimumWidth, m_grip.left ? lateral : -lateral);
        // The grabbed node's edge to `value`; with a falloff its neighbours' same edge by the
        // change times their weight, so a widening tapers in and out instead of spiking.
        const auto edgeOf = [&](const formats::TrackNode& n) {
            const formats::SideWidths& side = m_grip.left ? n.left : n.right;
            return m_grip.edge == 0 ? side.track : m_grip.edge == 1 ? side.runoff : side.wall;
        };
        const double change = value - edgeOf(start);
        std::vector<std::pair<std::uint32_t, formats::TrackNode>> after = m_dragStart;
        for (std::size_t i = 0; i < after.size(); ++i) {
            formats::TrackNode& node = after[i].second;
            setEdge(m_grip.left ? node.left : node.right, m_grip.edge, std::max(kMinimumWidth, edgeOf(node) + change * m_dragWeights[i]));
        }
        static const char* const kEdges[] = {QT_TR_NOOP("Tarmac"), QT_TR_NOOP("Runoff"), QT_TR_NOOP("Wall")};
        m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("%1 Width").arg(tr(kEdges[m_grip.edge])), std::move(after), m_mergeKey));
        break;
    }
    case Gesture::Rotate:
    case Gesture::Scale:
    case Gesture::Translate:
        if (QLineF(event->position(), m_pressScreen).length() >= 2.0) transformMove(world);
        break;
    case Gesture::Box:
        m_boxCorner = event->position();
        update();
        break;
    case Gesture::Line: {
        const formats::Line& line = t.lines[m_line];
        const auto& nodes = t.routes[line.route].nodes;
        const std::uint32_t centre = nodes[m_linePosition];
        const double lateral = formats::dot(world - t.nodes[centre].position.ground(), perpendicular(centre));
        const double shift = lateral - m_lineStart[m_linePosition];
        std::vector<double> offsets = m_lineStart;
        const auto n = static_cast<std::ptrdiff_t>(offsets.size());
        for (int k = -kLineFalloffNodes; k <= kLineFalloffNodes; ++k) {
            std::ptrdiff_t i = static_cast<std::ptrdiff_t>(m_linePosition) + k;
            if (t.routes[line.route].closed) i = (i % n + n) % n;
            else if (i < 0 || i >= n) continue;
            offsets[static_cast<std::size_t>(i)] += shift * 0.5 * (1.0 + std::cos(M_PI * k / (kLineFalloffNodes + 1)));
        }
        m_document->undoStack()->push(new ChangeLineOffsetsCommand(m_document, tr("Move Line"), m_line, std::move(offsets), m_mergeKey));
        break;
    }
    case Gesture::Measure: {
        const formats::Vec2 end = m_snapping ? snapToGrid(world, snapGridStep(m_view.scale())) : world;
        if (m_measurePoints.size() == 1) m_measurePoints.push_back(end);
        else m_measurePoints[1] = end;
        reportMeasurement();
        update();
        break;
    }
    case Gesture::SketchPoint:
        // The road follows the point while it moves: only the segments it shapes are laid again,
        // every move merging into the drag's one undo step.
        if (m_sketch && QLineF(event->position(), m_pressScreen).length() >= 2.0) {
            m_sketch->curve.controls[m_sketch->dragged] = m_snapping ? snapToGrid(world, snapGridStep(m_view.scale())) : world;
            pushSketch(segmentsShapedBy(m_sketch->curve, m_sketch->dragged), m_mergeKey);
        }
        break;
    case Gesture::None: break;
    }
}

void TrackCanvas::editRelease(QMouseEvent* event) {
    if (m_gesture == Gesture::Box && m_selection) {
        const QRectF box = QRectF(m_pressScreen, event->position()).normalized();
        std::set<std::uint32_t> inside;
        const auto& nodes = m_document->track().nodes;
        for (std::uint32_t n = 0; n < nodes.size(); ++n)
            if (box.contains(m_view.toScreen(toPoint(nodes[n].position.ground())))) inside.insert(n);
        m_selection->add(inside);
    }
    m_gesture = Gesture::None;
    update();
}

void TrackCanvas::reportMeasurement() {
    const Measurement m = measure(m_measurePoints);
    if (m_measurePoints.size() < 2) return;
    QString text = tr("Measure: %1 m at %2°").arg(m.distance, 0, 'f', 2).arg(m.bearing, 0, 'f', 1);
    if (m_measurePoints.size() == 3) text += m.radius ? tr(", radius %1 m through the three points").arg(*m.radius, 0, 'f', 2) : tr(", the three points are in line");
    emit statusMessage(text);
}

std::vector<formats::Vec2> TrackCanvas::sketchControls() const {
    if (!m_sketch || !m_document || !(m_document->track() == m_sketch->after)) return {};
    return m_sketch->curve.controls;
}

void TrackCanvas::pushSketch(const std::vector<std::size_t>& relay, int mergeKey) {
    SketchLayout layout = m_sketch->layout;
    const TrackEdit edit = laySketch(m_document->track(), m_sketch->curve, m_sketchSpacing, relay, layout);
    if (!edit.track) {
        emit statusMessage(tr("Sketch refused: %1").arg(QString::fromStdString(edit.refusal)));
        m_sketch.reset();
        return;
    }
    m_sketch->layout = layout;
    formats::TrackDocument track = *edit.track;
    if (layout.route && *layout.route < track.routes.size()) snapToLevelSurface(track, track.routes[*layout.route].nodes);
    m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Sketch"), std::move(track), mergeKey));
    m_sketch->after = m_document->track();
}

bool TrackCanvas::sketchPress(QPointF at) {
    // Another change since the sketch's last step (an undo, another tool's edit) ends it.
    if (m_sketch && !(m_document->track() == m_sketch->after)) m_sketch.reset();
    const formats::Vec2 world = m_snapping ? snapToGrid(m_pressWorld, snapGridStep(m_view.scale())) : m_pressWorld;
    if (!m_sketch) {
        m_sketch = SketchSession{{{world}, false}, {}, {}, 0};
        pushSketch({});
        return true;
    }
    SketchCurve& curve = m_sketch->curve;
    for (std::size_t i = 0; i < curve.controls.size(); ++i) {
        if (QLineF(at, m_view.toScreen(toPoint(curve.controls[i]))).length() > kPickPixels + 2.0) continue;
        if (i == 0 && !curve.closed && curve.controls.size() >= 3) {
            // Clicking the first point closes the loop: the end segments change shape, and the closing one is new.
            curve.closed = true;
            std::vector<std::size_t> all(sketchSegmentCount(curve));
            std::iota(all.begin(), all.end(), std::size_t{0});
            pushSketch(all);
            emit statusMessage(tr("Sketch closed: drag a control point to reshape, or pick another tool"));
            return true;
        }
        m_sketch->dragged = i;
        m_gesture = Gesture::SketchPoint;
        m_mergeKey = nextMergeKey();
        return true;
    }
    if (curve.closed) {
        emit statusMessage(tr("Sketch: the loop is closed; drag its control points, or pick another tool to finish"));
        return true;
    }
    curve.controls.push_back(world);
    // The new point shapes the segments before it, and the old last segment loses its end node.
    std::vector<std::size_t> relay = segmentsShapedBy(curve, curve.controls.size() - 1);
    pushSketch(relay);
    return true;
}

void TrackCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    if (!m_document || m_tool != Tool::Select || event->button() != Qt::LeftButton) return QWidget::mouseDoubleClickEvent(event);
    m_gesture = Gesture::None;
    if (nodeAt(event->position())) return;
    if (const auto link = linkAt(event->position())) pushStructural(tr("Insert Node"), insertNode(m_document->track(), link->route, link->k, link->point));
}

bool TrackCanvas::editKey(QKeyEvent* event) {
    if (!m_selection) return false;
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        if (m_selection->empty()) return false;
        pushStructural(tr("Delete Nodes"), deleteNodes(m_document->track(), m_selection->nodes()));
        return true;
    case Qt::Key_Escape:
        m_branchFork.reset();
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
        if (m_selection->nodes().size() == 1 && m_tool == Tool::Select) {
            const std::uint32_t n = *m_selection->nodes().begin();
            static const QColor kHandle[] = {QColor(240, 240, 240), QColor(150, 210, 120), QColor(240, 90, 70)};
            for (bool left : {true, false}) {
                painter.setPen(QPen(QColor(255, 160, 0, 160), 1.0, Qt::DotLine));
                painter.drawLine(nodeOnScreen(n), widthHandleOnScreen(n, left, 2));
                for (int edge = 0; edge < 3; ++edge) {
                    const QPointF p = widthHandleOnScreen(n, left, edge);
                    painter.setPen(QPen(QColor(20, 20, 20), 1.0));
                    painter.setBrush(kHandle[edge]);
                    painter.drawPolygon(QPolygonF({p + QPointF(0, -5), p + QPointF(5, 0), p + QPointF(0, 5), p + QPointF(-5, 0)}));
                }
            }
        }
    }
    if (m_tool == Tool::Select) paintTransformHandles(painter);
    if (m_tool == Tool::Measure && m_measurePoints.size() >= 2) {
        const Measurement m = measure(m_measurePoints);
        QPolygonF line;
        for (const formats::Vec2& p : m_measurePoints) line << m_view.toScreen(toPoint(p));
        painter.setPen(QPen(QColor(255, 235, 120), 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(line);
        if (m.radius && *m.radius * m_view.scale() < 1e6) {
            // The circle through the three points, faint: the corner it matches.
            const formats::Vec2 a = m_measurePoints[0], b = m_measurePoints[1], c = m_measurePoints[2];
            const double d = 2.0 * formats::cross(b - a, c - a);
            const double ab = formats::dot(b - a, b - a), ac = formats::dot(c - a, c - a);
            const formats::Vec2 centre = a + formats::Vec2{((c - a).y * ab - (b - a).y * ac) / d, ((b - a).x * ac - (c - a).x * ab) / d};
            painter.setPen(QPen(QColor(255, 235, 120, 110), 1.0, Qt::DashLine));
            const double r = *m.radius * m_view.scale();
            painter.drawEllipse(m_view.toScreen(toPoint(centre)), r, r);
        }
        QString label = QStringLiteral("%1 m  %2°").arg(m.distance, 0, 'f', 1).arg(m.bearing, 0, 'f', 0);
        if (m.radius) label += QStringLiteral("  R %1 m").arg(*m.radius, 0, 'f', 1);
        painter.setPen(QColor(255, 235, 120));
        painter.drawText(line.back() + QPointF(8.0, -8.0), label);
    }
    if (const std::vector<formats::Vec2> controls = sketchControls(); m_tool == Tool::Sketch && !controls.empty()) {
        // The control polygon, dashed, and its points: what the designer drags (none once the
        // track is not the sketch's any more: the next click starts afresh).
        QPolygonF polygon;
        for (const formats::Vec2& c : controls) polygon << m_view.toScreen(toPoint(c));
        if (m_sketch->curve.closed && !polygon.isEmpty()) polygon << polygon.front();
        painter.setPen(QPen(QColor(120, 200, 255, 170), 1.0, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(polygon);
        painter.setPen(QPen(QColor(20, 20, 20), 1.0));
        for (qsizetype i = 0; i < static_cast<qsizetype>(controls.size()); ++i) {
            painter.setBrush(i == 0 ? QColor(255, 230, 90) : QColor(120, 200, 255));
            const QPointF p = polygon[i];
            painter.drawPolygon(QPolygonF({p + QPointF(0, -6), p + QPointF(6, 0), p + QPointF(0, 6), p + QPointF(-6, 0)}));
        }
    }
    if (m_branchFork && *m_branchFork < t.nodes.size()) {
        painter.setPen(QPen(QColor(255, 120, 0), 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(nodeOnScreen(*m_branchFork), 9.0, 9.0);
    }
    if (m_gesture == Gesture::Box) {
        painter.setPen(QPen(QColor(255, 200, 80), 1.0, Qt::DashLine));
        painter.setBrush(QColor(255, 200, 80, 40));
        painter.drawRect(QRectF(m_pressScreen, m_boxCorner).normalized());
    }
}

} // namespace editor
