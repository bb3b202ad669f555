#pragma once

#include "formats/source/track_document.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/traffic/driver_mistakes.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <optional>
#include <string>
#include <vector>

namespace bake {

/// One verification run: a standing start on a line, then `laps` laps (start to end on an open route).
struct LapRunOptions {
    trackwright::FollowerKind follower = trackwright::FollowerKind::Runner;
    trackwright::VehiclePreset vehicle = trackwright::VehiclePreset::Car;
    /// The car's parameters in place of the preset's (a track's vehicle class: class_vehicle.h).
    std::optional<trackwright::VehicleParameters> parameters = std::nullopt;
    std::uint32_t line = 0;          ///< baked line index
    std::uint32_t vehicleClass = 0;  ///< baked class whose speed hints the follower uses
    int laps = 3;
    /// m along the line to start from on a closed route. Laps are timed from the line's start, so a
    /// start part-way round runs up to it first and every timed lap is a flying lap.
    double startDistance = 0.0;
    double dt = 1.0 / 60.0;          ///< fixed simulation step, s
    /// Lend the follower's stuck manager a movement planner (AIPATH) for physically valid recovery
    /// manoeuvres before it reverses blindly or asks for a teleport.
    bool plannedRecovery = true;
    trackwright::FollowerSpeedCap speedCap = trackwright::FollowerSpeedCap::Vehicle;  ///< CarSetup::speedCap
    /// The driver's strength (traffic/driver_strength.h); below 1 the follower gets a driver of that
    /// strength who laps evenly (consistency 1) and starts at once.
    float strength = 1.0f;
    /// Its mistakes as a multiple of the documented rates (traffic/driver_mistakes.h); 0: none.
    float mistakes = 0.0f;
    std::uint64_t seed = 0;  ///< the driver's noise: when its mistakes come
};

/// The metrics of the path-following paper's Table I, plus lap times and the ideal-lap comparison.
struct LapRunResult {
    bool completed = false;
    float strength = 1.0f;         ///< the driver's (LapRunOptions::strength)
    std::vector<double> lapTimes;  ///< s
    double totalTime = 0.0;        ///< s
    int stuckEvents = 0;
    int plannedRecoveries = 0;        ///< stuck events answered with a planned manoeuvre
    int unrecoveredStuckEvents = 0;   ///< stuck events after which the car did not get going again (see StuckStats)
    int teleports = 0;
    double cteMean = 0.0, cteMax = 0.0;  ///< m from the line
    double insideCorridorPct = 0.0;      ///< share of ticks on the tarmac
    double insideRunoffPct = 0.0;        ///< share of ticks within the runoff
    double meanSpeed = 0.0;              ///< m/s
    double maxLateralAcceleration = 0.0; ///< m/s²
    double idealLapTime = 0.0;           ///< s, the baked profile's
    double idealRatio = 0.0;             ///< ideal / best achieved lap (1.0 is the limit)
    trackwright::MistakeTally mistakes;  ///< the driver's, per kind (LapRunOptions::mistakes)
};

/// Simulates the run on the reference vehicle model at a fixed step. Deterministic.
LapRunResult runVerificationLaps(const trackwright::BakedTrack& track, const LapRunOptions& options);

} // namespace bake
