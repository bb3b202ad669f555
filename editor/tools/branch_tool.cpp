#include "editor/tools/branch_tool.h"

#include "editor/canvas/track_canvas.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

namespace editor {

QString BranchTool::text() const { return TrackCanvas::tr("&Branch"); }

QString BranchTool::description() const {
    return TrackCanvas::tr("from a selected node, click out a branch such as a pit lane; click a node of a route to join it");
}

QString BranchTool::hint() const { return TrackCanvas::tr("Branch: click the node the branch forks from, then the node it joins"); }

bool BranchTool::press(QMouseEvent* event) {
    const auto node = m_canvas.nodeAt(event->position());
    if (!node) {
        emit m_canvas.statusMessage(TrackCanvas::tr("Branch: click on a node"));
        return true;
    }
    if (!m_fork) {
        m_fork = node;
        emit m_canvas.statusMessage(TrackCanvas::tr("Branch forks from node %1: now click the node it joins").arg(*node));
        m_canvas.update();
        return true;
    }
    const std::uint32_t fork = *m_fork;
    m_fork.reset();
    m_canvas.pushStructural(TrackCanvas::tr("Make Branch"), makeBranch(m_canvas.editorDocument()->track(), fork, *node));
    return true;
}

bool BranchTool::key(QKeyEvent* event) {
    // Escape also clears the selection: the canvas sees the key too.
    if (event->key() == Qt::Key_Escape && m_fork) {
        m_fork.reset();
        m_canvas.update();
    }
    return false;
}

void BranchTool::paint(QPainter& painter) const {
    if (!m_fork || *m_fork >= m_canvas.editorDocument()->track().nodes.size()) return;
    painter.setPen(QPen(QColor(255, 120, 0), 2.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(m_canvas.nodeOnScreen(*m_fork), 9.0, 9.0);
}

} // namespace editor
