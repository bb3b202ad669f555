#pragma once

#include "bake/pipeline/loaded_bake.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// A .twbake read from disk into aligned storage and validated, for the commands that read bakes.
using bake::LoadedBake;

/// Reads and validates `path`; on failure prints why to `err` and returns the exit code (I/O or
/// invalid input), else 0.
int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command);

} // namespace bake::cli
