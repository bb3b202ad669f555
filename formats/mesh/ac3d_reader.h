#pragma once

// AC3D (.ac) and TORCS's variant (.acc): assimp reads their geometry but names every material of
// a .acc "ERROR" (each object there carries four `texture "…" base|tiled|skids|shad` lines), and a
// level's road is found by its texture. This reader keeps, per object, its base texture.

#include "formats/mesh/level_mesh.h"

#include <string_view>

namespace formats {

/// Reads AC3D text (`AC3Db` and its objects, nested by `kids`) into a level mesh in the file's own
/// axes and units (the caller turns them into the product's frame): each object's vertices placed by
/// its and its parents' `rot` and `loc`, its polygons as triangle fans and its triangle strips (SURF
/// kind 4, as .acc files write their road) as strips, each triangle painted with
/// the object's first texture (a .acc's `base` layer), else its surface's MATERIAL name. Lines and
/// closed lines are skipped. `error` names the line of the first thing wrong; nothing is returned then.
std::optional<LevelMesh> readAc3d(std::string_view text, std::string& error);

} // namespace formats
