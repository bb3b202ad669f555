#pragma once

#include "editor/tools/canvas_tool.h"

#include "bake/drape/trace_road.h"

#include <QPointF>

#include <optional>

namespace editor {

/// Trace: click on the level mesh's road and the tool proposes the road's centre line along it,
/// both ways to the next junction, its end, or round a loop (bake::traceRoad), drawn over the
/// track with its edges; click the proposal or press Enter to lay it as a new route (nodes at the
/// sketch spacing, tarmac to the road's edges, on the surface) in one undo step, Escape to drop
/// it. The road is the track's road materials when the drape has named them, else the material
/// clicked.
class TraceTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("trace"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_T; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
    bool key(QKeyEvent* event) override;
    void paint(QPainter& painter) const override;
    void reset() override { m_proposal.reset(); }

    /// The road proposed by the last click, until laid or dropped.
    const std::optional<bake::RoadTrace>& proposal() const { return m_proposal; }
    /// Lays the proposal as a route (one undo step); false when there is none.
    bool accept();

private:
    bool onProposal(QPointF screen) const;
    std::optional<bake::RoadTrace> m_proposal;
};

} // namespace editor
