#include "bake/cli/exit_codes.h"
#include "bake/cli/twbake.h"
#include "formats/source/file_io.h"

#include <cstdio>
#include <iostream>

int main(int argc, char** argv) {
    // Ctrl+C or a pipeline's SIGTERM mid-write leaves no temporary file beside an output.
    formats::removeTemporaryFilesOnTerminationSignals();
    const int code = bake::cli::runTwbake(argc, argv, std::cout, std::cerr);
    // A report that did not reach its reader (a full disk, `> /dev/full`, a closed pipe) is a failure,
    // not success: a pipeline must not take the missing output for an empty one.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "twbake: cannot write to standard output: the disk may be full or the pipe closed\n");
        return code == bake::cli::kExitOk ? bake::cli::kExitIo : code;
    }
    return code;
}
