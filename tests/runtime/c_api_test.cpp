// The C API (runtime/include/trackwright/c_api/trackwright_c.h) as an engine plugin uses it, and against bad arguments.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstring>
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
    tw_controls controls{0.0f, 1.0f, 0, 0};
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
    tw_controls badControls{static_cast<float>(nan), 0.0f, 0, 0};
    EXPECT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &badControls, 1.0f / 60.0f, &body), TW_INVALID_ARGUMENT);

    tw_vehicle_state state = body.state;
    state.heading = static_cast<float>(nan);
    tw_controls out{};
    EXPECT_EQ(tw_follower_update(follower, &state, nullptr, 1.0f / 60.0f, &out), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_update(follower, &body.state, nullptr, static_cast<float>(nan), &out), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_update(follower, &body.state, nullptr, 1e8f, &out), TW_INVALID_ARGUMENT) << "a tick beyond kMaxTick";
    EXPECT_EQ(tw_follower_update(follower, &body.state, nullptr, 1.0f / 60.0f, &out), TW_OK);
    // A countdown holds the brakes; its arguments are checked as an update's.
    EXPECT_EQ(tw_follower_countdown(follower, &body.state, nullptr, 1.0f / 60.0f, &out), TW_OK);
    EXPECT_EQ(out.throttle, -1.0f);
    EXPECT_EQ(out.reverse, 0);
    EXPECT_EQ(tw_follower_countdown(follower, &state, nullptr, 1.0f / 60.0f, &out), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_countdown(nullptr, &body.state, nullptr, 1.0f / 60.0f, &out), TW_INVALID_ARGUMENT);
    // A car described with an envelope is a car the C API drives; a negative downforce is not.
    tw_vehicle_parameters described{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &described), TW_OK);
    EXPECT_EQ(described.downforce, 0.0f);
    described.downforce = 0.0006f;
    described.power_per_mass = 250.0f;
    tw_follower* gt = nullptr;
    EXPECT_EQ(tw_follower_create_custom(track, TW_FOLLOWER_RUNNER, 0, 0, &described, &gt), TW_OK);
    tw_follower_free(gt);
    described.downforce = -1.0f;
    EXPECT_EQ(tw_follower_create_custom(track, TW_FOLLOWER_RUNNER, 0, 0, &described, &gt), TW_INVALID_ARGUMENT);
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
    // A class the track lacks answered TW_OK with the line every class shares.
    line = 99;
    EXPECT_EQ(tw_track_find_line(track, 0, "centre", classes, &line), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_find_line(track, 0, "centre", 0xffffffffu, &line), TW_INVALID_ARGUMENT);
    EXPECT_EQ(line, 99u);
    ASSERT_EQ(tw_track_find_line(track, 0, "centre", 0, &line), TW_OK);
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
    tw_controls neutral{1.0f, 1.0f, 1, 0};
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

// The road through the C API: a registration, a route point and a line sample on the 10 % ramp of
// tests/support/test_tracks.h carry it, and the vehicle step feels it.
TEST(CApi, TheRoadReachesAGameAndTheVehicleStepFeelsIt) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*bake::bakeTrack(tw::test::rampTrack()).data);
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    tw_registrar* registrar = nullptr;
    ASSERT_EQ(tw_registrar_create(track, &registrar), TW_OK);
    tw_registration where{};
    ASSERT_EQ(tw_registrar_update(registrar, 25.0, 1.0, &where), TW_OK);
    ASSERT_EQ(where.defined, 1);
    EXPECT_NEAR(where.distance, 2.5 * std::sqrt(101.0), 1e-5);
    EXPECT_NEAR(where.road.tangent_z, 0.0995037, 1e-7);
    EXPECT_NEAR(where.road.banking, 0.025, 1e-7);
    EXPECT_NEAR(where.road.grip, 0.875, 1e-7);
    EXPECT_EQ(where.road.forward_x, 1.0f);
    tw_track_point point{};
    ASSERT_EQ(tw_track_route_point(track, 0, where.distance, &point), TW_OK);
    EXPECT_NEAR(point.road.tangent_z, 0.0995037, 1e-7);
    tw_line_sample sample{};
    ASSERT_EQ(tw_line_sample_at(track, 0, 0, where.distance, &sample), TW_OK);
    EXPECT_NEAR(sample.road.grip, 0.875, 1e-6);
    tw_registration lost{};
    EXPECT_EQ(tw_registrar_update(registrar, NAN, 0.0, &lost), TW_INVALID_ARGUMENT);
    EXPECT_EQ(lost.road.grip, 1.0f) << "undefined: the level nominal road";

    // One second at full throttle from 10 m/s up the 10 % climb (grip 1), without drag or rolling
    // resistance: g·sin(atan 0.1) = 0.976 m/s² less than on the level.
    tw_road climb = where.road;
    climb.grip = 1.0f;
    climb.banking = 0.0f;
    tw_vehicle_parameters car{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &car), TW_OK);
    car.drag = car.rolling_resistance = 0.0f;
    tw_vehicle_body flat{}, up{}, preset{};
    flat.state.speed = up.state.speed = preset.state.speed = 10.0f;
    flat.velocity_x = up.velocity_x = preset.velocity_x = 10.0;
    const tw_controls full{0.0f, 1.0f, 0, 0};
    for (int i = 0; i < 60; ++i) {
        ASSERT_EQ(tw_vehicle_step_custom(&car, &full, 1.0f / 60.0f, &flat), TW_OK);
        ASSERT_EQ(tw_vehicle_step_custom_on_road(&car, &full, &climb, 1.0f / 60.0f, &up), TW_OK);
        ASSERT_EQ(tw_vehicle_step_on_road(TW_VEHICLE_CAR, &full, &climb, 1.0f / 60.0f, &preset), TW_OK);
    }
    EXPECT_NEAR(flat.state.speed - up.state.speed, 9.81 * std::sin(std::atan(0.1)), 1e-3);
    EXPECT_LT(preset.state.speed, up.state.speed) << "the preset also has drag";
    tw_road broken = climb;
    broken.tangent_z = 1.0f;
    EXPECT_EQ(tw_vehicle_step_on_road(TW_VEHICLE_CAR, &full, &broken, 1.0f / 60.0f, &up), TW_INVALID_ARGUMENT);
    broken.tangent_z = NAN;
    EXPECT_EQ(tw_vehicle_step_on_road(TW_VEHICLE_CAR, &full, &broken, 1.0f / 60.0f, &up), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_vehicle_step_on_road(TW_VEHICLE_CAR, &full, nullptr, 1.0f / 60.0f, &up), TW_OK) << "no road: the level one";
    tw_registrar_free(registrar);
    tw_track_free(track);
}

// A file baked for another format version: refused, and the error names both versions.
TEST(CApi, AnOldBakeIsRefusedNamingBothVersions) {
    std::vector<std::byte> bytes = kartBytes();
    const std::uint32_t old = 4;
    std::memcpy(bytes.data() + offsetof(formats::BakedHeader, formatVersion), &old, sizeof old);
    tw_track* track = nullptr;
    EXPECT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_BAD_FILE);
    EXPECT_EQ(track, nullptr);
    EXPECT_STREQ(tw_track_load_error(), "file is .twbake version 4, this runtime reads version 6: bake it again with twbake build");
}

} // namespace
