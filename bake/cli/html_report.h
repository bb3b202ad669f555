#pragma once

#include "bake/cli/report_case.h"

#include <string>
#include <vector>

namespace bake::cli {

/// `cases` as one self-contained HTML page a reviewer opens from a CI's artifacts: a table of every
/// case's figures (a failed case red, with the conditions it met; one that did not run, with why),
/// then a plan of each track — walls, tarmac and its racing line coloured by the first class's
/// speed hints, slow blue to fast red — drawn as inline SVG. No script, no external file.
std::string htmlReport(const std::string& title, const std::vector<ReportCase>& cases);

} // namespace bake::cli
