#include "bake/cli/twbake.h"
#include "formats/source/file_io.h"

#include <iostream>

int main(int argc, char** argv) {
    // Ctrl+C or a pipeline's SIGTERM mid-write leaves no temporary file beside an output.
    formats::removeTemporaryFilesOnTerminationSignals();
    return bake::cli::runTwbake(argc, argv, std::cout, std::cerr);
}
