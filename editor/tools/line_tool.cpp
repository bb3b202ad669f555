#include "editor/tools/line_tool.h"

#include "editor/canvas/track_canvas.h"
#include "editor/commands/change_line_offsets_command.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"

#include <QMouseEvent>

#include <cmath>

namespace editor {

QString LineTool::text() const { return TrackCanvas::tr("&Line"); }

QString LineTool::description() const { return TrackCanvas::tr("drag a line's points sideways to shape the racing line"); }

QString LineTool::hint() const { return TrackCanvas::tr("Line: drag a line sideways; its neighbours follow"); }

bool LineTool::press(QMouseEvent* event) {
    const formats::TrackDocument& t = m_canvas.editorDocument()->track();
    double best = 2.0 * TrackCanvas::kPickPixels;
    bool found = false;
    for (std::size_t l = 0; l < t.lines.size(); ++l) {
        const formats::Line& line = t.lines[l];
        if (line.route >= t.routes.size()) continue;
        const auto& nodes = t.routes[line.route].nodes;
        for (std::size_t k = 0; k < nodes.size() && k < line.offsets.size(); ++k) {
            const formats::Vec2 p = t.nodes[nodes[k]].position.ground() + m_canvas.perpendicular(nodes[k]) * line.offsets[k];
            const double d = QLineF(event->position(), m_canvas.view().toScreen(QPointF(p.x, p.y))).length();
            if (d < best) best = d, found = true, m_line = l, m_position = k;
        }
    }
    if (!found) {
        emit m_canvas.statusMessage(TrackCanvas::tr("Line: press on a line (racing, defending …) and drag it sideways"));
        return true;
    }
    m_dragging = true;
    m_start = t.lines[m_line].offsets;
    m_mergeKey = nextMergeKey();
    return true;
}

void LineTool::move(QMouseEvent* event) {
    if (!m_dragging) return;
    EditorDocument* document = m_canvas.editorDocument();
    const formats::TrackDocument& t = document->track();
    if (m_line >= t.lines.size() || t.lines[m_line].route >= t.routes.size()) return;
    const formats::Line& line = t.lines[m_line];
    const auto& nodes = t.routes[line.route].nodes;
    if (m_position >= nodes.size() || m_start.size() != line.offsets.size()) return;
    const QPointF w = m_canvas.view().toWorld(event->position());
    const std::uint32_t centre = nodes[m_position];
    const double lateral = formats::dot(formats::Vec2{w.x(), w.y()} - t.nodes[centre].position.ground(), m_canvas.perpendicular(centre));
    const double shift = lateral - m_start[m_position];
    std::vector<double> offsets = m_start;
    const auto n = static_cast<std::ptrdiff_t>(offsets.size());
    for (int k = -kFalloffNodes; k <= kFalloffNodes; ++k) {
        std::ptrdiff_t i = static_cast<std::ptrdiff_t>(m_position) + k;
        if (t.routes[line.route].closed) i = (i % n + n) % n;
        else if (i < 0 || i >= n) continue;
        offsets[static_cast<std::size_t>(i)] += shift * 0.5 * (1.0 + std::cos(M_PI * k / (kFalloffNodes + 1)));
    }
    document->undoStack()->push(new ChangeLineOffsetsCommand(document, TrackCanvas::tr("Move Line"), m_line, std::move(offsets), m_mergeKey));
}

} // namespace editor
