#pragma once

#include "bake/pipeline/bake_context.h"
#include "bake/lines/min_curvature_line.h"

#include "formats/source/track_document.h"
#include "formats/baked/format_names.h"

#include <vector>

namespace bake {

/// The ideal lap of a line given as points, on the line a car drives through them: the chord-length
/// cubic spline, sampled about every `spacing` m with its exact curvature and arc length, under the
/// bake's speed profile for the class (eq. 39.4 corner limit, braking and acceleration passes).
/// Exact curvature because eq. 39.3's three-point curvature reads uneven point spacing (lines on a
/// track's perpendiculars bunch up inside corners) as bending.
double splineIdealLapTime(const std::vector<formats::Vec2>& points, bool closed, const formats::VehicleClass& vehicleClass, double spacing = 2.0);

struct IdealLapDescentOptions {
    double initialStep = 1.0;   ///< m, the size of the first moves
    double finalStep = 0.05;    ///< m: halving the step below this ends the descent
    int falloff = 6;            ///< nodes either side a move reaches, with a raised-cosine weight
    int maxEvaluations = 20000;  ///< ideal laps computed, at most
    double spacing = 2.0;       ///< m between the resampled points the lap is computed on
};

struct IdealLapDescentResult {
    std::vector<double> offsets;  ///< one per node of the route
    double lapTimeBefore = 0.0;   ///< s, the ideal lap of the line it started from
    double lapTimeAfter = 0.0;
    int evaluations = 0;
    int acceptedMoves = 0;
    bool cancelled = false;
};

/// Least curvature is not least time: a minimum-curvature line bends as little as the tarmac
/// allows and pays for it in length where the speed is limited anyway (a hairpin taken wide is
/// longer and no faster). This descent trades the two on the quantity the car feels, the class's
/// ideal lap (splineIdealLapTime): correlated moves (one node's offset shifted, its neighbours by a
/// raised-cosine falloff) are tried in a fixed order and each kept when the lap gets faster; a pass
/// without gain halves the step. A few milliseconds per thousand evaluations and no randomness, so
/// it runs before the simulated-lap refinement (§39.6), which is a thousand times dearer per move.
/// Needs a validated document and `offsets` within `bounds`.
IdealLapDescentResult descendIdealLap(const formats::TrackDocument& document, std::uint32_t route, const std::vector<double>& offsets,
                                      const LineBounds& bounds, const formats::VehicleClass& vehicleClass, const IdealLapDescentOptions& options = {},
                                      const BakeContext& context = {});

} // namespace bake
