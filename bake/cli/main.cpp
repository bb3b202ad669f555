#include "bake/cli/twbake.h"

#include <iostream>

int main(int argc, char** argv) {
    return bake::cli::runTwbake(argc, argv, std::cout, std::cerr);
}
