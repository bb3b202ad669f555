#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace bake {

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

/// A car's body on the reference vehicle model (trackwright/vehicle/vehicle_model.h), what a game's
/// physics is to its AI: given the controls its driver chose and where it was registered, it steps
/// the vehicle on the road under it (with a slipstream's tow), stops at the walls, and keeps the
/// Table I metrics against its line. Who drives it is the owner's: a SimulatedCar's own follower
/// for single laps and the preview's ghosts, a RaceWorld's for races (race.h). Deterministic.
class ReferenceCar {
public:
    /// A car on `line` of `track` with `vehicle`'s parameters, its speed hints those of
    /// `vehicleClass`, at rest at the line's start. `track` must outlive the car or be replaced
    /// through `rebind`.
    ReferenceCar(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const trackwright::VehicleParameters& vehicle);

    /// Puts the car at `body`, registered at `where` (the road it stands on; undefined keeps the last).
    void place(const trackwright::VehicleBody& body, const trackwright::Registration& where);
    /// One tick of `dt` s: the vehicle steps under `controls` on the road of `here` (the car's
    /// registration at the tick's start; when undefined, the last defined one's), with `tow` of the
    /// car ahead's drag spared (traffic/slipstream.h), then stops at the walls; metrics from `here`.
    void drive(const trackwright::Controls& controls, const trackwright::Registration& here, float tow, float dt);
    /// Puts the car at rest at `position`, `heading` (a stuck manager's teleport) and counts it.
    void teleport(trackwright::format::Vec2 position, float heading);
    /// A lap completed in `seconds` (the owner's lap counting).
    void recordLap(double seconds) { m_totals.lapTimes.push_back(seconds); }
    /// Moves the car onto new baked data of the same track (a live edit), keeping its body and totals.
    void rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass);

    trackwright::VehicleBody& body() { return m_body; }
    const trackwright::VehicleBody& body() const { return m_body; }
    const trackwright::VehicleParameters& vehicle() const { return m_vehicle; }
    std::uint32_t line() const { return m_line; }
    std::uint32_t vehicleClass() const { return m_vehicleClass; }
    const CarTotals& totals() const { return m_totals; }
    /// The line's speed hint where the car is (m/s) and its distance from the line (m), this tick.
    float targetSpeed() const { return m_targetSpeed; }
    float crossTrackError() const { return m_crossTrackError; }
    /// m: the line's height where the car is, this tick (the reference model moves in plan).
    float height() const { return m_height; }
    /// The road under the car this tick, as the vehicle model felt it (its last registration's):
    /// climb, banking and grip, for a preview that pitches and rolls the car.
    const trackwright::RoadSurface& road() const { return m_last.road; }
    /// The last defined registration (what the walls and the road are read from).
    const trackwright::Registration& lastRegistration() const { return m_last; }
    /// The ideal lap of the car's line and class from the baked profile, s (0 without one).
    double idealLapTime() const { return m_idealLapTime; }
    /// What prefetch loads, in the order a race asks for it, the second reading a pointer the first
    /// loaded: the car's record and its line sampler; the line near the car (where its last metrics
    /// sample landed).
    enum class PrefetchStage { Record, Line };
    /// A hint, no effect on the results (trackwright/track/prefetch.h): a race steps thousands of
    /// cars in turn and calls this a few cars ahead of the one it steps, stage by stage.
    void prefetch(PrefetchStage stage) const;

private:
    void attach(const trackwright::BakedTrack& track);

    const trackwright::BakedTrack* m_track = nullptr;
    std::uint32_t m_line = 0, m_vehicleClass = 0;
    trackwright::VehicleParameters m_vehicle;
    std::unique_ptr<trackwright::LineSampler> m_sampler;
    trackwright::VehicleBody m_body;
    trackwright::Registration m_last;
    /// Where the metrics' line sample last landed (LineSampler cursor): a few steps a tick instead
    /// of a binary search over the line's points, the same sample.
    std::uint32_t m_sampleCursor = ~0u;
    double m_idealLapTime = 0.0;
    float m_targetSpeed = 0.0f, m_crossTrackError = 0.0f, m_height = 0.0f;
    CarTotals m_totals;
};

} // namespace bake
