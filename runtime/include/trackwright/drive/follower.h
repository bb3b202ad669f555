#pragma once

#include "trackwright/drive/pit_stop.h"
#include "trackwright/track/registrar.h"
#include "trackwright/drive/stuck_stats.h"
#include "trackwright/traffic/driver_mistakes.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

namespace trackwright {

/// What every follower gets each tick besides the car's state.
struct FollowerInput {
    VehicleState state;
    Registration registration;  ///< the car's registration this tick
    float dt = 0.0f;            ///< seconds since the last tick
    /// Before the start signal (a countdown on the grid): the follower holds the car on its brakes
    /// and nothing of it runs — no clock (the driver's reaction time counts from the first update
    /// without it), no stuck timer, no runner. Every follower honours it.
    bool countdown = false;
};

/// What a follower does instead of driving, or false when it drives: neutral controls for an input
/// no car has (a non-finite state, no positive dt, a dt beyond kMaxTick) or a follower without a line, full brakes
/// during a countdown. The followers' first line.
bool holdsStill(const FollowerInput& input, bool hasLine, Controls& out);

/// A stuck manager's last resort: the follower asks the game to put the car back on its line.
struct TeleportRequest {
    bool requested = false;
    format::Vec2 position;
    float heading = 0.0f;
};

struct CarTraffic;
struct DriverProfile;
class RaceCraft;

/// One interface for every way of driving: state in, controls out. Swappable per car; no RTTI,
/// no allocation per tick, no exceptions. A non-finite state gives neutral controls.
class Follower {
public:
    virtual ~Follower() = default;
    virtual Controls update(const FollowerInput& input) = 0;
    /// Forgets per-car memory (integrators, runners, stuck timers): call after a teleport or respawn.
    virtual void reset() = 0;
    /// Stuck events so far (each time the stuck manager stepped in).
    virtual int stuckEvents() const = 0;
    /// A pending teleport, cleared once read.
    virtual TeleportRequest takeTeleportRequest() { return {}; }
    /// What the stuck manager did: events, planned recoveries, events that did not recover.
    virtual StuckStats stuckStats() const {
        StuckStats s;
        s.events = stuckEvents();
        return s;
    }
    /// Lends the stuck manager a shared planner for physically valid recovery manoeuvres, for a
    /// car of `vehicle`; nullptr detaches. Followers without planned recovery ignore it.
    virtual void attachRecoveryPlanner(RecoveryPlanner* /*planner*/, const VehicleParameters& /*vehicle*/) {}
    /// Traffic, an optional input (traffic/traffic_view.h): the car's neighbours this tick, read at
    /// each update until replaced; nullptr (the default) drives the car as if alone, exactly as
    /// before. The view must outlive the updates that read it. Followers without traffic rules ignore it.
    virtual void setTraffic(const CarTraffic* /*traffic*/) {}
    /// The driver (traffic/driver_profile.h): its pace scales the speed hints, its strength slows its
    /// corners (traffic/driver_strength.h), its consistency varies its pace, its aggression shapes its
    /// race craft and its reaction time holds it on the brakes after the first update (the start signal). Without one a follower drives at the
    /// hints at once. An invalid profile is ignored. Followers without speed hints ignore it.
    virtual void setDriver(const DriverProfile& /*driver*/) {}
    /// The follower's race craft (traffic/race_craft.h) — its pass, yield and defence state and
    /// counts — or null for followers without one.
    virtual const RaceCraft* raceCraft() const { return nullptr; }
    /// The share of the speed hints its driver takes corners at (its pace times its strength's
    /// StrengthPlan::cornerFactor): what other cars' race craft predicts it by. 1 without a driver.
    virtual float driverPace() const { return 1.0f; }
    /// …and where the engine sets the hints (accelerating, top speed): its pace times its strength's
    /// StrengthPlan::topSpeedFactor (1 unless the corners alone could not slow it enough).
    virtual float driverStraightPace() const { return driverPace(); }
    /// The share of line point `point`'s speed hint it drives at now: its strength there (a corner's
    /// or a straight's, StrengthPlan::factor), its consistency and race craft's push or lift. What a
    /// prediction of its path holds (RaceWorld::predict). driverPace() for followers without hints.
    virtual float speedHintShare(std::uint32_t /*point*/) const { return driverPace(); }
    /// Catch-up's factor on its corner pace (traffic/catch_up.h; RaceWorld sets it each tick while
    /// catch-up is on): the share of the hints its driver takes where grip sets them, times this,
    /// never above the hints. Followers without a strength plan ignore it.
    virtual void setCatchUp(float /*factor*/) {}
    /// Its driver's mistakes (traffic/driver_mistakes.h): how many of each kind it has made and the
    /// one it is making now. None for followers without hints or a driver whose `mistakes` is 0.
    virtual MistakeTally mistakeTally() const { return {}; }
    /// Tells the car to pit at the `pit-box` marker `boxMarker` (track_markers.h) on its next pass
    /// of the pit lane's fork (drive/pit_stop.h): Accepted, or why not. Followers without pit stops
    /// answer Unsupported.
    virtual PitRequestStatus requestPitStop(std::uint32_t /*boxMarker*/) { return PitRequestStatus::Unsupported; }
    /// Where the car is in its pit stop (None when racing).
    virtual PitState pitState() const { return PitState::None; }
    /// The pit stop's figures (lane, stops done, time stood), or null for followers without pit stops.
    virtual const PitStop* pitStop() const { return nullptr; }
    /// A hint, no effect on the results: the next update of this follower comes soon, so start
    /// loading the state it reads (track/prefetch.h). A race calls it a few cars ahead of the one it steps.
    virtual void prefetch() const {}
    /// m from its line, left positive, the car is steering to now (race craft's pass, defence or
    /// yield, a fixed offset): what a prediction of its path holds (RaceWorld::predict). 0 for
    /// followers that drive on the line.
    virtual float plannedOffset() const { return 0.0f; }
};

bool isFinite(const VehicleState& state);

class LineSampler;

/// The length a line's route wraps at (its length when closed, 0 when open), for progress tracking.
float wrapLength(const BakedTrack& track, std::uint32_t line);

/// The stuck managers' last resort, shared by the followers: back onto the line at `distance`,
/// facing along it.
TeleportRequest teleportOntoLine(const LineSampler& line, float distance);

} // namespace trackwright
