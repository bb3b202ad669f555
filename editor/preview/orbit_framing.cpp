#include "editor/preview/orbit_framing.h"

#include <QQuaternion>

#include <algorithm>
#include <cmath>

namespace editor::preview {
namespace {

constexpr float kDegrees = 3.14159265358979f / 180.0f;

/// The nearest distance at which every corner of the box fits `fill` of the view.
float fitDistance(QVector3D size, float aspect, float fovDegrees, float pitchDegrees, float yawDegrees, float fill) {
    const float tanV = std::tan(fovDegrees * kDegrees / 2.0f) * fill, tanH = tanV * aspect;
    const OrbitFraming atOrigin{0.0f, pitchDegrees, yawDegrees};
    float distance = 0.0f;
    for (int corner = 0; corner < 8; ++corner) {
        const QVector3D p((corner & 1 ? 0.5f : -0.5f) * size.x(), (corner & 2 ? 0.5f : -0.5f) * size.y(), (corner & 4 ? 0.5f : -0.5f) * size.z());
        // Seen from the origin itself the depth is z; every metre further back adds one to it.
        const QVector3D seen = orbitCameraSpace(atOrigin, p);
        distance = std::max({distance, std::abs(seen.x()) / tanH - seen.z(), std::abs(seen.y()) / tanV - seen.z()});
    }
    return distance;
}

} // namespace

QVector3D orbitCameraSpace(const OrbitFraming& framing, QVector3D pointFromOrigin) {
    // The scene's camera: origin node turned by (−pitch, yaw, 0) as Qt Quick 3D composes Euler
    // angles (QQuaternion::fromEulerAngles), the camera `distance` along the node's +z looking down −z.
    const QQuaternion turn = QQuaternion::fromEulerAngles(-framing.pitchDegrees, framing.yawDegrees, 0.0f);
    const QVector3D local = turn.conjugated().rotatedVector(pointFromOrigin);
    return {local.x(), local.y(), framing.distance - local.z()};
}

float orbitPitchFor(QVector3D size) {
    const float relief = size.y() / std::max({1.0f, size.x(), size.z()});
    const float hilly = std::clamp((relief - 0.02f) / 0.08f, 0.0f, 1.0f);
    return kOrbitPitchDegrees + (kOrbitHillPitchDegrees - kOrbitPitchDegrees) * hilly;
}

OrbitFraming frameOrbit(QVector3D size, float aspect, float fovDegrees, float pitchDegrees, float fill) {
    aspect = std::max(aspect, 0.05f);
    // North up, always, as the canvas beside it shows the track: turning a tall track 90° for a
    // larger picture lost designers their bearings (issue 49).
    OrbitFraming framed{fitDistance(size, aspect, fovDegrees, pitchDegrees, 0.0f, fill), pitchDegrees, 0.0f};
    framed.distance = std::max(framed.distance, 1.0f);
    return framed;
}

ClipPlanes orbitClipPlanes(QVector3D camera, QVector3D low, QVector3D high) {
    float farthest = 0.0f;
    for (int corner = 0; corner < 8; ++corner) {
        const QVector3D p(corner & 1 ? high.x() : low.x(), corner & 2 ? high.y() : low.y(), corner & 4 ? high.z() : low.z());
        farthest = std::max(farthest, (p - camera).length());
    }
    const QVector3D inside(std::clamp(camera.x(), low.x(), high.x()), std::clamp(camera.y(), low.y(), high.y()), std::clamp(camera.z(), low.z(), high.z()));
    const float nearest = (camera - inside).length();
    ClipPlanes planes;
    // Two fifths of the way to the box: nothing is drawn nearer than that. Inside the box (a camera
    // brought down among the walls) only the floor holds, and far parts of the view lose precision.
    planes.clipNear = std::max({0.05f, 0.4f * nearest, 1e-4f * farthest});
    // Beyond the farthest corner with margin; and far enough that the ground reaches the top of
    // the view when the camera is tilted towards the horizon (it costs no depth precision).
    planes.clipFar = std::max(1.1f * farthest + 10.0f, 4.0f * (camera - (low + high) / 2.0f).length());
    return planes;
}

} // namespace editor::preview
