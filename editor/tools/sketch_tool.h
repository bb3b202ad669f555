#pragma once

#include "editor/tools/canvas_tool.h"

#include "editor/document/sketch_edits.h"

#include <QPointF>

#include <optional>
#include <vector>

namespace editor {

/// Sketch: click control points and the road follows a smooth curve through them, nodes laid at
/// the canvas's spacing (closer in bends, sketch_curve.h); drag a point to reshape, click the
/// first to close. Each step is one undo step; a drag's moves merge into one. The session ends
/// with any other change to the track (an undo, another tool's edit): the nodes stay, the control
/// points go.
class SketchTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("sketch"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_K; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
    void move(QMouseEvent* event) override;
    void release(QMouseEvent* event) override { (void)event, m_dragging = false; }
    void paint(QPainter& painter) const override;
    bool dragging() const override { return m_dragging; }
    void reset() override { m_session.reset(), m_dragging = false; }

    /// The current sketch's control points (empty when no sketch is under way).
    std::vector<formats::Vec2> controls() const;

private:
    struct Session {
        SketchCurve curve;
        SketchLayout layout;
        formats::TrackDocument after;  ///< the track as the session left it
        std::size_t dragged = 0;
    };
    /// Lays the session's curve again (the segments in `relay`) as one undoable step, merged with
    /// the others of the same non-zero `mergeKey` (one drag's moves).
    void lay(const std::vector<std::size_t>& relay, int mergeKey = 0);

    std::optional<Session> m_session;
    bool m_dragging = false;
    QPointF m_pressScreen;
    int m_mergeKey = 0;
};

} // namespace editor
