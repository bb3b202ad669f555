#pragma once

// The one way a designer's JSON text becomes a DOM: every source format's reader and twbake's
// roster file (bake/sim/roster.h) parse with it, so they refuse the same things the same way.

#include "formats/source/diagnostic.h"

#include <rapidjson/document.h>

#include <optional>
#include <string_view>

namespace formats {

/// Parses `text` into `dom` as every source format does: a byte-order mark skipped, binary files
/// and baked tracks named for what they are, number literals beyond a double refused (and long
/// ones shortened), duplicate keys and deep nesting refused (json_structure.h), then RapidJSON's
/// full-precision parse. The error, with its line and column, or nothing.
std::optional<Diagnostic> parseJsonText(std::string_view text, rapidjson::Document& dom);

} // namespace formats

namespace formats::detail {

/// An error diagnostic: its code, message and JSON path.
Diagnostic errorDiagnostic(std::string code, std::string message, std::string jsonPath = {});

} // namespace formats::detail
