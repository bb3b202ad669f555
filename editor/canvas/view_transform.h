#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QTransform>

namespace editor {

/// Maps the world (metres, x east, y north) to the screen (pixels, y down) for the top-down
/// canvas: a uniform scale plus the screen position of the world origin. Pure value type.
class ViewTransform {
public:
    /// Pixels per metre; kept within [kMinScale, kMaxScale].
    double scale() const { return m_scale; }
    /// Screen position of the world origin, pixels.
    QPointF origin() const { return m_origin; }

    QPointF toScreen(QPointF world) const { return {m_origin.x() + m_scale * world.x(), m_origin.y() - m_scale * world.y()}; }
    QPointF toWorld(QPointF screen) const { return {(screen.x() - m_origin.x()) / m_scale, (m_origin.y() - screen.y()) / m_scale}; }
    /// The same mapping as a QTransform, for painting world geometry directly.
    QTransform toQTransform() const { return QTransform(m_scale, 0.0, 0.0, -m_scale, m_origin.x(), m_origin.y()); }

    /// Moves the view by a screen displacement (a drag).
    void pan(QPointF screenDelta) { m_origin += screenDelta; }
    /// Multiplies the scale by `factor`, keeping the world point under `screenAnchor` in place.
    void zoomAbout(QPointF screenAnchor, double factor);
    /// Shows all of `worldBounds` centred in a viewport of `viewport` pixels, leaving `marginPixels`.
    void fit(const QRectF& worldBounds, QSizeF viewport, double marginPixels = 24.0);

    static constexpr double kMinScale = 1e-4;
    static constexpr double kMaxScale = 1e3;

private:
    double m_scale = 1.0;
    QPointF m_origin;
};

} // namespace editor
