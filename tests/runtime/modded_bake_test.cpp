// A bake a modder edited and re-sealed (its checksum recomputed): the checksum passes, so the reader
// must refuse what no bake holds (issue 47). Before, a line point at −1e30 m crashed tw_race_step
// (a float-to-int overflow in the runner, then an out-of-bounds write), a NaN speed hint sent NaN
// throttle with TW_OK, and a node moved by hand made `laps` run 110 s instead of 0.01 s.
#include "trackwright/c_api/trackwright_c.h"
#include "trackwright/track/baked_track.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"
#include "tests/fuzz/fuzz_inputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

formats::BakedTrackData kartData() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    return *bake::bakeTrack(*loaded.document).data;
}

struct Mod {
    const char* what;
    std::function<void(formats::BakedTrackData&)> edit;
    const char* names;  ///< what the refusal must name: the section and the record
};

TEST(ModdedBake, AResealedFileHoldingWhatNoBakeHoldsIsRefusedNamingTheSectionAndRecord) {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const Mod mods[] = {
        {"a line point's distance at -1e30", [](formats::BakedTrackData& d) { d.linePoints[5].distance = -1e30f; }, "line points record 5"},
        {"a NaN speed hint", [&](formats::BakedTrackData& d) { d.speedHints[10] = nan; }, "speed hints record 10"},
        {"an infinite speed hint", [&](formats::BakedTrackData& d) { d.speedHints[3] = inf; }, "speed hints record 3"},
        {"a node moved 3 m", [](formats::BakedTrackData& d) { d.nodes[7].x += 3.0f; }, "nodes record"},
        {"a NaN width", [&](formats::BakedTrackData& d) { d.nodes[4].leftTrack = nan; }, "nodes record 4"},
        {"a negative width", [](formats::BakedTrackData& d) { d.nodes[4].rightWall = -2.0f; }, "nodes record 4"},
        {"a position at 1e30", [](formats::BakedTrackData& d) { d.nodes[2].y = 1e30f; }, "nodes record 2"},
        {"a steering lock of 100 rad", [](formats::BakedTrackData& d) { d.vehicleClasses[0].maxSteeringAngle = 100.0f; }, "vehicle classes record 0"},
        {"a top speed of 0", [](formats::BakedTrackData& d) { d.vehicleClasses[0].topSpeed = 0.0f; }, "vehicle classes record 0"},
        {"a line point off its node's perpendicular", [](formats::BakedTrackData& d) { d.linePoints[6].y += 1.0f; }, "line points record 6"},
        {"a route length of 1e9", [](formats::BakedTrackData& d) { d.routes[0].length = 1e9f; }, "routes record 0"},
        {"a grid cell of 0 m", [](formats::BakedTrackData& d) { d.grid.cellSize = 0.0f; }, "registration grid"},
    };
    for (const Mod& mod : mods) {
        SCOPED_TRACE(mod.what);
        formats::BakedTrackData data = kartData();
        mod.edit(data);
        const std::vector<std::byte> bytes = formats::writeBakedTrack(data);  // re-sealed: a valid checksum
        std::vector<std::uint64_t> aligned((bytes.size() + 7) / 8);
        std::memcpy(aligned.data(), bytes.data(), bytes.size());
        const std::span<const std::byte> span(reinterpret_cast<const std::byte*>(aligned.data()), bytes.size());
        trackwright::BakedTrack track;
        const trackwright::LoadStatus status = trackwright::loadBakedTrack(span, track);
        EXPECT_EQ(status, trackwright::LoadStatus::BadValue);
        char why[256];
        const std::string message = trackwright::format::describeBakedLoad(span, status, why, sizeof why);
        EXPECT_NE(message.find(mod.names), std::string::npos) << message;
        EXPECT_NE(message.find("bake it again"), std::string::npos) << message;

        // The C API says the same, and hands out no track.
        tw_track* loaded = nullptr;
        EXPECT_EQ(tw_track_load(bytes.data(), bytes.size(), &loaded), TW_BAD_FILE);
        EXPECT_EQ(loaded, nullptr);
        EXPECT_NE(std::string(tw_track_load_error()).find(mod.names), std::string::npos) << tw_track_load_error();
    }
    // The file as baked loads.
    const std::vector<std::byte> bytes = formats::writeBakedTrack(kartData());
    tw_track* loaded = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &loaded), TW_OK);
    tw_track_free(loaded);
    // The fuzz target's race runs on it: ten cars, a simulated minute, every control in [-1, 1].
    fuzzing::bakedTrack({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

} // namespace
