// libFuzzer target: the TORCS track importer on arbitrary bytes (see fuzz_inputs.h).
#include "tests/fuzz/fuzz_inputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::torcsXml({data, size});
    return 0;
}
