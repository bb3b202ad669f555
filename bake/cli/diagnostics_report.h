#pragma once

#include "formats/source/diagnostic.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bake::cli {

/// Prints diagnostics one per line, compiler style, followed by a one-line summary:
/// `monza.twtrack:12:5: error[json-syntax]: …` or `monza.twtrack: warning[width-jump]: … (nodes[4].left.track)`.
void printDiagnostics(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics);

/// What `twbake build --json` adds to the diagnostics of a baked track.
struct BuildSummary {
    struct LapTime {
        std::string line;
        std::string vehicleClass;
        double seconds = 0.0;
    };
    std::string output;
    std::uint64_t bytes = 0;
    std::uint64_t nodes = 0;
    std::uint64_t lines = 0;
    std::vector<LapTime> idealLapTimes;
    bool cached = false;  ///< the bake came from the bake cache
};

/// Prints one JSON document: {"file", "valid", "errors", "warnings", "diagnostics": [...]} and, for
/// a bake, "output", "bytes", "nodes", "lines", "ideal_lap_times": [{"line", "vehicle_class", "seconds"}].
/// Keys of a diagnostic: severity, code, message, and when known json_path, route, node, other_node,
/// line, column. `status`, when given, follows "file" (`build`: baked, invalid or io-error).
void printDiagnosticsJson(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics,
                          const std::optional<BuildSummary>& build = std::nullopt, const char* status = nullptr);

} // namespace bake::cli
