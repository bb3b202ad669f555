#pragma once

#include "bake/cli/report_case.h"

#include <string>
#include <vector>

namespace bake::cli {

/// `cases` as a JUnit XML document (`<testsuites><testsuite name=…><testcase …>`, what CI systems
/// read): a failure per case that met a condition, an error per case that did not run.
std::string junitReport(const std::string& suite, const std::vector<ReportCase>& cases);

} // namespace bake::cli
