#pragma once

namespace editor::preview {

/// A point in Qt Quick 3D's frame: y up, metres.
struct ScenePoint {
    float x = 0.0f, y = 0.0f, z = 0.0f;
};

/// The one place the world frame (x east, y north, z up; DESIGN.md) becomes Qt Quick 3D's y-up
/// frame: a rotation about x, so handedness and triangle winding carry over.
inline ScenePoint toScene(double worldX, double worldY, double worldZ) {
    return {static_cast<float>(worldX), static_cast<float>(worldZ), static_cast<float>(-worldY)};
}

/// A heading in the world (radians counter-clockwise from +x, seen from above) as a rotation
/// about the scene's y axis in degrees, for a model whose nose points along the scene's +x.
inline float sceneYawDegrees(float worldHeading) { return worldHeading * 57.29577951308232f; }

} // namespace editor::preview
