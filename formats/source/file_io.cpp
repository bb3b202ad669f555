#include "formats/source/file_io.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace formats {
namespace {

namespace fs = std::filesystem;

std::string describeErrno() { return std::strerror(errno); }

/// The temporary files of writes in progress, readable from a signal handler: a slot's path is
/// written before the slot is marked used, and the handler reads only used slots.
struct TemporarySlot {
    std::atomic<bool> used{false};
    std::array<char, 4096> path{};
};
std::array<TemporarySlot, 32> g_temporaries;
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler reads these flags");

std::atomic_flag g_claimingSlot = ATOMIC_FLAG_INIT;

/// Marks `path` for removal on a termination signal; the slot to forget it by, or -1 when every
/// slot is taken (that write's leftover is then only swept by the next write).
int rememberTemporary(const std::string& path) {
    if (path.size() >= TemporarySlot{}.path.size()) return -1;
    while (g_claimingSlot.test_and_set(std::memory_order_acquire)) {}
    int claimed = -1;
    for (std::size_t i = 0; i < g_temporaries.size() && claimed < 0; ++i) {
        TemporarySlot& slot = g_temporaries[i];
        if (slot.used.load(std::memory_order_relaxed)) continue;
        std::memcpy(slot.path.data(), path.c_str(), path.size() + 1);
        slot.used.store(true, std::memory_order_release);
        claimed = static_cast<int>(i);
    }
    g_claimingSlot.clear(std::memory_order_release);
    return claimed;
}

void forgetTemporary(int slot) {
    if (slot >= 0) g_temporaries[static_cast<std::size_t>(slot)].used.store(false, std::memory_order_release);
}

extern "C" void removeTemporariesAndReraise(int signal) {
    for (TemporarySlot& slot : g_temporaries)
        if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path.data());
    std::raise(signal);  // the handler was installed with SA_RESETHAND: the default action ends the process
}

/// Removes `PREFIX` + `PID-XXXXXX` files in `directory` whose process PID no longer runs: what a
/// write killed before it could clean up leaves. A live process's temporaries are left alone.
void sweepStaleTemporaries(const fs::path& directory, const std::string& prefix) {
    DIR* dir = ::opendir(directory.c_str());
    if (!dir) return;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string_view name(entry->d_name);
        if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) continue;
        const std::string_view rest = name.substr(prefix.size());
        const std::size_t dash = rest.find('-');
        if (dash == 0 || dash == std::string_view::npos || dash > 9) continue;
        long pid = 0;
        bool digits = true;
        for (char c : rest.substr(0, dash)) {
            if (c < '0' || c > '9') { digits = false; break; }
            pid = pid * 10 + (c - '0');
        }
        if (!digits || pid <= 0 || pid == ::getpid()) continue;
        if (::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH) ::unlinkat(::dirfd(dir), entry->d_name, 0);
    }
    ::closedir(dir);
}

/// The file a chain of symbolic links ends at (the path itself when it is no link). A dangling
/// link gives the path it names, so the write creates its target.
bool followLinks(const fs::path& path, fs::path& resolved, std::string& error) {
    resolved = path;
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(resolved, ec))) return true;
        const fs::path target = fs::read_symlink(resolved, ec);
        if (ec) {
            error = "cannot follow the link " + resolved.string() + ": " + ec.message();
            return false;
        }
        resolved = target.is_absolute() ? target : resolved.parent_path() / target;
    }
    error = "cannot write " + path.string() + ": more than 40 symbolic links in a chain (a loop?)";
    return false;
}

bool writeAll(int fd, std::string_view contents) {
    const char* data = contents.data();
    std::size_t remaining = contents.size();
    while (remaining > 0) {
        const ssize_t written = ::write(fd, data, remaining);
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += written;
        remaining -= static_cast<std::size_t>(written);
    }
    return true;
}

/// A device or a pipe: written in place, as `cat > PATH` would.
bool writeStream(const fs::path& path, std::string_view contents, std::string& error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        error = "cannot open " + path.string() + " for writing: " + describeErrno();
        return false;
    }
    if (!writeAll(fd, contents)) {
        error = "cannot write " + path.string() + ": " + describeErrno();
        ::close(fd);
        return false;
    }
    if (::close(fd) != 0) {
        error = "cannot write " + path.string() + ": " + describeErrno();
        return false;
    }
    return true;
}

/// A file its owner made read-only (no write permission for anyone: a Perforce checkout not opened
/// for edit, a `chmod a-w`), or one this user may not write, is not replaced, though the folder
/// would let a rename do it; root is refused the read-only file too (as vi refuses it).
bool refuseReadOnly(const fs::path& path, std::string& error) {
    struct stat existing {};
    if (::stat(path.c_str(), &existing) != 0) return false;  // a new file
    if ((existing.st_mode & 0222) != 0 && ::access(path.c_str(), W_OK) == 0) return false;
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(existing.st_mode & 07777));
    const std::string why = (existing.st_mode & 0222) == 0 ? "it is read-only" : "this user may not write it";
    error = "cannot write " + path.string() + ": " + why + " (mode " + mode +
            "); make it writable first (chmod u+w, or open it for edit in version control) or choose another file";
    return true;
}

/// Longest file name most file systems take (ext4, xfs, btrfs: NAME_MAX).
constexpr std::size_t kMaxFileName = 255;

/// `.NAME.tmp-`: the start of every temporary beside a target named NAME. A long NAME is cut so
/// the whole temporary name, with its PID (at most 10 digits) and mkstemp's six letters, stays
/// within kMaxFileName: a 245-byte output name failed for its temporary's length (issue 47).
std::string temporaryPrefix(const std::string& targetName) {
    constexpr std::size_t kAround = 1 + 5 + 10 + 1 + 6;  // "." ".tmp-" PID "-" "XXXXXX"
    return "." + targetName.substr(0, kMaxFileName - kAround) + ".tmp-";
}

/// Six letters for a temporary's name, different on every call (mkstemp's XXXXXX, made here so
/// the name is known before the file exists).
std::string uniqueSuffix() {
    static std::atomic<std::uint64_t> counter{0};
    std::uint64_t bits = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) * 0x9E3779B97F4A7C15ull +
                         counter.fetch_add(1, std::memory_order_relaxed) * 0xBF58476D1CE4E5B9ull;
    static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::string suffix(6, 'a');
    for (char& c : suffix) {
        c = kLetters[bits % 62];
        bits /= 62;
    }
    return suffix;
}

/// A replacement written to its temporary file but not yet renamed over its target.
struct PreparedReplacement {
    fs::path target;
    std::string temporary;
    int slot = -1;
};

void abandon(PreparedReplacement& prepared) {
    ::unlink(prepared.temporary.c_str());
    forgetTemporary(prepared.slot);
}

/// The first half of an atomic replacement: the contents in a flushed temporary beside `path`,
/// with the replaced file's permissions and owner (when we may).
bool prepareReplacement(const fs::path& path, std::string_view contents, PreparedReplacement& prepared, std::string& error) {
    const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
    const std::string prefix = temporaryPrefix(path.filename().string());
    sweepStaleTemporaries(directory, prefix);
    // The name is registered for the signal handler before the file exists (mkstemp would make the
    // file first): a SIGTERM between the two left a temporary behind, once in ten runs under load.
    std::string tempName;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        tempName = (directory / (prefix + std::to_string(::getpid()) + "-" + uniqueSuffix())).string();
        prepared = {path, tempName, rememberTemporary(tempName)};
        fd = ::open(tempName.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            const int reason = errno;
            forgetTemporary(prepared.slot);
            errno = reason;
            if (reason != EEXIST) break;
        }
    }
    if (fd < 0) {
        error = "cannot create a temporary file next to " + path.string() + ": " + describeErrno();
        return false;
    }
    auto fail = [&](const std::string& what) {
        error = what;
        ::close(fd);
        abandon(prepared);
        return false;
    };
    if (!writeAll(fd, contents)) return fail("cannot write " + path.string() + ": " + describeErrno());
    // mkstemp creates 0600: keep the replaced file's permissions and owner (when we may), or give a
    // new one the usual 0644 (umask() would tell the user's preference but is process-global and racy).
    struct stat existing {};
    const bool replacing = ::stat(path.c_str(), &existing) == 0;
    if (::fchmod(fd, replacing ? (existing.st_mode & 07777) : 0644) != 0) return fail("cannot set permissions of " + path.string() + ": " + describeErrno());
    if (replacing && (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid())) (void)::fchown(fd, existing.st_uid, existing.st_gid);
    if (::fsync(fd) != 0) return fail("cannot flush " + path.string() + ": " + describeErrno());
    if (::close(fd) != 0) {
        error = "cannot close " + tempName + ": " + describeErrno();
        abandon(prepared);
        return false;
    }
    return true;
}

/// The second half: the rename, made durable.
bool commitReplacement(PreparedReplacement& prepared, std::string& error) {
    if (::rename(prepared.temporary.c_str(), prepared.target.c_str()) != 0) {
        error = "cannot replace " + prepared.target.string() + ": " + describeErrno();
        abandon(prepared);
        return false;
    }
    forgetTemporary(prepared.slot);
    // A failure here leaves a complete file in place, so it is not an error.
    const fs::path directory = prepared.target.has_parent_path() ? prepared.target.parent_path() : fs::path(".");
    const int dirFd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return true;
}

/// How one output is written, decided before anything is.
struct PlannedWrite {
    fs::path path;  ///< as given (streams) or with its links followed (replacements)
    std::string_view contents;
    bool stream = false;
};

bool planWrite(const OutputFile& file, PlannedWrite& planned, std::string& error) {
    planned = {file.path, file.contents, false};
    struct stat status {};
    if (::stat(file.path.c_str(), &status) == 0) {  // through any links
        if (S_ISDIR(status.st_mode)) {
            error = "cannot write " + file.path.string() + ": it is a folder; name a file in it";
            return false;
        }
        // Opened by the name given: /dev/stdout and other /proc links to pipes resolve only so.
        if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode)) return planned.stream = true, true;
        if (!S_ISREG(status.st_mode)) {
            error = "cannot write " + file.path.string() + ": it is a block device or a socket, not a file; name a file, a character device or a pipe";
            return false;
        }
        if (refuseReadOnly(file.path, error)) return false;
    }
    if (!followLinks(file.path, planned.path, error)) return false;
    return mayWriteInFolder(planned.path.has_parent_path() ? planned.path.parent_path() : fs::path("."), planned.path.string(), error);
}

/// readWholeFile's checks before reading: a regular file within `maxBytes`.
bool checkReadable(const fs::path& path, std::string& error, std::uintmax_t maxBytes) {
    std::error_code ec;
    if (const fs::file_status status = fs::status(path, ec); !fs::is_regular_file(status)) {
        const char* what = !fs::exists(status)        ? "no such file"
                           : fs::is_directory(status) ? "it is a folder, not a file"
                           : fs::is_fifo(status)      ? "it is a pipe (FIFO), not a file"
                           : fs::is_socket(status)    ? "it is a socket, not a file"
                                                      : "it is a device, not a file";
        error = "cannot read " + path.string() + ": " + what + ": check the path";
        return false;
    }
    if (const std::uintmax_t size = fs::file_size(path, ec); !ec && size > maxBytes) {
        error = "cannot read " + path.string() + ": it is " + std::to_string(size >> 20) + " MB, more than the " + std::to_string(maxBytes >> 20) +
                " MB a file of its kind may be; is it the right file?";
        return false;
    }
    return true;
}

bool readFailed(const fs::path& path, std::string& error) {
    error = "cannot read " + path.string() + ": " + describeErrno() + ": check the file's permissions";
    return false;
}

} // namespace

bool mayWriteInFolder(const fs::path& folder, const std::string& what, std::string& error) {
    struct stat status {};
    if (::stat(folder.c_str(), &status) != 0) return true;  // a missing folder fails with its own error
    if ((status.st_mode & 0222) != 0 && ::access(folder.c_str(), W_OK) == 0) return true;
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(status.st_mode & 07777));
    const std::string why = (status.st_mode & 0222) == 0 ? "is read-only" : "is not writable by this user";
    error = "cannot write " + what + ": its folder " + folder.string() + " " + why + " (mode " + mode +
            "); make the folder writable first (chmod u+w) or choose another folder";
    return false;
}

std::optional<std::string> readWholeFile(const fs::path& path, std::string& error, std::uintmax_t maxBytes) {
    std::string contents;
    if (!readWholeFileInto(path, contents, error, maxBytes)) return std::nullopt;
    return contents;
}

bool readWholeFileInto(const fs::path& path, std::string& contents, std::string& error, std::uintmax_t maxBytes) {
    if (!checkReadable(path, error, maxBytes)) return false;
    // Read straight into the string, sized by fstat: a stream into a stringstream copied every byte
    // three times, the most of a cached `build --all`'s time (issue 51).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return readFailed(path, error);
    struct stat info {};
    // One byte more than its size, so the read that finds the end needs no larger buffer.
    contents.resize(::fstat(fd, &info) == 0 && info.st_size > 0 ? static_cast<std::size_t>(info.st_size) + 1 : 4096);
    std::size_t filled = 0;
    for (;;) {
        if (filled == contents.size()) {
            if (contents.size() > maxBytes) break;  // grew while read: refused below
            contents.resize(contents.size() * 2);
        }
        const ssize_t got = ::read(fd, contents.data() + filled, contents.size() - filled);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            const int saved = errno;
            ::close(fd);
            errno = saved;
            return readFailed(path, error);
        }
        if (got == 0) break;
        filled += static_cast<std::size_t>(got);
    }
    ::close(fd);
    if (filled > maxBytes) {
        error = "cannot read " + path.string() + ": it is more than the " + std::to_string(maxBytes >> 20) + " MB a file of its kind may be; is it the right file?";
        return false;
    }
    contents.resize(filled);
    return true;
}

bool writeOutputFile(const fs::path& path, std::string_view contents, std::string& error) {
    const OutputFile file{path, contents};
    return writeOutputFiles({&file, 1}, error);
}

bool writeOutputFileIfChanged(const fs::path& path, std::string_view contents, std::string& error, bool& unchanged) {
    // Read, not mapped: a file another program truncates while it is compared must not end this one
    // (SIGBUS). One buffer a thread, so a folder of outputs faults in no fresh memory for each.
    unchanged = false;
    thread_local std::string existing;
    std::string ignored;
    std::error_code ec;
    if (fs::is_regular_file(path, ec) && fs::file_size(path, ec) == contents.size() && !ec)
        unchanged = readWholeFileInto(path, existing, ignored, contents.size()) && existing == contents;
    return unchanged || writeOutputFile(path, contents, error);
}

bool writeOutputFiles(std::span<const OutputFile> files, std::string& error) {
    std::vector<PlannedWrite> plans(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        if (!planWrite(files[i], plans[i], error)) return false;
    std::vector<PreparedReplacement> prepared;
    prepared.reserve(files.size());
    const auto abandonAll = [&] {
        for (PreparedReplacement& p : prepared) abandon(p);
        return false;
    };
    for (const PlannedWrite& plan : plans) {
        if (plan.stream) continue;
        PreparedReplacement replacement;
        if (!prepareReplacement(plan.path, plan.contents, replacement, error)) return abandonAll();
        prepared.push_back(std::move(replacement));
    }
    // Streams cannot be taken back: written once every file is ready, and before any is replaced.
    for (const PlannedWrite& plan : plans)
        if (plan.stream && !writeStream(plan.path, plan.contents, error)) return abandonAll();
    for (std::size_t i = 0; i < prepared.size(); ++i) {
        if (!commitReplacement(prepared[i], error)) {
            for (std::size_t rest = i + 1; rest < prepared.size(); ++rest) abandon(prepared[rest]);
            return false;
        }
    }
    return true;
}

void removeTemporaryFilesOnTerminationSignals() {
    for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
        struct sigaction action {};
        action.sa_handler = removeTemporariesAndReraise;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        ::sigaction(signal, &action, nullptr);
    }
}

} // namespace formats
