#pragma once

#include <optional>
#include <span>
#include <string>

namespace bake::cli {

/// A path a command was given, with the option that named it ("input", "-o", "--csv" …).
struct NamedPath {
    std::string option;
    std::string path;
    bool mayBeInput = false;  ///< an output that may rewrite its own input in place (raceline -o)
};

/// The output-path policy's first rule, for every command: no output may name one of its inputs
/// (unless it says it may) or another output, "the same file" as formats::sameFile judges it. The message for the first conflict, naming both
/// options and what to do; nothing when there is none. Empty paths (options not given) are skipped.
std::optional<std::string> findOutputConflict(std::span<const NamedPath> inputs, std::span<const NamedPath> outputs);

} // namespace bake::cli

namespace bake::cli {

/// True when `path` is this process's standard output (`/dev/stdout`, `/proc/self/fd/1`, or the
/// file or pipe it is redirected to): a command writing its data there prints its report on the
/// error stream instead, so `build -o /dev/stdout | …` carries the bake alone.
bool namesStandardOutput(const std::string& path);

} // namespace bake::cli
