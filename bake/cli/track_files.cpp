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

namespace {

template <class Keep> std::vector<fs::path> filesIn(const fs::path& folder, Keep keep) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_regular_file(ec) && keep(it->path())) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

std::vector<fs::path> trackSourcesIn(const fs::path& folder) { return filesIn(folder, isTrackSource); }

std::vector<fs::path> trackBakesIn(const fs::path& folder) {
    return filesIn(folder, [](const fs::path& path) { return path.extension() == ".twbake"; });
}

} // namespace bake::cli
