#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cstdint>

namespace trackwright {

/// A two-column staggered grid behind the start line (the lap layout's line, see lap_counter.h; on
/// a track without laps, the "start" marker, else the first route's first node).
struct GridOptions {
    float firstRowGap = 6.0f;    ///< m from the line back to the pole car's centre
    float rowSpacing = 16.0f;    ///< m between one row and the next, same column
    float stagger = 8.0f;        ///< m the second column sits behind the first of its row
    float columnOffset = 0.0f;   ///< m each column sits off the middle of the tarmac; 0: a quarter of the tarmac's width
    bool poleOnLeft = true;      ///< the pole's column is left of the middle
    float speed = 0.0f;          ///< m/s: 0 for a standing start, more for a rolling start at that speed
};

/// The grid the designer set for this track (.twtrack's race.grid: first row gap, row spacing,
/// stagger, pole side); the GridOptions defaults where the track sets none. Column offset and speed
/// are the defaults: they are the game's to choose.
GridOptions designerGrid(const BakedTrack& track);

/// The state of the car on grid slot `slot` (0 = pole, then alternating columns row by row):
/// on the tarmac, facing the driving direction; at rest for a standing start, or for a rolling
/// start at `options.speed` with the yaw rate the centre line's curvature asks for (a car given a
/// speed but no yaw rate on a bend spins). False, `state` untouched, when the options hold a
/// negative or non-finite number, when an open route has no room behind its start for the slot
/// (place the start marker further along the route), or when a closed route's grid would wrap
/// round the lap into its own front rows (more cars than the lap has room for).
[[nodiscard]] bool gridSlot(const BakedTrack& track, std::uint32_t slot, const GridOptions& options, VehicleState& state);

/// The reference model's body for a car that starts in `state`: moving along its heading (no
/// slide), its wheels already at the angle that turns at `state.yawRate`.
VehicleBody startingBody(const VehicleParameters& vehicle, const VehicleState& state);

} // namespace trackwright
