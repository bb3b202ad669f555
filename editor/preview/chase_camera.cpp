#include "editor/preview/chase_camera.h"

#include "editor/preview/scene_frame.h"
#include "editor/preview/surface_height.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace editor::preview {

ChaseView ChaseCamera::follow(const trackwright::BakedTrack& track, const ChaseTarget& car, double dt) {
    if (!m_settled || dt <= 0.0 || dt > 1.0) m_pitch = car.attitude.pitch;
    else m_pitch += (car.attitude.pitch - m_pitch) * static_cast<float>(1.0 - std::exp(-dt / kPitchLag));
    m_settled = true;

    const double c = std::cos(m_pitch), s = std::sin(m_pitch);
    const double ux = std::cos(car.heading), uy = std::sin(car.heading);
    const double z = car.attitude.height;
    const trackwright::format::Vec2 eye{car.position.x - kBehind * c * ux, car.position.y - kBehind * c * uy};
    double eyeZ = z - kBehind * s + kAbove;
    // Over the road under the camera, and the sight line over the road halfway to the car's roof.
    // The car's height picks the road it is on where the track passes over itself.
    const std::optional<SurfaceUnder> under = surfaceUnder(track, eye, static_cast<float>(z));
    if (under) eyeZ = std::max(eyeZ, double(under->height) + kClearance);
    if (const auto halfway = surfaceUnder(track, (eye + car.position) * 0.5, static_cast<float>(z)))
        eyeZ = std::max(eyeZ, 2.0 * (halfway->height + kClearance) - (z + kCarHeight));
    // Following a car under a bridge: beneath the deck rather than in it or over it.
    if (const auto deck = surfaceUnder(track, eye, static_cast<float>(eyeZ + kAbove)); deck && under && deck->height > under->height + kUnderDeck)
        eyeZ = std::max(double(under->height) + 1.0, std::min(eyeZ, double(deck->height) - kUnderDeck));

    const double lookX = car.position.x + kAhead * c * ux, lookY = car.position.y + kAhead * c * uy, lookZ = z + kAhead * s;
    const double elevation = std::atan2(lookZ - eyeZ, std::hypot(lookX - eye.x, lookY - eye.y));
    const ScenePoint at = toScene(eye.x, eye.y, eyeZ);
    return {QVector3D(at.x, at.y, at.z), QVector3D(static_cast<float>(elevation * 57.29577951308232), sceneYawDegrees(car.heading) - 90.0f, 0.0f)};
}

} // namespace editor::preview
