#pragma once

#include "editor/canvas_geometry.h"
#include "editor/track_drawing.h"
#include "editor/view_transform.h"

#include <QWidget>

namespace editor {

/// Top-down 2D view of a track: per route the runoff and tarmac surfaces, wall, runoff and tarmac
/// edges, the centre line and node handles; lines (racing …) and markers on top. Drag (left or
/// middle button) pans, the wheel zooms about the cursor, F fits, + and - zoom about the centre.
///
/// The geometry is prepared once per document (see CanvasGeometry); a paint draws only the spans
/// inside the view, at the coarsest level of detail that is still exact to a fraction of a pixel.
class TrackCanvas : public QWidget {
    Q_OBJECT

public:
    explicit TrackCanvas(QWidget* parent = nullptr);

    /// Replaces what is shown and fits the view to it; the geometry is rebuilt here, not on paint.
    void setDocument(const formats::TrackDocument& document);
    const TrackDrawing& drawing() const { return m_drawing; }
    const CanvasGeometry& geometry() const { return m_geometry; }

    const ViewTransform& view() const { return m_view; }
    /// The part of the world the widget shows, metres (y up: top() is the smallest y).
    QRectF visibleWorldRect() const;

    /// What the last paint drew: the level of detail and how much geometry it submitted.
    struct PaintStats {
        std::size_t level = 0;
        qsizetype points = 0;  ///< polyline and surface points handed to QPainter
        qsizetype spans = 0;   ///< surface spans filled
        qsizetype handles = 0; ///< node handles drawn
    };
    const PaintStats& lastPaintStats() const { return m_stats; }

    /// Node handles are drawn only when neighbouring nodes are at least this many pixels apart.
    static constexpr double kMinHandleSpacingPixels = 9.0;
    /// Edge and centre lines are drawn only when the tarmac is at least this many pixels wide.
    static constexpr double kMinEdgeDetailPixels = 14.0;
    /// Narrower than this, the tarmac is drawn as a band of this many pixels so the track stays
    /// readable when a long circuit is fitted into the window.
    static constexpr double kMinTrackPixels = 4.0;

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
    void paintRoutes(QPainter& painter, const QRectF& visible);
    void paintLines(QPainter& painter, const QRectF& visible);
    void paintMarkers(QPainter& painter);
    void paintNodeHandles(QPainter& painter);
    void paintScaleBar(QPainter& painter) const;
    /// Draws the parts of `points` whose spans meet `visible`, as few polylines as possible.
    void strokeVisible(QPainter& painter, const QPolygonF& points, const std::vector<ChunkSpan>& spans, const QRectF& visible);

    TrackDrawing m_drawing;
    CanvasGeometry m_geometry;
    ViewTransform m_view;
    PaintStats m_stats;
    bool m_fitPending = true;  ///< fit once the widget has its real size, until the user moves the view
    bool m_panning = false;
    QPointF m_lastMouse;
};

} // namespace editor
