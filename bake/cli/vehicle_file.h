#pragma once

#include "formats/source/track_document.h"

#include <optional>
#include <ostream>
#include <string>

namespace bake::cli {

/// Reads the file a `--car` option names — a car file or a class file (formats/source/class_json.h) —
/// as a vehicle class, refusing a car that cannot be driven. On failure prints the diagnostics to
/// `err` (`command`: "twbake class", with `output` not written) and sets `exitCode` (kExitIo for an
/// unreadable file, else kExitInvalidInput).
std::optional<formats::VehicleClass> readVehicleFile(const std::string& path, const char* command, const std::string& output, std::ostream& err,
                                                     int& exitCode);

} // namespace bake::cli
