#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace formats {

/// Whole contents of a regular file, or nothing (with `error` saying why) when it cannot be read.
std::optional<std::string> readWholeFile(const std::filesystem::path& path, std::string& error);

/// Replaces `path` with `contents` so that readers (and a crash at any moment) see either the
/// complete old file or the complete new one: the bytes go to a temporary file in the same
/// directory, are flushed to disk, then renamed over the target. On failure the target is untouched,
/// the temporary file is removed, and `error` says what went wrong.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view contents, std::string& error);

} // namespace formats
