#pragma once

#include "bake/sim/reference_car.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/registrar.h"
#include "trackwright/drive/stuck_stats.h"
#include "trackwright/traffic/driver_profile.h"
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
    /// The follower's driver (its strength, consistency, reaction time); none: it drives at the hints.
    std::optional<trackwright::DriverProfile> driver = std::nullopt;
};

/// The vehicle a setup drives: its parameters, else its preset's.
trackwright::VehicleParameters vehicleOf(const CarSetup& setup);

/// One car on a baked track, driven by a runtime follower of its own on the reference vehicle
/// model (reference_car.h) one fixed tick at a time: registration, follower, vehicle step, wall
/// contact, teleports, and progress along its line's route with lap crossings. Verification laps
/// run one to the finish; the editor's preview runs ghosts side by side and swaps the baked data
/// under them. Races do not use it: their cars are driven by a RaceWorld (race.h). Deterministic.
class SimulatedCar {
public:
    /// `sharedPlanner` (optional) serves planned recoveries for several cars; without one the car
    /// makes its own when `setup.plannedRecovery` asks for it. `track` must outlive the car or be
    /// replaced through `rebind`.
    SimulatedCar(const trackwright::BakedTrack& track, const CarSetup& setup, trackwright::RecoveryPlanner* sharedPlanner = nullptr);

    /// Advances the car by `dt` seconds: registers it where it is, counts its progress, lets the
    /// follower drive and the vehicle step.
    void step(double dt);
    /// Tells the car to pit at the `pit-box` marker `boxMarker` (Follower::requestPitStop).
    trackwright::PitRequestStatus requestPitStop(std::uint32_t boxMarker) { return m_follower->requestPitStop(boxMarker); }
    /// Where the car is in its pit stop, and the stop's figures (null: its follower makes none).
    trackwright::PitState pitState() const { return m_follower->pitState(); }
    const trackwright::PitStop* pitStop() const { return m_follower->pitStop(); }

    /// Moves the car onto new baked data of the same track (a live edit): the follower, line
    /// sampler and registration start afresh from where the car is, the laps driven so far stay.
    /// `line` and `vehicleClass` are the setup's indices in the new data.
    void rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, trackwright::RecoveryPlanner* sharedPlanner = nullptr);

    /// Drives the car with `controls` from now on in place of its follower (a designer driving it
    /// in the preview); nullopt gives it back to the follower, which picks up from where it is.
    void setManualControls(const std::optional<trackwright::Controls>& controls) { m_manual = controls; }
    bool manual() const { return m_manual.has_value(); }
    /// The car's body, metrics and laps on the reference model.
    const ReferenceCar& physics() const { return m_car; }
    const trackwright::VehicleBody& body() const { return m_car.body(); }
    const trackwright::VehicleParameters& vehicle() const { return m_car.vehicle(); }
    const CarSetup& setup() const { return m_setup; }
    const CarTotals& totals() const { return m_car.totals(); }
    trackwright::StuckStats stuckStats() const { return m_follower->stuckStats(); }
    trackwright::MistakeTally mistakeTally() const { return m_follower->mistakeTally(); }
    /// This tick's registration (undefined off the track).
    const trackwright::Registration& registration() const { return m_here; }
    /// m along the route from the start line, laps included; a run-up starts part-way into lap 0.
    double progress() const { return m_progress; }
    /// s simulated.
    double time() const { return m_time; }
    /// Completed laps counted at the start line (a run-up's first crossing included).
    int crossings() const { return m_crossings; }
    bool closedRoute() const { return m_closed; }
    double routeLength() const { return m_routeLength; }
    float targetSpeed() const { return m_car.targetSpeed(); }
    float crossTrackError() const { return m_car.crossTrackError(); }
    float height() const { return m_car.height(); }
    const trackwright::RoadSurface& road() const { return m_car.road(); }
    double idealLapTime() const { return m_car.idealLapTime(); }

private:
    void attach(const trackwright::BakedTrack& track, trackwright::RecoveryPlanner* sharedPlanner);
    /// Registers the car where it is and counts its progress (the first half of a step).
    void registerTick();

    const trackwright::BakedTrack* m_track = nullptr;
    CarSetup m_setup;
    ReferenceCar m_car;
    std::unique_ptr<trackwright::Follower> m_follower;
    std::unique_ptr<trackwright::RecoveryPlanner> m_ownPlanner;
    std::unique_ptr<trackwright::Registrar> m_registrar;
    trackwright::Registration m_lastOnRoute;  ///< the last registration on the line's route (progress)
    trackwright::Registration m_here;         ///< this tick's
    double m_previousProgress = 0.0;
    bool m_closed = false;
    double m_routeLength = 0.0;
    double m_progress = 0.0, m_time = 0.0, m_lapStart = 0.0;
    double m_firstTimedLine = 0.0;  ///< progress of the first crossing that starts a timed lap
    int m_crossings = 0;
    std::optional<trackwright::Controls> m_manual;  ///< set while a person drives the car
};

} // namespace bake
