#pragma once

#include "trackwright/track/baked_track.h"

namespace bake {

/// Where a track has room to overtake (issue 48: "≥ 20 overtakes a race where the road has room
/// for two abreast"): the share of the main route's length (route 0, in [0, 1]) whose tarmac holds
/// two cars of `carWidth` m side by side with `clearance` m between them and `edgeMargin` m from
/// each edge — what race craft needs to draw alongside (OvertakeRules::passingClearance,
/// RunnerParameters::wallMargin). From the car and the road, not from a list of tracks.
double twoAbreastShare(const trackwright::BakedTrack& track, float carWidth, float clearance, float edgeMargin);

} // namespace bake
