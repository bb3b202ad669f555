#pragma once

#include "bake/cli/report_case.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// Why `path` cannot be a `--report` (its kind is its extension: `.xml` JUnit, `.html` or `.htm`
/// the summary page), or nothing when it can.
std::optional<std::string> reportPathProblem(const std::string& path);

/// True when one of `paths` is an HTML summary (whose plans need each track's bake kept).
bool wantsHtmlReport(const std::vector<std::string>& paths);

/// A command's `--report` (and `--junit`) files, written together through the output-path policy:
/// none when `paths` is empty; on failure prints why ("`command`: …") and returns kExitIo, else 0.
int writeReports(const std::vector<std::string>& paths, const char* command, const std::vector<ReportCase>& cases, std::ostream& err);

} // namespace bake::cli
