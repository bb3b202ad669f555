#pragma once

#include "bake/bake_context.h"
#include "bake/lap_time_refinement.h"
#include "bake/line_metrics.h"
#include "bake/offset_line.h"

#include "formats/diagnostic.h"
#include "formats/track_document.h"

#include <string>
#include <vector>

namespace bake {

enum class RacingLineMethod {
    MinimumCurvature,  ///< §39.5: least summed squared curvature within the tarmac less margins
    LapTime,           ///< the above, then the lap-time refinement (§39.6) for the class's vehicle
};

/// What `twbake raceline` and `twbake build --raceline` ask for.
struct RacingLineOptions {
    RacingLineMethod method = RacingLineMethod::MinimumCurvature;
    /// The class the line is for: its width sets the margins, its vehicle drives the refinement.
    /// A class of the document, a default class or a vehicle preset name. Empty: the widest class,
    /// so the shared line suits every class, plus a line of its own for each narrower class.
    std::string vehicleClass;
    double safetyMargin = 0.5;  ///< m kept beyond half the vehicle's width from each tarmac edge
    bool alternates = true;     ///< defending and overtaking lines, with overtaking-entry markers
    LapTimeRefinementOptions refinement;  ///< budget and threads of the lap-time method
};

/// One optimised line, for the report.
struct RacingLineReport {
    std::uint32_t route = 0;
    std::string name;
    std::string vehicleClass;          ///< empty: every class
    LineMetrics centre, line;          ///< the route's centre line and the new line, on their splines
    double optimiserMilliseconds = 0.0;
    double lapTimeBefore = 0.0;        ///< s, lap-time method only: the minimum-curvature line's flying lap
    double lapTimeAfter = 0.0;         ///< s, after the refinement
    int lapEvaluations = 0;
};

struct RacingLineResult {
    formats::TrackDocument document;  ///< the input with its generated lines and markers replaced
    formats::Diagnostics diagnostics;
    std::vector<RacingLineReport> reports;
    bool cancelled = false;
};

/// Optimises the racing line of every route (a branch with its junction offsets fixed to its
/// parent's line, an open route keeping its end offsets), per class where classes differ in width,
/// and the alternate lines of routes that are not branches. Lines of the same name, route and
/// class are replaced; the designer's other lines and markers stay. Needs a validated document.
RacingLineResult optimiseRacingLines(const formats::TrackDocument& document, const RacingLineOptions& options, const BakeContext& context = {});

} // namespace bake
