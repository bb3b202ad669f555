#pragma once

#include "editor/tools/canvas_tool.h"

#include "formats/source/track_document.h"

#include <QPointF>

#include <vector>

namespace editor {

/// Measure: a drag measures a distance and bearing; a click after it adds a third point for the
/// radius of the circle through all three (a corner's radius); the next click starts over. Edits
/// nothing; the figures go to the status bar and beside the points.
class MeasureTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("measure"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_M; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
    void move(QMouseEvent* event) override;
    void release(QMouseEvent* event) override { (void)event, m_dragging = false; }
    void paint(QPainter& painter) const override;
    bool dragging() const override { return m_dragging; }
    void reset() override { m_points.clear(), m_dragging = false; }

    /// The points so far (world metres): two for a distance and bearing, three for a radius.
    const std::vector<formats::Vec2>& points() const { return m_points; }

private:
    void report() const;
    std::vector<formats::Vec2> m_points;
    bool m_dragging = false;
};

} // namespace editor
