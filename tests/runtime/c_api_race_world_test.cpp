// A race run through the C API's tw_race (trackwright::RaceWorld): the game adds cars with driver
// profiles, steps them all with its own physics, reads the tower; then the same calls misused.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

std::vector<std::byte> sampleBytes(const char* name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    return formats::writeBakedTrack(*bake::bakeTrack(*loaded.document).data);
}

tw_track* loadTrack(const std::vector<std::byte>& bytes) {
    tw_track* track = nullptr;
    EXPECT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    return track;
}

constexpr float kDt = 1.0f / 60.0f;

TEST(CApiRaceWorld, ThreeDriversRaceTwoLapsOfTheKartTrackAndTheFastestWins) {
    const std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = loadTrack(bytes);
    ASSERT_NE(track, nullptr);
    uint32_t line = 0;
    ASSERT_EQ(tw_track_find_line(track, 0, "centre", 0, &line), TW_OK);
    tw_vehicle_parameters kart{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &kart), TW_OK);
    kart.top_speed = 30.0f;

    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track, 2, &race), TW_OK);
    const float paces[3] = {1.0f, 0.9f, 0.8f};  // fastest on pole
    std::vector<tw_vehicle_body> bodies(3);
    std::vector<tw_registration> lastDefined(3);
    for (uint32_t i = 0; i < 3; ++i) {
        tw_driver_profile driver;
        tw_driver_profile_default(&driver);
        driver.pace = paces[i];
        driver.seed = 100 + i;
        uint32_t index = 99;
        ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, line, 0, &kart, &driver, 0.0f, 0.0f, &index), TW_OK);
        EXPECT_EQ(index, i);
        tw_vehicle_state slot{};
        ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
        ASSERT_EQ(tw_vehicle_starting_body(&kart, &slot, &bodies[i]), TW_OK);
    }
    uint32_t count = 0;
    ASSERT_EQ(tw_race_car_count(race, &count), TW_OK);
    ASSERT_EQ(count, 3u);

    std::vector<tw_vehicle_state> states(3);
    std::vector<tw_controls> controls(3);
    double time = 0.0;
    int finished = 0;
    float largestShare = 0.0f;
    for (int tick = 0; tick < 300 * 60 && finished < 3; ++tick) {
        for (uint32_t i = 0; i < 3; ++i) states[i] = bodies[i].state;
        ASSERT_EQ(tw_race_step(race, states.data(), 3, kDt, controls.data()), TW_OK);
        for (uint32_t i = 0; i < 3; ++i) {
            tw_registration where{};
            ASSERT_EQ(tw_race_car_registration(race, i, &where), TW_OK);
            if (where.defined) lastDefined[i] = where;
            // The tow the drivers plan with: the car ahead spares some of this one's drag.
            float share = -1.0f;
            ASSERT_EQ(tw_race_car_slipstream(race, i, &share), TW_OK);
            ASSERT_GE(share, 0.0f);
            largestShare = std::max(largestShare, share);
            tw_vehicle_parameters towed{};
            ASSERT_EQ(tw_vehicle_in_slipstream(&kart, share, &towed), TW_OK);
            EXPECT_GE(towed.top_speed, kart.top_speed);
            ASSERT_EQ(tw_vehicle_step_custom_on_road(&towed, &controls[i], &lastDefined[i].road, kDt, &bodies[i]), TW_OK);
            int32_t contact = 0;
            ASSERT_EQ(tw_wall_contact(track, &lastDefined[i], &bodies[i], &contact), TW_OK);
            int32_t teleport = 0;
            double x = 0.0, y = 0.0;
            float heading = 0.0f;
            ASSERT_EQ(tw_race_take_teleport(race, i, &teleport, &x, &y, &heading), TW_OK);
            if (teleport) {
                bodies[i] = {};
                bodies[i].state = {x, y, heading, 0.0f, 0.0f};
            }
        }
        // The tower, read both ways, agrees with itself.
        finished = 0;
        for (uint32_t place = 0; place < 3; ++place) {
            tw_race_standing s{}, byCar{};
            ASSERT_EQ(tw_race_standing_at(race, place, &s), TW_OK);
            ASSERT_EQ(tw_race_car_standing(race, s.car, &byCar), TW_OK);
            ASSERT_EQ(0, std::memcmp(&s, &byCar, sizeof s));
            EXPECT_EQ(s.position, place + 1);
            EXPECT_GE(s.gap_to_ahead, 0.0);
            EXPECT_GE(s.gap_to_leader + 1e-9, s.gap_to_ahead);
            if (place == 0) {
                EXPECT_EQ(s.gap_to_leader, 0.0);
            }
            finished += (s.flags & TW_RACE_FINISHED) ? 1 : 0;
        }
    }
    ASSERT_EQ(finished, 3);
    EXPECT_GT(largestShare, 0.0f) << "off the grid the cars behind run in a wake";
    ASSERT_EQ(tw_race_time(race, &time), TW_OK);
    EXPECT_GT(time, 20.0);
    tw_race_standing tower[3];
    for (uint32_t place = 0; place < 3; ++place) ASSERT_EQ(tw_race_standing_at(race, place, &tower[place]), TW_OK);
    EXPECT_EQ(tower[0].car, 0u);  // the fastest driver, from pole
    EXPECT_EQ(tower[2].car, 2u);
    for (const tw_race_standing& s : tower) {
        EXPECT_EQ(s.laps, 2u);
        EXPECT_TRUE(s.flags & TW_RACE_FINISHED);
        EXPECT_GT(s.finish_time, 0.0);
        EXPECT_LE(s.finish_time, time);
    }
    EXPECT_DOUBLE_EQ(tower[1].gap_to_leader, tower[1].finish_time - tower[0].finish_time);
    EXPECT_GT(tower[2].gap_to_leader, tower[1].gap_to_leader);
    tw_lap_status laps{};
    ASSERT_EQ(tw_race_car_lap_status(race, 0, &laps), TW_OK);
    EXPECT_GE(laps.laps_completed, 2u);
    EXPECT_GT(laps.best_lap_time, 0.0);
    EXPECT_GE(laps.sector_count, 1u);
    // Free in any order: the race keeps the track's bytes.
    tw_track_free(track);
    ASSERT_EQ(tw_race_car_standing(race, 1, &tower[0]), TW_OK);
    EXPECT_EQ(tower[0].car, 1u);
    tw_race_free(race);
}

// A game tells a car to pit through the C API on the pit-lane sample: refused for a marker that is
// no box, for a car out of range and a second time while it pits; the car stands at its box for
// the track's stop time and comes back racing with one stop done.
TEST(CApiRaceWorld, ACarToldToPitStopsOnceAndRacesOn) {
    const std::vector<std::byte> bytes = sampleBytes("ridgeway_park.twtrack");
    tw_track* track = loadTrack(bytes);
    ASSERT_NE(track, nullptr);
    uint32_t line = 0, box = 0, start = 0;
    ASSERT_EQ(tw_track_find_line(track, 0, "racing", 0, &line), TW_OK);
    ASSERT_EQ(tw_track_find_marker(track, "pit-box", 0, &box), TW_OK);
    ASSERT_EQ(tw_track_find_marker(track, "start-finish", 0, &start), TW_OK);
    float standFor = 0.0f;
    ASSERT_EQ(tw_track_pit_stop_time(track, &standFor), TW_OK);
    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track, 0, &race), TW_OK);
    tw_vehicle_parameters car{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &car), TW_OK);
    std::vector<tw_vehicle_body> bodies(2);
    for (uint32_t i = 0; i < 2; ++i) {
        ASSERT_EQ(tw_race_add_car(race, i == 0 ? TW_FOLLOWER_RUNNER : TW_FOLLOWER_PURSUIT, line, 0, &car, nullptr, 0.0f, 0.0f, nullptr), TW_OK);
        tw_vehicle_state slot{};
        ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
        ASSERT_EQ(tw_vehicle_starting_body(&car, &slot, &bodies[i]), TW_OK);
    }
    int32_t answer = -1;
    EXPECT_EQ(tw_race_request_pit_stop(race, 0, start, &answer), TW_INVALID_ARGUMENT);
    EXPECT_EQ(answer, TW_PIT_NOT_A_BOX);
    EXPECT_EQ(tw_race_request_pit_stop(race, 2, box, &answer), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_request_pit_stop(nullptr, 0, box, &answer), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_request_pit_stop(race, 1, box, &answer), TW_INVALID_STATE);  // the pursuit follower makes no stops
    EXPECT_EQ(answer, TW_PIT_UNSUPPORTED);
    ASSERT_EQ(tw_race_request_pit_stop(race, 0, box, nullptr), TW_OK);
    EXPECT_EQ(tw_race_request_pit_stop(race, 0, box, &answer), TW_INVALID_STATE);
    EXPECT_EQ(answer, TW_PIT_ALREADY_PITTING);
    tw_race_pit pit{};
    EXPECT_EQ(tw_race_car_pit(race, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_pit(race, 5, &pit), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_car_pit(race, 0, &pit), TW_OK);
    EXPECT_EQ(pit.state, TW_PIT_ENTERING);

    std::vector<tw_vehicle_state> states(2);
    std::vector<tw_controls> controls(2);
    std::vector<tw_registration> lastDefined(2);
    bool stood = false;
    for (int tick = 0; tick < 240 * 60 && !(stood && pit.state == TW_PIT_RACING); ++tick) {
        for (uint32_t i = 0; i < 2; ++i) states[i] = bodies[i].state;
        ASSERT_EQ(tw_race_step(race, states.data(), 2, kDt, controls.data()), TW_OK);
        for (uint32_t i = 0; i < 2; ++i) {
            tw_registration where{};
            ASSERT_EQ(tw_race_car_registration(race, i, &where), TW_OK);
            if (where.defined) lastDefined[i] = where;
            ASSERT_EQ(tw_vehicle_step_on_road(TW_VEHICLE_CAR, &controls[i], &lastDefined[i].road, kDt, &bodies[i]), TW_OK);
            int32_t contact = 0;
            ASSERT_EQ(tw_wall_contact(track, &lastDefined[i], &bodies[i], &contact), TW_OK);
        }
        ASSERT_EQ(tw_race_car_pit(race, 0, &pit), TW_OK);
        stood = stood || pit.state == TW_PIT_STOPPED;
    }
    EXPECT_TRUE(stood);
    EXPECT_EQ(pit.state, TW_PIT_RACING);
    EXPECT_EQ(pit.stops, 1u);
    EXPECT_NEAR(pit.standing_time, standFor, 2.0f * kDt);
    tw_race_pit other{};
    ASSERT_EQ(tw_race_car_pit(race, 1, &other), TW_OK);
    EXPECT_EQ(other.state, TW_PIT_RACING);
    EXPECT_EQ(other.stops, 0u);
    tw_race_free(race);
    tw_track_free(track);
}

TEST(CApiRaceWorld, TheSameInputsGiveTheSameControls) {
    const std::vector<std::byte> bytes = sampleBytes("monza.twtrack");
    tw_track* track = loadTrack(bytes);
    ASSERT_NE(track, nullptr);
    uint32_t line = 0;
    ASSERT_EQ(tw_track_find_line(track, 0, "racing", 0, &line), TW_OK);
    tw_race* races[2] = {nullptr, nullptr};
    std::vector<tw_vehicle_body> bodies[2];
    for (tw_race*& race : races) {
        ASSERT_EQ(tw_race_create(track, 0, &race), TW_OK);
        for (uint32_t i = 0; i < 4; ++i) {
            tw_driver_profile driver;
            tw_driver_profile_default(&driver);
            driver.pace = 1.0f - 0.03f * static_cast<float>(i);
            driver.seed = i;
            ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, line, 0, nullptr, &driver, 0.0f, 0.0f, nullptr), TW_OK);
        }
    }
    tw_vehicle_parameters car{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &car), TW_OK);
    for (auto& b : bodies) {
        b.resize(4);
        for (uint32_t i = 0; i < 4; ++i) {
            tw_vehicle_state slot{};
            ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
            ASSERT_EQ(tw_vehicle_starting_body(&car, &slot, &b[i]), TW_OK);
        }
    }
    for (int tick = 0; tick < 30 * 60; ++tick) {
        tw_controls controls[2][4];
        for (int r = 0; r < 2; ++r) {
            tw_vehicle_state states[4];
            for (int i = 0; i < 4; ++i) states[i] = bodies[r][i].state;
            ASSERT_EQ(tw_race_step(races[r], states, 4, kDt, controls[r]), TW_OK);
            for (int i = 0; i < 4; ++i) ASSERT_EQ(tw_vehicle_step(TW_VEHICLE_CAR, &controls[r][i], kDt, &bodies[r][i]), TW_OK);
        }
        ASSERT_EQ(0, std::memcmp(controls[0], controls[1], sizeof controls[0])) << "tick " << tick;
    }
    tw_race_standing leader{};
    ASSERT_EQ(tw_race_standing_at(races[0], 0, &leader), TW_OK);
    EXPECT_GT(leader.race_distance, 500.0);
    EXPECT_FALSE(leader.flags & TW_RACE_FINISHED);  // no flag in a race of 0 laps
    for (tw_race* race : races) tw_race_free(race);
    tw_track_free(track);
}

TEST(CApiRaceWorld, MisuseGivesAStatusNeverACrash) {
    const std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = loadTrack(bytes);
    ASSERT_NE(track, nullptr);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    tw_race* race = nullptr;
    EXPECT_EQ(tw_race_create(nullptr, 1, &race), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_create(track, 1, nullptr), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_create(track, 1, &race), TW_OK);
    tw_race_free(nullptr);
    tw_driver_profile_default(nullptr);

    tw_driver_profile driver;
    tw_driver_profile_default(&driver);
    EXPECT_EQ(driver.pace, 1.0f);
    tw_vehicle_parameters car{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &car), TW_OK);
    uint32_t lines = 0;
    ASSERT_EQ(tw_track_counts(track, nullptr, &lines, nullptr), TW_OK);
    uint32_t index = 77;
    EXPECT_EQ(tw_race_add_car(nullptr, TW_FOLLOWER_RUNNER, 0, 0, &car, &driver, 0, 0, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_car(race, 42, 0, 0, &car, &driver, 0, 0, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, lines, 0, &car, &driver, 0, 0, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 1000, &car, &driver, 0, 0, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &driver, nan, 0, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &driver, 0, -2.0f, &index), TW_INVALID_ARGUMENT);
    tw_driver_profile badDriver = driver;
    badDriver.pace = 0.0f;
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT);
    badDriver = driver;
    EXPECT_EQ(driver.strength, 1.0f);
    badDriver.strength = 0.49f;  // below the least strength, 0.5
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT);
    badDriver.strength = 1.01f;  // faster than the car's ideal lap
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT);
    badDriver.strength = nan;
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT);
    // "Match my pace": the strength for a lap time, clamped to what strengths drive; nonsense is 0.
    EXPECT_FLOAT_EQ(tw_strength_for_lap_time(80.0, 100.0), 0.8f);
    EXPECT_EQ(tw_strength_for_lap_time(80.0, 70.0), 1.0f);
    EXPECT_EQ(tw_strength_for_lap_time(80.0, 1000.0), 0.5f);
    EXPECT_EQ(tw_strength_for_lap_time(nan, 100.0), 0.0f);
    EXPECT_EQ(tw_strength_for_lap_time(80.0, -1.0), 0.0f);
    EXPECT_EQ(tw_strength_for_lap_time(80.0, INFINITY), 0.0f);
    badDriver = driver;
    badDriver.reaction_time = nan;
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &car, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT);
    tw_vehicle_parameters badCar = car;
    badCar.wheelbase = -1.0f;
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, &badCar, &driver, 0, 0, &index), TW_INVALID_ARGUMENT);
    uint32_t count = 5;
    EXPECT_EQ(tw_race_car_count(race, &count), TW_OK);
    EXPECT_EQ(count, 0u);
    EXPECT_EQ(index, 77u);
    EXPECT_EQ(tw_race_car_count(nullptr, &count), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_count(race, nullptr), TW_INVALID_ARGUMENT);

    // Null vehicle and driver: the car preset and the default driver.
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, nullptr, 0, 0, &index), TW_OK);
    EXPECT_EQ(index, 0u);
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_PURSUIT, 0, 0, &car, &driver, 5.0f, 2.0f, &index), TW_OK);
    EXPECT_EQ(index, 1u);

    tw_vehicle_state states[2]{};
    ASSERT_EQ(tw_grid_slot(track, 0, nullptr, &states[0]), TW_OK);
    ASSERT_EQ(tw_grid_slot(track, 1, nullptr, &states[1]), TW_OK);
    tw_controls controls[2] = {{1.0f, 1.0f, 1, 0}, {1.0f, 1.0f, 1, 0}};
    const auto neutral = [&] { return controls[0].steering == 0.0f && controls[0].throttle == 0.0f && controls[1].handbrake == 0; };
    EXPECT_EQ(tw_race_step(nullptr, states, 2, kDt, controls), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_step(race, nullptr, 2, kDt, controls), TW_INVALID_ARGUMENT);
    EXPECT_TRUE(neutral());
    EXPECT_EQ(tw_race_step(race, states, 2, kDt, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_step(race, states, 2, 3e38f, controls), TW_INVALID_ARGUMENT) << "a tick beyond kMaxTick looped for ever";
    EXPECT_EQ(tw_race_step(race, states, 1, kDt, controls), TW_INVALID_ARGUMENT);  // two cars
    EXPECT_EQ(tw_race_step(race, states, 3, kDt, controls), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_step(race, states, 2, -kDt, controls), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_step(race, states, 2, nan, controls), TW_INVALID_ARGUMENT);
    tw_vehicle_state nanStates[2] = {states[0], states[1]};
    nanStates[1].heading = nan;
    controls[0].throttle = 1.0f;
    EXPECT_EQ(tw_race_step(race, nanStates, 2, kDt, controls), TW_INVALID_ARGUMENT);
    EXPECT_TRUE(neutral());

    ASSERT_EQ(tw_race_step(race, states, 2, kDt, controls), TW_OK);
    EXPECT_STREQ(tw_status_string(TW_INVALID_STATE), "not in this state (a retired car, a pit stop under way, a follower without one)");
    EXPECT_EQ(tw_race_car_count(race, &count), TW_OK);
    EXPECT_EQ(count, 2u);

    tw_race_standing standing{};
    EXPECT_EQ(tw_race_car_standing(race, 2, &standing), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_standing(race, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_standing(nullptr, 0, &standing), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_standing_at(race, 2, &standing), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_standing_at(race, UINT32_MAX, &standing), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_standing_at(nullptr, 0, &standing), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_standing_at(race, 0, &standing), TW_OK);
    EXPECT_EQ(standing.position, 1u);
    EXPECT_TRUE(standing.flags & TW_RACE_ON_TRACK);
    EXPECT_EQ(standing.finish_time, -1.0);
    tw_lap_status laps{};
    EXPECT_EQ(tw_race_car_lap_status(race, 2, &laps), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_lap_status(race, 0, nullptr), TW_INVALID_ARGUMENT);
    tw_registration where{};
    EXPECT_EQ(tw_race_car_registration(race, 9, &where), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_registration(nullptr, 0, &where), TW_INVALID_ARGUMENT);
    float share = -1.0f;
    EXPECT_EQ(tw_race_car_slipstream(race, 9, &share), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_slipstream(nullptr, 0, &share), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_slipstream(race, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_slipstream(race, 0, &share), TW_OK);
    EXPECT_GE(share, 0.0f);
    tw_vehicle_parameters towed{};
    EXPECT_EQ(tw_vehicle_in_slipstream(nullptr, 0.1f, &towed), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_vehicle_in_slipstream(&car, 0.1f, nullptr), TW_INVALID_ARGUMENT);
    tw_vehicle_parameters broken = car;
    broken.top_speed = nan;
    EXPECT_EQ(tw_vehicle_in_slipstream(&broken, 0.1f, &towed), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_vehicle_in_slipstream(&car, nan, &towed), TW_OK);
    EXPECT_EQ(towed.top_speed, car.top_speed) << "a share that is no number spares nothing";
    int32_t requested = 0;
    double x = 0.0, y = 0.0;
    float heading = 0.0f;
    EXPECT_EQ(tw_race_take_teleport(race, 2, &requested, &x, &y, &heading), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_take_teleport(race, 0, nullptr, &x, &y, &heading), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_take_teleport(race, 0, &requested, &x, &y, &heading), TW_OK);
    EXPECT_EQ(requested, 0);
    double time = -1.0;
    EXPECT_EQ(tw_race_time(race, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_time(nullptr, &time), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_time(race, &time), TW_OK);
    EXPECT_EQ(time, 0.0);

    // A recovery planner for another track is refused; one for this track is kept alive by the race.
    const std::vector<std::byte> otherBytes = sampleBytes("monza.twtrack");
    tw_track* other = loadTrack(otherBytes);
    tw_recovery_planner* foreign = nullptr;
    ASSERT_EQ(tw_recovery_planner_create(other, &foreign), TW_OK);
    EXPECT_EQ(tw_race_attach_recovery(race, foreign), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_attach_recovery(race, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_attach_recovery(nullptr, foreign), TW_INVALID_ARGUMENT);
    tw_recovery_planner_free(foreign);
    tw_track_free(other);
    tw_recovery_planner* planner = nullptr;
    ASSERT_EQ(tw_recovery_planner_create(track, &planner), TW_OK);
    EXPECT_EQ(tw_race_attach_recovery(race, planner), TW_OK);
    tw_recovery_planner_free(planner);
    tw_track_free(track);
    for (int tick = 0; tick < 60; ++tick) ASSERT_EQ(tw_race_step(race, states, 2, kDt, controls), TW_OK);
    tw_race_free(race);
}

/// A one-lap race on the kart track, freed with it.
struct KartRace {
    std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = loadTrack(bytes);
    tw_race* race = nullptr;
    KartRace() { EXPECT_EQ(tw_race_create(track, 1, &race), TW_OK); }
    ~KartRace() {
        tw_race_free(race);
        tw_track_free(track);
    }
};

// Named characters (tw_driver_profile_preset): each one a profile a race takes; a name it does not
// know, in another case, empty or null, is refused and the profile left as it was.
TEST(CApiRaceWorld, DriverPresetsByNameAndTheirMisuse) {
    const KartRace kart;
    tw_race* race = kart.race;
    ASSERT_NE(race, nullptr);
    const char* names[] = {"naive", "typical", "competitive", "cautious", "defensive", "aggressive"};
    for (const char* name : names) {
        tw_driver_profile driver;
        std::memset(&driver, 0xAB, sizeof driver);
        ASSERT_EQ(tw_driver_profile_preset(name, &driver), TW_OK) << name;
        EXPECT_EQ(driver.pace, 1.0f) << name;
        EXPECT_EQ(driver.strength, 1.0f) << name;
        EXPECT_EQ(driver.seed, 0u) << name;
        EXPECT_GT(driver.mistakes, 0.0f) << name;
        uint32_t index = 0;
        EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, &driver, 0, 0, &index), TW_OK) << name;
        EXPECT_EQ(tw_race_set_driver(race, index, &driver), TW_OK) << name;
    }
    uint32_t count = 0;
    ASSERT_EQ(tw_race_car_count(race, &count), TW_OK);
    EXPECT_EQ(count, std::size(names));
    tw_driver_profile aggressive, cautious;
    ASSERT_EQ(tw_driver_profile_preset("aggressive", &aggressive), TW_OK);
    ASSERT_EQ(tw_driver_profile_preset("cautious", &cautious), TW_OK);
    EXPECT_GT(aggressive.optimism, cautious.optimism);

    tw_driver_profile untouched;
    tw_driver_profile_default(&untouched);
    untouched.pace = 0.77f;
    const tw_driver_profile before = untouched;
    EXPECT_EQ(tw_driver_profile_preset(nullptr, &untouched), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_driver_profile_preset("typical", nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_driver_profile_preset(nullptr, nullptr), TW_INVALID_ARGUMENT);
    for (const char* bad : {"", "reckless", "Typical", "AGGRESSIVE", " naive", "naive ", "naive\n"})
        EXPECT_EQ(tw_driver_profile_preset(bad, &untouched), TW_INVALID_ARGUMENT) << '"' << bad << '"';
    EXPECT_EQ(std::memcmp(&untouched, &before, sizeof before), 0) << "a refused name leaves the profile as it was";
}

// The character's fields out of their ranges, or no number, are refused by both ways a driver enters
// a race, and leave the race as it was.
TEST(CApiRaceWorld, ACharacterOutOfRangeIsRefusedByAddCarAndSetDriver) {
    const KartRace kart;
    tw_race* race = kart.race;
    ASSERT_NE(race, nullptr);
    tw_driver_profile driver;
    ASSERT_EQ(tw_driver_profile_preset("typical", &driver), TW_OK);
    uint32_t car = 0;
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, &driver, 0, 0, &car), TW_OK);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    struct Field {
        const char* name;
        float tw_driver_profile::*member;
        float most;  // the top of its range: [0, most]
    };
    const Field fields[] = {{"composure", &tw_driver_profile::composure, 1.0f},   {"optimism", &tw_driver_profile::optimism, 1.0f},
                            {"smoothness", &tw_driver_profile::smoothness, 1.0f}, {"pit_crew", &tw_driver_profile::pit_crew, 1.0f},
                            {"mistakes", &tw_driver_profile::mistakes, 4.0f}};
    for (const Field& f : fields) {
        for (const float bad : {-0.01f, f.most + 0.01f, nan, INFINITY}) {
            tw_driver_profile badDriver = driver;
            badDriver.*f.member = bad;
            uint32_t index = 77;
            EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, &badDriver, 0, 0, &index), TW_INVALID_ARGUMENT) << f.name << ' ' << bad;
            EXPECT_EQ(index, 77u) << f.name;
            EXPECT_EQ(tw_race_set_driver(race, car, &badDriver), TW_INVALID_ARGUMENT) << f.name << ' ' << bad;
        }
        for (const float good : {0.0f, f.most}) {
            tw_driver_profile edge = driver;
            edge.*f.member = good;
            EXPECT_EQ(tw_race_set_driver(race, car, &edge), TW_OK) << f.name << ' ' << good << ": the ends of the range are in it";
        }
    }
    uint32_t count = 0;
    ASSERT_EQ(tw_race_car_count(race, &count), TW_OK);
    EXPECT_EQ(count, 1u);
}

TEST(CApiRaceWorld, AnEmptyRaceSteps) {
    const std::vector<std::byte> bytes = sampleBytes("kart.twtrack");
    tw_track* track = loadTrack(bytes);
    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track, 0, &race), TW_OK);
    EXPECT_EQ(tw_race_step(race, nullptr, 0, kDt, nullptr), TW_OK);
    tw_race_standing standing{};
    EXPECT_EQ(tw_race_standing_at(race, 0, &standing), TW_INVALID_ARGUMENT);
    tw_race_free(race);
    tw_track_free(track);
}

} // namespace
