#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace formats {

/// Outcome of reading a `.twtrack`: the document when the text is a well-formed track of a schema
/// this build reads, plus diagnostics (syntax, missing or ill-typed fields, schema version).
/// Semantic checks are `validate`'s job, not the loader's.
struct TrackLoadResult {
    std::optional<TrackDocument> document;
    Diagnostics diagnostics;
    /// True when the file could not be read at all (missing, unreadable): an I/O failure, not bad content.
    bool ioError = false;
};

/// Parses `.twtrack` JSON text (read through Cereal). Never throws.
TrackLoadResult parseTrackJson(std::string_view text);

/// Reads and parses a `.twtrack` file. Never throws.
TrackLoadResult loadTrackFile(const std::filesystem::path& path);

/// Serialises a document as `.twtrack` JSON (written through Cereal): fixed key order, two-space
/// indentation, shortest round-trip numbers, trailing newline. Load then save gives the same bytes.
std::string writeTrackJson(const TrackDocument& document);

} // namespace formats
