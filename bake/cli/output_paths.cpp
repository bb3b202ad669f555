#include "bake/cli/output_paths.h"

#include "formats/source/same_file.h"

#include <sys/stat.h>
#include <unistd.h>

namespace bake::cli {

std::optional<std::string> findOutputConflict(std::span<const NamedPath> inputs, std::span<const NamedPath> outputs) {
    for (std::size_t o = 0; o < outputs.size(); ++o) {
        const NamedPath& output = outputs[o];
        if (output.path.empty()) continue;
        for (const NamedPath& input : inputs) {
            if (input.path.empty() || (output.mayBeInput && input.option == "input")) continue;
            if (formats::sameFile(output.path, input.path))
                return output.option + " " + output.path + " names the same file as " + input.option + " " + input.path +
                       ": writing it would destroy an input; choose another output file";
        }
        for (std::size_t other = 0; other < o; ++other) {
            if (outputs[other].path.empty()) continue;
            if (formats::sameFile(output.path, outputs[other].path))
                return output.option + " " + output.path + " names the same file as " + outputs[other].option + " " + outputs[other].path +
                       ": one would overwrite the other; choose two different output files";
        }
    }
    return std::nullopt;
}

} // namespace bake::cli

namespace bake::cli {

bool namesStandardOutput(const std::string& path) {
    struct stat standardOutput {}, target {};
    if (path.empty() || ::fstat(STDOUT_FILENO, &standardOutput) != 0 || ::stat(path.c_str(), &target) != 0) return false;
    return standardOutput.st_dev == target.st_dev && standardOutput.st_ino == target.st_ino;
}

} // namespace bake::cli
