#pragma once

#include "editor/preview/scene_frame.h"

#include "trackwright/track/baked_track.h"

#include <cstdint>
#include <string>
#include <utility>
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
    /// A quad of four corners given in order round it, a normal each, wound counter-clockwise seen
    /// from the side its normals face whichever way round the corners come (Qt Quick 3D draws a
    /// triangle wound the other way black).
    void addPanel(const ScenePoint (&corners)[4], const ScenePoint (&normals)[4], Rgba colour);
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
    Rgba embankment{0.075f, 0.17f, 0.045f, 1.0f};  ///< grass on the slopes the track stands on, a shade off the ground plane's
    Rgba cliff{0.17f, 0.14f, 0.11f, 1.0f};         ///< rock where a slope is cut off above a lower road
    Rgba concrete{0.36f, 0.36f, 0.34f, 1.0f};      ///< bridge decks, piers and abutments
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
    /// Rise over run of the embankments falling from the walls to the ground: 45°, steep enough
    /// that a switchback's slope seldom reaches the road below it, gentle enough to read as a hill.
    float embankmentSlope = 1.0f;
    /// A road this far or more above another part of the track passes over it on a bridge (the
    /// bake's overpasses clear 5 m).
    float bridgeClearance = 3.0f;
    /// How far along the route a bridge deck reaches past the road it spans, so the lower road runs
    /// through open space under it rather than between abutments at its walls.
    float bridgeApproach = 8.0f;
    float deckThickness = 1.0f;
    float pierSpacing = 12.0f;     ///< along the route, between the pairs of piers under a deck
    float pierSize = 1.2f;         ///< across, square
};

/// The static scene of a baked track: tarmac, runoff and verge strips, walls, kerb stripes where
/// the runoff begins, edge and wall outlines, every line as a ribbon, the start/finish chequers and
/// posts where branches fork and join, each vertex on the road's surface (its node's height, the
/// tarmac leaning with the banking: bankLift) and shaded by that surface's normal; and the ground
/// the track stands on, with its bridges (track_terrain.h).
struct TrackMeshes {
    PreviewMesh surface;  ///< tarmac, runoff, verge, kerbs, start/finish, branch posts
    PreviewMesh walls;
    PreviewMesh lines;
    /// The tarmac edges and the wall tops as GL lines: a pixel wide at any distance, so the road's
    /// outline stays drawn when a whole circuit is in view and its strips are thinner than a pixel.
    PreviewMesh edges;
    PreviewMesh terrain;   ///< embankments from the walls down to the ground, cliffs, abutments
    PreviewMesh supports;  ///< bridge decks' sides and undersides, piers
    float groundHeight = 0.0f;  ///< scene y of the flat ground plane, a little under the lowest surface
    ScenePoint boundsMin, boundsMax;  ///< of everything, for the cameras
};

/// The links a route's surface covers, as (from, to) baked node indices: each node to the next, the
/// closing link of a loop, a branch's link from its fork and to its join.
std::vector<std::pair<std::uint32_t, std::uint32_t>> routeLinks(const trackwright::format::BakedRoute& route);

TrackMeshes buildTrackMeshes(const trackwright::BakedTrack& track, const PreviewMeshOptions& options = {}, const PreviewPalette& palette = {});

} // namespace editor::preview
