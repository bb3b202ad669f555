#include "bake/cli/job_pool.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace bake::cli {

unsigned jobThreads(unsigned requested) { return requested ? requested : std::max(1u, std::thread::hardware_concurrency()); }

void runJobs(std::size_t count, unsigned requested, const std::function<void(std::size_t)>& job) {
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
        for (std::size_t i = next++; i < count; i = next++) job(i);
    };
    const auto threads = static_cast<unsigned>(std::min<std::size_t>(count, jobThreads(requested)));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
}

} // namespace bake::cli
