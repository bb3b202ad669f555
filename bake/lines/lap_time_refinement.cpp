#include "bake/lines/lap_time_refinement.h"

#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/loaded_bake.h"
#include "bake/lines/offset_line.h"
#include "bake/sim/verification_laps.h"


#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

namespace bake {
namespace {

constexpr double kNotFinished = std::numeric_limits<double>::infinity();
constexpr double kMinimumGain = 1e-4;  ///< s: a lap this much faster is a real gain, not rounding
constexpr double kCornerCurvature = 1.0 / 400.0;  ///< 1/m: a bend tighter than this limits the speed of most vehicles

/// A move: node `centre` shifted by `step` (signed), its neighbours by less.
struct Move {
    std::size_t centre = 0;
    double step = 0.0;
};

/// Nodes within `reach` nodes of a point where the line bends tighter than kCornerCurvature.
std::vector<bool> cornerNeighbourhood(const formats::TrackDocument& document, const formats::Line& line, int reach) {
    const formats::Route& route = document.routes[line.route];
    const std::vector<formats::Vec2> p = offsetLinePoints(document, line.route, line.offsets);
    const auto n = static_cast<std::ptrdiff_t>(p.size());
    std::vector<bool> near(p.size(), false);
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        if (!route.closed && (i == 0 || i + 1 == n)) continue;
        const double kappa = circleCurvature(p[static_cast<std::size_t>((i + n - 1) % n)], p[static_cast<std::size_t>(i)], p[static_cast<std::size_t>((i + 1) % n)]);
        if (std::abs(kappa) < kCornerCurvature) continue;
        for (std::ptrdiff_t k = -reach; k <= reach; ++k) {
            const std::ptrdiff_t j = i + k;
            if (route.closed) near[static_cast<std::size_t>((j % n + n) % n)] = true;
            else if (j >= 0 && j < n) near[static_cast<std::size_t>(j)] = true;
        }
    }
    return near;
}

} // namespace

double simulatedLapTime(const formats::TrackDocument& document, std::size_t lineIndex, const LapTimeRefinementOptions& o) {
    // Only what the lap needs: the one line and the one class; the rest would only slow each bake.
    formats::TrackDocument lean = document;
    lean.lines = {document.lines[lineIndex]};
    lean.lines[0].vehicleClass.clear();
    lean.vehicleClasses.clear();
    for (const formats::VehicleClass& c : document.vehicleClasses)
        if (c.name == o.vehicleClass) lean.vehicleClasses.push_back(c);
    if (lean.vehicleClasses.empty()) lean.vehicleClasses.push_back(vehicleClassFor(o.vehicle));
    const BakeResult baked = bakeTrack(lean);
    if (!baked.data) return kNotFinished;
    LoadedBake loaded;
    if (loadBakedData(*baked.data, loaded) != trackwright::LoadStatus::Ok) return kNotFinished;
    LapRunOptions run;
    run.follower = trackwright::FollowerKind::Runner;
    run.vehicle = o.vehicle;
    run.parameters = o.parameters;
    run.line = 0;
    run.vehicleClass = 0;
    const formats::BakedLine& line = loaded.track.view.lines[0];
    const bool closed = loaded.track.view.routes[line.route].flags & formats::kRouteClosed;
    run.laps = 1;
    run.startDistance = closed ? 0.5 * line.length : 0.0;  // the chapter's half-lap run-up
    const LapRunResult result = runVerificationLaps(loaded.track, run);
    if (!result.completed || result.teleports > 0 || result.stuckEvents > 0 || result.lapTimes.empty()) return kNotFinished;
    return result.lapTimes.back();
}

LapTimeRefinementResult refineLapTime(const formats::TrackDocument& document, std::size_t lineIndex, const LineBounds& bounds,
                                      const LapTimeRefinementOptions& o, const BakeContext& context) {
    LapTimeRefinementResult result;
    const formats::Line& line = document.lines[lineIndex];
    const bool closed = document.routes[line.route].closed;
    const std::size_t n = line.offsets.size();
    result.offsets = line.offsets;
    const auto started = std::chrono::steady_clock::now();
    const int threads = std::max(1, o.threads > 0 ? o.threads : static_cast<int>(std::thread::hardware_concurrency()));
    const int batch = std::max(1, o.batch);
    const int falloff = std::max(0, o.falloff);

    auto lapOf = [&](const std::vector<double>& offsets) {
        formats::TrackDocument trial = document;
        trial.lines[lineIndex].offsets = offsets;
        return simulatedLapTime(trial, lineIndex, o);
    };
    double best = lapOf(result.offsets);
    result.evaluations = 1;
    result.lapTimeBefore = result.lapTimeAfter = best;
    if (!std::isfinite(best) || n < 3) return result;

    // Centres every `falloff / 2` nodes (half a move's reach, so moves overlap), both directions,
    // where a move can matter: in or next to a corner (a straight is driven flat out wherever it
    // lies). Fixed nodes never move.
    const std::vector<bool> nearCorner = cornerNeighbourhood(document, line, falloff);
    std::vector<std::size_t> centres;
    const std::size_t stride = static_cast<std::size_t>(std::max(1, falloff / 2));
    for (std::size_t c = 0; c < n; c += stride)
        if (bounds.upper[c] > bounds.lower[c] && nearCorner[c]) centres.push_back(c);
    if (centres.empty()) return result;

    double step = o.initialStep;
    std::size_t next = 0;               // next candidate in the fixed order: centre × sign
    std::size_t sinceLastGain = 0;      // candidates tried since the last kept move
    const std::size_t candidatesPerPass = 2 * centres.size();
    auto outOfBudget = [&] {
        if (result.evaluations >= o.maxEvaluations) return true;
        if (o.timeLimit > 0.0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >= o.timeLimit) return true;
        if (context.shouldStop()) {
            result.cancelled = true;
            return true;
        }
        return false;
    };
    while (!outOfBudget() && step >= o.finalStep) {
        std::vector<Move> moves;
        const int room = o.maxEvaluations - result.evaluations;
        for (int b = 0; b < std::min(batch, room); ++b, ++next) {
            const std::size_t k = next % candidatesPerPass;
            moves.push_back({centres[k / 2], (k % 2 == 0 ? 1.0 : -1.0) * step});
        }
        std::vector<std::vector<double>> lines(moves.size());
        std::vector<double> times(moves.size(), kNotFinished);
        for (std::size_t m = 0; m < moves.size(); ++m) {
            lines[m] = result.offsets;
            applyCorrelatedMove(lines[m], moves[m].centre, moves[m].step, bounds, closed, falloff);
        }
        std::atomic<std::size_t> cursor{0};
        auto work = [&] {
            for (std::size_t m = cursor++; m < moves.size(); m = cursor++) times[m] = lapOf(lines[m]);
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < std::min<int>(threads, static_cast<int>(moves.size())); ++t) pool.emplace_back(work);
        work();
        for (std::thread& t : pool) t.join();
        result.evaluations += static_cast<int>(moves.size());

        // The best of the batch, the earliest on a tie: the same choice whatever ran where.
        std::size_t chosen = moves.size();
        for (std::size_t m = 0; m < moves.size(); ++m)
            if (times[m] < best - kMinimumGain && (chosen == moves.size() || times[m] < times[chosen])) chosen = m;
        if (chosen < moves.size()) {
            result.offsets = std::move(lines[chosen]);
            best = times[chosen];
            ++result.acceptedMoves;
            sinceLastGain = 0;
        } else {
            sinceLastGain += moves.size();
            if (sinceLastGain >= candidatesPerPass) {
                step *= 0.5;
                sinceLastGain = 0;
            }
        }
        context.advance(std::min(1.0, static_cast<double>(result.evaluations) / std::max(1, o.maxEvaluations)));
        context.say("lap-time refinement: " + std::to_string(result.evaluations) + " laps, best " + std::to_string(best) + " s, step " +
                    std::to_string(step) + " m");
    }
    result.lapTimeAfter = best;
    return result;
}

} // namespace bake
