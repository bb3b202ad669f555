#pragma once

#include "formats/source/track_document.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// Reads the file a `--car` option names — a car file or a class file (formats/source/class_json.h) —
/// as a vehicle class, refusing a car that cannot be driven. On failure prints the diagnostics to
/// `err` (then "`command`: `consequence`", say "twbake class: t.twtrack was not written") and sets
/// `exitCode` (kExitIo for an unreadable file, else kExitInvalidInput).
std::optional<formats::VehicleClass> readVehicleFile(const std::string& path, const char* command, const std::string& consequence, std::ostream& err,
                                                     int& exitCode);

/// The vehicle classes a `--classes` option gives: a car or class file, or every `.json` file in a
/// folder (in name order), each named by its "name", else its file name. A studio gives its cars
/// once instead of copying them into every track. On failure prints why and returns the exit code
/// (nothing is run), else 0.
int readClassFiles(const std::string& path, const char* command, std::vector<formats::VehicleClass>& classes, std::ostream& err);

/// Puts `vehicleClass` into `document`: replaces the class of its name, else adds it. True when it
/// replaced one.
bool putVehicleClass(formats::TrackDocument& document, const formats::VehicleClass& vehicleClass);

} // namespace bake::cli
