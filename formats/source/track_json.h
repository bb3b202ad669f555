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
    /// The schema the file declares (`document` holds it as this build writes it); 0 when unread.
    int fileSchema = 0;
};

/// Parses `.twtrack` JSON text (read through Cereal). Never throws.
TrackLoadResult parseTrackJson(std::string_view text);

/// Reads and parses a `.twtrack` file. Never throws.
TrackLoadResult loadTrackFile(const std::filesystem::path& path);

/// Serialises a document as `.twtrack` JSON (written through Cereal): fixed key order, two-space
/// indentation, shortest round-trip numbers, trailing newline. Load then save gives the same bytes.
std::string writeTrackJson(const TrackDocument& document);

/// The schema writeTrackJson writes `document` in: the oldest that holds everything in it (a file
/// without cars stays readable by the builds before schema 3, one without envelope keys by those
/// before schema 4, which would read such a class without its envelope, as constant limits).
int schemaWrittenFor(const TrackDocument& document);

} // namespace formats
