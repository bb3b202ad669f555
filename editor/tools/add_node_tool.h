#pragma once

#include "editor/tools/canvas_tool.h"

namespace editor {

/// Add Node: a click on a link inserts a node there; elsewhere it continues the nearest free end
/// of an open route, or on a track with none starts a new route. With snapping the new link keeps
/// 15° steps and grid lengths.
class AddNodeTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("add-node"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_A; }
    QString description() const override;
    QString hint() const override;
    bool press(QMouseEvent* event) override;
};

} // namespace editor
