#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/plan/maneuver.h"
#include "trackwright/plan/plan_search.h"
#include "trackwright/plan/plan_track_area.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cstdint>

namespace trackwright {

/// How stuck cars are planned out: slowly, with reversing, inside the walls.
struct RecoverySettings {
    float maxSpeed = 3.0f;          ///< m/s forwards while recovering
    float maxReverseSpeed = 2.0f;   ///< m/s backwards (at most the vehicle's)
    float maxAcceleration = 2.0f;   ///< m/s², at most the vehicle's: the reference model reverses at half its engine
    float maxDeceleration = 3.0f;   ///< m/s²
    float wallMargin = 0.5f;        ///< m kept from the walls (the car is a point to the walls, as in the reference model)
    TrackEdge edge = TrackEdge::Wall;
    PlanSettings search;            ///< discretisation, tolerances and iteration limit, see the constructor
    /// When that search finds nothing (most often the iteration limit: a long multi-point turn in a
    /// tight hairpin), one more with cells this many times larger and headings and steering steps
    /// twice as coarse: fewer, longer steps (thesis §5.5, coarser grids need fewer iterations) for a
    /// manoeuvre that only has to get the car going. 1 or less: no second search.
    float coarseRetryScale = 1.5f;
};

/// The movement planner set up for stuck recovery, shared by every car of a track (cars rarely get
/// stuck, and a planner holds its pool): plans a physically valid manoeuvre — reversing out, a
/// three-point turn, as many points as the width needs — from a stuck car back to a pose on its
/// line, within the track's walls (PlanTrackArea), for the car's own turning radius, turn rate,
/// grip and reverse speed (planVehicleFor). Allocates once, in the constructor.
class RecoveryPlanner {
public:
    /// `nodeCapacity`: enough for the iteration limit (about two nodes an iteration). The buffers are
    /// reserved here and filled in page by page as searches need them.
    explicit RecoveryPlanner(const BakedTrack& track, std::uint32_t nodeCapacity = 1u << 19);

    /// Plans from `from` to the goal pose (any slow speed, either way) and copies the path into
    /// `out`; false when no manoeuvre was found by either search (or it does not fit a Maneuver).
    bool plan(const VehicleParameters& vehicle, const VehicleState& from, format::Vec2 goal, float goalHeading, Maneuver& out);

    /// The last search's figures (iterations, status …).
    const PlanResult& lastResult() const { return m_last; }
    RecoverySettings settings;

private:
    BakedTrack m_track;  ///< a copy of the view (cheap): the game keeps only the bytes alive
    MovementPlanner m_planner;
    PlanResult m_last;
};

} // namespace trackwright
