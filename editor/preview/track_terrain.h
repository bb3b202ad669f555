#pragma once

#include "editor/preview/track_meshes.h"

#include "trackwright/track/baked_track.h"

namespace editor::preview {

/// The ground a track stands on and what carries it where it passes over itself, into `out`:
/// - `groundHeight`: the flat ground plane's level, a little under the lowest surface;
/// - `terrain`: from the foot of each wall an embankment falls at `embankmentSlope` to the ground,
///   so a track on a hill stands on the hill rather than floating over a plane or cutting through
///   it; where an embankment would bury a lower part of the track it stops in a cliff, and where a
///   bridge begins or an open route ends an abutment closes it;
/// - `supports`: where the road lies `bridgeClearance` or more over another part of the track (and
///   `bridgeApproach` either side), a bridge: no embankment, the deck's sides and underside, and
///   pairs of piers down to the ground that stand clear of the road below. Open space under it.
/// Costs a handful of registration look-ups per node (the runtime's grid), so it keeps up with
/// live edits.
void addTrackTerrain(TrackMeshes& out, const trackwright::BakedTrack& track, const PreviewMeshOptions& options, const PreviewPalette& palette);

} // namespace editor::preview
