#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/pit_stop.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/registrar.h"
#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/race_timing.h"
#include "trackwright/traffic/traffic_view.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/vehicle_state.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace trackwright {

/// One car of a race world: what drives it and what it is. The game owns its physics.
struct RaceCarSetup {
    std::uint32_t line = 0;          ///< baked line index it races on (findLine)
    std::uint32_t vehicleClass = 0;  ///< baked class whose speed hints it drives at
    VehicleParameters vehicle = vehiclePreset(VehiclePreset::Car);  ///< its limits, as the follower plans with them
    DriverProfile driver;            ///< pace, aggression, consistency, reaction time, noise seed
    float length = 0.0f;             ///< m bumper to bumper; 0: the wheelbase + 2 m of overhangs
    float width = 0.0f;              ///< m; 0: the vehicle's width
    FollowerKind follower = FollowerKind::Runner;  ///< the runner has the race craft (passes, defends, yields)
};

/// How a race world call went.
enum class RaceWorldStatus : std::uint8_t {
    Ok,
    InvalidArgument,  ///< an index out of range, a span of the wrong size, a non-finite number, a setup the track cannot drive
    AlreadyStarted,   ///< cars are added before the first step only
    OutOfMemory,      ///< the car's follower or timing history could not be allocated: nothing was added
};

/// The race as a whole: its length and the traffic view's ranges.
struct RaceWorldOptions {
    std::uint32_t laps = 0;        ///< laps to the flag; 0: no flag (nobody finishes, the order still counts)
    TrafficParameters traffic;     ///< the view's ranges and horizons
    double timingStep = RaceTiming::kDefaultStep;         ///< s between timing-loop samples, in [RaceTiming::kMinStep, kMaxStep]
    std::size_t timingSamples = RaceTiming::kDefaultSamples;  ///< samples kept per car: gaps up to step · samples s; at most RaceTiming::kMaxSamples
};

/// True for options a race world races with: the timing settings in range (RaceTiming::validSettings)
/// and the traffic view's ranges and horizons finite and positive. A world made with others refuses
/// every car (InvalidArgument).
bool validRaceWorldOptions(const RaceWorldOptions& options);

/// A race run through the runtime: a game adds its cars, then each tick hands over every car's state
/// (its own physics moved them) and gets every car's controls back. Per tick the world registers
/// each car (a Registrar per car, on its line's route), counts its laps (a LapCounter per car),
/// builds the traffic view once (traffic_view.h) with each car's race distance, runs each car's
/// follower with its neighbours and driver, and ranks the field: position, laps, and timing-loop
/// gaps to the leader and to the car ahead (race_timing.h). The game's physics moves the cars and
/// resolves their contacts (the bake's bake::Race does both with the reference model).
///
/// Time: the states given to a step are the cars at the world's time(); the step's `dt` is the
/// time the game will move them by before the next step (it is what the followers plan for). The
/// first step is the start (time 0, the start signal for the drivers' reaction times); every later
/// one first advances the clock by the previous step's dt.
///
/// Allocation: addCar allocates (a follower, the car's timing history); reserve makes room for the
/// rest; a step allocates nothing. Deterministic: cars are visited in the order they were added and
/// every tie is broken by that index; the same adds and the same states give the same controls.
/// The BakedTrack may be a temporary; its bytes must outlive the world. Not thread-safe: one thread.
class RaceWorld {
public:
    explicit RaceWorld(const BakedTrack& track, const RaceWorldOptions& options = {});

    /// Room for `cars` cars: the adds up to that many grow nothing but their followers.
    void reserve(std::size_t cars);
    /// Adds a car and answers its index in `index` (0, 1, …). InvalidArgument for a line or class the
    /// track does not have, vehicle parameters validVehicleParameters refuses, a driver
    /// validDriverProfile refuses, a negative or non-finite length or width, or a world made with
    /// options validRaceWorldOptions refuses; AlreadyStarted after the first step; OutOfMemory when
    /// the allocation fails. Nothing is added then; no exception leaves it.
    [[nodiscard]] RaceWorldStatus addCar(const RaceCarSetup& setup, std::uint32_t* index = nullptr);
    /// Lends every car's stuck manager (its follower's: pursuit and runner) a shared planner for
    /// planned recovery manoeuvres, cars added later included; nullptr detaches. The planner must
    /// outlive the world or be detached.
    void attachRecoveryPlanner(RecoveryPlanner* planner);

    /// One tick: `states[i]` is car i now; `controls[i]` receives what car i's driver does for the
    /// next `dt` seconds. InvalidArgument — nothing changed, and neutral controls written when
    /// `controls` has the right size — when either span's size is not size(), `dt` is negative,
    /// non-finite or longer than kMaxTick (0.25 s), or a state holds a non-finite number.
    [[nodiscard]] RaceWorldStatus step(std::span<const VehicleState> states, float dt, std::span<Controls> controls);

    std::size_t size() const { return m_cars.size(); }
    /// s of race time: the time of the states the last step was given (0 until the second step).
    double time() const { return m_time; }
    bool started() const { return m_started; }
    const RaceWorldOptions& options() const { return m_options; }

    /// The tower, leader first (finished cars in the order they took the flag, then by race
    /// distance). Before the first step, the cars in the order they were added, no gaps.
    std::span<const RaceStanding> standings() const { return m_standings; }
    /// Car `car`'s place, 1 for the leader; 0 for an index out of range.
    std::uint32_t position(std::uint32_t car) const { return car < m_cars.size() ? m_place[car] + 1 : 0; }
    // The per-car reads below take car < size() (the C API checks it).
    /// Car `car`'s line of the tower.
    const RaceStanding& standing(std::uint32_t car) const { return m_standings[m_place[car]]; }
    /// m of the race car `car` has covered, laps included (from the start line; negative on the
    /// grid behind it). On a track without a closed route: its distance along its route.
    double raceDistance(std::uint32_t car) const { return m_progress[car]; }
    bool finished(std::uint32_t car) const { return m_finishTime[car] >= 0.0; }
    /// s of race time at which car `car` crossed the line for the last time (interpolated within the
    /// tick); −1 before it finished.
    double finishTime(std::uint32_t car) const { return m_finishTime[car]; }
    /// The car's laps, lap and sector times (lap_counter.h).
    const LapStatus& lapStatus(std::uint32_t car) const { return m_cars[car].laps.status(); }
    const LapCounter& lapCounter(std::uint32_t car) const { return m_cars[car].laps; }
    /// This tick's registration and neighbours of car `car`.
    const Registration& registration(std::uint32_t car) const { return m_cars[car].here; }
    const CarTraffic& traffic(std::uint32_t car) const { return m_view.car(car); }
    /// The share of its drag the car ahead spares car `car` this tick (traffic/slipstream.h): step
    /// its physics with inSlipstream(vehicle, share), as the bake's race does, for the tow the
    /// runner plans with (it raises top-speed hints by the same factor).
    float slipstreamShare(std::uint32_t car) const;
    const TrafficView& view() const { return m_view; }
    /// Car `car` as this tick's traffic view saw it (where the states given to the last step put it).
    const TrafficCar& trafficInput(std::uint32_t car) const { return m_inputs[car]; }
    /// The track the world races on.
    const BakedTrack& track() const { return m_track; }
    /// The car's follower (its race craft, stuck statistics …).
    const Follower& follower(std::uint32_t car) const { return *m_cars[car].follower; }
    const RaceCarSetup& setup(std::uint32_t car) const { return m_cars[car].setup; }
    /// Tells car `car` to pit at the `pit-box` marker `boxMarker` (track_markers.h) on its next pass
    /// of the pit lane's fork: its follower's answer (drive/pit_stop.h; the runner makes pit stops,
    /// the other followers answer Unsupported). The car then drives into the lane at its limit,
    /// stands at its box for the track's pit stop time and merges back into a gap; the world moves
    /// the car's registration onto the lane and back as the stop asks (PitStop::wantedRoute), and
    /// its lap counter counts the lane as the stretch of the main route it bypasses.
    PitRequestStatus requestPitStop(std::uint32_t car, std::uint32_t boxMarker) { return m_cars[car].follower->requestPitStop(boxMarker); }
    /// Where car `car` is in its pit stop (None when racing, or when its follower makes no stops).
    PitState pitState(std::uint32_t car) const { return m_cars[car].follower->pitState(); }
    /// Pit stops car `car` has completed (rejoined the main route).
    int pitStopsDone(std::uint32_t car) const {
        const PitStop* pit = m_cars[car].follower->pitStop();
        return pit ? pit->stopsDone() : 0;
    }
    /// A pending teleport of car `car`'s stuck manager (put the car back on its line at the position
    /// and heading it says), cleared once read; the car's registration then starts afresh.
    TeleportRequest takeTeleportRequest(std::uint32_t car);

private:
    struct Car {
        Car(const BakedTrack& track, const RaceCarSetup& s, std::unique_ptr<Follower> f);
        RaceCarSetup setup;
        std::unique_ptr<Follower> follower;
        Registrar registrar;
        LapCounter laps;
        Registration here;   ///< this tick's
        std::uint32_t lastRoute = format::kNoRoute;  ///< of its last defined registration
        double routeDistance = 0.0;  ///< its last defined distance along its route (tracks without laps)
    };
    void rank();
    /// addCar's work, which may throw std::bad_alloc (addCar catches it).
    RaceWorldStatus addCarOrThrow(const RaceCarSetup& setup, std::uint32_t* index);

    BakedTrack m_track;
    RaceWorldOptions m_options;
    bool m_optionsValid = false;
    bool m_hasLaps = false;
    bool m_started = false;
    double m_time = 0.0;
    float m_lastDt = 0.0f;
    RecoveryPlanner* m_planner = nullptr;
    std::vector<Car> m_cars;
    std::vector<TrafficCar> m_inputs;
    TrafficView m_view;
    RaceTiming m_timing;
    std::vector<double> m_progress;        ///< per car, m
    std::vector<double> m_finishTime;      ///< per car, s; −1 still racing
    std::vector<std::uint32_t> m_finishPlace;  ///< per car: its place at the flag, or the car count
    std::vector<std::uint32_t> m_finishOrder;  ///< cars in the order they took the flag
    std::vector<RaceStanding> m_standings; ///< leader first
    std::vector<std::uint32_t> m_place;    ///< per car: its index in m_standings
};

} // namespace trackwright
