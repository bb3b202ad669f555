// Level meshes (issue 49): reading TORCS's g-track-1 mesh (11 700 triangles), building its
// hierarchy, and one vertical cast — what a drape pays per node and the editor per snapped click.
#include "formats/mesh/level_mesh.h"
#include "formats/mesh/mesh_bvh.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

const char* const kTrackMesh = "/usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc";

const formats::LevelMesh* trackMesh() {
    static const formats::LevelMeshLoadResult loaded = formats::loadLevelMesh(kTrackMesh);
    return loaded.mesh ? &*loaded.mesh : nullptr;
}

void BM_LevelMeshLoadAc3d(benchmark::State& state) {
    if (!trackMesh()) return state.SkipWithError("TORCS's g-track-1.acc is not installed");
    for (auto _ : state) benchmark::DoNotOptimize(formats::loadLevelMesh(kTrackMesh));
}
BENCHMARK(BM_LevelMeshLoadAc3d)->Unit(benchmark::kMillisecond);

void BM_LevelMeshBuildBvh(benchmark::State& state) {
    const formats::LevelMesh* mesh = trackMesh();
    if (!mesh) return state.SkipWithError("TORCS's g-track-1.acc is not installed");
    for (auto _ : state) {
        formats::MeshBvh bvh(*mesh);
        benchmark::DoNotOptimize(bvh.nodeCount());
    }
}
BENCHMARK(BM_LevelMeshBuildBvh)->Unit(benchmark::kMillisecond);

/// A cast at a random triangle's centroid: every surface under it, highest first.
void BM_LevelMeshSurfacesAt(benchmark::State& state) {
    const formats::LevelMesh* mesh = trackMesh();
    if (!mesh) return state.SkipWithError("TORCS's g-track-1.acc is not installed");
    const formats::MeshBvh bvh(*mesh);
    std::mt19937 random(3);
    std::uniform_int_distribution<std::size_t> pick(0, mesh->triangles.size() - 1);
    std::vector<std::pair<double, double>> points;
    for (int k = 0; k < 4096; ++k) {
        const auto& t = mesh->triangles[pick(random)];
        const auto& a = mesh->vertices[t[0]];
        const auto& b = mesh->vertices[t[1]];
        const auto& c = mesh->vertices[t[2]];
        points.emplace_back((a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3);
    }
    std::size_t i = 0;
    for (auto _ : state) {
        const auto& [x, y] = points[i++ & 4095];
        benchmark::DoNotOptimize(bvh.surfacesAt(x, y));
    }
}
BENCHMARK(BM_LevelMeshSurfacesAt);

} // namespace
