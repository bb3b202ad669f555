// The preview's live edit, measured (issue target: a one-node drag on a ~5 km circuit re-bakes
// and swaps in under 16 ms, one frame):
//   build/release/tests/trackwright_preview_bench
// BM_LiveEditSwap is the whole path from the edited document to cars driving on the new data:
// bake for the preview, load, rebind 20 cars, rebuild the scene's meshes. The others split it.

#include "editor/preview/preview_simulation.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/track_meshes.h"

#include "formats/source/track_json.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <stdexcept>

namespace {

using editor::preview::PreviewSimulation;

const formats::TrackDocument& monza() {
    static const formats::TrackDocument document = [] {
        auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack");
        if (!loaded.document) throw std::runtime_error("cannot load monza.twtrack");
        return *loaded.document;
    }();
    return document;
}

/// One step of a drag: the node a little further each time, as the mouse moves.
formats::TrackDocument dragged(int step) {
    formats::TrackDocument document = monza();
    const std::uint32_t node = document.routes[0].nodes[document.routes[0].nodes.size() / 2];
    document.nodes[node].position.x += 0.05 * (step % 20);
    return document;
}

PreviewSimulation racing(int cars) {
    PreviewSimulation sim;
    sim.setTrack(PreviewSimulation::bakeForPreview(monza()));
    for (const auto& car : editor::preview::defaultField(static_cast<std::size_t>(cars))) sim.addCar(car);
    for (int i = 0; i < 600; ++i) sim.step();
    return sim;
}

void BM_LiveEditSwap(benchmark::State& state) {
    PreviewSimulation sim = racing(20);
    int step = 0;
    for (auto _ : state) {
        const formats::TrackDocument document = dragged(++step);
        auto baked = PreviewSimulation::bakeForPreview(document);
        sim.setTrack(baked);
        const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
        benchmark::DoNotOptimize(meshes.surface.vertices.data());
    }
    state.counters["nodes"] = static_cast<double>(monza().nodes.size());
}
BENCHMARK(BM_LiveEditSwap)->Unit(benchmark::kMillisecond);

void BM_LiveEditBakeOnly(benchmark::State& state) {
    int step = 0;
    for (auto _ : state) benchmark::DoNotOptimize(PreviewSimulation::bakeForPreview(dragged(++step)));
}
BENCHMARK(BM_LiveEditBakeOnly)->Unit(benchmark::kMillisecond);

void BM_LiveEditRebindCars(benchmark::State& state) {
    PreviewSimulation sim = racing(20);
    const auto baked = PreviewSimulation::bakeForPreview(dragged(1));
    const auto original = sim.track();
    bool flip = false;
    for (auto _ : state) sim.setTrack((flip = !flip) ? baked : original);
}
BENCHMARK(BM_LiveEditRebindCars)->Unit(benchmark::kMillisecond);

// The scene's triangles: the road's (surface, walls, lines) and the ground's (terrain, bridges).
void BM_LiveEditMeshes(benchmark::State& state) {
    const auto baked = PreviewSimulation::bakeForPreview(monza());
    std::size_t road = 0, ground = 0;
    for (auto _ : state) {
        const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
        benchmark::DoNotOptimize(meshes.surface.vertices.data());
        road = (meshes.surface.indices.size() + meshes.walls.indices.size() + meshes.lines.indices.size()) / 3;
        ground = (meshes.terrain.indices.size() + meshes.supports.indices.size()) / 3;
    }
    state.counters["road_triangles"] = static_cast<double>(road);
    state.counters["ground_triangles"] = static_cast<double>(ground);
}
BENCHMARK(BM_LiveEditMeshes)->Unit(benchmark::kMillisecond);

// Monza laid over rolling hills 60 m high: every embankment is probed for roads it would bury,
// the costly case of the terrain (a flat circuit is spared the probes).
void BM_LiveEditMeshesHilly(benchmark::State& state) {
    formats::TrackDocument hilly = monza();
    for (formats::TrackNode& n : hilly.nodes) n.position.z = 30.0 + 30.0 * std::sin(n.position.x / 300.0) * std::cos(n.position.y / 250.0);
    const auto baked = PreviewSimulation::bakeForPreview(hilly);
    if (!baked) throw std::runtime_error("hilly Monza does not bake");
    std::size_t ground = 0;
    for (auto _ : state) {
        const editor::preview::TrackMeshes meshes = editor::preview::buildTrackMeshes(baked->track);
        benchmark::DoNotOptimize(meshes.terrain.vertices.data());
        ground = (meshes.terrain.indices.size() + meshes.supports.indices.size()) / 3;
    }
    state.counters["ground_triangles"] = static_cast<double>(ground);
}
BENCHMARK(BM_LiveEditMeshesHilly)->Unit(benchmark::kMillisecond);

void BM_PreviewTick20Cars(benchmark::State& state) {
    PreviewSimulation sim = racing(20);
    for (auto _ : state) sim.step();
}
BENCHMARK(BM_PreviewTick20Cars)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
