// What a pipeline engineer feels when TORCS tracks come in: the import of the largest shared TORCS
// file (forza.xml, 1 509 sub-segments) and the whole bake of a 6 km one (alpine-1, 6 356 m, 150 m
// of climb). Targets (issue 24): import < 200 ms, bake < 30 ms.
#include "bake/pipeline/bake_track.h"
#include "formats/import/torcs_import.h"
#include "formats/source/file_io.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <stdexcept>

namespace {

const std::filesystem::path kTorcsDir = std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs";

std::string readOrThrow(const std::filesystem::path& path) {
    std::string error;
    std::optional<std::string> text = formats::readWholeFile(path, error);
    if (!text) throw std::runtime_error(error);
    return std::move(*text);
}

formats::TrackDocument importOrThrow(const char* relative) {
    formats::ImportResult result = formats::importTorcsTrackFile(kTorcsDir / relative);
    if (!result.document) throw std::runtime_error(std::string("cannot import ") + relative);
    return std::move(*result.document);
}

/// From the text in memory: the parse, the segment ring and the layout, not the disk.
void BM_ImportTorcsLargestTrack(benchmark::State& state) {
    const std::string track = readOrThrow(kTorcsDir / "road" / "forza.xml");
    const std::string surfaces = readOrThrow(kTorcsDir / "data" / "surfaces.xml");
    for (auto _ : state) benchmark::DoNotOptimize(formats::importTorcsTrack(track, "forza.xml", surfaces));
}
BENCHMARK(BM_ImportTorcsLargestTrack)->Unit(benchmark::kMillisecond);

void BM_BakeTorcs6kmTrack(benchmark::State& state) {
    const formats::TrackDocument document = importOrThrow("road/alpine-1.xml");
    for (auto _ : state) benchmark::DoNotOptimize(bake::bakeTrack(document));
}
BENCHMARK(BM_BakeTorcs6kmTrack)->Unit(benchmark::kMillisecond);

} // namespace
