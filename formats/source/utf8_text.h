#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

/// Text encodings at the formats' doors: every name a .twtrack holds is UTF-8 (JSON's own rule).
namespace formats {

/// The byte offset of the first byte of `text` that does not start or continue a valid UTF-8
/// sequence (overlong forms and surrogates included), or nothing when all of it is UTF-8.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

/// ISO-8859-1 (Latin-1) text as UTF-8: each byte is the code point of the same number.
std::string latin1ToUtf8(std::string_view text);

} // namespace formats
