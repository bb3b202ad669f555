#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// Running a command line tool (twbake, TORCS) as a child process: POSIX only, no shell.

#include <cstdint>
#include <string>
#include <vector>

namespace trackwright::torcs {

/// What a finished child process left.
struct ProcessResult {
    bool started = false;  ///< false: it could not be run at all (`output` says why)
    int exitCode = -1;     ///< its exit status; 128 + the signal when a signal ended it
    std::string output;    ///< its standard output and error, interleaved
};

/// Runs `argv[0]` (a path, or a name looked up on PATH) with `argv` and waits for it, collecting
/// its output. Standard input is /dev/null.
ProcessResult runProcess(const std::vector<std::string>& argv);

/// 64-bit FNV-1a over `bytes`, continuing from `hash` (the offset basis by default).
std::uint64_t fnv1a(const void* bytes, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ull);
std::uint64_t fnv1a(const std::string& text, std::uint64_t hash = 0xcbf29ce484222325ull);
/// `hash` as 16 lower-case hex digits.
std::string hexHash(std::uint64_t hash);

/// The whole file, or false.
bool readWholeFile(const std::string& path, std::string& out);
/// Writes `text` to `path` through a temporary file and a rename; false on any failure.
bool writeFileAtomically(const std::string& path, const std::string& text);

} // namespace trackwright::torcs
