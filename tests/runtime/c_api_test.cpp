// The C API (runtime/include/trackwright/c_api/trackwright_c.h) as an engine plugin uses it, and against bad arguments.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <limits>
#include <vector>

namespace {

std::vector<std::byte> kartBytes() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    return formats::writeBakedTrack(*bake::bakeTrack(*loaded.document).data);
}

TEST(CApi, NonFiniteNumbersAreRefusedAsTheHeaderPromises) {
    // tw_registrar_update with a NaN position and tw_vehicle_step with a NaN body returned TW_OK.
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    tw_registrar* registrar = nullptr;
    ASSERT_EQ(tw_registrar_create(track, &registrar), TW_OK);
    tw_follower* follower = nullptr;
    ASSERT_EQ(tw_follower_create(track, TW_FOLLOWER_RUNNER, 0, 0, TW_VEHICLE_CAR, &follower), TW_OK);
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    tw_registration where{};
    EXPECT_EQ(tw_registrar_update(registrar, nan, 0.0, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_registrar_update(registrar, 0.0, inf, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_registrar_update_at_height(registrar, nan, 0.0, 0.0, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(where.defined, 0);
    EXPECT_EQ(tw_registrar_update_at_height(nullptr, 0.0, 0.0, 0.0, &where), TW_INVALID_ARGUMENT);
    // A NaN height is no height: the same answer as the 2D update.
    tw_registration flat{}, noHeight{};
    const formats::TrackLoadResult kart = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    ASSERT_TRUE(kart.document);
    const formats::Vec2 start = kart.document->nodes[kart.document->routes[0].nodes[3]].position.ground();
    ASSERT_EQ(tw_registrar_reset(registrar), TW_OK);
    ASSERT_EQ(tw_registrar_update(registrar, start.x, start.y, &flat), TW_OK);
    ASSERT_EQ(tw_registrar_reset(registrar), TW_OK);
    ASSERT_EQ(tw_registrar_update_at_height(registrar, start.x, start.y, nan, &noHeight), TW_OK);
    EXPECT_EQ(flat.defined, 1);
    EXPECT_EQ(noHeight.segment, flat.segment);

    tw_vehicle_body body{};
    tw_controls controls{0.0f, 1.0f, 0};
    ASSERT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &controls, 1.0f / 60.0f, &body), TW_OK);
    for (int field = 0; field < 5; ++field) {
        tw_vehicle_body bad = body;
        float* floats[] = {&bad.state.heading, &bad.state.speed, &bad.state.yaw_rate, &bad.steering_angle};
        if (field < 4) *floats[field] = static_cast<float>(nan);
        else bad.velocity_x = nan;
        const tw_vehicle_body before = bad;
        EXPECT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &controls, 1.0f / 60.0f, &bad), TW_INVALID_ARGUMENT) << field;
        EXPECT_EQ(bad.state.x, before.state.x) << "a refused step left the body changed";
    }
    EXPECT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &controls, 10.0f, &body), TW_INVALID_ARGUMENT) << "a 10 s step tunnelled through walls";
    tw_controls badControls{static_cast<float>(nan), 0.0f, 0};
    EXPECT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &badControls, 1.0f / 60.0f, &body), TW_INVALID_ARGUMENT);

    tw_vehicle_state state = body.state;
    state.heading = static_cast<float>(nan);
    tw_controls out{};
    EXPECT_EQ(tw_follower_update(follower, &state, nullptr, 1.0f / 60.0f, &out), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_update(follower, &body.state, nullptr, static_cast<float>(nan), &out), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_update(follower, &body.state, nullptr, 1.0f / 60.0f, &out), TW_OK);
    tw_follower_free(follower);
    tw_registrar_free(registrar);
    tw_track_free(track);
}

TEST(CApi, HandlesMayBeFreedInAnyOrder) {
    // tw_track_free before tw_registrar_free was a use-after-free, and the order was written nowhere.
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    tw_registrar* registrar = nullptr;
    tw_follower* follower = nullptr;
    ASSERT_EQ(tw_registrar_create(track, &registrar), TW_OK);
    ASSERT_EQ(tw_follower_create(track, TW_FOLLOWER_PURSUIT, 0, 0, TW_VEHICLE_CAR, &follower), TW_OK);
    tw_line_sample start{};
    ASSERT_EQ(tw_line_sample_at(track, 0, 0, 0.0, &start), TW_OK);
    double ox = 1.0, oy = 1.0, oz = 1.0;
    ASSERT_EQ(tw_track_origin(track, &ox, &oy, &oz), TW_OK);
    EXPECT_EQ(ox, 0.0) << "a track near the world's origin keeps it";
    EXPECT_EQ(tw_track_origin(track, nullptr, &oy, &oz), TW_INVALID_ARGUMENT);
    tw_track_free(track);  // first: the others still work
    tw_registration where{};
    ASSERT_EQ(tw_registrar_update(registrar, start.x, start.y, &where), TW_OK);
    EXPECT_EQ(where.defined, 1);
    tw_vehicle_state state{start.x, start.y, 0.0f, 5.0f, 0.0f};
    tw_controls controls{};
    EXPECT_EQ(tw_follower_update(follower, &state, &where, 1.0f / 60.0f, &controls), TW_OK);
    tw_registrar_free(registrar);
    tw_follower_free(follower);
}

TEST(CApi, SaysItsVersionAndTheFormatItReads) {
    const std::string version = tw_version();
    EXPECT_EQ(version, TRACKWRIGHT_PROJECT_VERSION);
    EXPECT_EQ(tw_baked_format_version(), formats::kBakedFormatVersion);
}

TEST(CApi, FindsAVehicleClassByTheDesignersName) {
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    uint32_t kart = 99;
    ASSERT_EQ(tw_track_find_vehicle_class(track, "kart", &kart), TW_OK);
    EXPECT_EQ(kart, 0u);
    char name[8];
    ASSERT_EQ(tw_track_vehicle_class_name(track, kart, name, sizeof name), TW_OK);
    EXPECT_STREQ(name, "kart");
    uint32_t untouched = 7;
    EXPECT_EQ(tw_track_find_vehicle_class(track, "gt", &untouched), TW_NOT_FOUND);
    EXPECT_EQ(untouched, 7u);
    EXPECT_EQ(tw_track_find_vehicle_class(track, "Kart", &untouched), TW_NOT_FOUND) << "names match exactly";
    EXPECT_EQ(tw_track_find_vehicle_class(track, nullptr, &untouched), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_find_vehicle_class(nullptr, "kart", &untouched), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_find_vehicle_class(track, "kart", nullptr), TW_INVALID_ARGUMENT);
    char tiny[4];
    EXPECT_EQ(tw_track_vehicle_class_name(track, kart, tiny, sizeof tiny), TW_BUFFER_TOO_SMALL);
    EXPECT_EQ(tw_track_vehicle_class_name(track, 1, name, sizeof name), TW_INVALID_ARGUMENT);
    tw_track_free(track);
}

TEST(CApi, LoadsSamplesDrivesALapAndSaysWhyItRefuses) {
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    // Any alignment: the API copies.
    std::vector<std::byte> shifted(bytes.size() + 1);
    std::copy(bytes.begin(), bytes.end(), shifted.begin() + 1);
    ASSERT_EQ(tw_track_load(shifted.data() + 1, bytes.size(), &track), TW_OK);
    uint32_t routes = 0, lines = 0, classes = 0;
    ASSERT_EQ(tw_track_counts(track, &routes, &lines, &classes), TW_OK);
    EXPECT_EQ(routes, 1u);
    uint32_t line = 99;
    ASSERT_EQ(tw_track_find_line(track, 0, "centre", 0, &line), TW_OK);
    char name[16];
    ASSERT_EQ(tw_track_line_name(track, line, name, sizeof name), TW_OK);
    EXPECT_STREQ(name, "centre");
    char tiny[3];
    EXPECT_EQ(tw_track_line_name(track, line, tiny, sizeof tiny), TW_BUFFER_TOO_SMALL);
    EXPECT_EQ(tw_track_find_line(track, 0, "no such line", 0, &line), TW_NOT_FOUND);
    float length = 0.0f;
    ASSERT_EQ(tw_track_route_length(track, 0, &length), TW_OK);

    // One car, one lap: registration, a runner, the reference vehicle.
    tw_line_sample start;
    ASSERT_EQ(tw_line_sample_at(track, line, 0, 0.0, &start), TW_OK);
    tw_vehicle_body body{};
    body.state.x = start.x;
    body.state.y = start.y;
    body.state.heading = static_cast<float>(std::atan2(start.tangent_y, start.tangent_x));
    tw_registrar* registrar = nullptr;
    tw_follower* driver = nullptr;
    ASSERT_EQ(tw_registrar_create(track, &registrar), TW_OK);
    ASSERT_EQ(tw_follower_create(track, TW_FOLLOWER_RUNNER, line, 0, TW_VEHICLE_CAR, &driver), TW_OK);
    double travelled = 0.0, last = 0.0;
    bool lastDefined = false;
    for (int tick = 0; tick < 60 * 90 && travelled < length; ++tick) {
        tw_registration where;
        ASSERT_EQ(tw_registrar_update(registrar, body.state.x, body.state.y, &where), TW_OK);
        if (where.defined && lastDefined) {
            double d = where.distance - last;
            if (d < -length / 2) d += length;
            travelled += d;
        }
        if (where.defined) last = where.distance, lastDefined = true;
        tw_controls controls;
        ASSERT_EQ(tw_follower_update(driver, &body.state, &where, 1.0f / 60.0f, &controls), TW_OK);
        ASSERT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &controls, 1.0f / 60.0f, &body), TW_OK);
    }
    EXPECT_GE(travelled, length) << "a lap within 90 s";
    int32_t stuck = -1;
    ASSERT_EQ(tw_follower_stuck_events(driver, &stuck), TW_OK);
    EXPECT_EQ(stuck, 0);

    // Bad arguments: statuses, never crashes.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    tw_registration where;
    EXPECT_EQ(tw_registrar_update(registrar, nan, 0.0, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(where.defined, 0);
    tw_vehicle_state broken = body.state;
    broken.speed = std::numeric_limits<float>::infinity();
    tw_controls neutral{1.0f, 1.0f, 1};
    ASSERT_EQ(tw_follower_update(driver, &broken, &where, 1.0f / 60.0f, &neutral), TW_INVALID_ARGUMENT);
    EXPECT_EQ(neutral.throttle, 0.0f);
    EXPECT_EQ(neutral.steering, 0.0f);
    EXPECT_EQ(tw_follower_update(nullptr, &broken, &where, 0.1f, &neutral), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_update(driver, nullptr, &where, 0.1f, &neutral), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_registrar_update(nullptr, 0, 0, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_line_sample_at(track, 999, 0, 0.0, &start), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_line_sample_at(track, line, 0, nan, &start), TW_INVALID_ARGUMENT);
    tw_follower* wrong = nullptr;
    EXPECT_EQ(tw_follower_create(track, 42, line, 0, TW_VEHICLE_CAR, &wrong), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_create(track, TW_FOLLOWER_RUNNER, line, 0, -1, &wrong), TW_INVALID_ARGUMENT);
    EXPECT_EQ(wrong, nullptr);
    EXPECT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &neutral, -1.0f, &body), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_counts(nullptr, &routes, &lines, &classes), TW_INVALID_ARGUMENT);
    tw_follower_free(driver);
    tw_registrar_free(registrar);
    tw_track_free(track);
    tw_track_free(nullptr);

    tw_track* refused = nullptr;
    const char garbage[] = "not a baked track at all, just text";
    EXPECT_EQ(tw_track_load(garbage, sizeof garbage, &refused), TW_BAD_FILE);
    EXPECT_EQ(refused, nullptr);
    EXPECT_STRNE(tw_track_load_error(), "");
    EXPECT_EQ(tw_track_load(nullptr, 10, &refused), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_load(bytes.data(), bytes.size() - 1, &refused), TW_BAD_FILE);
    EXPECT_STRNE(tw_status_string(TW_BAD_FILE), "");
}

} // namespace
