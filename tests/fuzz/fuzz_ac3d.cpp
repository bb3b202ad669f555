// libFuzzer target: the AC3D level-mesh reader on arbitrary bytes (see fuzz_inputs.h).
#include "tests/fuzz/fuzz_inputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::ac3d({data, size});
    return 0;
}
