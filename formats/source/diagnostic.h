#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace formats {

enum class Severity { Warning, Error };

/// One finding about a track file, phrased for the designer who has to fix it.
struct Diagnostic {
    Severity severity = Severity::Error;
    /// Stable identifier, e.g. "width-order"; tools and tests match on it, never on the message.
    std::string code;
    /// What is wrong and what to do about it.
    std::string message;
    /// JSON path of the offending value, e.g. "nodes[12].left.runoff"; empty when not tied to one.
    std::string jsonPath;
    std::optional<std::uint32_t> route;
    /// Index into TrackDocument::nodes.
    std::optional<std::uint32_t> node;
    /// Second node of a pair (crossing perpendiculars, a jump between neighbours).
    std::optional<std::uint32_t> otherNode;
    /// 1-based position in the text, for syntax errors.
    std::optional<std::uint32_t> line;
    std::optional<std::uint32_t> column;
};

using Diagnostics = std::vector<Diagnostic>;

bool hasErrors(const Diagnostics& diagnostics);
std::size_t countSeverity(const Diagnostics& diagnostics, Severity severity);
const char* severityName(Severity severity);

} // namespace formats
