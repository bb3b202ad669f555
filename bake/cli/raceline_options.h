#pragma once

#include "bake/lines/racing_lines.h"

#include <ostream>
#include <string>

namespace bake::cli {

/// Reads --method and --vehicle into `options`; prints why and returns the usage exit code when the
/// method is unknown, else 0. Shared by `raceline` and `build --raceline`.
int racingLineOptionsFrom(const std::string& method, const std::string& vehicle, RacingLineOptions& options, std::ostream& err, const char* command);

} // namespace bake::cli
