#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/traffic/follow_rules.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cstdint>

namespace trackwright {

struct CarTraffic;
struct FollowerInput;

/// Where a car is in a pit stop (RunnerFollower::requestPitStop).
enum class PitState : std::uint8_t {
    None,       ///< racing: no stop asked for, or the last one is done
    Entering,   ///< asked to pit: on the main route, driving to the pit lane's fork
    InLane,     ///< in the pit lane (or braking for it), at its speed limit, driving to its box
    Stopped,    ///< standing at its box for the track's pit stop time (race_zones.h's pitStopTime)
    Rejoining,  ///< leaving the box: to the join, merging into a gap on the main route
};

/// The answer to a pit request.
enum class PitRequestStatus : std::uint8_t {
    Accepted,
    NotAPitBox,      ///< the marker does not exist or is not a `pit-box`
    NoPitLane,       ///< the box's route is not a branch that forks from and joins the car's route
    NoLine,          ///< the pit lane has no baked line for the car's class (or the car follows no line)
    AlreadyPitting,  ///< a stop is under way: one at a time
    Unsupported,     ///< the follower does not make pit stops (only the runner does)
};

/// A readable name of a request status ("accepted", "no pit lane" …).
const char* pitRequestStatusName(PitRequestStatus status);
/// A readable name of a pit state ("none", "entering", "in lane", "stopped", "rejoining").
const char* pitStateName(PitState state);

/// The pit lane a box lies on, from the baked route graph. Distances in metres.
struct PitLane {
    bool valid = false;
    std::uint32_t route = 0;        ///< the pit lane's baked route (a branch)
    std::uint32_t mainRoute = 0;    ///< the route it forks from and joins (the same one)
    float forkDistance = 0.0f;      ///< along the main route, where the lane leaves it
    float joinDistance = 0.0f;      ///< along the main route, where the lane rejoins it
    float length = 0.0f;            ///< of the lane route, fork to join
    /// m/s: the pit-lane speed limit, the lowest designer speed override on the lane's nodes (0: none).
    float speedLimit = 0.0f;
    /// Along the lane route: the first and last node that carry the limit (the stretch it holds on).
    float limitStart = 0.0f, limitEnd = 0.0f;
    float boxDistance = 0.0f;       ///< along the lane route, the box marker's node
};

/// The pit lane of `boxMarker` (a `pit-box` marker) for a car on `mainRoute`: false (and the reason
/// in `status`) when there is none.
[[nodiscard]] bool findPitLane(const BakedTrack& track, std::uint32_t boxMarker, std::uint32_t mainRoute, PitLane& lane, PitRequestStatus& status);

/// How the pit stop drives: the runner follower's figures (RunnerParameters) for its vehicle.
struct PitDriving {
    float wheelbase = 2.6f, maxSteeringAngle = 0.55f;
    float maxBraking = 12.0f, maxAcceleration = 6.0f;  ///< m/s²
    float brakingFraction = 0.85f;   ///< of maxBraking counted on by the braking check
    float stopBraking = 0.35f;       ///< of maxBraking: the gentle stop at the box and at the merge hold line
    float lookaheadMin = 4.0f, lookaheadTime = 0.35f;  ///< m, s: the steering target ahead
    float speedGain = 2.0f;          ///< throttle per m/s
    float width = 1.9f, length = 4.6f;  ///< m, of the car
    float boxOffset = 3.5f;          ///< m at most the car moves off the lane's line into its box
    /// s: a car on the main route must still be this far in time behind the join when the merging
    /// car gets there, on top of the distance it needs to brake gently to the merging car's speed
    /// (and a slower car past the join this far ahead, times the speed difference).
    float mergeTimeGap = 1.0f;
    FollowRules follow;
};

/// A pit stop's state machine and driving (RunnerFollower owns one; see requestPitStop). The car
/// keeps its own line until it is within braking reach of the fork; then this drives: the main line
/// up to the fork, the pit lane's line (the baked line of the main line's name on the lane when there
/// is one — `twbake raceline` makes its `racing` meet the main line at fork and join, so the target
/// does not jump — else its `centre`, else its first line) by the fork and the join, and in the lane
/// its centre line (the fast lane; the boxes line the wide side), the lane line's speed hints (where the
/// designer's limit is baked in) under the car's traffic, a gentle stop at its box, the pit stop time
/// standing, out of the box when the fast lane is clear, then out to the join — held before the merge
/// zone until the main route has a gap (CarTraffic::merge) — and back to the main line. Registers the car on the lane itself. Allocates
/// nothing; deterministic.
class PitStop {
public:
    /// Arms a stop at `boxMarker` for a car following `mainLine` with `vehicleClass`'s hints; it
    /// stands `crewFactor` of the track's pit stop time (the driver's pit crew, pitCrewFactor).
    PitRequestStatus request(const BakedTrack& track, std::uint32_t mainLine, std::uint32_t vehicleClass, std::uint32_t boxMarker,
                             float crewFactor = 1.0f);
    PitState state() const { return m_state; }
    bool active() const { return m_state != PitState::None; }
    /// The lane of the current (or last) stop.
    const PitLane& lane() const { return m_lane; }
    /// Stops completed (rejoined the main route).
    int stopsDone() const { return m_stops; }
    /// s stood at the box in the current (or last) stop.
    float standingTime() const { return m_standing; }
    /// The stop's own registrar has the car on the pit lane (last drive).
    bool onLane() const { return m_onLane; }
    /// The route the car's own registration should move to (format::kNoRoute: leave it): where the
    /// lane overlaps the main route a coherent registrar keeps the route it has, so a game moves it
    /// (Registrar::reset, assignRoute) when this names another — the lane once the car has left the
    /// main route's tarmac by the fork, the main route once it is back on its tarmac by the join —
    /// and the car's walls and traffic follow the road it is on.
    std::uint32_t wantedRoute() const { return m_wantedRoute; }
    /// Drops a stop not yet under way (Entering only: once in the lane, the car carries on).
    void cancel();
    void reset();

    /// Drives the car this tick: true and `out` filled when the stop drives, false while the car's
    /// own follower should (far from the fork). `pace` scales the hints (a driver's pace, ≤ 1 counts).
    /// Returns to state None once the car is back on the main route past the join.
    bool drive(const FollowerInput& in, const CarTraffic* traffic, float pace, const PitDriving& p, Controls& out);

private:
    /// The composite path at `r` m along the lane's line (negative: before the fork on the main line,
    /// beyond the lane's length: past the join on it).
    LineSample pathAt(float r) const;
    /// m along the lane's line where the car is (see pathAt), or false when the car is lost.
    bool laneDistance(const FollowerInput& in, float& s);
    /// A car moving beside this one or coming up behind it in the lane (pulling out of the box waits).
    static bool laneBusy(const CarTraffic& traffic);
    /// m of tarmac on the side of `r`'s lateral (a registration on any route).
    float tarmacWidth(const Registration& r) const;
    /// Sets wantedRoute for this tick.
    void chooseRoute(const FollowerInput& in, float s, const PitDriving& p);
    /// True when no car on the main route is too close to the join for the car to merge now.
    bool gapAtJoin(const CarTraffic* traffic, float s, float speed, const PitDriving& p) const;

    PitState m_state = PitState::None;
    PitLane m_lane;
    BakedTrack m_track;
    std::uint32_t m_mainLine = 0, m_pitLine = 0;
    std::int64_t m_pitHints = -1;     ///< into SpeedHints: the lane line's profile for the class
    LineSampler m_main{BakedTrack{}, kNoLine, 0};
    LineSampler m_pit{BakedTrack{}, kNoLine, 0};
    Registrar m_registrar{BakedTrack{}};      ///< the car on the lane (coherent once there)
    Registrar m_mainRegistrar{BakedTrack{}};  ///< cold look-ups on the main route by the join
    std::uint32_t m_wantedRoute = format::kNoRoute;
    float m_mainFork = 0.0f, m_mainJoin = 0.0f;  ///< m along the main line at the fork and the join
    float m_box = 0.0f, m_limitStart = 0.0f, m_limitEnd = 0.0f, m_length = 0.0f;  ///< along the lane's line
    float m_boxSide = -1.0f;          ///< +1: the box is left of the lane's line
    float m_boxLateral = 0.0f;        ///< m from the lane's centre line where the car stands in its box
    float m_boxWidth = 0.0f;          ///< m of tarmac on the box side at the box
    /// m of lane before the join where the lane runs within 2 m of the main route's tarmac (the merge:
    /// a main-route car passing the join must be past it before this car gets there)
    float m_mergeZone = 50.0f;
    float m_stopTime = 3.0f;
    float m_standing = 0.0f;
    bool m_committed = false;         ///< leaving: going for the join (a gap, or past the hold line)
    bool m_onLane = false;            ///< this tick the lane's registrar has the car on the lane
    int m_stops = 0;
};

} // namespace trackwright
