#include "bake/cli/track_files.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace bake::cli {

namespace fs = std::filesystem;

bool isTrackSource(const fs::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".twtrack";
}

std::vector<fs::path> trackSourcesIn(const fs::path& folder) {
    std::vector<fs::path> sources;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_regular_file(ec) && isTrackSource(it->path())) sources.push_back(it->path());
    }
    std::sort(sources.begin(), sources.end());
    return sources;
}

} // namespace bake::cli
