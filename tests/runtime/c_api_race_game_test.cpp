// The race API a game drives from C (issue 48): the race's settings at creation, room for the field,
// a player's car the AI sees, every car's standing in one call, a race that changes while it runs
// (retire, reset, a new driver, pause), predictions and heights; each call misused on purpose.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

constexpr float kDt = 1.0f / 60.0f;

std::vector<std::byte> sampleBytes(const char* name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    return formats::writeBakedTrack(*bake::bakeTrack(*loaded.document).data);
}

bool sameStanding(const tw_race_standing& a, const tw_race_standing& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(CApiRaceGame, OptionsAtCreationAreCheckedAndUsed) {
    const std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    tw_race_options options;
    tw_race_options_default(&options);
    EXPECT_EQ(options.laps, 0u);
    EXPECT_FLOAT_EQ(options.ahead_range, 200.0f);
    EXPECT_DOUBLE_EQ(options.timing_step, 0.1);
    EXPECT_EQ(options.timing_samples, 1800u);
    tw_race* race = reinterpret_cast<tw_race*>(1);
    const auto refused = [&](tw_race_options o) {
        race = reinterpret_cast<tw_race*>(1);
        const tw_status status = tw_race_create_with_options(track, &o, &race);
        return status == TW_INVALID_ARGUMENT && race == nullptr;
    };
    tw_race_options bad = options;
    bad.ahead_range = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(refused(bad));
    bad = options;
    bad.behind_range = -1.0f;
    EXPECT_TRUE(refused(bad));
    bad = options;
    bad.timing_step = 0.0;
    EXPECT_TRUE(refused(bad));
    bad = options;
    bad.timing_samples = UINT64_MAX;  // threw std::length_error through C++ before
    EXPECT_TRUE(refused(bad));
    EXPECT_EQ(tw_race_create_with_options(nullptr, &options, &race), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_create_with_options(track, nullptr, &race), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_create_with_options(track, &options, nullptr), TW_INVALID_ARGUMENT);
    tw_race_options_default(nullptr);

    options.laps = 1;
    options.ahead_range = 10.0f;
    ASSERT_EQ(tw_race_create_with_options(track, &options, &race), TW_OK);
    EXPECT_EQ(tw_race_reserve(race, 4), TW_OK);
    EXPECT_EQ(tw_race_reserve(nullptr, 4), TW_INVALID_ARGUMENT);
#ifndef TRACKWRIGHT_SANITIZED  // AddressSanitizer aborts on a failed allocation instead of throwing
    EXPECT_EQ(tw_race_reserve(race, UINT32_MAX), TW_OUT_OF_MEMORY) << "room for 4 billion cars cannot be had";
#endif
    uint32_t index = 0;
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, nullptr, 0, 0, &index), TW_OK);
    tw_race_free(race);
    tw_track_free(track);
}

// The game's player on pole, two AI cars behind; the standings come back whole in one call each way
// and say which car is the player's; then the race is changed under way from C.
TEST(CApiRaceGame, APlayersCarAndARaceThatChangesWhileItRuns) {
    const std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    uint32_t line = 0;
    ASSERT_EQ(tw_track_find_line(track, 0, "centre", 0, &line), TW_OK);
    tw_vehicle_parameters kart{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &kart), TW_OK);
    kart.top_speed = 30.0f;

    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track, 0, &race), TW_OK);
    ASSERT_EQ(tw_race_reserve(race, 3), TW_OK);
    uint32_t player = 99;
    ASSERT_EQ(tw_race_add_external_car(race, line, &kart, 0, 0, &player), TW_OK);
    EXPECT_EQ(player, 0u);
    EXPECT_EQ(tw_race_add_external_car(nullptr, line, &kart, 0, 0, &player), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_external_car(race, 1000, &kart, 0, 0, &player), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_external_car(race, line, &kart, -1.0f, 0, &player), TW_INVALID_ARGUMENT);
    for (uint32_t i = 1; i <= 2; ++i) {
        tw_driver_profile driver;
        tw_driver_profile_default(&driver);
        driver.seed = i;
        ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, line, 0, &kart, &driver, 0, 0, nullptr), TW_OK);
    }
    std::vector<tw_vehicle_body> bodies(3);
    std::vector<tw_vehicle_state> states(3);
    std::vector<tw_controls> controls(3);
    std::vector<tw_registration> last(3);
    for (uint32_t i = 0; i < 3; ++i) {
        tw_vehicle_state slot{};
        ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
        ASSERT_EQ(tw_vehicle_starting_body(&kart, &slot, &bodies[i]), TW_OK);
    }
    // The player drives itself: full throttle, straight on, at first.
    const auto tick = [&](const float* heights) {
        for (uint32_t i = 0; i < 3; ++i) states[i] = bodies[i].state;
        ASSERT_EQ(tw_race_step_at_height(race, states.data(), heights, 3, kDt, controls.data()), TW_OK);
        EXPECT_EQ(controls[player].throttle, 0.0f) << "the race does not drive the player";
        for (uint32_t i = 0; i < 3; ++i) {
            tw_registration r{};
            ASSERT_EQ(tw_race_car_registration(race, i, &r), TW_OK);
            if (r.defined) last[i] = r;
            tw_controls c = controls[i];
            if (i == player) c = {0.0f, 0.6f, 0, 0};
            ASSERT_EQ(tw_vehicle_step_custom_on_road(&kart, &c, &last[i].road, kDt, &bodies[i]), TW_OK);
            int32_t contact = 0;
            ASSERT_EQ(tw_wall_contact(track, &last[i], &bodies[i], &contact), TW_OK);
        }
    };
    const float heights[3] = {0.0f, std::numeric_limits<float>::quiet_NaN(), 0.0f};  // a NaN height is unknown
    for (int t = 0; t < 120; ++t) tick(t % 2 ? heights : nullptr);

    std::vector<tw_race_standing> tower(3), byCar(3);
    ASSERT_EQ(tw_race_standings(race, tower.data(), 3), TW_OK);
    ASSERT_EQ(tw_race_car_standings(race, byCar.data(), 3), TW_OK);
    for (uint32_t p = 0; p < 3; ++p) {
        tw_race_standing one{};
        ASSERT_EQ(tw_race_standing_at(race, p, &one), TW_OK);
        EXPECT_TRUE(sameStanding(one, tower[p]));
        ASSERT_EQ(tw_race_car_standing(race, p, &one), TW_OK);
        EXPECT_TRUE(sameStanding(one, byCar[p]));
        EXPECT_EQ(byCar[p].car, p);
    }
    EXPECT_TRUE(byCar[player].flags & TW_RACE_EXTERNAL);
    EXPECT_FALSE(byCar[1].flags & TW_RACE_EXTERNAL);
    EXPECT_EQ(tw_race_standings(race, tower.data(), 2), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_standings(race, nullptr, 3), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_standings(nullptr, byCar.data(), 3), TW_INVALID_ARGUMENT);

    // Predictions: on the track, a little further on the longer the horizon.
    tw_race_pose one{}, three{};
    ASSERT_EQ(tw_race_predict(race, 1, 1.0f, &one), TW_OK);
    ASSERT_EQ(tw_race_predict(race, 1, 3.0f, &three), TW_OK);
    EXPECT_EQ(one.on_track, 1);
    EXPECT_GT(std::hypot(three.x - states[1].x, three.y - states[1].y), std::hypot(one.x - states[1].x, one.y - states[1].y));
    ASSERT_EQ(tw_race_predict(race, player, 2.0f, &one), TW_OK);
    EXPECT_EQ(tw_race_predict(race, 1, 3.01f, &one), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_predict(race, 3, 1.0f, &one), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_predict(race, 1, 1.0f, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_predict(nullptr, 1, 1.0f, &one), TW_INVALID_ARGUMENT);

    // A new driver; the player's is the game's; a profile out of range is refused.
    tw_driver_profile driver;
    tw_driver_profile_default(&driver);
    driver.pace = 0.9f;
    EXPECT_EQ(tw_race_set_driver(race, 1, &driver), TW_OK);
    EXPECT_EQ(tw_race_set_driver(race, player, &driver), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_driver(race, 1, nullptr), TW_INVALID_ARGUMENT);
    driver.pace = 2.0f;
    EXPECT_EQ(tw_race_set_driver(race, 1, &driver), TW_INVALID_ARGUMENT);

    // Paused: the clock stands.
    double before = 0.0, after = 1.0;
    ASSERT_EQ(tw_race_time(race, &before), TW_OK);
    ASSERT_EQ(tw_race_set_paused(race, 1), TW_OK);
    for (uint32_t i = 0; i < 3; ++i) states[i] = bodies[i].state;
    for (int t = 0; t < 30; ++t) ASSERT_EQ(tw_race_step(race, states.data(), 3, kDt, controls.data()), TW_OK);
    ASSERT_EQ(tw_race_time(race, &after), TW_OK);
    EXPECT_EQ(before, after);
    EXPECT_EQ(tw_race_set_paused(race, 2), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_paused(nullptr, 0), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_set_paused(race, 0), TW_OK);
    tick(nullptr);
    ASSERT_EQ(tw_race_time(race, &after), TW_OK);
    EXPECT_GT(after, before);

    // A reset: a place on the track, at rest.
    tw_race_pose placed{};
    ASSERT_EQ(tw_race_reset_car(race, 2, &placed), TW_OK);
    EXPECT_EQ(placed.on_track, 1);
    EXPECT_EQ(placed.speed, 0.0f);
    EXPECT_EQ(tw_race_reset_car(race, 2, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_reset_car(race, 7, &placed), TW_INVALID_ARGUMENT);

    // Retired: its state is not read, it is last, and it cannot be retired, reset or predicted again.
    ASSERT_EQ(tw_race_retire_car(race, 1), TW_OK);
    EXPECT_EQ(tw_race_retire_car(race, 1), TW_INVALID_STATE);
    EXPECT_EQ(tw_race_retire_car(race, 3), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_retire_car(nullptr, 0), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_reset_car(race, 1, &placed), TW_INVALID_STATE);
    EXPECT_EQ(tw_race_predict(race, 1, 1.0f, &one), TW_INVALID_STATE);
    driver.pace = 0.9f;
    EXPECT_EQ(tw_race_set_driver(race, 1, &driver), TW_INVALID_STATE);
    for (uint32_t i = 0; i < 3; ++i) states[i] = bodies[i].state;
    states[1].x = std::numeric_limits<double>::infinity();
    ASSERT_EQ(tw_race_step(race, states.data(), 3, kDt, controls.data()), TW_OK);
    ASSERT_EQ(tw_race_standing_at(race, 2, &tower[2]), TW_OK);
    EXPECT_EQ(tower[2].car, 1u);
    EXPECT_TRUE(tower[2].flags & TW_RACE_RETIRED);
    states[0].x = std::numeric_limits<double>::infinity();  // a car still in the race: refused
    EXPECT_EQ(tw_race_step(race, states.data(), 3, kDt, controls.data()), TW_INVALID_ARGUMENT);
    tw_race_free(race);
    tw_track_free(track);
}

} // namespace
