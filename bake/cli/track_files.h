#pragma once

#include <filesystem>
#include <vector>

namespace bake::cli {

/// True for a track source: `.twtrack` in any case (`.TWTRACK` from a case-insensitive file system).
bool isTrackSource(const std::filesystem::path& path);

/// Every track source below `folder`, subfolders too, sorted (a stable order whatever the file
/// system lists): what `build --all` and `upgrade` walk.
std::vector<std::filesystem::path> trackSourcesIn(const std::filesystem::path& folder);

/// Every `.twbake` below `folder`, subfolders too, sorted: what `build --all --prune` looks through.
std::vector<std::filesystem::path> trackBakesIn(const std::filesystem::path& folder);

} // namespace bake::cli
