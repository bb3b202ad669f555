#pragma once

#include "editor/track_drawing.h"
#include "editor/view_transform.h"

#include <QWidget>

namespace editor {

/// Top-down 2D view of a track: tarmac, runoff and walls per side, centre line, node handles,
/// lines and markers. Drag (left or middle button) pans, the wheel zooms about the cursor,
/// F fits, + and - zoom about the centre.
class TrackCanvas : public QWidget {
    Q_OBJECT

public:
    explicit TrackCanvas(QWidget* parent = nullptr);

    /// Replaces what is shown; the drawing is rebuilt here, not on every paint.
    void setDocument(const formats::TrackDocument& document);
    const TrackDrawing& drawing() const { return m_drawing; }

    const ViewTransform& view() const { return m_view; }

    /// Node handles are drawn only when neighbouring nodes are at least this many pixels apart.
    static constexpr double kMinHandleSpacingPixels = 9.0;
    /// Edge and centre lines are drawn only when the tarmac is at least this many pixels wide.
    static constexpr double kMinEdgeDetailPixels = 14.0;

public slots:
    void fitToTrack();
    void zoomIn();
    void zoomOut();

signals:
    /// World position under the mouse, metres.
    void cursorMoved(QPointF world);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void paintRoutes(QPainter& painter) const;
    void paintLines(QPainter& painter) const;
    void paintMarkers(QPainter& painter) const;
    void paintNodeHandles(QPainter& painter) const;
    void paintScaleBar(QPainter& painter) const;

    TrackDrawing m_drawing;
    ViewTransform m_view;
    double m_typicalNodeSpacing = 0.0;  ///< metres, median link length, for the handle threshold
    double m_typicalTrackWidth = 0.0;   ///< metres, tarmac width at the first node, for the detail threshold
    bool m_fitPending = true;           ///< fit once the widget has its real size
    bool m_panning = false;
    QPointF m_lastMouse;
};

} // namespace editor
