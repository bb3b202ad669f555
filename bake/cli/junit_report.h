#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// One test case of a JUnit report: a track of a race matrix, a run of `laps`.
struct JunitCase {
    std::string name;
    double seconds = 0.0;
    std::vector<std::string> failures;  ///< the --fail-if conditions it met; empty: it passed
    std::string error;                  ///< set when it did not run (a track that would not load)
};

/// Writes `cases` as a JUnit XML report (`<testsuites><testsuite name=…><testcase …>`, what CI
/// systems read) to `path` through the product's output-path policy; false with `error` on failure.
bool writeJunitReport(const std::string& path, const std::string& suite, const std::vector<JunitCase>& cases, std::string& error);

/// A command's `--junit PATH`: nothing when `path` is empty, else the report of suite `command`
/// ("twbake race"); on failure prints why and returns kExitIo, else 0.
int writeJunitIfAsked(const std::string& path, const char* command, const std::vector<JunitCase>& cases, std::ostream& err);

} // namespace bake::cli
