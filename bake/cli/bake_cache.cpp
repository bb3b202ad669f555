#include "bake/cli/bake_cache.h"

#include "formats/baked/baked_writer.h"
#include "formats/source/file_io.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace bake::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* kEntryExtension = ".twcache";

/// The XXH3-128 of this program's executable, once a process: the identity of the code that bakes.
const XXH128_hash_t& executableHash() {
    static const XXH128_hash_t hash = [] {
        std::string error;
        const std::optional<std::string> bytes = formats::readWholeFile("/proc/self/exe", error, std::uintmax_t{1} << 31);
        return bytes ? XXH3_128bits(bytes->data(), bytes->size()) : XXH128_hash_t{0, 0};
    }();
    return hash;
}

std::string hex(XXH128_hash_t hash) {
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high64), static_cast<unsigned long long>(hash.low64));
    return text;
}

std::mutex& evictionMutex() {
    static std::mutex mutex;
    return mutex;
}

} // namespace

std::string contentHash(std::string_view bytes) { return hex(XXH3_128bits(bytes.data(), bytes.size())); }

fs::path BakeCache::defaultFolder() {
    if (const char* dir = std::getenv("TRACKWRIGHT_CACHE_DIR"); dir && *dir) return dir;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "trackwright" / "bakes";
    if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "trackwright" / "bakes";
    return {};
}

BakeCache::BakeCache(fs::path folder, bool enabled, std::uint64_t sizeLimitBytes, std::ostream& err)
    : m_folder(std::move(folder)), m_enabled(enabled), m_sizeLimit(sizeLimitBytes), m_err(err) {
    if (!m_enabled.load()) return;
    if (m_folder.empty()) {
        disable("no cache folder (set TRACKWRIGHT_CACHE_DIR or give --cache DIR)");
        return;
    }
    std::error_code ec;
    fs::create_directories(m_folder, ec);
    if (ec || !fs::is_directory(m_folder, ec)) disable("cannot use " + m_folder.string() + " as the bake cache");
}

void BakeCache::disable(const std::string& why) {
    static std::mutex said;
    if (!m_enabled.exchange(false)) return;  // said once
    const std::lock_guard lock(said);
    m_err << "twbake build: " << why << "; baking without a cache\n";
}

std::string BakeCache::key(std::string_view trackBytes, std::string_view options) const {
    XXH3_state_t state;
    XXH3_128bits_reset(&state);
    const XXH128_hash_t& code = executableHash();
    XXH3_128bits_update(&state, &code, sizeof code);
    const std::uint64_t optionsSize = options.size();
    XXH3_128bits_update(&state, &optionsSize, sizeof optionsSize);  // the options' end, so no track text can pose as options
    XXH3_128bits_update(&state, options.data(), options.size());
    XXH3_128bits_update(&state, trackBytes.data(), trackBytes.size());
    return hex(XXH3_128bits_digest(&state));
}

fs::path BakeCache::entry(const std::string& key) const { return m_folder / (key + kEntryExtension); }

std::optional<CachedBake> BakeCache::find(const std::string& key, std::string& buffer) const {
    if (!m_enabled.load()) return std::nullopt;
    std::string error;
    if (!formats::readWholeFileInto(entry(key), buffer, error, formats::kMaxBakedFileBytes + (64u << 20))) return std::nullopt;
    std::optional<DecodedCacheEntry> decoded = decodeCacheEntry(buffer);  // damaged: a miss, replaced
    if (!decoded) return std::nullopt;
    std::error_code ec;
    fs::last_write_time(entry(key), fs::file_time_type::clock::now(), ec);  // recently used
    return CachedBake{buffer, std::move(decoded->diagnostics), decoded->bakeOffset};
}

void BakeCache::store(const std::string& key, const formats::Diagnostics& diagnostics, std::string_view bake) {
    if (!m_enabled.load()) return;
    std::string error;
    if (!formats::writeOutputFile(entry(key), encodeCacheEntry(diagnostics, bake), error)) {
        disable(error);
        return;
    }
    evict(entry(key));
}

void BakeCache::evict(const fs::path& newest) {
    const std::lock_guard lock(evictionMutex());
    struct Entry {
        fs::path path;
        std::uintmax_t size;
        fs::file_time_type used;
    };
    std::vector<Entry> entries;
    std::uintmax_t total = 0;
    std::error_code ec;
    for (const auto& item : fs::directory_iterator(m_folder, ec)) {
        // Entries, and the .twbake entries of twbake before the diagnostics were kept: they age out.
        const fs::path extension = item.path().extension();
        if ((extension != kEntryExtension && extension != ".twbake") || item.path() == newest) continue;  // the entry just stored stays, whatever its size
        std::error_code ignored;
        const std::uintmax_t size = item.file_size(ignored);
        if (ignored) continue;
        entries.push_back({item.path(), size, item.last_write_time(ignored)});
        total += size;
    }
    std::error_code newestError;
    const std::uintmax_t newestSize = fs::file_size(newest, newestError);
    if (!newestError) total += newestSize;
    if (total <= m_sizeLimit) return;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
    for (const Entry& e : entries) {
        if (total <= m_sizeLimit) break;
        std::error_code ignored;
        if (fs::remove(e.path, ignored)) total -= e.size;
    }
}

} // namespace bake::cli
