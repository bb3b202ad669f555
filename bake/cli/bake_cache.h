#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace bake::cli {

/// A content-addressed cache of bakes (issue 51: 300 tracks × 20 classes re-baked on every run).
/// An entry is the .twbake of a key: the XXH3-128 of this program's own executable (a rebuilt
/// twbake never reuses an older one's bakes), the options that change a bake and the track as it is
/// baked (written canonically, classes from --classes included, so a `touch`ed or re-indented
/// source hits). Entries are written atomically (a shared folder takes several machines at once),
/// read back through the runtime's own checks (a damaged entry is a miss and is replaced), and the
/// least recently used go when the folder passes its size limit. Never fails a bake: a folder that
/// cannot be used is said once on stderr and the bake goes on without it. Safe to share between
/// the threads of `build --all`.
class BakeCache {
public:
    /// The folder: `--cache DIR`, else $TRACKWRIGHT_CACHE_DIR, else $XDG_CACHE_HOME/trackwright/bakes,
    /// else ~/.cache/trackwright/bakes. Disabled with `--no-cache` (`enabled` false).
    static std::filesystem::path defaultFolder();

    BakeCache(std::filesystem::path folder, bool enabled, std::uint64_t sizeLimitBytes, std::ostream& err);

    bool enabled() const { return m_enabled.load(); }
    /// The key of `canonicalTrack` baked with `options` (a text naming every option that changes the bake).
    std::string key(std::string_view canonicalTrack, std::string_view options) const;
    /// The entry's bytes when the cache holds a sound one.
    std::optional<std::string> find(const std::string& key) const;
    /// Stores `bytes` under `key` (atomically) and evicts the least recently used beyond the limit.
    void store(const std::string& key, std::string_view bytes);

private:
    std::filesystem::path entry(const std::string& key) const;
    /// Removes the least recently used entries until the folder is within its limit, `newest` aside.
    void evict(const std::filesystem::path& newest);
    void disable(const std::string& why);

    std::filesystem::path m_folder;
    std::atomic<bool> m_enabled;  ///< bakes of --all run on several threads
    std::uint64_t m_sizeLimit;
    std::ostream& m_err;
};

} // namespace bake::cli
