// libFuzzer target: the runtime's .twbake loader on arbitrary bytes (in 8-byte aligned storage, as
// a game holds a file it read). A file the loader accepts is then registered against and sampled,
// since a valid-looking header must not let bad sections crash later calls.
#include "runtime/baked_track.h"
#include "runtime/line_sampler.h"
#include "runtime/registrar.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint64_t> storage((size + 7) / 8);
    if (size > 0) std::memcpy(storage.data(), data, size);
    runtime::BakedTrack track;
    if (runtime::loadBakedTrack({reinterpret_cast<const std::byte*>(storage.data()), size}, track) != runtime::LoadStatus::Ok) return 0;
    runtime::Registrar registrar(track);
    for (const formats::BakedNode& node : track.view.nodes) {
        (void)registrar.update({node.x + 0.5, node.y - 0.25});
        if (&node - track.view.nodes.data() > 64) break;
    }
    for (std::uint32_t line = 0; line < track.view.lines.size() && line < 4; ++line) {
        const runtime::LineSampler sampler(track, line, 0);
        for (double d : {-10.0, 0.0, 3.5, 1e6}) (void)sampler.sample(d);
    }
    return 0;
}
