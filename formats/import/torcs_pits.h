#pragma once

#include "formats/import/torcs_params.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/diagnostic.h"

#include <optional>
#include <string>

namespace formats::torcs {

/// The pits of a built ring as TORCS resolves them (docs/torcs-track-format.md §2.3): version 4's
/// `Main Track/Pits` section or version 3's flat `pit …` attributes, the four segment names turned
/// into sub-segment ids, the number of boxes. Nullopt when the file has none, or (with a warning,
/// "torcs-pits-unresolved" / "torcs-pits-unsupported") when TORCS would place none either.
std::optional<Pits> readPits(const ParamSection& mainTrack, bool version4, const TrackModel& model, const std::string& fileLabel,
                             Diagnostics& out);

} // namespace formats::torcs
