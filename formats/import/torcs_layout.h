#pragma once

#include "formats/import/torcs_import.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/track_document.h"

#include <optional>
#include <string>

/// Laying Trackwright nodes along a TORCS track model (docs/torcs-track-format.md §5).
namespace formats::torcs {

struct LayoutResult {
    std::optional<TrackDocument> document;
    Diagnostics diagnostics;
};

/// The document importTorcsTrack describes, from a built model.
LayoutResult layOutTrack(const TrackModel& model, const std::string& fileLabel, const TorcsImportOptions& options);

/// Nodes per sub-segment: enough that no link strays more than `maxChordError` from an arc or runs
/// longer than `maxSpacing`, then graded so that neighbouring links differ by at most a factor of 2.
std::vector<std::uint32_t> piecesPerSubSegment(const TrackModel& model, double maxSpacing, double maxChordError);

} // namespace formats::torcs
