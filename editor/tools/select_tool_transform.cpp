// Select's transform handles: a selection of two or more nodes gets a box with corner handles
// that scale it about its centre, a knob above that rotates it, and a centre handle that moves it,
// as drawing programs and Unity's rect tool do. One drag is one undo step.
#include "editor/tools/select_tool.h"

#include "editor/canvas/track_canvas.h"

#include "editor/canvas/node_selection.h"
#include "editor/canvas/snapping.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/selection_transform.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace editor {
namespace {

constexpr double kBoxPadding = 14.0;    ///< px between the outermost nodes and the box
constexpr double kRotateKnob = 26.0;    ///< px from the box's top edge to the rotate knob
constexpr double kScaleSnap = 0.05;     ///< with snapping on, scales go in 5 % steps

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }

} // namespace

std::optional<SelectTool::TransformHandles> SelectTool::transformHandles() const {
    const EditorDocument* document = m_canvas.editorDocument();
    const NodeSelection* selection = m_canvas.selection();
    if (!document || !selection || selection->nodes().size() < 2) return std::nullopt;
    const auto& nodes = document->track().nodes;
    // By hand, not QRectF::united: that skips the empty rectangle a single point makes.
    double left = std::numeric_limits<double>::infinity(), top = left, right = -left, bottom = -left;
    for (std::uint32_t n : selection->nodes()) {
        if (n >= nodes.size()) continue;
        const QPointF p = m_canvas.view().toScreen(toPoint(nodes[n].position.ground()));
        left = std::min(left, p.x()), right = std::max(right, p.x());
        top = std::min(top, p.y()), bottom = std::max(bottom, p.y());
    }
    if (left > right) return std::nullopt;
    const QRectF box = QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(-kBoxPadding, -kBoxPadding, kBoxPadding, kBoxPadding);
    TransformHandles h;
    h.box = box;
    h.centre = m_canvas.view().toScreen(toPoint(selectionCentre(document->track(), selection->nodes())));
    h.rotate = QPointF(box.center().x(), box.top() - kRotateKnob);
    h.corners = {box.topLeft(), box.topRight(), box.bottomRight(), box.bottomLeft()};
    return h;
}

bool SelectTool::transformPress(QPointF at) {
    const auto handles = transformHandles();
    if (!handles) return false;
    auto near = [&](QPointF p) { return QLineF(at, p).length() <= TrackCanvas::kPickPixels + 1.0; };
    Gesture gesture = Gesture::None;
    if (near(handles->rotate)) gesture = Gesture::Rotate;
    for (const QPointF& corner : handles->corners)
        if (near(corner)) gesture = Gesture::Scale;
    // The centre handle yields to a node under it: dragging that node moves the selection too.
    if (gesture == Gesture::None && near(handles->centre) && !m_canvas.nodeAt(at)) gesture = Gesture::Translate;
    if (gesture == Gesture::None) return false;
    m_gesture = gesture;
    m_transformStart = m_canvas.editorDocument()->track();
    m_pivot = selectionCentre(m_transformStart, m_canvas.selection()->nodes());
    m_mergeKey = nextMergeKey();
    return true;
}

void SelectTool::transformMove(formats::Vec2 world) {
    const NodeSelection* selection = m_canvas.selection();
    if (!selection) return;
    EditorDocument* document = m_canvas.editorDocument();
    const bool snapping = m_canvas.snapping();
    SelectionTransform transform;
    transform.pivot = m_pivot;
    QString text;
    const formats::Vec2 from = m_pressWorld - m_pivot, to = world - m_pivot;
    if (m_gesture == Gesture::Rotate) {
        transform.angle = std::atan2(to.y, to.x) - std::atan2(from.y, from.x);
        transform.angle = std::remainder(transform.angle, 2.0 * std::numbers::pi);
        if (snapping) transform.angle = std::round(transform.angle / kSnapAngle) * kSnapAngle;
        text = TrackCanvas::tr("Rotate Selection");
        emit m_canvas.statusMessage(TrackCanvas::tr("Rotate %1°").arg(transform.angle * 180.0 / std::numbers::pi, 0, 'f', 1));
    } else if (m_gesture == Gesture::Scale) {
        const double pressed = formats::length(from);
        transform.scale = pressed > 0.0 ? std::max(0.01, formats::length(to) / pressed) : 1.0;
        if (snapping) transform.scale = std::max(kScaleSnap, std::round(transform.scale / kScaleSnap) * kScaleSnap);
        text = TrackCanvas::tr("Scale Selection");
        emit m_canvas.statusMessage(TrackCanvas::tr("Scale %1 %%2").arg(transform.scale * 100.0, 0, 'f', 1).arg(m_canvas.scaleWidths() ? TrackCanvas::tr(", widths too") : QString()));
    } else {
        transform.translation = world - m_pressWorld;
        if (snapping) transform.translation = snapToGrid(m_pivot + transform.translation, snapGridStep(m_canvas.view().scale())) - m_pivot;
        text = TrackCanvas::tr("Move Selection");
    }
    const bool scaleWidths = m_canvas.scaleWidths() && m_gesture == Gesture::Scale;
    const TrackEdit edit = transformSelection(m_transformStart, selection->nodes(), transform, scaleWidths);
    if (!edit.track) return;
    if (scaleWidths && edit.track->lines != document->track().lines) {
        // Line offsets scale too: the whole track is the step.
        document->undoStack()->push(new ReplaceTrackCommand(document, text, *edit.track, m_mergeKey));
        return;
    }
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
    for (std::uint32_t n : selection->nodes()) after.emplace_back(n, edit.track->nodes[n]);
    document->undoStack()->push(new ChangeNodesCommand(document, text, std::move(after), m_mergeKey));
}

void SelectTool::paintTransformHandles(QPainter& painter) const {
    const auto handles = transformHandles();
    if (!handles || m_gesture == Gesture::Box) return;
    const QColor accent(255, 160, 0);
    painter.setPen(QPen(QColor(255, 160, 0, 170), 1.0, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(handles->box);
    painter.drawLine(QPointF(handles->box.center().x(), handles->box.top()), handles->rotate);
    painter.setPen(QPen(QColor(20, 20, 20), 1.0));
    painter.setBrush(accent);
    for (const QPointF& corner : handles->corners) painter.drawRect(QRectF(corner - QPointF(4.5, 4.5), QSizeF(9.0, 9.0)));
    painter.drawEllipse(handles->rotate, 5.5, 5.5);
    painter.setPen(QPen(accent, 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(handles->centre, 6.0, 6.0);
    painter.drawLine(handles->centre - QPointF(9.0, 0.0), handles->centre + QPointF(9.0, 0.0));
    painter.drawLine(handles->centre - QPointF(0.0, 9.0), handles->centre + QPointF(0.0, 9.0));
}

} // namespace editor
