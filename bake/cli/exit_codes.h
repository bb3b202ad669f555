#pragma once

namespace bake::cli {

/// Process exit codes of every twbake command; pipelines branch on them.
enum ExitCode : int {
    kExitOk = 0,
    kExitInvalidInput = 1,  ///< the input was read but is not acceptable; diagnostics were printed
    kExitUsage = 2,         ///< wrong command line
    kExitIo = 3,            ///< a file could not be read or written
    kExitDifferent = 1,     ///< `diff`: the bakes differ (0: identical), as `cmp` and `diff` say it
    kExitChecksFailed = 4,  ///< everything ran, and a result failed one of the command's --fail-if conditions
};

} // namespace bake::cli
