// libFuzzer target: the .twtrack loader and the validator on arbitrary bytes (see fuzz_inputs.h).
#include "tests/fuzz/fuzz_inputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::trackJson({data, size});
    return 0;
}
