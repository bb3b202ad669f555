#pragma once

#include <cstddef>
#include <functional>

namespace bake::cli {

/// Threads `--jobs N` asks for: N, or one per hardware thread for 0.
unsigned jobThreads(unsigned requested);

/// Runs job(0) … job(count − 1), each once, on up to jobThreads(requested) threads (the calling one
/// among them), taking the next index as each finishes; returns when all are done. Jobs write their
/// results into slots of their own index, so the output is in input order whatever the threads did.
void runJobs(std::size_t count, unsigned requested, const std::function<void(std::size_t)>& job);

} // namespace bake::cli
