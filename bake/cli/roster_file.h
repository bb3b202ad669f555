#pragma once

#include "bake/sim/roster.h"

#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// The drivers of a `--roster FILE` (bake/sim/roster.h's JSON or CSV), read for `command`
/// ("twbake build", "twbake race"): an unreadable file is printed as `command: reason`, an
/// invalid one as compiler-style lines naming the file, the driver and the field. The exit
/// code: ok (`roster` holds the drivers), I/O or invalid input (`roster` untouched).
int readRoster(const std::string& path, const char* command, std::vector<RosterDriver>& roster, std::ostream& err);

} // namespace bake::cli
