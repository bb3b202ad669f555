#pragma once

#include "bake/lines/min_curvature_line.h"

#include "formats/source/track_document.h"

#include <string>
#include <vector>

namespace bake {

/// A tactical line beside the racing line (race-track chapter §39.7), from the same optimiser with
/// shifted bounds.
struct AlternateLine {
    std::string name;
    std::vector<double> offsets;
};

/// The defending line: on the approach to and through each corner (within `lookAhead` metres) it
/// keeps to the inside half of the usable width, so a follower cannot dive up the inside.
AlternateLine defendingLine(const formats::TrackDocument& document, std::uint32_t route, const LineBounds& bounds,
                            const std::vector<double>& racing, double lookAhead = 200.0);

/// The overtaking lines: as far to one side of the racing line as a car of `vehicleWidth` plus
/// `gap` allows, so it can run alongside a car on the racing line. `left` picks the side.
AlternateLine overtakingLine(const formats::TrackDocument& document, std::uint32_t route, const LineBounds& bounds,
                             const std::vector<double>& racing, bool left, double vehicleWidth, double gap = 0.5);

/// Where an overtaking line opens up: the first node of each stretch at least `minimumLength`
/// metres long over which it keeps a car's width plus half the gap from the racing line. Node
/// indices are positions within the route.
std::vector<std::size_t> overtakingEntries(const formats::TrackDocument& document, std::uint32_t route, const std::vector<double>& racing,
                                           const std::vector<double>& overtaking, double vehicleWidth, double minimumLength = 100.0);

} // namespace bake
