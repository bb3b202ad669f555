// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/robot/frame_offset.h"

#include "trackwright/track/track_point.h"

namespace trackwright::torcs {

FrameOffset torcsFrameOffset(const tTrack& track, const BakedTrack& baked) {
    FrameOffset offset;
    const tTrackSeg* first = track.seg;
    for (int k = 0; first && k < track.nseg && first->id != 0; ++k) first = first->next;
    TrackPoint start;
    if (!first || first->id != 0 || !routePointAt(baked, 0, 0.0, start)) return offset;
    const t3Dd& left = first->vertex[TR_SL];
    const t3Dd& right = first->vertex[TR_SR];
    offset.x = 0.5 * (static_cast<double>(left.x) + right.x) - start.position.x;
    offset.y = 0.5 * (static_cast<double>(left.y) + right.y) - start.position.y;
    offset.z = 0.5 * (static_cast<double>(left.z) + right.z) - start.z;
    offset.valid = true;
    return offset;
}

} // namespace trackwright::torcs
