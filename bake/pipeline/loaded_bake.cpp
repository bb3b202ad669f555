#include "bake/pipeline/loaded_bake.h"

#include <cstring>

namespace bake {

trackwright::LoadStatus loadBakedBytes(const void* bytes, std::size_t size, LoadedBake& bake) {
    bake.storage.assign((size + 7) / 8, 0);
    if (size > 0) std::memcpy(bake.storage.data(), bytes, size);
    return trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(bake.storage.data()), size}, bake.track);
}

trackwright::LoadStatus loadBakedData(const formats::BakedTrackData& data, LoadedBake& bake) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    return loadBakedBytes(bytes.data(), bytes.size(), bake);
}

} // namespace bake
