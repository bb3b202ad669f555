#include "bake/cli/track_files.h"

#include "formats/source/file_io.h"

#include <algorithm>
#include <cctype>
#include <sstream>
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

std::optional<std::vector<fs::path>> trackSourcesListedIn(const fs::path& list, std::string& error) {
    const std::optional<std::string> text = formats::readWholeFile(list, error);
    if (!text) return std::nullopt;
    const fs::path folder = list.parent_path();
    std::vector<fs::path> sources;
    std::istringstream lines(*text);
    std::size_t number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
        const std::size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        const fs::path named(line.substr(start));
        const fs::path relative = (named.is_absolute() ? named.lexically_relative(fs::absolute(folder)) : named).lexically_normal();
        if (relative.empty() || *relative.begin() == ".." || relative.is_absolute()) {
            error = list.string() + ":" + std::to_string(number) + ": " + named.string() +
                    " lies outside the list's folder: name tracks below it, so each bake has its place below the output folder";
            return std::nullopt;
        }
        sources.push_back(folder / relative);
    }
    std::sort(sources.begin(), sources.end());
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    return sources;
}

std::vector<fs::path> trackBakesIn(const fs::path& folder) {
    return filesIn(folder, [](const fs::path& path) { return path.extension() == ".twbake"; });
}

} // namespace bake::cli
