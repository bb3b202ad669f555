#pragma once

// Internal to formats: the structural limits a .twtrack is held to before any JSON DOM is built.

#include "formats/source/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <optional>
#include <string_view>

namespace formats::detail {

/// Deepest nesting of objects and arrays a .twtrack may have. A track needs five levels
/// (document, nodes, a node, a side); the limit leaves room for editor data and stops a file of
/// 200 000 '[' long before the recursive parsers after this check could overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// 1-based line and column of a byte offset in `text`, for errors a designer can jump to.
std::pair<std::uint32_t, std::uint32_t> lineAndColumn(std::string_view text, std::size_t offset);

/// Walks the JSON text without recursion (RapidJSON's iterative SAX reader) and reports the first
/// structural fault a reader would silently resolve or crash on:
/// - `duplicate-key`: an object holds a key twice (readers disagree on which value wins; an editor
///   save would drop one), with both lines and columns and the key's JSON path;
/// - `json-too-deep`: nesting beyond kMaxJsonDepth, with the line, column and path where it starts.
/// Syntax errors are left to the parser that follows, which reports them with their position.
std::optional<Diagnostic> checkJsonStructure(std::string_view text);

} // namespace formats::detail
