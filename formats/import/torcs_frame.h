#pragma once

#include "formats/import/torcs_track_model.h"

/// TORCS's run-time frame (docs/torcs-track-format.md §3.7): TORCS's track loader moves every
/// coordinate of a track so that the box it puts round the track starts at 0 in x, y and z, and a
/// TORCS car's `_pos_X/_pos_Y/_pos_Z` are in that moved frame. The importer lays its nodes in it.
namespace formats::torcs {

/// The box TORCS's loader (`track4.cpp:ReadTrack4`, `track3.cpp:ReadTrack3`) puts round a track,
/// in the raw frame of the XML (metres). TORCS coordinate = raw coordinate − `min`; `tTrack.max`
/// = `max − min`.
///
/// It is TORCS's own approximation, not the true extent of the track: it starts as the single
/// point (0, 0, 0) of the raw frame (the first segment's right edge) and grows by
///   - x, y: the end corners of every straight sub-segment of the main track, and 36 points along
///     each edge of every turn sub-segment (the start of the arc excluded); the same for the outer
///     edge of every border and side strip (a turn's strip sampled at the strip's widest),
///   - z: both edge heights at the start of every XML segment and just before it (the previous
///     segment's end), and the outer edge's height at the end of every border and side strip
///     sub-segment (the main track's sub-segment ends therefore count only where a strip is).
/// Barriers (and their thickness) and the pit boxes are not in it. Version 3 files keep two quirks of
/// `track3.cpp`'s `AddSides`: the points of a right-hand turn's right border and side strip are
/// mirrored across the turn centre in y, and a left-hand turn's left border follows the road's
/// cross slope in z even when the side is level. Double precision leaves the result within 4 mm
/// of TORCS's single-precision figures on the 31 shared tracks (tests/data/torcs-frames.csv).
struct LoaderBounds {
    Vec3 min;
    Vec3 max;
};

LoaderBounds loaderBounds(const TrackModel& model);

} // namespace formats::torcs
