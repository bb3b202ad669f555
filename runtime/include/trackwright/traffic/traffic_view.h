#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace trackwright {

/// One car as the traffic view sees it this tick. SI units. Registration-based: the race-track
/// chapter keeps strategic decisions in the track frame and fine avoidance in world coordinates
/// (§39.3.3), so the view classifies by route distance and the contacts use world boxes.
struct TrafficCar {
    format::Vec2 position;        ///< world, m (the centre of the car)
    float heading = 0.0f;         ///< rad
    float speed = 0.0f;           ///< m/s along the heading
    bool registered = false;      ///< false: the car is off the track this tick and seen by no one
    std::uint32_t route = 0;      ///< the registration's route
    float distance = 0.0f;        ///< m along the route
    float lateral = 0.0f;         ///< m from the centre line, left positive
    float lateralSpeed = 0.0f;    ///< m/s across the route, left positive (trafficCar computes it)
    float length = 4.6f;          ///< m, bumper to bumper
    float width = 1.9f;           ///< m
    float maxBraking = 12.0f;     ///< m/s², what the car can brake at its limit
    float maxAcceleration = 6.0f; ///< m/s², what the car can accelerate at
    /// m the car has covered in the race along its route, laps included (a lap counter's
    /// progress): who laps whom. Leave 0 for every car when racing without laps.
    float raceDistance = 0.0f;
    /// The fraction of its line's speed hints the car drives at now (racingPace: DriverProfile::pace
    /// with race craft's push or lift; RaceWorld judges an external car's from its speed over its hints); 1 when not known: race craft predicts a
    /// pass from both cars' paces. Where the hints are the engine's (accelerating, top speed: its
    /// strength's StrengthPlan::engineSets), `straightPace` instead: a driver of strength below 1
    /// corners slower, not the straights.
    float pace = 1.0f;
    float straightPace = 1.0f;
    /// m, the car's height (the track's z) when the game gives it, else NaN: two cars whose
    /// heights differ by more than kTrafficHeightSeparation cannot touch (a bridge and the road
    /// under it). The view itself goes by registration, which heights make right where the track
    /// passes over itself.
    float height = std::numeric_limits<float>::quiet_NaN();
};

/// m of height between two cars beyond which they cannot touch: a car is under 2 m tall, and a deck
/// passes 5 m or more over the road beneath it.
inline constexpr float kTrafficHeightSeparation = 3.0f;

/// True when both heights are known and further apart than kTrafficHeightSeparation.
inline bool separatedByHeight(const TrafficCar& a, const TrafficCar& b) {
    return std::abs(a.height - b.height) > kTrafficHeightSeparation;  // false when either is NaN
}

/// A neighbour of one car, seen from it.
struct TrafficNeighbour {
    std::uint32_t car = 0;         ///< index of the other car in the view's input
    float gap = 0.0f;              ///< m bumper to bumper along the route (≤ 0: overlapping along it)
    float centre = 0.0f;           ///< m from this car's centre to the other's along the route (negative: behind)
    float closingSpeed = 0.0f;     ///< m/s at which the gap shrinks (positive: closing)
    /// s: for a car ahead, catchTime(gap, own speed, its speed, its braking) (catch_time.h); for a
    /// car behind, the same seen from it (this car brakes, it keeps its speed); 0 when alongside.
    float catchTime = 0.0f;
    float timeToCollision = 0.0f;  ///< s at the current speeds (catch_time.h); 0 when alongside
    float lateralGap = 0.0f;       ///< m between the cars' sides now (≤ 0: overlapping across)
    float lateralGapAtCatch = 0.0f;///< m predicted at the catch time (lateral speeds held, ≤ horizon)
    float side = 0.0f;             ///< +1 when the other car is left of this one, −1 right
    float speed = 0.0f;            ///< m/s, the other car's
    float maxBraking = 0.0f;       ///< m/s², the other car's
    float lateral = 0.0f;          ///< m, the other car's from the centre line, left positive
    float width = 0.0f;            ///< m, the other car's
    float length = 0.0f;           ///< m, the other car's
    float pace = 1.0f;             ///< the other car's TrafficCar::pace
    float straightPace = 1.0f;     ///< the other car's TrafficCar::straightPace
    /// Laps the other car is ahead of this one in the race (from TrafficCar::raceDistance, less the
    /// short way round): 1 for a car about to lap this one from behind, −1 for a backmarker ahead.
    std::int32_t lapsAhead = 0;
};

/// Capacities of the per-car lists: fixed, so a tick allocates nothing.
inline constexpr int kMaxTrafficAhead = 4;
inline constexpr int kMaxTrafficAlongside = 4;
inline constexpr int kMaxTrafficBehind = 2;

/// A car on the route a branch joins, seen from a car on the branch (a pit lane's exit): where it
/// is from the join. SI units.
struct MergeCar {
    std::uint32_t car = 0;     ///< index of the other car in the view's input
    float toJoin = 0.0f;       ///< m along its route it is short of the join (negative: past it)
    float speed = 0.0f;        ///< m/s
    float length = 0.0f;       ///< m
    float maxBraking = 0.0f;   ///< m/s²
};

inline constexpr int kMaxMergeCars = 4;
/// m before a join a car on the joined route is listed for the cars on the branch (TrafficView).
inline constexpr float kMergeReachBefore = 800.0f;
/// m past the join it still is.
inline constexpr float kMergeReachAfter = 60.0f;

/// What one car knows of the cars around it this tick, nearest first. Only the first `…Count`
/// entries of each list are this tick's: the view resets the counts, not the lists (the counts
/// come first, so a car with no neighbours costs the view and its follower one cache line).
struct CarTraffic {
    int aheadCount = 0, alongsideCount = 0, behindCount = 0;
    int mergeCount = 0;
    float lateralSpeed = 0.0f;  ///< m/s, this car's own, left positive (for the alongside rule)
    TrafficNeighbour ahead[kMaxTrafficAhead];
    TrafficNeighbour alongside[kMaxTrafficAlongside];
    TrafficNeighbour behind[kMaxTrafficBehind];
    /// Only for a car on a branch that joins another route (a pit lane): the cars on the joined
    /// route from kMergeReachBefore m before the join to kMergeReachAfter m past it, nearest to the
    /// join in time (|toJoin| / speed) first (pit_stop.h merges into a gap between them). Cars on different routes are otherwise
    /// not neighbours.
    MergeCar merge[kMaxMergeCars];
};

/// Ranges and horizons of the view (issue 25's figures).
struct TrafficParameters {
    float aheadRange = 200.0f;          ///< m of gap ahead a car looks at
    float behindRange = 70.0f;          ///< m of gap behind
    float lateralHorizon = 2.0f;        ///< s: lateral speeds are held at most this long in the prediction
};

/// The traffic view: built once per tick from every car, then read by each car's follower.
/// Cars are sorted by (route, distance along it) once per tick — O(n log n), O(n) when last tick's
/// order is nearly right, as it is between ticks — and each car walks
/// its neighbours in that order, outwards, until its lists are full or the ranges are passed; on a
/// closed route the walk wraps across the start line, and gaps are taken the short way round.
/// Cars on different routes do not see each other, but a car on a branch that joins a route gets
/// the cars near the join on it (CarTraffic::merge). Deterministic (ties broken by car index); allocates only in `reserve`.
class TrafficView {
public:
    /// Makes room for `cars` cars: after it, `build` with at most that many allocates nothing.
    void reserve(std::size_t cars);
    /// Rebuilds the view for `cars` on `track` (the routes' lengths and closure).
    void build(const BakedTrack& track, std::span<const TrafficCar> cars, const TrafficParameters& parameters = {});
    /// Car `i`'s neighbours (the index into the span given to `build`).
    const CarTraffic& car(std::size_t i) const { return m_traffic[i]; }
    /// A hint, no effect on the view: start loading car `i`'s lists as far as they are filled
    /// (track/prefetch.h). Reads its counts: prefetch their line first (a car or two earlier).
    void prefetch(std::size_t i) const;
    std::size_t size() const { return m_size; }

private:
    /// CarTraffic::merge of the cars on branches.
    void fillMerges(const BakedTrack& track, std::span<const TrafficCar> cars);

    std::vector<std::uint32_t> m_order;
    std::vector<CarTraffic> m_traffic;
    std::size_t m_size = 0;
};

/// A car's entry for the view from its state and registration: the lateral speed is the speed's
/// component across the route's segment direction.
TrafficCar trafficCar(const BakedTrack& track, const VehicleState& state, const Registration& registration, float length, float width,
                      float maxBraking, float maxAcceleration);

} // namespace trackwright
