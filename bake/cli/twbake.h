#pragma once

#include <ostream>

namespace bake::cli {

/// The whole `twbake` command line, callable in-process (tests) as well as from main().
/// Returns the process exit code (see exit_codes.h).
int runTwbake(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

} // namespace bake::cli
