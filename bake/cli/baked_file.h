#pragma once

#include "bake/pipeline/loaded_bake.h"
#include "formats/source/track_document.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// A .twbake read from disk into aligned storage and validated, for the commands that read bakes.
using bake::LoadedBake;

/// Reads and validates `path`; on failure prints why to `err` and returns the exit code (I/O or
/// invalid input), else 0.
int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command);

/// Loads the .twtrack `path` and bakes it in memory with the vehicle preset added as a class
/// (unless the track names one like it), so its speed hints and ideal lap are that vehicle's; on
/// failure prints why and returns the exit code, else 0. For `laps` and `race` on a source track.
/// `classes` (a `--classes` option's) are put into the track first, replacing classes of their names.
int bakeForVehicle(const std::string& path, trackwright::VehiclePreset preset, LoadedBake& bake, std::ostream& err,
                   const std::vector<formats::VehicleClass>& classes = {});

/// Loads the .twtrack `path` and bakes it in memory as it stands (for `plan`); on failure prints
/// why and returns the exit code, else 0.
/// Loads a .twtrack (baked in memory) or a .twbake and finds its vehicle class `name`: the source's
/// class (with its car) or, from a .twbake, a class of its baked limits. A class the track lacks is
/// an error naming the classes it has (exit 1). `classes` (a `--classes` option's) are put into a
/// source track first; a .twbake with them is refused (its classes' hints are baked in).
int loadWithClass(const std::string& path, const std::string& name, LoadedBake& bake, std::optional<formats::VehicleClass>& found, std::ostream& err,
                  const char* command, const std::vector<formats::VehicleClass>& classes);

/// Refuses `classes` for a .twbake `path` (exit 2): a class's hints and lines are baked, so
/// `--classes` needs the .twtrack. 0 otherwise.
int classesNeedSource(const std::string& path, const std::vector<formats::VehicleClass>& classes, const char* command, std::ostream& err);

int bakeSourceFile(const std::string& path, LoadedBake& bake, std::ostream& err);

} // namespace bake::cli
