#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace formats {

/// The largest input any tool reads whole: a .twtrack of 500 000 nodes is about 80 MB, and reading
/// a JSON file costs about ten times its size in memory while it is parsed.
inline constexpr std::uintmax_t kMaxInputFileBytes = 256u << 20;

/// Whole contents of a regular file, or nothing (with `error` saying why) when it cannot be read
/// or is larger than `maxBytes` (a .twbake reader passes formats::kMaxBakedFileBytes).
std::optional<std::string> readWholeFile(const std::filesystem::path& path, std::string& error, std::uintmax_t maxBytes = kMaxInputFileBytes);

/// readWholeFile into `contents`, reusing its memory: a loop over many files (`build --all`) reads
/// each into the same buffer, without a fresh allocation to fault in for every file.
bool readWholeFileInto(const std::filesystem::path& path, std::string& contents, std::string& error, std::uintmax_t maxBytes = kMaxInputFileBytes);

/// Writes an output the way every command and every write of the editor (save, export, autosave,
/// screenshots) do (the output-path policy, docs/hardening.md):
/// - A symbolic link is followed to the file it names (up to 40 links): the link stays a link and
///   its target gets the contents.
/// - A regular file, or a new one, is replaced atomically, so readers and a crash at any moment see
///   either the complete old file or the complete new one: the bytes go to a temporary file
///   `.NAME.tmp-PID-XXXXXX` beside it, are flushed to disk, then renamed over it, keeping the old
///   file's permissions, and its owner when run as root. On failure the target is untouched and
///   the temporary file removed.
/// - A regular file nobody may write (0444), or that this user may not write, is refused: the
///   folder would allow the rename, but its owner marked it read-only (root is refused too).
/// - So is a file in a folder nobody may write (0555) or this user may not (mayWriteInFolder).
/// - A character device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written as a stream and
///   never replaced. A folder, a block device or a socket is refused.
/// - Temporary files of earlier writes to the same target whose process no longer runs (killed
///   mid-write) are removed first.
/// - A temporary's name is cut to fit 255 bytes, however long the target's name.
/// `error` says what went wrong, naming the path.
bool writeOutputFile(const std::filesystem::path& path, std::string_view contents, std::string& error);

/// The policy's folder rule, which writeOutputFile applies to the folder it writes in: a folder
/// nobody may write (no write bits: root is refused it too, as the read-only file) or this user
/// may not write gets nothing new. False, with `error` naming `what` was to be written and the
/// folder, when refused; true for a folder that does not exist (its own error comes later).
bool mayWriteInFolder(const std::filesystem::path& folder, const std::string& what, std::string& error);

/// writeOutputFile, unless the file (a regular file, or one a link names) already holds exactly
/// `contents`: then nothing is written and the file keeps its time, so a build that bakes an
/// unchanged track again makes nothing downstream rebuild. `unchanged` says which it was.
bool writeOutputFileIfChanged(const std::filesystem::path& path, std::string_view contents, std::string& error, bool& unchanged);

/// One output of a command that writes several.
struct OutputFile {
    std::filesystem::path path;
    std::string_view contents;
};

/// Several outputs as one: each as writeOutputFile would, but every file is written to its
/// temporary (and every stream written) before any is renamed over its target, so a failure on one
/// (a full disk) replaces none (`raceline --csv` failing had already replaced `-o`, issue 47).
bool writeOutputFiles(std::span<const OutputFile> files, std::string& error);

/// Removes the temporary file of a write in progress when the process is ended by SIGINT, SIGTERM,
/// SIGHUP or SIGQUIT, then ends it as the signal would have. For command-line tools: call once at
/// start-up (a killed process's leftovers are swept by the next write instead).
void removeTemporaryFilesOnTerminationSignals();

} // namespace formats
