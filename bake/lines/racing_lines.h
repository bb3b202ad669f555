#pragma once

#include "bake/pipeline/bake_context.h"
#include "bake/lines/ideal_lap_descent.h"
#include "bake/lines/lap_time_refinement.h"
#include "bake/lines/line_metrics.h"
#include "bake/lines/offset_line.h"

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <string>
#include <vector>

namespace bake {

enum class RacingLineMethod {
    MinimumCurvature,  ///< §39.5: least summed squared curvature within the tarmac less margins
    /// The above, then the ideal-lap descent (kept when the runner's flying lap on it is no slower)
    /// and the lap-time refinement (§39.6), for the class's vehicle.
    LapTime,
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
    IdealLapDescentOptions descent;       ///< the lap-time method's first stage
    LapTimeRefinementOptions refinement;  ///< budget and threads of the lap-time method's second stage
};

/// One optimised line, for the report.
struct RacingLineReport {
    std::uint32_t route = 0;
    std::string name;
    std::string vehicleClass;          ///< empty: every class
    LineMetrics centre, line;          ///< the route's centre line and the new line, on their splines
    double optimiserMilliseconds = 0.0;
    double idealLapBefore = 0.0;       ///< s, lap-time method only: the minimum-curvature line's ideal lap (splineIdealLapTime)
    double idealLapAfter = 0.0;        ///< s, after the ideal-lap descent
    int idealLapEvaluations = 0;
    double minimumCurvatureLap = 0.0;  ///< s, lap-time method only: the runner's flying lap on the minimum-curvature line (+∞: not finished)
    double descendedLap = 0.0;         ///< s, on the descended line
    bool descentKept = false;          ///< the refinement started from the descended line (its lap was no slower)
    double lapTimeBefore = 0.0;        ///< s, the flying lap of the line the refinement started from
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
