#pragma once

#include "formats/baked/format_names.h"

#include <optional>
#include <string>
#include <vector>

namespace bake::cli {

/// One figure that differs between two bakes of a track (`twbake diff`, issue 51).
struct FigureChange {
    std::string subject;  ///< "track", "route main", "line racing", "class gt", "ideal lap racing / gt"
    std::string figure;   ///< a stable name: "nodes", "length_m", "integral_squared_curvature", "seconds" …
    std::optional<double> before, after;  ///< absent: the subject is not in that bake (added or removed)
    std::optional<double> at;             ///< for a largest change along a line: where, metres along it
};

/// What differs between bakes A and B: the figures a reviewer reads (nodes, routes, classes, each
/// line's length, ∫κ² and largest move, each profile's ideal lap and largest speed-hint change) and
/// the file's sections whose bytes differ, so a change no figure names is still named.
struct BakeDiff {
    bool identical = false;  ///< byte for byte
    std::vector<FigureChange> changes;
    std::vector<std::string> sections;  ///< "nodes", "line points", "speed hints" …
};

BakeDiff diffBakes(const formats::BakedTrackView& a, const formats::BakedTrackView& b, bool bytesIdentical);

/// ∫κ² ds of a line (1/m), from its baked points' curvature over their segments: the figure the
/// racing-line optimiser minimises (chapter §39.4), so a smoother line shows as a smaller one.
double integralSquaredCurvature(const formats::BakedTrackView& view, std::size_t line);

} // namespace bake::cli
