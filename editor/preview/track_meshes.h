#pragma once

#include "editor/preview/scene_frame.h"

#include "trackwright/track/baked_track.h"

#include <cstdint>
#include <string>
#include <vector>

namespace editor::preview {

/// Colour, linear 0..1.
struct Rgba {
    float r = 1.0f, g = 1.0f, b = 1.0f, a = 1.0f;
};

/// Triangles (or, with `lineList`, line segments: index pairs) in the scene frame with a normal
/// and a colour per vertex, interleaved as the GPU reads them: position (3 floats), normal (3),
/// colour (4).
struct PreviewMesh {
    static constexpr int kFloatsPerVertex = 10;
    bool lineList = false;
    std::vector<float> vertices;
    std::vector<std::uint32_t> indices;
    ScenePoint boundsMin{1e30f, 1e30f, 1e30f}, boundsMax{-1e30f, -1e30f, -1e30f};

    std::uint32_t vertexCount() const { return static_cast<std::uint32_t>(vertices.size() / kFloatsPerVertex); }
    std::uint32_t addVertex(ScenePoint p, ScenePoint normal, Rgba colour);
    /// Two triangles a-b-c and a-c-d, counter-clockwise seen from the side the normals face.
    void addQuad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d);
    bool empty() const { return indices.empty(); }
};

/// The colours the preview draws surfaces in; lines by name.
struct PreviewPalette {
    Rgba tarmac{0.22f, 0.22f, 0.24f, 1.0f};
    Rgba runoff{0.62f, 0.56f, 0.42f, 1.0f};  ///< gravel between the tarmac and the runoff edge
    Rgba verge{0.25f, 0.42f, 0.20f, 1.0f};   ///< grass between the runoff edge and the wall
    Rgba wall{0.55f, 0.60f, 0.68f, 1.0f};
    Rgba tarmacEdge{0.92f, 0.92f, 0.88f, 1.0f};
    Rgba wallTop{0.80f, 0.30f, 0.25f, 1.0f};
    Rgba kerbRed{0.80f, 0.10f, 0.10f, 1.0f};
    Rgba kerbWhite{0.95f, 0.95f, 0.95f, 1.0f};
    Rgba startDark{0.05f, 0.05f, 0.05f, 1.0f};
    Rgba startLight{0.95f, 0.95f, 0.95f, 1.0f};
    Rgba branchMarker{1.0f, 0.55f, 0.0f, 1.0f};
    /// racing yellow, defending blue, overtaking green and cyan, anything else magenta.
    Rgba lineColour(const std::string& name) const;
};

/// Sizes of the things the preview adds to the baked geometry, metres.
struct PreviewMeshOptions {
    float wallHeight = 1.0f;
    float kerbWidth = 0.8f;        ///< outwards from the tarmac edge, where there is runoff beyond it
    float kerbStripe = 2.0f;       ///< length of one red or white stripe
    float ribbonWidth = 0.35f;     ///< of a line's ribbon
    float ribbonLift = 0.06f;      ///< above the tarmac, so ribbons never flicker into it
    float kerbLift = 0.02f;
    float startDepth = 2.0f;       ///< the start/finish chequers, along the route
    float markerHeight = 1.8f;     ///< branch posts
};

/// The static scene of a baked track: tarmac, runoff and verge strips, walls, kerb stripes where
/// the runoff begins, edge and wall outlines, every line as a ribbon, the start/finish chequers and posts where branches
/// fork and join, each vertex at its node's height. Ground bounds included.
struct TrackMeshes {
    PreviewMesh surface;  ///< tarmac, runoff, verge, kerbs, start/finish, branch posts
    PreviewMesh walls;
    PreviewMesh lines;
    /// The tarmac edges and the wall tops as GL lines: a pixel wide at any distance, so the road's
    /// outline stays drawn when a whole circuit is in view and its strips are thinner than a pixel.
    PreviewMesh edges;
    ScenePoint boundsMin, boundsMax;  ///< of everything, for the ground and the cameras
};

TrackMeshes buildTrackMeshes(const trackwright::BakedTrack& track, const PreviewMeshOptions& options = {}, const PreviewPalette& palette = {});

} // namespace editor::preview
