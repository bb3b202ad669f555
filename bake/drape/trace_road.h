#pragma once
// The trace assist (issue 49): from a point a designer clicks on a level's road, the road's centre
// line both ways to where it stops being one road — a junction (the road widens into another), its
// end, or back to the start (a loop) — as a route the editor lays in one step. Plain functions over
// the level's mesh, as the drape's.
#include "formats/mesh/mesh_bvh.h"
#include "formats/source/track_document.h"

#include <string>
#include <vector>

namespace bake {

struct TraceOptions {
    /// Shell patterns naming the road's materials (DrapeOptions::roadMaterials). None: the road is
    /// the material under the click.
    std::vector<std::string> roadMaterials;
    double step = 10.0;           ///< m between the centre line's points
    double maxLength = 30000.0;   ///< m each way: a trace stops here whatever the road does
};

/// Why a trace stopped at one of its ends.
enum class TraceEnd { Loop, Junction, RoadEnds, MaxLength };
const char* traceEndName(TraceEnd end);

/// A road's centre line, in driving order from the `behind` end to the `ahead` one (ahead: the way
/// the road ran from the click, chosen so the click's side of the level is irrelevant).
struct RoadTrace {
    struct Point {
        formats::Vec3 position;  ///< on the road's surface, halfway between its edges
        double left = 0.0, right = 0.0;  ///< m from the centre to the road's edge either side
    };
    std::vector<Point> points;
    bool closed = false;  ///< the road came back to where the trace began
    TraceEnd behind = TraceEnd::Loop, ahead = TraceEnd::Loop;
    double length() const;
};

/// Traces the road under (x, y), nearest in height to `z` where decks overlap. Nothing, with
/// `refusal` saying why, when there is no road there.
std::optional<RoadTrace> traceRoad(const formats::LevelMesh& mesh, const formats::MeshBvh& bvh, double x, double y, double z, const TraceOptions& options,
                                   std::string& refusal);

} // namespace bake
