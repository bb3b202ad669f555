#pragma once

#include "bake/cli/twbake.h"

#include <sstream>
#include <string>
#include <vector>

namespace tw::test {

/// What a twbake command line did, run in process.
struct RunResult {
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// Runs `twbake ARGS…` in process, capturing its output.
inline RunResult twbake(std::vector<std::string> args) {
    args.insert(args.begin(), "twbake");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    RunResult r;
    r.exitCode = bake::cli::runTwbake(static_cast<int>(argv.size()), argv.data(), out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace tw::test
