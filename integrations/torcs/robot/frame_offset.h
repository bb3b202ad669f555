#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// TEMPORARY, to delete once `twbake import --from torcs` produces TORCS's run-time frame.
//
// TORCS's track loader shifts every coordinate so the track's bounding box starts at 0 (x, y and z):
// a car's _pos_X/_pos_Y/_pos_Z are in that shifted frame, while the import keeps the XML's raw frame
// (the centre line starting at (0, width/2)). The shift is a translation, read here from what both
// agree on: the start of TORCS's first segment (id 0) is the import's first node (its start-finish
// marker), at distance 0 along route 0.

#include "trackwright/track/baked_track.h"

#include <track.h>

namespace trackwright::torcs {

/// What to subtract from a TORCS position to get the baked track's.
struct FrameOffset {
    double x = 0.0, y = 0.0, z = 0.0;
    bool valid = false;
};

/// The centre of the start of segment 0 (the midpoint of its start-left and start-right vertices,
/// TORCS's run-time frame) less the baked route 0's point at distance 0.
FrameOffset torcsFrameOffset(const tTrack& track, const BakedTrack& baked);

} // namespace trackwright::torcs
