#pragma once

#include "formats/source/track_document.h"

#include <QPointF>
#include <QTransform>

namespace editor {

/// Image pixels (x right, y down) to world metres (x east, y north) for a backdrop: pixel (0, 0) at
/// `origin`, the image's x axis along `rotation`, `metresPerPixel` per pixel, the image's y axis
/// 90° clockwise from its x axis (down on screen when rotation is 0).
QTransform backdropToWorld(const formats::Backdrop& backdrop);

/// The backdrop placed so that image pixel `pixelA` lies at world `worldA` and `pixelB` at
/// `worldB`: scale, rotation and offset from two points (a similarity, so the image is never
/// sheared). Image and opacity stay as in `backdrop`. Nothing when the points coincide.
std::optional<formats::Backdrop> calibrateBackdrop(const formats::Backdrop& backdrop, QPointF pixelA, QPointF worldA, QPointF pixelB, QPointF worldB);

} // namespace editor
