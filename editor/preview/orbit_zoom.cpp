#include "editor/preview/orbit_zoom.h"

#include <algorithm>
#include <cmath>

namespace editor::preview {

QVector3D orbitCameraPosition(const OrbitPose& pose) { return pose.origin + pose.rotation.rotatedVector(QVector3D(0.0f, 0.0f, pose.distance)); }

QVector3D orbitCursorRay(const OrbitPose& pose, QPointF cursor, QSizeF viewSize, float fovDegrees) {
    const float tanV = std::tan(fovDegrees * 3.14159265358979f / 360.0f);
    const float height = std::max(1.0f, static_cast<float>(viewSize.height())), width = std::max(1.0f, static_cast<float>(viewSize.width()));
    // The camera looks down its local -z with y up; the view's y runs down.
    const float x = 2.0f * static_cast<float>(cursor.x()) / width - 1.0f, y = 1.0f - 2.0f * static_cast<float>(cursor.y()) / height;
    return pose.rotation.rotatedVector(QVector3D(x * tanV * width / height, y * tanV, -1.0f)).normalized();
}

QVector3D orbitZoomTarget(const OrbitPose& pose, QPointF cursor, QSizeF viewSize, float fovDegrees) {
    const QVector3D camera = orbitCameraPosition(pose), ray = orbitCursorRay(pose, cursor, viewSize, fovDegrees);
    const QVector3D forward = pose.rotation.rotatedVector(QVector3D(0.0f, 0.0f, -1.0f));
    const float ground = std::abs(ray.y()) > 1e-6f ? (pose.origin.y() - camera.y()) / ray.y() : -1.0f;
    // Along the ray as far as the pivot is deep in the view: where the sky ray aims.
    const float pivotDepth = pose.distance / std::max(QVector3D::dotProduct(ray, forward), 1e-3f);
    const float along = std::min(ground > 0.0f ? ground : pivotDepth, kOrbitZoomReach * pose.distance);
    return camera + along * ray;
}

OrbitPose zoomOrbitToward(const OrbitPose& pose, QVector3D target, float factor) {
    // Scaling the whole rig by `factor` about the target: the camera's ray to the target keeps its
    // direction, so the target stays on the same pixel.
    return {target + factor * (pose.origin - target), pose.rotation, factor * pose.distance};
}

float orbitWheelZoomFactor(float notches) { return std::pow(0.88f, notches); }

} // namespace editor::preview
