#pragma once

#include "formats/diagnostic.h"

#include <ostream>
#include <string>

namespace bake::cli {

/// Prints diagnostics one per line, compiler style, followed by a one-line summary:
/// `monza.twtrack:12:5: error[json-syntax]: …` or `monza.twtrack: warning[width-jump]: … (nodes[4].left.track)`.
void printDiagnostics(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics);

/// Prints one JSON document: {"file", "valid", "errors", "warnings", "diagnostics": [...]}.
/// Keys of a diagnostic: severity, code, message, and when known json_path, route, node, other_node,
/// line, column.
void printDiagnosticsJson(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics);

} // namespace bake::cli
