#pragma once

#include "editor/tools/canvas_tool.h"

#include <cstdint>
#include <optional>

namespace editor {

/// Branch: click the node a branch (a pit lane, an alternative) forks from, then the node it joins;
/// the branch is laid between them as one undo step. Escape forgets the fork.
class BranchTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("branch"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_B; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
    bool key(QKeyEvent* event) override;
    void paint(QPainter& painter) const override;
    void reset() override { m_fork.reset(); }

private:
    std::optional<std::uint32_t> m_fork;
};

} // namespace editor
