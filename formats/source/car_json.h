#pragma once

#include "formats/source/diagnostic.h"
#include "trackwright/format/car_description.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

/// A car description as JSON (docs/formats.md, "car"): inside a .twtrack vehicle class under
/// "car", or on its own in a car file — the same keys, plus an optional "name" and
/// `"format": "trackwright-car"` at the top of a file. SI units.
namespace formats {

/// Value of a car file's optional "format" key.
inline constexpr const char* kCarFormatName = "trackwright-car";

/// Outcome of reading a car file: the description and its name when the JSON is well formed, plus
/// diagnostics (syntax, missing or ill-typed keys with their JSON path). Whether the values make a
/// car is trackwright::carDescriptionProblem's (and `validate`'s) job.
struct CarLoadResult {
    std::optional<trackwright::format::CarDescription> car;
    std::string name;  ///< the file's "name", empty when it has none
    Diagnostics diagnostics;
    bool ioError = false;
};

/// Parses a car file's text. Never throws.
CarLoadResult parseCarJson(std::string_view text);
/// Reads and parses a car file. Never throws.
CarLoadResult loadCarFile(const std::filesystem::path& path);
/// A car file: the format key, `name` (when not empty) and the description, as the .twtrack writes it.
std::string writeCarJson(const trackwright::format::CarDescription& car, const std::string& name);

namespace detail {
class JsonDomReader;
class CerealJsonWriter;
/// The keys of a car, read from or written to the current JSON object (shared with the .twtrack's "car").
void readCarFields(JsonDomReader& in, trackwright::format::CarDescription& car);
void writeCarFields(CerealJsonWriter& out, const trackwright::format::CarDescription& car);
} // namespace detail

} // namespace formats
