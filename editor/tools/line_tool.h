#pragma once

#include "editor/tools/canvas_tool.h"

#include <cstddef>
#include <vector>

namespace editor {

/// Line: press on a line (racing, defending …) and drag it sideways; the grabbed point moves
/// whole and its neighbours follow by a cosine falloff. One drag is one undo step.
class LineTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("line"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_L; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
    void move(QMouseEvent* event) override;
    void release(QMouseEvent* event) override { (void)event, m_dragging = false; }
    bool dragging() const override { return m_dragging; }
    void reset() override { m_dragging = false; }

    /// A drag reaches this many nodes either side of the grabbed one, fading out.
    static constexpr int kFalloffNodes = 8;

private:
    bool m_dragging = false;
    std::size_t m_line = 0, m_position = 0;
    std::vector<double> m_start;
    int m_mergeKey = 0;
};

} // namespace editor
