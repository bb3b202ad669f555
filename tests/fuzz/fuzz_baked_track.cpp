// libFuzzer target: the runtime's .twbake loader, registration and sampling on arbitrary bytes (see fuzz_inputs.h).
#include "tests/fuzz/fuzz_inputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::bakedTrack({data, size});
    return 0;
}
