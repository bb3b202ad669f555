#pragma once

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"
#include "trackwright/track/baked_track.h"

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tw::test {

/// A sample track baked and loaded as a game would: bytes in an aligned buffer, a validated view.
struct BakedSample {
    std::vector<std::uint64_t> storage;
    trackwright::BakedTrack track;
};

inline std::unique_ptr<BakedSample> bakeSample(const formats::TrackDocument& document) {
    const bake::BakeResult result = bake::bakeTrack(document);
    if (!result.data) {
        std::string why = "sample did not bake:";
        for (const formats::Diagnostic& d : result.diagnostics)
            if (d.severity == formats::Severity::Error) why += " [" + d.code + "] " + d.message;
        throw std::runtime_error(why);
    }
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result.data);
    auto sample = std::make_unique<BakedSample>();
    sample->storage.resize((bytes.size() + 7) / 8);
    std::memcpy(sample->storage.data(), bytes.data(), bytes.size());
    const auto status = trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(sample->storage.data()), bytes.size()}, sample->track);
    if (status != trackwright::LoadStatus::Ok) throw std::runtime_error(formats::describeBakedLoadStatus(status));
    return sample;
}

inline std::unique_ptr<BakedSample> bakeSampleFile(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load sample " + name);
    return bakeSample(*loaded.document);
}

} // namespace tw::test
