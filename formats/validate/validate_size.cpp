// The size a track's bake will have, known before baking: validation refuses a track the product's
// own loaders would refuse once baked (a valid 1.11 M-node track baked into 262 MiB, past what they
// read, issue 47). The bake checks its exact size again (bake::bakeTrack), with the same code.

#include "formats/baked/baked_writer.h"
#include "formats/validate/validate_detail.h"

namespace formats::detail {

void checkBakedSize(const TrackDocument& doc, DiagnosticSink& sink) {
    // What the bake certainly writes: every node, a point per node of each line's route (a route
    // without a line gets its centre line), a speed hint per point per class the line is for (the
    // six presets when the track has none), and each link in at least one grid cell. A lower bound:
    // a track refused here could never bake; one just under it is checked exactly by the bake.
    const std::uint64_t classes = doc.vehicleClasses.empty() ? 6 : doc.vehicleClasses.size();
    std::uint64_t bytes = doc.nodes.size() * (sizeof(BakedNode) + sizeof(std::uint32_t));
    std::vector<bool> routeHasLine(doc.routes.size(), false);
    const auto addLine = [&](std::size_t route, bool allClasses) {
        const std::uint64_t points = doc.routes[route].nodes.size();
        bytes += points * (sizeof(BakedLinePoint) + sizeof(float) * (allClasses ? classes : 1));
    };
    for (const Line& line : doc.lines) {
        if (line.route >= doc.routes.size()) continue;  // ref-route, reported by the references pass
        routeHasLine[line.route] = true;
        addLine(line.route, line.vehicleClass.empty());
    }
    for (std::size_t r = 0; r < doc.routes.size(); ++r)
        if (!routeHasLine[r]) addLine(r, true);
    if (bytes <= kMaxBakedFileBytes) return;
    sink.error("track-too-large", "the bake would be at least " + std::to_string(bytes >> 20) + " MB, more than the " +
                                      std::to_string(kMaxBakedFileBytes >> 20) + " MB a .twbake may be (" + counted(doc.nodes.size(), "node") + ", " +
                                      counted(doc.lines.size(), "line") + ", " + counted(classes, "vehicle class") +
                                      "): split the track, space its nodes further apart, or give fewer lines or classes",
               "nodes");
}

} // namespace formats::detail
