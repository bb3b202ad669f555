#pragma once

// Laying an AI track over a game level's own road mesh (issue 49): each node's height and banking
// from the road surface under it, and its widths from the road's edges — tarmac as far as the
// surface carries a material the designer names as road, runoff to the end of the drivable
// surface, wall at the first barrier face. Plain functions over the source document; the editor
// wraps one call in one undo step, `twbake drape` in one command.

#include "formats/mesh/mesh_bvh.h"
#include "formats/source/track_document.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bake {

struct DrapeOptions {
    /// Shell patterns (`*asphalt*`, `tr-road?.png`), matched without regard to case against a
    /// material's name (LevelMesh::materials: a texture's file name, else the material's).
    /// None given: every surface is road.
    std::vector<std::string> roadMaterials;
    /// Shell patterns naming the barriers' materials: only their steep faces end the runoff. None
    /// given: every face steeper than 60° does (a tree's too).
    std::vector<std::string> barrierMaterials;
    /// Set the widths from the mesh as well (else heights and banking only).
    bool widths = false;
    /// The nodes to drape (indices into TrackDocument::nodes); none: every node. The others keep
    /// their values and anchor the deck the selected ones choose.
    std::vector<std::uint32_t> nodes;
};

/// What a drape did, node by node.
struct DrapeReport {
    std::uint32_t draped = 0;                 ///< nodes given a height and banking
    std::vector<std::uint32_t> noSurface;     ///< nothing under the node: left as it was
    /// A surface under it but none of the road materials: height and banking from it; with
    /// `widths`, its widths from the nearest road nodes either side along its route, else as they were.
    std::vector<std::uint32_t> offRoad;
    std::vector<std::uint32_t> facesOnRoad;   ///< a barrier's face (or a tree's, a gantry's) stands on the node's tarmac
    std::vector<std::uint32_t> narrowed;      ///< runoff or wall narrowed where neighbouring perpendiculars cross (formats::narrowWidthsToRegistrableZone)
};

/// The surface a node stands on, chosen along its route: among the surfaces under each node (road
/// ones first), the sequence whose heights change least from node to node, so each pass of a road
/// that crosses itself keeps to its own deck whatever the nodes' heights were before (a drape
/// clears nothing and needs nothing; the test drapes tracks whose heights were zeroed).
/// Then banking from a least-squares fit of the road's height across the tarmac, and with
/// `widths`, the edges found by walking out along each node's perpendicular.
DrapeReport drapeTrack(formats::TrackDocument& document, const formats::LevelMesh& mesh, const formats::MeshBvh& bvh, const DrapeOptions& options);

/// True when `material` matches one of the shell `patterns` (case-insensitive), or there are none.
/// For road and barrier materials alike.
bool isRoadMaterial(const std::string& material, const std::vector<std::string>& patterns);

} // namespace bake
