#include "bake/lines/ideal_lap_descent.h"

#include "bake/pipeline/class_vehicle.h"

#include "bake/lines/cubic_spline.h"
#include "bake/lines/offset_line.h"
#include "bake/pipeline/speed_profile.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <cmath>

namespace bake {
namespace {

constexpr double kMinimumGain = 1e-6;  ///< s: a lap this much faster is a gain, not rounding

} // namespace

double splineIdealLapTime(const std::vector<formats::Vec2>& points, bool closed, const formats::VehicleClass& c, double spacing) {
    const CubicSpline spline = fitCubicSpline(points, closed);
    SpeedProfileInput input;
    input.closed = closed;
    std::vector<CurvatureSample> samples;
    for (std::size_t i = 0; i < spline.segments(); ++i) {
        samples.resize(static_cast<std::size_t>(std::max(1.0, std::ceil(spline.chords[i] / spacing))));
        sampleSegment(spline, i, static_cast<int>(samples.size()), samples.data());
        for (const CurvatureSample& sample : samples) {
            input.curvature.push_back(sample.curvature);
            input.segmentLength.push_back(sample.length);
        }
    }
    return computeSpeedProfile(input, classSpeedLimits(c)).lapTime;
}

IdealLapDescentResult descendIdealLap(const formats::TrackDocument& document, std::uint32_t route, const std::vector<double>& offsets,
                                      const LineBounds& bounds, const formats::VehicleClass& vehicleClass, const IdealLapDescentOptions& o,
                                      const BakeContext& context) {
    IdealLapDescentResult result;
    result.offsets = offsets;
    const bool closed = document.routes[route].closed;
    const std::size_t n = offsets.size();
    const std::vector<formats::Vec2> centreLine = formats::routeGroundPositions(document, document.routes[route]);
    std::vector<formats::Vec2> normals, points(n);
    for (const formats::NodeFrame& frame : formats::computeRouteFrames(document, document.routes[route])) normals.push_back(frame.perpendicular);
    auto lapOf = [&](const std::vector<double>& candidate) {
        ++result.evaluations;
        for (std::size_t i = 0; i < n; ++i) points[i] = centreLine[i] + normals[i] * candidate[i];
        return splineIdealLapTime(points, closed, vehicleClass, o.spacing);
    };
    double best = lapOf(result.offsets);
    result.lapTimeBefore = result.lapTimeAfter = best;
    if (n < 3 || !std::isfinite(best)) return result;

    const int falloff = std::max(0, o.falloff);
    const std::size_t stride = static_cast<std::size_t>(std::max(1, falloff / 2));
    std::vector<std::size_t> centres;
    for (std::size_t c = 0; c < n; c += stride)
        if (bounds.upper[c] > bounds.lower[c]) centres.push_back(c);
    const std::size_t count = centres.size();

    // Each step size starts with every centre active; after a pass only the centres next to a kept
    // move stay active (elsewhere nothing changed, so the same moves would fail again), and when
    // none is left the step halves.
    std::vector<bool> active(count), gainedAt(count);
    std::vector<double> trial;
    auto outOfBudget = [&] {
        if (context.shouldStop()) result.cancelled = true;
        return result.cancelled || result.evaluations >= o.maxEvaluations;
    };
    for (double step = o.initialStep; step >= o.finalStep && !outOfBudget(); step *= 0.5) {
        std::fill(active.begin(), active.end(), true);
        for (bool any = true; any && !outOfBudget();) {
            std::fill(gainedAt.begin(), gainedAt.end(), false);
            for (std::size_t k = 0; k < count && !outOfBudget(); ++k) {
                if (!active[k]) continue;
                for (double sign : {1.0, -1.0}) {
                    // A move that gains is repeated while it keeps gaining: a line search along it.
                    while (!outOfBudget()) {
                        trial = result.offsets;
                        applyCorrelatedMove(trial, centres[k], sign * step, bounds, closed, falloff);
                        const double lap = lapOf(trial);
                        if (!(lap < best - kMinimumGain)) break;
                        best = lap;
                        result.offsets.swap(trial);
                        ++result.acceptedMoves;
                        gainedAt[k] = true;
                    }
                    if (gainedAt[k]) break;
                }
            }
            any = false;
            for (std::size_t k = 0; k < count; ++k) {
                const std::size_t before = (k + count - 1) % count, after = (k + 1) % count;
                active[k] = gainedAt[k] || gainedAt[before] || gainedAt[after];
                any = any || active[k];
            }
        }
        context.say("ideal-lap descent: " + std::to_string(result.evaluations) + " laps, best " + std::to_string(best) + " s, step " +
                    std::to_string(step) + " m");
    }
    result.lapTimeAfter = best;
    return result;
}

} // namespace bake
