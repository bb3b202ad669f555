#pragma once

#include "formats/import/track_import.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

/// Importing TORCS (and Speed Dreams 1.x-era) tracks: the params XML of a track, version 3 or 4, as
/// TORCS 1.3.7's own loader reads it (docs/torcs-track-format.md), laid out as a `.twtrack`.
namespace formats {

struct TorcsImportOptions {
    /// Folder holding TORCS's `surfaces.xml` (the default surfaces a track includes as
    /// `&default-surfaces;`). Empty: look for `data/surfaces.xml` beside the track file or one or
    /// two folders above it, then TORCS's install layout (`../../../data/tracks/surfaces.xml`).
    std::filesystem::path torcsData;
    double maxNodeSpacing = 10.0;  ///< metres between nodes on straights
    double maxChordError = 0.05;   ///< metres between an arc and the straight link that stands for it
};

/// Where the default surfaces of `trackFile` are, by the search order of TorcsImportOptions::torcsData;
/// nullopt when none is found.
std::optional<std::filesystem::path> findTorcsSurfaces(const std::filesystem::path& trackFile, const std::filesystem::path& torcsData);

/// Imports a track from its XML text. `defaultSurfacesXml` is the text of `surfaces.xml` (nullopt: the
/// track's own surfaces only, and TORCS's fallback friction 0.8 for the rest, with a warning).
/// `fileLabel` names the file in diagnostics.
///
/// The result: route 0 "main", closed, one node at every TORCS sub-segment boundary and more along
/// arcs and long straights (no link further than `maxChordError` from the arc, none longer than
/// `maxNodeSpacing`), in TORCS's run-time frame: where TORCS puts the track and its cars' `_pos_X/Y/Z`
/// are, the file's raw frame (the centre line starting at (0, width/2) heading +x, z as the file
/// gives it) moved by minus the corner of the box TORCS's loader puts round the track
/// (torcs::loaderBounds); tarmac = width/2, runoff = wall = the barrier at the outer edge of border
/// and side strip (at the track edge where TORCS's pit wall stands on the border: torcs::isSolidWall),
/// banking from the edge heights, grip = the main surface's friction / 1.2; the pit lane as route 1
/// "pit lane" forking at the pit entry and joining at the pit exit, in the side strip wherever there is
/// a pit wall, walled by the barrier behind the boxes and by the strip's inner edge towards the track,
/// capped at the pit speed limit between pit start and end, with "pit-box" markers; a "start-finish"
/// marker at node 0.
ImportResult importTorcsTrack(std::string_view trackXml, const std::string& fileLabel, std::optional<std::string_view> defaultSurfacesXml,
                              const TorcsImportOptions& options = {});

/// Reads `trackFile` and the default surfaces found for it, then imports it as above. A missing or
/// unreadable track file is an error diagnostic ("torcs-io").
ImportResult importTorcsTrackFile(const std::filesystem::path& trackFile, const TorcsImportOptions& options = {});

} // namespace formats
