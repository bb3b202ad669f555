#pragma once

#include "trackwright/traffic/driver_profile.h"

#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// The drivers of a `twbake race --profiles FILE`: a CSV file, one driver a row in car order,
/// `pace,aggression,consistency,reaction_time[,seed[,strength]]` (a header line and '#' comments allowed).
/// A seed of 0 or none: the race draws the driver's noise seed as for a drawn driver. Every
/// problem is printed to `err` naming the file, the line and the field. The exit code: ok, I/O
/// (unreadable) or invalid input. `givesStrength`, when given, is set when a row has a strength
/// (`race --strength` will not override it).
int readProfilesFile(const std::string& path, std::vector<trackwright::DriverProfile>& drivers, std::ostream& err, bool* givesStrength = nullptr);

} // namespace bake::cli
