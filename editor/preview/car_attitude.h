#pragma once

#include "trackwright/track/road_surface.h"

namespace editor::preview {

/// How a preview car sits on the road: on its surface, leaning with it.
struct CarAttitude {
    float height = 0.0f;  ///< m, the track's z of the drawn surface under the car
    float pitch = 0.0f;   ///< rad, nose up positive
    float roll = 0.0f;    ///< rad, about the car's nose, left side up positive
};

/// The attitude of a car heading `heading` (rad) on `road` at `height`. The surface climbs
/// tan φ = roadGradient per metre along the road's forward direction and, on the tarmac, rises
/// tan(banking) per metre to its left (level beyond the edge, as the meshes draw it: bankLift);
/// the car pitches and rolls by the slope along its own nose and its own left, so a car facing
/// along the road pitches by asin(tangentZ) and rolls by the banking, and one turned across it
/// feels each in proportion.
CarAttitude attitudeOnRoad(const trackwright::RoadSurface& road, float heading, bool onTarmac, float height);

/// `current` eased towards `target` over `dt` seconds with time constant `lag` seconds: pitch and
/// roll only (a car whose height lagged would sink into a climb). A little easing hides the jitter
/// of a follower's steering and of the road's banking changing from node to node.
CarAttitude eased(const CarAttitude& current, const CarAttitude& target, double dt, double lag);

} // namespace editor::preview
