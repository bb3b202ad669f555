#pragma once

#include "bake/pipeline/bake_context.h"
#include "bake/lines/min_curvature_line.h"

#include "formats/source/track_document.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <optional>
#include <string>
#include <vector>

namespace bake {

/// Settings of the lap-time refinement. Bounded by evaluations (reproducible) and optionally by
/// wall time (not reproducible across machines, so off by default).
struct LapTimeRefinementOptions {
    trackwright::VehiclePreset vehicle = trackwright::VehiclePreset::Car;  ///< the reference model that drives the laps
    /// The car's parameters in place of the preset's (a car class: class_vehicle.h's classVehicle).
    std::optional<trackwright::VehicleParameters> parameters = std::nullopt;
    std::string vehicleClass;     ///< the document's class whose speed hints the runner follows; the vehicle's own when absent
    int maxEvaluations = 300;     ///< simulated laps, at most
    double timeLimit = 0.0;       ///< s of wall time, 0 for none
    int threads = 0;              ///< 0: one per core. The result does not depend on it
    double initialStep = 0.8;     ///< m, the size of the first moves
    double finalStep = 0.1;       ///< m: halving the step below this ends the search
    int falloff = 8;              ///< nodes either side a move reaches, with a raised-cosine weight
    int batch = 8;                ///< moves judged together; fixed so the result does not depend on `threads`
};

struct LapTimeRefinementResult {
    std::vector<double> offsets;  ///< the refined line, one per node of the route
    double lapTimeBefore = 0.0;   ///< s, a flying lap of the runner on the line it started from
    double lapTimeAfter = 0.0;    ///< s, on the refined line
    int evaluations = 0;
    int acceptedMoves = 0;
    bool cancelled = false;
};

/// The race-track chapter's "automated learning" (§39.6) on a line of `document.lines[lineIndex]`:
/// perturb one node's offset with a smooth falloff to its neighbours (a correlated move), bake,
/// drive a flying lap with the runner follower (standing start half a lap before the line) and keep
/// the move when the lap is faster. Moves are tried in a fixed order, a batch at a time in parallel,
/// the best improving one of each batch kept; a pass without gain halves the step. No randomness:
/// the same input gives the same line whatever the thread count. Needs a validated document.
LapTimeRefinementResult refineLapTime(const formats::TrackDocument& document, std::size_t lineIndex, const LineBounds& bounds,
                                      const LapTimeRefinementOptions& options, const BakeContext& context = {});

/// A flying lap of the runner follower on `document.lines[lineIndex]` for `options.vehicleClass`
/// driven by `options.vehicle`: s, or +∞ when the car does not finish it cleanly (stuck, teleported).
double simulatedLapTime(const formats::TrackDocument& document, std::size_t lineIndex, const LapTimeRefinementOptions& options);

} // namespace bake
