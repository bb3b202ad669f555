#pragma once

#include "bake/cli/result_checks.h"
#include "formats/baked/format_names.h"

#include <string>
#include <vector>

namespace bake::cli {

/// One case of a command's reports (`--report junit.xml`, `--report summary.html`): a track of
/// `build` or of a race matrix, a run of `laps`.
struct ReportCase {
    std::string name;
    double seconds = 0.0;
    std::vector<std::string> failures;  ///< the conditions it met (--fail-if, --max-contacts …); empty: it passed
    std::string error;                  ///< set when it did not run (a track that would not load or bake)
    Figures figures;                    ///< its figures as the command's JSON names them: the summary's columns
    const formats::BakedTrackView* track = nullptr;  ///< the track it ran on, for the summary's plot; may be null
};

} // namespace bake::cli
