#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bake::cli {

/// True for a track source: `.twtrack` in any case (`.TWTRACK` from a case-insensitive file system).
bool isTrackSource(const std::filesystem::path& path);

/// Every track source below `folder`, subfolders too, sorted (a stable order whatever the file
/// system lists): what `build --all` and `upgrade` walk.
std::vector<std::filesystem::path> trackSourcesIn(const std::filesystem::path& folder);

/// The tracks a list file names (a farm's work list), one a line relative to the list's folder
/// (blank lines and `#` comments skipped), sorted; nothing, with `error` naming the line, when a line
/// leads outside that folder (its bake would land outside the output folder) or the list cannot be read.
std::optional<std::vector<std::filesystem::path>> trackSourcesListedIn(const std::filesystem::path& list, std::string& error);

/// Every `.twbake` below `folder`, subfolders too, sorted: what `build --all --prune` looks through.
std::vector<std::filesystem::path> trackBakesIn(const std::filesystem::path& folder);

} // namespace bake::cli
