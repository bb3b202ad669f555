#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/pit_stop.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/registrar.h"
#include "trackwright/traffic/catch_up.h"
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
    /// The game drives it: a player's car, or one on the game's own AI. The world registers it on
    /// its line's route, counts its laps, ranks it and shows it to every AI car as traffic (they
    /// follow it, yield to it, defend against it and pass it, expecting of it what its `vehicle`
    /// can do: its braking and acceleration, its size), but runs no follower for it: its controls
    /// are neutral, it makes no pit stops and the world plans no recovery for it. Its pace, which
    /// race craft weighs a pass by, is judged as a driver judges the car ahead: its speed over its
    /// line's hints for `vehicleClass`, averaged over kObservedPaceWindow s. `follower` and `driver`
    /// are not used.
    bool external = false;
    /// [0, 1]: the share of the race's catch-up limits (RaceWorldOptions::catchUp) this car takes;
    /// 0 leaves it out (a rival the game wants at its own pace).
    float catchUpLimit = 1.0f;
};

/// Where a car is, or will be: a reset's safe place, a prediction. World frame, SI units.
struct RacePose {
    format::Vec2 position;
    float height = 0.0f;   ///< m, the road's height there (the track's z); 0 off every route
    float heading = 0.0f;  ///< rad, counter-clockwise from +x
    float speed = 0.0f;    ///< m/s along the heading
    /// Placed or predicted along a route (false: off every route, from its heading and speed alone).
    bool onTrack = false;
};

/// How a race world call went.
enum class RaceWorldStatus : std::uint8_t {
    Ok,
    InvalidArgument,  ///< an index out of range, a span of the wrong size, a non-finite number, a setup the track cannot drive
    OutOfMemory,      ///< the car's follower or timing history could not be allocated: nothing was added
    Retired,          ///< the car has retired (retireCar): it is no longer driven, changed or reset
};

/// The race as a whole: its length and the traffic view's ranges.
struct RaceWorldOptions {
    std::uint32_t laps = 0;        ///< laps to the flag; 0: no flag (nobody finishes, the order still counts)
    TrafficParameters traffic;     ///< the view's ranges and horizons
    double timingStep = RaceTiming::kDefaultStep;         ///< s between timing-loop samples, in [RaceTiming::kMinStep, kMaxStep]
    std::size_t timingSamples = RaceTiming::kDefaultSamples;  ///< samples kept per car: gaps up to step · samples s; at most RaceTiming::kMaxSamples
    CatchUpPolicy catchUp;         ///< off by default (traffic/catch_up.h)
};

/// True for options a race world races with: the timing settings in range (RaceTiming::validSettings),
/// the traffic view's ranges and horizons finite and positive and the catch-up policy valid. A world made with others refuses
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
/// Cars: AI cars (a follower drives each) and external ones (the game drives them, the AI sees
/// them: RaceCarSetup::external). The race may change while it runs: a car added (it joins where
/// it stands, with no laps), retired (retireCar: out of the traffic and the running, at the back
/// of the tower), reset after a crash (resetCar: a safe place beside where it left the road), its
/// driver changed (setDriver); the whole race paused (setPaused). predict() answers where a car
/// will be up to kMaxPrediction s on.
///
/// Heights: on a track that passes over itself (a bridge, a flyover), give each car's height
/// (step's `heights`, the game's z): a car registers on the deck it drives, so the cars on a bridge
/// and under it are not neighbours (and CarContacts does not touch them together).
///
/// Allocation: addCar allocates (a follower, the car's timing history); reserve makes room for the
/// rest; a step allocates nothing. Deterministic: cars are visited in the order they were added and
/// every tie is broken by that index; the same calls and the same states give the same controls.
/// The BakedTrack may be a temporary; its bytes must outlive the world. Not thread-safe: one thread.
class RaceWorld {
public:
    explicit RaceWorld(const BakedTrack& track, const RaceWorldOptions& options = {});

    /// Room for `cars` cars: the adds up to that many grow nothing but their followers. OutOfMemory
    /// (no exception) when the room cannot be had: the adds then grow the world as they go.
    RaceWorldStatus reserve(std::size_t cars);
    /// Adds a car and answers its index in `index` (0, 1, …). InvalidArgument for a line or class the
    /// track does not have, vehicle parameters validVehicleParameters refuses, a driver
    /// validDriverProfile refuses, a negative or non-finite length or width, or a world made with
    /// options validRaceWorldOptions refuses; OutOfMemory when the allocation fails. Nothing is
    /// added then; no exception leaves it. After the start the car joins the race where the next
    /// step's state puts it: its laps count from there, its driver's reaction time from that step,
    /// and every step's spans grow by one.
    [[nodiscard]] RaceWorldStatus addCar(const RaceCarSetup& setup, std::uint32_t* index = nullptr);
    /// Car `car` leaves the race for good: from the next step it is no longer registered, seen by
    /// the other cars, driven (neutral controls) or timed; its state in a step's span is not read
    /// (anything, even non-finite). The tower lists it behind every car still racing, retired cars
    /// in the order of their race distance, and its index stays its own. InvalidArgument for an
    /// index out of range; Retired when it already is.
    [[nodiscard]] RaceWorldStatus retireCar(std::uint32_t car);
    bool retired(std::uint32_t car) const { return car < m_retired.size() && m_retired[car]; }
    /// After a crash: a safe place for car `car` beside where it left the road, in `placed` (put the
    /// car there at rest). Along its line's route where it was last registered on it (else where
    /// nearestTrackPoint puts it, else at the route's start), at the edge of the tarmac on the side
    /// it left from (off the racing line, its width and kResetEdgeMargin m inside the edge), facing
    /// the driving direction, and moved back along the route a car length and a margin at a time,
    /// up to kResetTries times, while another car is there. Its follower and registration start
    /// afresh (its driver waits its reaction time again); its laps and race distance stay.
    /// InvalidArgument for an index out of range; Retired for a retired car.
    [[nodiscard]] RaceWorldStatus resetCar(std::uint32_t car, RacePose& placed);
    static constexpr float kResetEdgeMargin = 0.5f;
    static constexpr int kResetTries = 10;
    /// A new driver for car `car` mid-race (pace, aggression, consistency; its reaction time counts
    /// only at a start or after a reset): its follower drives with it from the next step.
    /// InvalidArgument for an index out of range, a profile validDriverProfile refuses or an external
    /// car; Retired for a retired car.
    [[nodiscard]] RaceWorldStatus setDriver(std::uint32_t car, const DriverProfile& driver);
    /// While paused a step changes nothing — no clock, no laps, no timing, no follower (stuck
    /// timers and reaction times included) — and gives every car the controls it gave last (the
    /// game does not move its cars meanwhile). Its inputs are still checked.
    void setPaused(bool paused) { m_paused = paused; }
    /// Turns catch-up on, off or changes it mid-race (traffic/catch_up.h): from the next step each AI
    /// car's corner pace is scaled by catchUpFactor of its timing-loop gap to the policy's reference
    /// car (standings as the last step left them), until it takes the flag. InvalidArgument (nothing
    /// changed) for a policy validCatchUpPolicy refuses.
    [[nodiscard]] RaceWorldStatus setCatchUp(const CatchUpPolicy& policy);
    /// Car `car`'s share of the catch-up limits (RaceCarSetup::catchUpLimit), mid-race.
    /// InvalidArgument for an index out of range or a limit outside [0, 1].
    [[nodiscard]] RaceWorldStatus setCatchUpLimit(std::uint32_t car, float limit);
    /// The factor catch-up scales car `car`'s corner pace by this tick (1 without catch-up).
    float catchUp(std::uint32_t car) const { return car < m_catchUp.size() ? m_catchUp[car] : 1.0f; }
    bool paused() const { return m_paused; }
    /// Where car `car` will be `seconds` s on (0 to kMaxPrediction) from what it plans now, for a
    /// game's camera, commentary or collision anticipation. An AI car on its line: along the line at
    /// its speed hints and its driver's pace now, braking at its limit for what comes, accelerating
    /// at its limit, its distance from the line easing onto the offset its race craft steers to.
    /// An external car, or one in a pit stop: along the route it is registered on at its speed,
    /// keeping its distance from the centre line. A car off every route: straight on at its heading
    /// and speed (onTrack false). From the states given to the last step. InvalidArgument for an
    /// index out of range, `seconds` outside the range, or a car no step has had yet (before the
    /// first, or added since the last); Retired for a retired car.
    [[nodiscard]] RaceWorldStatus predict(std::uint32_t car, float seconds, RacePose& out) const;
    static constexpr float kMaxPrediction = 3.0f;
    /// s over which an external car's pace is averaged (RaceCarSetup::external).
    static constexpr float kObservedPaceWindow = 3.0f;
    /// Lends every car's stuck manager (its follower's: pursuit and runner) a shared planner for
    /// planned recovery manoeuvres, cars added later included; nullptr detaches. The planner must
    /// outlive the world or be detached.
    void attachRecoveryPlanner(RecoveryPlanner* planner);

    /// One tick: `states[i]` is car i now; `controls[i]` receives what car i's driver does for the
    /// next `dt` seconds. InvalidArgument — nothing changed, and neutral controls written when
    /// `controls` has the right size — when either span's size is not size(), `dt` is negative,
    /// non-finite or longer than kMaxTick (0.25 s), or a state holds a non-finite number.
    [[nodiscard]] RaceWorldStatus step(std::span<const VehicleState> states, float dt, std::span<Controls> controls);
    /// The same with each car's height (m, the track's z; heights[i] for car i): a car registers on
    /// the deck under it where the track passes over itself. An empty span is step() without heights;
    /// InvalidArgument for a span of another size; a non-finite height is that car's unknown.
    [[nodiscard]] RaceWorldStatus step(std::span<const VehicleState> states, std::span<const float> heights, float dt, std::span<Controls> controls);

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
    /// The game drives car `car` (RaceCarSetup::external).
    bool external(std::uint32_t car) const { return m_cars[car].setup.external; }
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
        Registration lastOnLine;  ///< its last defined registration on its line's route (resets put it back there)
        std::uint32_t lastRoute = format::kNoRoute;  ///< of its last defined registration
        double routeDistance = 0.0;  ///< its last defined distance along its route (tracks without laps)
        float observedPace = 1.0f;   ///< an external car's speed over its hints, averaged (observePace)
        std::uint32_t lineCursor = ~0u;  ///< where an external car's hint was last sampled
    };
    void rank();
    /// An external car's pace: this tick's speed over its line's hint, blended into its average.
    void observePace(Car& car, const VehicleState& state, float elapsed);
    /// The place resetCar answers for `car`, at `distance` m along its line's route.
    RacePose safePlace(std::uint32_t car, double distance, float side) const;
    /// predict() along the car's line / along its route, from this tick's input.
    RacePose predictOnLine(std::uint32_t car, float seconds) const;
    RacePose predictOnRoute(std::uint32_t car, float seconds) const;
    /// reserve's work, which may throw std::bad_alloc or std::length_error.
    void reserveOrThrow(std::size_t cars);
        /// addCar's work, which may throw std::bad_alloc (addCar catches it).
    RaceWorldStatus addCarOrThrow(const RaceCarSetup& setup, std::uint32_t* index);

    BakedTrack m_track;
    RaceWorldOptions m_options;
    bool m_optionsValid = false;
    bool m_hasLaps = false;
    bool m_started = false;
    bool m_paused = false;
    std::size_t m_steppedCars = 0;  ///< cars the last step was given (later adds have no state yet)
    double m_time = 0.0;
    float m_lastDt = 0.0f;
    RecoveryPlanner* m_planner = nullptr;
    std::vector<Car> m_cars;
    std::vector<TrafficCar> m_inputs;
    std::vector<VehicleState> m_states;    ///< per car, as the last step gave it (predictions start there)
    std::vector<Controls> m_controls;      ///< per car, what the last step answered (a paused step repeats them)
    std::vector<std::uint8_t> m_retired;   ///< per car: 1 once retired
    TrafficView m_view;
    RaceTiming m_timing;
    std::vector<double> m_progress;        ///< per car, m
    std::vector<double> m_finishTime;      ///< per car, s; −1 still racing
    std::vector<std::uint32_t> m_finishPlace;  ///< per car: its place at the flag, or the car count
    std::vector<std::uint32_t> m_finishOrder;  ///< cars in the order they took the flag
    std::vector<RaceStanding> m_standings; ///< leader first
    std::vector<std::uint32_t> m_place;    ///< per car: its index in m_standings
    std::vector<float> m_catchUp;          ///< per car, this tick's catch-up factor (updateCatchUp)
    /// Each AI car's catch-up factor from the standings the last step left (RaceWorldOptions::catchUp).
    void updateCatchUp();
};

} // namespace trackwright
