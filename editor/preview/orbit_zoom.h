#pragma once

#include <QPointF>
#include <QQuaternion>
#include <QSizeF>
#include <QVector3D>

namespace editor::preview {

/// The orbit camera as the scene holds it (preview.qml): a pivot node at `origin` turned by
/// `rotation` (scene frame, y up), and the camera `distance` metres along the node's +z, looking
/// back at the pivot.
struct OrbitPose {
    QVector3D origin;
    QQuaternion rotation;
    float distance = 0.0f;
};

/// Where the orbit camera sits (scene frame).
QVector3D orbitCameraPosition(const OrbitPose& pose);

/// The unit direction (scene frame) of the ray from the orbit camera through `cursor`, a point in
/// a view of `viewSize` pixels (x right, y down) whose vertical field of view is `fovDegrees`.
QVector3D orbitCursorRay(const OrbitPose& pose, QPointF cursor, QSizeF viewSize, float fovDegrees);

/// How far along the cursor's ray, in orbit distances, the zoom target may lie.
constexpr float kOrbitZoomReach = 10.0f;

/// The point under `cursor` that the wheel zooms toward: where the cursor's ray meets the ground,
/// taken as the horizontal plane through the pivot (the track's mid-height as framed). A ray that
/// meets it behind the camera or not at all (the sky) takes the point at the pivot's depth, and
/// none lies further than kOrbitZoomReach distances along the ray, so a ray grazing the horizon
/// cannot fling the pivot kilometres away.
QVector3D orbitZoomTarget(const OrbitPose& pose, QPointF cursor, QSizeF viewSize, float fovDegrees);

/// The pose after zooming by `factor` (the new distance over the old: under 1 zooms in) toward
/// `target`: the camera moves along its line to the target and the pivot moves with it, so the
/// target stays where it is on screen, the view keeps its turn and the camera still looks at the
/// pivot. At the view's centre the target is the pivot itself, and only the distance changes.
OrbitPose zoomOrbitToward(const OrbitPose& pose, QVector3D target, float factor);

/// The zoom factor of `notches` wheel notches (120 eighths of a degree each; positive zooms in):
/// 0.88 a notch in, as OrbitCameraController zooms, and its inverse a notch out, so a notch in
/// and a notch out over the same point bring the view back where it was.
float orbitWheelZoomFactor(float notches);

} // namespace editor::preview
