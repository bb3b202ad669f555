// A race as a C game runs it through the C API alone: cars on the grid, laps counted, walls held,
// stuck cars recovered; then the same calls misused.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

std::vector<std::byte> bake(const formats::TrackDocument& document) { return formats::writeBakedTrack(*bake::bakeTrack(document).data); }

std::vector<std::byte> kartBytes() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    return bake(*loaded.document);
}

struct Car {
    tw_registrar* registrar = nullptr;
    tw_follower* follower = nullptr;
    tw_lap_counter* laps = nullptr;
    tw_vehicle_body body{};
    tw_registration lastDefined{};
    tw_lap_status status{};
};

TEST(CApiRace, FourCarsStartFromTheGridAndLapTheKartTrack) {
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    uint32_t start = 0;
    ASSERT_EQ(tw_track_find_marker(track, "start-finish", 0, &start), TW_OK);
    tw_marker marker{};
    ASSERT_EQ(tw_track_marker(track, start, &marker), TW_OK);
    EXPECT_STREQ(marker.kind, "start-finish");

    tw_vehicle_parameters kart{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &kart), TW_OK);
    kart.top_speed = 30.0f;  // a custom vehicle: the car preset, slower
    uint32_t line = 0;
    ASSERT_EQ(tw_track_find_line(track, 0, "centre", 0, &line), TW_OK);  // the kart sample has no racing line yet
    tw_recovery_planner* planner = nullptr;
    ASSERT_EQ(tw_recovery_planner_create(track, &planner), TW_OK);

    std::vector<Car> cars(4);
    for (uint32_t i = 0; i < cars.size(); ++i) {
        Car& car = cars[i];
        tw_vehicle_state slot{};
        ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
        ASSERT_EQ(tw_vehicle_starting_body(&kart, &slot, &car.body), TW_OK);
        ASSERT_EQ(tw_registrar_create(track, &car.registrar), TW_OK);
        ASSERT_EQ(tw_follower_create_custom(track, TW_FOLLOWER_RUNNER, line, 0, &kart, &car.follower), TW_OK);
        ASSERT_EQ(tw_follower_attach_recovery(car.follower, planner, &kart), TW_OK);
        ASSERT_EQ(tw_lap_counter_create(track, &car.laps), TW_OK);
    }
    // The planner may go first: followers keep it alive.
    tw_recovery_planner_free(planner);

    constexpr float kDt = 1.0f / 60.0f;
    for (int tick = 0; tick < 150 * 60; ++tick) {
        for (Car& car : cars) {
            tw_registration where{};
            ASSERT_EQ(tw_registrar_update(car.registrar, car.body.state.x, car.body.state.y, &where), TW_OK);
            if (where.defined) car.lastDefined = where;
            ASSERT_EQ(tw_lap_counter_update(car.laps, &where, tick == 0 ? 0.0f : kDt, &car.status), TW_OK);
            tw_controls controls{};
            ASSERT_EQ(tw_follower_update(car.follower, &car.body.state, &where, kDt, &controls), TW_OK);
            ASSERT_EQ(tw_vehicle_step_custom(&kart, &controls, kDt, &car.body), TW_OK);
            int32_t contact = 0;
            ASSERT_EQ(tw_wall_contact(track, &car.lastDefined, &car.body, &contact), TW_OK);
            int32_t teleport = 0;
            double x = 0.0, y = 0.0;
            float heading = 0.0f;
            ASSERT_EQ(tw_follower_take_teleport(car.follower, &teleport, &x, &y, &heading), TW_OK);
            if (teleport) {
                car.body.state = {x, y, heading, 0.0f, 0.0f};
                car.body.velocity_x = car.body.velocity_y = 0.0;
                ASSERT_EQ(tw_registrar_reset(car.registrar), TW_OK);
            }
        }
    }
    float length = 0.0f;
    ASSERT_EQ(tw_track_route_length(track, 0, &length), TW_OK);
    for (const Car& car : cars) {
        EXPECT_GE(car.status.laps_completed, 2u);
        EXPECT_TRUE(car.status.last_lap_complete);
        // Never faster than the top speed allows, and not absurdly slow.
        EXPECT_GT(car.status.best_lap_time, length / kart.top_speed);
        EXPECT_LT(car.status.best_lap_time, 3.0 * length / kart.top_speed);
        EXPECT_NEAR(car.status.race_time, 150.0 - kDt, 0.01);  // the first tick places the cars
    }
    // Free in any order: the track first.
    tw_track_free(track);
    for (Car& car : cars) {
        tw_lap_status after{};
        EXPECT_EQ(tw_lap_counter_update(car.laps, &car.lastDefined, kDt, &after), TW_OK);
        tw_lap_counter_free(car.laps);
        tw_follower_free(car.follower);
        tw_registrar_free(car.registrar);
    }
}

TEST(CApiRace, GameHelpersRefuseMisuseWithAStatus) {
    const std::vector<std::byte> bytes = kartBytes();
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    const float nan = std::numeric_limits<float>::quiet_NaN();

    tw_vehicle_parameters car{};
    ASSERT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &car), TW_OK);
    EXPECT_STREQ(tw_vehicle_preset_name(TW_VEHICLE_TRUCK), "truck");
    EXPECT_STREQ(tw_vehicle_preset_name(42), "");
    EXPECT_EQ(tw_vehicle_preset_parameters(-1, &car), TW_INVALID_ARGUMENT);
    tw_follower* follower = nullptr;
    for (int field = 0; field < 4; ++field) {
        tw_vehicle_parameters bad = car;
        float* numbers[] = {&bad.wheelbase, &bad.top_speed, &bad.lateral_grip, &bad.drag};
        *numbers[field] = field % 2 ? -1.0f : nan;
        EXPECT_EQ(tw_follower_create_custom(track, TW_FOLLOWER_RUNNER, 0, 0, &bad, &follower), TW_INVALID_ARGUMENT) << field;
        tw_vehicle_body body{};
        tw_controls controls{0.0f, 1.0f, 0, 0};
        EXPECT_EQ(tw_vehicle_step_custom(&bad, &controls, 0.01f, &body), TW_INVALID_ARGUMENT) << field;
    }
    tw_vehicle_parameters cannotTurn = car;
    cannotTurn.max_steering_angle = 0.0f;
    EXPECT_EQ(tw_follower_create_custom(track, TW_FOLLOWER_RUNNER, 0, 0, &cannotTurn, &follower), TW_INVALID_ARGUMENT);
    EXPECT_EQ(follower, nullptr);

    tw_track_point point{};
    float off = 0.0f;
    EXPECT_EQ(tw_track_nearest_point(track, nan, 0.0, &point, &off), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_nearest_point(track, 1000.0, -400.0, &point, &off), TW_OK);
    EXPECT_GT(off, 100.0f);
    EXPECT_EQ(tw_track_route_point(track, 9, 0.0, &point), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_route_point(track, 0, std::numeric_limits<double>::infinity(), &point), TW_INVALID_ARGUMENT);
    tw_marker marker{};
    uint32_t count = 0;
    ASSERT_EQ(tw_track_marker_count(track, &count), TW_OK);
    EXPECT_EQ(tw_track_marker(track, count, &marker), TW_INVALID_ARGUMENT);
    uint32_t index = 0;
    EXPECT_EQ(tw_track_find_marker(track, "no-such-kind", 0, &index), TW_NOT_FOUND);
    EXPECT_EQ(tw_track_find_marker(track, nullptr, 0, &index), TW_INVALID_ARGUMENT);

    tw_grid_options options{};
    tw_grid_default_options(&options);
    options.row_spacing = nan;
    tw_vehicle_state slot{};
    EXPECT_EQ(tw_grid_slot(track, 0, &options, &slot), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_grid_slot(nullptr, 0, nullptr, &slot), TW_INVALID_ARGUMENT);

    tw_lap_counter* laps = nullptr;
    ASSERT_EQ(tw_lap_counter_create(track, &laps), TW_OK);
    tw_registration where{1, 0, 0, 0.0f, 0.0f, 10.0f, {}};
    EXPECT_EQ(tw_lap_counter_update(laps, &where, -1.0f, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_lap_counter_update(laps, &where, nan, nullptr), TW_INVALID_ARGUMENT);
    where.distance = nan;
    EXPECT_EQ(tw_lap_counter_update(laps, &where, 0.1f, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_lap_counter_update(laps, nullptr, 0.1f, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_lap_counter_reset(nullptr), TW_INVALID_ARGUMENT);
    tw_lap_counter_free(laps);

    tw_vehicle_body body{};
    tw_registration wrongRoute{1, 7, 0, 0.0f, 0.0f, 0.0f, {}};
    int32_t contact = 0;
    EXPECT_EQ(tw_wall_contact(track, &wrongRoute, &body, &contact), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_follower_reset(nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_registrar_reset(nullptr), TW_INVALID_ARGUMENT);

    // A planner for another track would plan in the wrong walls.
    const std::vector<std::byte> otherBytes = bake(tw::test::circleTrack());
    tw_track* other = nullptr;
    ASSERT_EQ(tw_track_load(otherBytes.data(), otherBytes.size(), &other), TW_OK);
    tw_recovery_planner* planner = nullptr;
    ASSERT_EQ(tw_recovery_planner_create(other, &planner), TW_OK);
    ASSERT_EQ(tw_follower_create(track, TW_FOLLOWER_RUNNER, 0, 0, TW_VEHICLE_CAR, &follower), TW_OK);
    EXPECT_EQ(tw_follower_attach_recovery(follower, planner, &car), TW_INVALID_ARGUMENT);
    tw_recovery_planner_free(planner);
    tw_follower_free(follower);
    tw_track_free(other);

    // A sprint (no loop) has no laps to count.
    formats::TrackDocument sprint = tw::test::circleTrack();
    sprint.routes[0].closed = false;
    const std::vector<std::byte> sprintBytes = bake(sprint);
    tw_track* open = nullptr;
    ASSERT_EQ(tw_track_load(sprintBytes.data(), sprintBytes.size(), &open), TW_OK);
    EXPECT_EQ(tw_lap_counter_create(open, &laps), TW_NOT_FOUND);
    EXPECT_EQ(laps, nullptr);
    EXPECT_EQ(tw_grid_slot(open, 30, nullptr, &slot), TW_NOT_FOUND);
    tw_track_free(open);
    tw_track_free(track);
}

} // namespace

namespace {

// The designer's zones and race settings through the C API, and its misuse answered with a status.
TEST(CApiRace, ZonesAndRaceSettingsReadAsTheRuntimeReadsThem) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.zones = {{"overtaking", 2, 6, "right"}, {"no-overtaking", 10, 14, ""}};
    doc.race = formats::RaceSettings{"left", {5.0, 12.0, 6.0, "right"}, 4.0};
    const std::vector<std::byte> bytes = bake(doc);
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    uint32_t count = 0;
    ASSERT_EQ(tw_track_zone_count(track, &count), TW_OK);
    ASSERT_EQ(count, 2u);
    tw_zone zone{};
    ASSERT_EQ(tw_track_zone(track, 0, &zone), TW_OK);
    EXPECT_EQ(zone.kind, TW_ZONE_OVERTAKING);
    EXPECT_EQ(zone.sides, static_cast<uint32_t>(TW_PASS_RIGHT));
    EXPECT_LT(zone.start_distance, zone.end_distance);
    ASSERT_EQ(tw_track_zone(track, 1, &zone), TW_OK);
    EXPECT_EQ(zone.kind, TW_ZONE_NO_OVERTAKING);
    EXPECT_EQ(zone.sides, static_cast<uint32_t>(TW_PASS_NONE));
    EXPECT_EQ(tw_track_zone(track, 2, &zone), TW_INVALID_ARGUMENT);

    uint32_t sides = 0;
    int32_t encouraged = 0;
    ASSERT_EQ(tw_track_overtaking_rule(track, 0, zone.start_distance + 1.0f, &sides, &encouraged), TW_OK);
    EXPECT_EQ(sides, static_cast<uint32_t>(TW_PASS_NONE));
    EXPECT_EQ(encouraged, 0);
    float ahead = 0.0f;
    ASSERT_EQ(tw_track_distance_to_no_overtaking(track, 0, zone.start_distance - 5.0f, &ahead), TW_OK);
    EXPECT_NEAR(ahead, 5.0f, 1e-3f);
    float side = 0.0f, seconds = 0.0f;
    ASSERT_EQ(tw_track_yield_side(track, &side), TW_OK);
    EXPECT_EQ(side, 1.0f);
    ASSERT_EQ(tw_track_pit_stop_time(track, &seconds), TW_OK);
    EXPECT_EQ(seconds, 4.0f);
    tw_grid_options grid{};
    ASSERT_EQ(tw_grid_designer_options(track, &grid), TW_OK);
    EXPECT_EQ(grid.first_row_gap, 5.0f);
    EXPECT_EQ(grid.pole_on_left, 0);
    tw_vehicle_state pole{};
    EXPECT_EQ(tw_grid_slot(track, 0, &grid, &pole), TW_OK);

    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(tw_track_overtaking_rule(track, 0, nan, &sides, &encouraged), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_overtaking_rule(track, 5, 0.0f, &sides, &encouraged), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_overtaking_rule(track, 0, 0.0f, nullptr, &encouraged), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_distance_to_no_overtaking(track, 0, nan, &ahead), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_distance_to_no_overtaking(nullptr, 0, 0.0f, &ahead), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_zone_count(nullptr, &count), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_zone(track, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_yield_side(track, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_pit_stop_time(nullptr, &seconds), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_grid_designer_options(track, nullptr), TW_INVALID_ARGUMENT);
    tw_track_free(track);
}

} // namespace
