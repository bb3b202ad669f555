#include "bake/cli/exit_codes.h"
#include "bake/cli/twbake.h"
#include "formats/source/file_io.h"

#include <csignal>
#include <cstdio>
#include <iostream>

#include <poll.h>
#include <unistd.h>

namespace {

/// True when standard output is a pipe nobody reads any more (POLLERR on its write end).
bool pipeReaderGone() {
    pollfd standardOutput{STDOUT_FILENO, 0, 0};
    return ::poll(&standardOutput, 1, 0) == 1 && (standardOutput.revents & POLLERR) != 0;
}

} // namespace

int main(int argc, char** argv) {
    // Ctrl+C or a pipeline's SIGTERM mid-write leaves no temporary file beside an output.
    formats::removeTemporaryFilesOnTerminationSignals();
    // A reader that stops early (`twbake dump x | head -1`) must not kill twbake by SIGPIPE (exit
    // 141, no clean-up): the write fails instead and twbake ends below with the I/O exit code.
    std::signal(SIGPIPE, SIG_IGN);
    const int code = bake::cli::runTwbake(argc, argv, std::cout, std::cerr);
    // A report that did not reach its reader (a full disk, `> /dev/full`, a closed pipe) is a failure,
    // not success: a pipeline must not take the missing output for an empty one.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        // The reader closed the pipe on purpose: say nothing, as every Unix filter does.
        if (pipeReaderGone()) return code == bake::cli::kExitOk ? bake::cli::kExitIo : code;
        std::fprintf(stderr, "twbake: cannot write to standard output: the disk may be full or the pipe closed\n");
        return code == bake::cli::kExitOk ? bake::cli::kExitIo : code;
    }
    return code;
}
