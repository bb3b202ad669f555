#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/registrar.h"
#include "trackwright/drive/stuck_stats.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bake {

/// What drives a simulated car and where it starts.
struct CarSetup {
    trackwright::FollowerKind follower = trackwright::FollowerKind::Runner;
    trackwright::VehiclePreset vehicle = trackwright::VehiclePreset::Car;
    /// The car's parameters in place of the preset's (a track's vehicle class: class_vehicle.h).
    std::optional<trackwright::VehicleParameters> parameters = std::nullopt;
    std::uint32_t line = 0;          ///< baked line index
    std::uint32_t vehicleClass = 0;  ///< baked class whose speed hints the follower uses
    /// m along the line to start from on a closed route; laps are timed from the line's start, so a
    /// start part-way round runs up to it first and every timed lap is a flying lap.
    double startDistance = 0.0;
    /// Lend the follower's stuck manager a movement planner (AIPATH) for physically valid recovery
    /// manoeuvres before it reverses blindly or asks for a teleport.
    bool plannedRecovery = true;
    /// The followers' speed caps: the vehicle's top speed, or the sources' (the paper's experiment).
    trackwright::FollowerSpeedCap speedCap = trackwright::FollowerSpeedCap::Vehicle;
};

/// Sums over a car's ticks: the path-following paper's Table I metrics and the lap times.
struct CarTotals {
    std::vector<double> lapTimes;  ///< s, each start-line crossing interpolated between ticks
    long ticks = 0;
    long ticksOnTarmac = 0, ticksOnRunoff = 0, ticksOnLine = 0;
    double crossTrackSum = 0.0, crossTrackMax = 0.0;  ///< m from the line
    double speedSum = 0.0;                            ///< m/s
    double maxLateralAcceleration = 0.0;              ///< m/s²
    int teleports = 0;
};

/// One car on a baked track, driven by a runtime follower on the reference vehicle model one fixed
/// tick at a time: registration, follower, vehicle step, wall contact, teleports, and progress
/// along its line's route with lap crossings. Verification laps run one to the finish; the
/// editor's preview runs many side by side and swaps the baked data under them. Deterministic.
class SimulatedCar {
public:
    /// `sharedPlanner` (optional) serves planned recoveries for several cars; without one the car
    /// makes its own when `setup.plannedRecovery` asks for it. `track` must outlive the car or be
    /// replaced through `rebind`.
    SimulatedCar(const trackwright::BakedTrack& track, const CarSetup& setup, trackwright::RecoveryPlanner* sharedPlanner = nullptr);

    /// Advances the car by `dt` seconds: registerTick() then advance(dt).
    void step(double dt);
    /// The first half of a step: registers the car where it is and counts its progress. A race
    /// registers every car, builds the traffic view from the registrations, then advances each.
    const trackwright::Registration& registerTick();
    /// The second half: follower, vehicle, walls, teleports, metrics and laps, from the registration
    /// registerTick() made.
    void advance(double dt);
    /// What prefetch loads, in the order a race asks for it, each stage reading pointers the one
    /// before loaded: the car's own record; its registrar, line sampler and the follower's first
    /// line (its virtual table pointer); the follower's state (Follower::prefetch); the line and
    /// the road near the car (where its last metrics sample landed).
    enum class PrefetchStage { Record, Parts, Follower, Track };
    /// A hint, no effect on the results: a race steps thousands of cars in turn, and calls this
    /// a few cars ahead of the one it steps, stage by stage, so that their state is loaded while it
    /// steps that one (trackwright/track/prefetch.h).
    void prefetch(PrefetchStage stage) const;
    /// Traffic and driver for the follower (Follower::setTraffic, setDriver); none by default.
    void setTraffic(const trackwright::CarTraffic* traffic) {
        m_traffic = traffic;
        m_follower->setTraffic(traffic);
    }
    void setDriver(const trackwright::DriverProfile& driver) { m_follower->setDriver(driver); }
    /// The follower's race craft (its pass, yield and defence counts), or null.
    const trackwright::RaceCraft* raceCraft() const { return m_follower->raceCraft(); }
    /// Tells the car to pit at the `pit-box` marker `boxMarker` (Follower::requestPitStop).
    trackwright::PitRequestStatus requestPitStop(std::uint32_t boxMarker) { return m_follower->requestPitStop(boxMarker); }
    /// Where the car is in its pit stop, and the stop's figures (null: its follower makes none).
    trackwright::PitState pitState() const { return m_follower->pitState(); }
    const trackwright::PitStop* pitStop() const { return m_follower->pitStop(); }
    /// Puts the car at `body` (a grid slot) before its first step, keeping its progress: the
    /// registration starts afresh from there.
    void place(const trackwright::VehicleBody& body);
    /// The body, for a race's car-to-car contacts to push.
    trackwright::VehicleBody& body() { return m_body; }
    const trackwright::VehicleParameters& vehicle() const { return m_vehicle; }
    /// This tick's registration (registerTick's; undefined off the track).
    const trackwright::Registration& registration() const { return m_here; }

    /// Moves the car onto new baked data of the same track (a live edit): the follower, line
    /// sampler and registration start afresh from where the car is, the laps driven so far stay.
    /// `line` and `vehicleClass` are the setup's indices in the new data.
    void rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, trackwright::RecoveryPlanner* sharedPlanner = nullptr);

    const trackwright::VehicleBody& body() const { return m_body; }
    const CarSetup& setup() const { return m_setup; }
    const CarTotals& totals() const { return m_totals; }
    trackwright::StuckStats stuckStats() const { return m_follower->stuckStats(); }
    /// m along the route from the start line, laps included; a run-up starts part-way into lap 0.
    double progress() const { return m_progress; }
    /// s simulated.
    double time() const { return m_time; }
    /// Completed laps counted at the start line (a run-up's first crossing included).
    int crossings() const { return m_crossings; }
    bool closedRoute() const { return m_closed; }
    double routeLength() const { return m_routeLength; }
    /// The line's speed hint where the car is (m/s) and its distance from the line (m), this tick.
    float targetSpeed() const { return m_targetSpeed; }
    float crossTrackError() const { return m_crossTrackError; }
    /// m: the line's height where the car is, this tick (the reference model moves in plan).
    float height() const { return m_height; }
    /// The road under the car this tick, as the vehicle model felt it (its last registration's):
    /// climb, banking and grip, for a preview that pitches and rolls the car.
    const trackwright::RoadSurface& road() const { return m_last.road; }
    /// The ideal lap of the car's line and class from the baked profile, s (0 without one).
    double idealLapTime() const { return m_idealLapTime; }

private:
    void attach(const trackwright::BakedTrack& track, trackwright::RecoveryPlanner* sharedPlanner);

    const trackwright::BakedTrack* m_track = nullptr;
    CarSetup m_setup;
    trackwright::VehicleParameters m_vehicle;
    std::unique_ptr<trackwright::LineSampler> m_sampler;
    std::unique_ptr<trackwright::Follower> m_follower;
    std::unique_ptr<trackwright::RecoveryPlanner> m_ownPlanner;
    std::unique_ptr<trackwright::Registrar> m_registrar;
    trackwright::VehicleBody m_body;
    trackwright::Registration m_last;
    trackwright::Registration m_lastOnRoute;  ///< the last registration on the line's route (progress)
    trackwright::Registration m_here;  ///< this tick's, between registerTick and advance
    const trackwright::CarTraffic* m_traffic = nullptr;  ///< this tick's neighbours, for the slipstream
    /// Where the metrics' line sample last landed (LineSampler cursor): a few steps a tick instead
    /// of a binary search over the line's points, the same sample.
    std::uint32_t m_sampleCursor = ~0u;
    double m_previousProgress = 0.0;
    bool m_closed = false;
    double m_routeLength = 0.0;
    double m_idealLapTime = 0.0;
    double m_progress = 0.0, m_time = 0.0, m_lapStart = 0.0;
    double m_firstTimedLine = 0.0;  ///< progress of the first crossing that starts a timed lap
    int m_crossings = 0;
    float m_targetSpeed = 0.0f, m_crossTrackError = 0.0f, m_height = 0.0f;
    CarTotals m_totals;
};

} // namespace bake
