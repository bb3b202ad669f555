// Benchmarks measured side by side in one run on the Monza sample (see README for figures):
// the whole bake, registration per query (coherent, cold, and the brute-force nearest-segment scan
// engine spline APIs do), and loading a .twbake.

#include "bake/bake_track.h"
#include "formats/track_json.h"
#include "formats/validate.h"
#include "tests/support/test_tracks.h"
#include "runtime/follower_factory.h"
#include "runtime/line_sampler.h"
#include "runtime/vehicle_model.h"
#include "runtime/registrar.h"

#include "tests/support/baked_sample.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <limits>

namespace {

const formats::TrackDocument& monzaDocument() {
    static const formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack").document;
    return doc;
}

const tw::test::BakedSample& monza() {
    static const auto sample = tw::test::bakeSample(monzaDocument());
    return *sample;
}

/// Positions a car passes lapping the racing line at 60 m/s sampled at 60 Hz, weaving a little.
const std::vector<formats::Vec2>& drivenPositions() {
    static const std::vector<formats::Vec2> positions = [] {
        const runtime::LineSampler line(monza().track, 0, 0);
        std::vector<formats::Vec2> out;
        for (double d = 0.0; d < line.length(); d += 1.0) {
            const runtime::LineSample s = line.sample(d);
            out.push_back(s.position + formats::Vec2{-s.tangent.y, s.tangent.x} * (1.5 * std::sin(d / 40.0)));
        }
        return out;
    }();
    return positions;
}

/// Validation of a 20 000-node loop: it must stay linear (an editor validates live).
void BM_Validate20000Nodes(benchmark::State& state) {
    static const formats::TrackDocument doc = tw::test::circleTrack(20000, 6366.0);
    for (auto _ : state) benchmark::DoNotOptimize(formats::validate(doc));
}
BENCHMARK(BM_Validate20000Nodes)->Unit(benchmark::kMillisecond);

void BM_BakeWholeTrack(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(bake::bakeTrack(monzaDocument()));
}
BENCHMARK(BM_BakeWholeTrack)->Unit(benchmark::kMillisecond);

void BM_RegisterCoherent(benchmark::State& state) {
    const auto& points = drivenPositions();
    runtime::Registrar registrar(monza().track);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(registrar.update(points[i]));
        if (++i == points.size()) i = 0;
    }
}
BENCHMARK(BM_RegisterCoherent);

void BM_RegisterCold(benchmark::State& state) {
    const auto& points = drivenPositions();
    const runtime::Registrar registrar(monza().track);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(registrar.registerCold(points[i]));
        i = (i + 397) % points.size();  // jump around: no cache help from the previous query
    }
}
BENCHMARK(BM_RegisterCold);

/// What an engine's spline API does: the nearest point over every segment of the path.
void BM_RegisterBruteForceNearestSegment(benchmark::State& state) {
    const auto& points = drivenPositions();
    const auto& nodes = monza().track.view.nodes;
    std::size_t i = 0;
    for (auto _ : state) {
        const formats::Vec2 p = points[i];
        double best = std::numeric_limits<double>::infinity();
        std::size_t bestSegment = 0;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            const formats::BakedNode& a = nodes[k];
            const formats::BakedNode& b = nodes[(k + 1) % nodes.size()];
            const double ex = b.x - a.x, ey = b.y - a.y;
            const double t = std::clamp(((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
            const double dx = p.x - (a.x + t * ex), dy = p.y - (a.y + t * ey);
            const double d2 = dx * dx + dy * dy;
            if (d2 < best) best = d2, bestSegment = k;
        }
        benchmark::DoNotOptimize(bestSegment);
        if (++i == points.size()) i = 0;
    }
}
BENCHMARK(BM_RegisterBruteForceNearestSegment);

void BM_LoadBakedTrack(benchmark::State& state) {
    const bake::BakeResult result = bake::bakeTrack(monzaDocument());
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result.data);
    std::vector<std::uint64_t> storage((bytes.size() + 7) / 8);
    std::memcpy(storage.data(), bytes.data(), bytes.size());
    const std::span<const std::byte> span(reinterpret_cast<const std::byte*>(storage.data()), bytes.size());
    for (auto _ : state) {
        runtime::BakedTrack track;
        benchmark::DoNotOptimize(runtime::loadBakedTrack(span, track));
        benchmark::DoNotOptimize(track);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_LoadBakedTrack);

/// One simulation tick per car: registration, follower update and the reference vehicle step, for
/// `state.range(0)` cars spread along the lap. Reported per car per tick.
void BM_FollowerTick(benchmark::State& state, runtime::FollowerKind kind) {
    const runtime::BakedTrack& track = monza().track;
    const auto vehicle = runtime::vehiclePreset(runtime::VehiclePreset::Car);
    const auto cars = static_cast<std::size_t>(state.range(0));
    const runtime::LineSampler line(track, 0, 0);
    std::vector<std::unique_ptr<runtime::Follower>> followers;
    std::vector<runtime::Registrar> registrars;
    std::vector<runtime::VehicleBody> bodies(cars);
    for (std::size_t i = 0; i < cars; ++i) {
        followers.push_back(runtime::makeFollower(kind, track, 0, 0, vehicle));
        registrars.emplace_back(track);
        const runtime::LineSample s = line.sample(line.length() * static_cast<double>(i) / static_cast<double>(cars));
        bodies[i].state.position = s.position;
        bodies[i].state.heading = static_cast<float>(std::atan2(s.tangent.y, s.tangent.x));
    }
    constexpr float dt = 1.0f / 60.0f;
    for (auto _ : state) {
        for (std::size_t i = 0; i < cars; ++i) {
            const runtime::Registration r = registrars[i].update(bodies[i].state.position);
            const runtime::Controls c = followers[i]->update({bodies[i].state, r, dt});
            runtime::stepVehicle(vehicle, c, dt, bodies[i]);
        }
    }
    // items_per_second is car ticks per second: 1e9 / it is the nanoseconds per car per tick.
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cars));
}
BENCHMARK_CAPTURE(BM_FollowerTick, pursuit, runtime::FollowerKind::Pursuit)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_FollowerTick, runner, runtime::FollowerKind::Runner)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_FollowerTick, predictive, runtime::FollowerKind::Predictive)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_FollowerTick, rabbit, runtime::FollowerKind::Rabbit)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_FollowerTick, waypoint, runtime::FollowerKind::Waypoint)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_FollowerTick, baseline, runtime::FollowerKind::Baseline)->Arg(1)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
