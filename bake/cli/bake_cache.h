#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "bake/cli/cache_entry.h"

namespace bake::cli {

/// The XXH3-128 of `bytes` in hex, as `xxhsum -H2` prints it: the cache's keys and the hashes of
/// `build --all`'s manifest.
std::string contentHash(std::string_view bytes);

/// A bake found in the cache: the entry as read into the caller's buffer, and the diagnostics the
/// bake reported.
struct CachedBake {
    std::string_view entry;  ///< into the buffer find() was given
    formats::Diagnostics diagnostics;
    std::size_t bakeOffset = 0;

    /// The .twbake: 8-byte aligned (a heap buffer and an 8-byte offset), so it loads in place.
    std::string_view bake() const { return entry.substr(bakeOffset); }
};

/// A content-addressed cache of bakes (issue 51: 300 tracks × 20 classes re-baked on every run).
/// An entry (cache_entry.h) is the .twbake and the diagnostics of a key: the XXH3-128 of this
/// program's own executable (a rebuilt twbake never reuses an older one's bakes), the options that
/// change a bake (the classes of --classes among them) and the source's bytes. The bytes, not the
/// parsed track: a hit reads no JSON (a second `build --all` costs what reading and hashing the
/// sources costs), and a `touch`ed track hits; a re-indented one is a miss, baked once more.
/// Entries are written atomically (a shared folder takes several machines at once), checked on
/// reading (a damaged entry is a miss and is replaced), and the least recently used go when the
/// folder passes its size limit. Never fails a bake: a folder that cannot be used is said once on
/// stderr and the bake goes on without it. Safe to share between the threads of `build --all`.
class BakeCache {
public:
    /// The folder: `--cache DIR`, else $TRACKWRIGHT_CACHE_DIR, else $XDG_CACHE_HOME/trackwright/bakes,
    /// else ~/.cache/trackwright/bakes. Disabled with `--no-cache` (`enabled` false).
    static std::filesystem::path defaultFolder();

    BakeCache(std::filesystem::path folder, bool enabled, std::uint64_t sizeLimitBytes, std::ostream& err);

    bool enabled() const { return m_enabled.load(); }
    /// The key of the source `trackBytes` baked with `options` (a text naming every option that changes the bake).
    std::string key(std::string_view trackBytes, std::string_view options) const;
    /// The entry of `key` when the cache holds a sound one (its checksum holds; the bake inside is
    /// the caller's to load), read into `buffer`: reused across calls, no fresh memory to fault in
    /// for each track; read, not mapped, so an entry another program truncates cannot end this one.
    std::optional<CachedBake> find(const std::string& key, std::string& buffer) const;
    /// Stores a bake and its diagnostics under `key` (atomically) and evicts the least recently
    /// used beyond the limit.
    void store(const std::string& key, const formats::Diagnostics& diagnostics, std::string_view bake);

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
