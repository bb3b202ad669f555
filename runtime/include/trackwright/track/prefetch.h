#pragma once

#include <cstddef>

namespace trackwright {

/// Asks the processor to start loading `bytes` bytes from `address` into its caches, without
/// waiting for them and without any effect on the program's results (a no-op where the compiler
/// has no prefetch). A tick of thousands of cars walks each car's state once, and the state of
/// 10 000 cars outgrows the caches: loading the next cars' state while this one drives turns a
/// chain of waits for memory into one overlapped stream.
inline void prefetchBytes(const void* address, std::size_t bytes) {
#if defined(__GNUC__) || defined(__clang__)
    constexpr std::size_t kLine = 64;
    const char* p = static_cast<const char*>(address);
    for (std::size_t offset = 0; offset < bytes; offset += kLine) __builtin_prefetch(p + offset);
    if (bytes > 0) __builtin_prefetch(p + bytes - 1);
#else
    (void)address;
    (void)bytes;
#endif
}

} // namespace trackwright
