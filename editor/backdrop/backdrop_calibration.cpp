#include "editor/backdrop/backdrop_calibration.h"

#include <cmath>

namespace editor {

QTransform backdropToWorld(const formats::Backdrop& b) {
    const double c = std::cos(b.rotation) * b.metresPerPixel, s = std::sin(b.rotation) * b.metresPerPixel;
    // world = origin + px · (c, s) + py · (s, −c)
    return QTransform(c, s, s, -c, b.origin.x, b.origin.y);
}

std::optional<formats::Backdrop> calibrateBackdrop(const formats::Backdrop& backdrop, QPointF pixelA, QPointF worldA, QPointF pixelB, QPointF worldB) {
    // In the image with y flipped up, the map to the world is a rotation and a scale plus a shift.
    const QPointF image = QPointF(pixelB.x() - pixelA.x(), -(pixelB.y() - pixelA.y()));
    const QPointF world = worldB - worldA;
    const double imageLength = std::hypot(image.x(), image.y()), worldLength = std::hypot(world.x(), world.y());
    if (imageLength <= 0.0 || worldLength <= 0.0) return std::nullopt;
    formats::Backdrop b = backdrop;
    b.metresPerPixel = worldLength / imageLength;
    b.rotation = std::atan2(world.y(), world.x()) - std::atan2(image.y(), image.x());
    b.rotation = std::remainder(b.rotation, 2.0 * M_PI);
    b.origin = {0.0, 0.0};
    const QPointF a = backdropToWorld(b).map(pixelA);
    b.origin = {worldA.x() - a.x(), worldA.y() - a.y()};
    return b;
}

} // namespace editor
