#include "editor/canvas/view_transform.h"

#include <algorithm>

namespace editor {

void ViewTransform::zoomAbout(QPointF screenAnchor, double factor) {
    const QPointF world = toWorld(screenAnchor);
    m_scale = std::clamp(m_scale * factor, kMinScale, kMaxScale);
    // Re-anchor: the world point that was under the cursor stays under it.
    m_origin = {screenAnchor.x() - m_scale * world.x(), screenAnchor.y() + m_scale * world.y()};
}

void ViewTransform::fit(const QRectF& worldBounds, QSizeF viewport, double marginPixels) {
    const double usableWidth = std::max(viewport.width() - 2.0 * marginPixels, 1.0);
    const double usableHeight = std::max(viewport.height() - 2.0 * marginPixels, 1.0);
    const double width = std::max(worldBounds.width(), 1.0);
    const double height = std::max(worldBounds.height(), 1.0);
    m_scale = std::clamp(std::min(usableWidth / width, usableHeight / height), kMinScale, kMaxScale);
    const QPointF centre = worldBounds.center();
    m_origin = {viewport.width() / 2.0 - m_scale * centre.x(), viewport.height() / 2.0 + m_scale * centre.y()};
}

} // namespace editor
