#pragma once

#include "editor/tools/canvas_tool.h"

#include "formats/source/track_document.h"

#include <QPointF>
#include <QRectF>

#include <array>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace editor {

/// Select: click, shift-click and box-select nodes; drag them (with the canvas's soft falloff,
/// their neighbours along the track follow); drag the six width handles of a single selected
/// node; double-click a link to insert a node. A selection of two or more nodes gets transform
/// handles (select_tool_transform.cpp): corners scale it about its centre, the knob above the box
/// rotates it, the centre moves it. One drag is one undo step.
class SelectTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;

    QString id() const override { return QStringLiteral("select"); }
    QString text() const override;
    QKeySequence shortcut() const override { return Qt::Key_S; }
    QString description() const override;
    QString hint() const override;

    bool press(QMouseEvent* event) override;
    void move(QMouseEvent* event) override;
    void release(QMouseEvent* event) override;
    void doubleClick(QMouseEvent* event) override;
    void paint(QPainter& painter) const override;
    bool dragging() const override { return m_gesture != Gesture::None; }
    void reset() override { m_gesture = Gesture::None; }

    /// The handles around a selection of two or more nodes, screen pixels.
    struct TransformHandles {
        QRectF box;
        QPointF centre, rotate;
        std::array<QPointF, 4> corners;
    };
    std::optional<TransformHandles> transformHandles() const;

private:
    enum class Gesture { None, Move, Box, Width, Rotate, Scale, Translate };
    /// The nodes a drag moves (`nodes`, and with a soft falloff their neighbours) as they start.
    void startSoftDrag(const formats::TrackDocument& t, const std::set<std::uint32_t>& nodes);
    bool widthHandlePress(QPointF at);
    void dragNodes(QPointF screen, formats::Vec2 world);
    void dragWidth(formats::Vec2 world);
    bool transformPress(QPointF at);
    void transformMove(formats::Vec2 world);
    void paintWidthHandles(QPainter& painter) const;
    void paintTransformHandles(QPainter& painter) const;

    Gesture m_gesture = Gesture::None;
    QPointF m_pressScreen, m_boxCorner;
    formats::Vec2 m_pressWorld;
    int m_mergeKey = 0;
    std::uint32_t m_dragAnchor = 0;  ///< the node the Move drag grabbed: the one that lands on the grid
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> m_dragStart;
    std::vector<double> m_dragWeights;  ///< per m_dragStart entry: 1 grabbed, less with the falloff
    struct WidthGrip {
        std::uint32_t node = 0;
        bool left = true;
        int edge = 0;  ///< 0 tarmac, 1 runoff, 2 wall
    } m_grip;
    /// A transform handle's drag: the track and pivot at the press; each move transforms from them.
    formats::TrackDocument m_transformStart;
    formats::Vec2 m_pivot;
};

} // namespace editor
