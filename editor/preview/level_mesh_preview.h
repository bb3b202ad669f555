#pragma once

// A game level's mesh in the 3D preview, in place of the terrain made up around the track: the
// AI cars lap the road the designer laid the track over, among what surrounds it.

#include "editor/preview/track_meshes.h"
#include "formats/mesh/level_mesh.h"

#include <string>

namespace editor::preview {

/// A level material's colour, as the canvas's underlay and the preview both paint it: asphalt,
/// road and tarmac grey, grass green, sand and gravel ochre, anything else a hue of its own.
Rgba levelMaterialColour(const std::string& material);

/// How far under its own height the level is drawn, metres: the track's road, laid on the level's
/// road, shows over it without the two flickering through each other.
inline constexpr float kLevelMeshSink = 0.05f;

/// The level's triangles in the scene frame, each in its material's colour with its face's normal
/// (flat shading: a level's faces are its modeller's), sunk by kLevelMeshSink.
PreviewMesh levelMeshPreview(const formats::LevelMesh& mesh);

} // namespace editor::preview
