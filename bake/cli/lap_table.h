#pragma once

#include "bake/sim/verification_laps.h"

#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// One cell of a verification matrix.
struct LapJob {
    std::string input;
    trackwright::FollowerKind follower;
    trackwright::VehiclePreset vehicle;
    std::string vehicleClass = {};  ///< a class of the track (--class) in place of the preset

    /// What drove: the class when one was named, else the preset.
    std::string vehicleName() const { return vehicleClass.empty() ? trackwright::vehiclePresetName(vehicle) : vehicleClass; }
};

/// Prints the path-following paper's Table I layout: a column per follower; total stuck trials,
/// total stuck events (how many a planned manoeuvre answered, how many did not recover), teleports,
/// mean cross-track error, mean total time, mean inside-corridor share, mean speed, completed runs,
/// then the stuck events and the unrecovered ones of each vehicle.
void printLapTable(std::ostream& out, const std::vector<LapJob>& jobs, const std::vector<LapRunResult>& results,
                   const std::vector<trackwright::FollowerKind>& followers, const std::vector<trackwright::VehiclePreset>& vehicles);

} // namespace bake::cli
