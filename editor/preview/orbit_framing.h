#pragma once

#include <QVector3D>

namespace editor::preview {

/// Where the orbit camera sits to show the whole track: the camera looks at the orbit origin (the
/// centre of the track's bounding box) from `distance` away, pitched `pitchDegrees` down and turned
/// `yawDegrees` about the scene's up axis.
struct OrbitFraming {
    float distance = 0.0f;
    float pitchDegrees = 0.0f;
    float yawDegrees = 0.0f;
};

/// The depth range a perspective camera draws.
struct ClipPlanes {
    float clipNear = 0.0f;
    float clipFar = 0.0f;
};

/// Steep enough that a 10 m road seen from kilometres away is several pixels wide rather than a
/// grazing hairline, shallow enough that walls and height still read as 3D.
constexpr float kOrbitPitchDegrees = 60.0f;
/// The orbit pitch over a track whose relief is a tenth of its width or more (alpine-1: 150 m over
/// 1.5 km): low enough that its hills stand up and its bridges stand clear of the roads under
/// them, still steep enough to see over the hills into every valley.
constexpr float kOrbitHillPitchDegrees = 42.0f;
/// The share of the view's half-width or half-height the track's box fills.
constexpr float kOrbitFill = 0.9f;

/// Frames a box of `size` (scene frame, y up) centred on the orbit origin in a view of `aspect`
/// (width / height) and vertical field of view `fovDegrees`: the nearest distance at which every
/// corner of the box is inside `fill` of the view, looking north (yaw 0°) as the canvas shows the
/// track, whatever the box's shape.
OrbitFraming frameOrbit(QVector3D size, float aspect, float fovDegrees, float pitchDegrees = kOrbitPitchDegrees, float fill = kOrbitFill);

/// The orbit pitch for a track of `size` (scene frame, y up): kOrbitPitchDegrees while its relief
/// is under 2 % of its width (a flat circuit, a figure-eight's bridge), easing down to
/// kOrbitHillPitchDegrees at 10 %.
float orbitPitchFor(QVector3D size);

/// A point given relative to the orbit origin (scene frame) as `framing`'s camera sees it: x right,
/// y up, z the depth in front of the camera. What frameOrbit fits, exposed for tests.
QVector3D orbitCameraSpace(const OrbitFraming& framing, QVector3D pointFromOrigin);

/// Clip planes for a camera at `camera` that must draw everything in the box `low`..`high` (all in
/// the scene frame). The far plane lies beyond the box's farthest corner with margin, so no part
/// of the track is ever cut off. The near plane grows with the camera's distance from the box,
/// because the depth buffer's resolution at depth z is about z² / (near · 2²⁴): a fixed 1 m near
/// plane makes a track kilometres away z-fight with the ground a few centimetres under it.
ClipPlanes orbitClipPlanes(QVector3D camera, QVector3D low, QVector3D high);

} // namespace editor::preview
