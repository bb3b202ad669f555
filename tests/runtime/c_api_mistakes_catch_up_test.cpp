// Mistakes and catch-up through the C API (issue 50), as a game drives them: a race on the kart
// track with its own physics, then every call misused.
#include "trackwright/c_api/trackwright_c.h"

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

constexpr float kDt = 1.0f / 60.0f;

struct KartTrack {
    std::vector<std::byte> bytes;
    tw_track* track = nullptr;
    uint32_t line = 0;
    uint32_t carClass = 0;  ///< the track's kart class, whose hints kart() holds
    KartTrack() {
        auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
        bytes = formats::writeBakedTrack(*bake::bakeTrack(*loaded.document).data);
        EXPECT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
        EXPECT_EQ(tw_track_find_vehicle_class(track, "kart", &carClass), TW_OK);
        EXPECT_EQ(tw_track_find_line(track, 0, "centre", carClass, &line), TW_OK);
    }
    ~KartTrack() { tw_track_free(track); }
};

/// The sample's kart class as the game's car: the hints the track was baked with are this car's.
tw_vehicle_parameters kart() {
    tw_vehicle_parameters p{};
    EXPECT_EQ(tw_vehicle_preset_parameters(TW_VEHICLE_CAR, &p), TW_OK);
    p.lateral_grip = 14.0f;
    p.max_acceleration = 5.0f;
    p.max_braking = 10.0f;
    p.top_speed = 30.0f;
    p.wheelbase = 1.05f;
    p.max_steering_angle = 0.45f;
    p.width = 1.4f;
    return p;
}

struct Finish {
    std::vector<double> times;  ///< per car, s
    std::vector<tw_mistakes> mistakes;
};

/// `strengths.size()` cars on the kart track for `laps` laps, the game's physics stepping them,
/// with the race options `options`; the cars' finish times.
Finish race(const KartTrack& kartTrack, const std::vector<float>& strengths, const tw_race_options& options, float mistakes) {
    const tw_vehicle_parameters car = kart();
    tw_race* race = nullptr;
    EXPECT_EQ(tw_race_create_with_options(kartTrack.track, &options, &race), TW_OK);
    const auto n = static_cast<uint32_t>(strengths.size());
    std::vector<tw_vehicle_body> bodies(n);
    std::vector<tw_registration> lastDefined(n);
    for (uint32_t i = 0; i < n; ++i) {
        tw_driver_profile driver;
        tw_driver_profile_default(&driver);
        driver.strength = strengths[i];
        driver.mistakes = mistakes;
        driver.seed = 7 + i;
        uint32_t index = 0;
        EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, kartTrack.line, kartTrack.carClass, &car, &driver, 0.0f, 0.0f, &index), TW_OK);
        tw_vehicle_state slot{};
        EXPECT_EQ(tw_grid_slot(kartTrack.track, i, nullptr, &slot), TW_OK);
        EXPECT_EQ(tw_vehicle_starting_body(&car, &slot, &bodies[i]), TW_OK);
    }
    std::vector<tw_vehicle_state> states(n);
    std::vector<tw_controls> controls(n);
    Finish finish;
    finish.times.assign(n, -1.0);
    for (int tick = 0; tick < 600 * 60; ++tick) {
        for (uint32_t i = 0; i < n; ++i) states[i] = bodies[i].state;
        EXPECT_EQ(tw_race_step(race, states.data(), n, kDt, controls.data()), TW_OK);
        bool all = true;
        for (uint32_t i = 0; i < n; ++i) {
            tw_registration where{};
            EXPECT_EQ(tw_race_car_registration(race, i, &where), TW_OK);
            if (where.defined) lastDefined[i] = where;
            EXPECT_EQ(tw_vehicle_step_custom_on_road(&car, &controls[i], &lastDefined[i].road, kDt, &bodies[i]), TW_OK);
            int32_t contact = 0;
            EXPECT_EQ(tw_wall_contact(kartTrack.track, &lastDefined[i], &bodies[i], &contact), TW_OK);
            tw_race_standing s{};
            EXPECT_EQ(tw_race_car_standing(race, i, &s), TW_OK);
            if (s.flags & TW_RACE_FINISHED) finish.times[i] = s.finish_time;
            all = all && (s.flags & TW_RACE_FINISHED);
        }
        if (all) break;
    }
    finish.mistakes.resize(n);
    for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(tw_race_car_mistakes(race, i, &finish.mistakes[i]), TW_OK);
    tw_race_free(race);
    return finish;
}

} // namespace

// Catch-up from the race's options: the field's spread at the flag falls by more than half, the
// order of strength stays, and no two cars finish together.
TEST(CApiCatchUp, PullsTheFieldTogetherInItsOrderOfStrength) {
    const KartTrack track;
    const std::vector<float> strengths = {1.0f, 0.93f, 0.86f, 0.8f};
    tw_race_options options;
    tw_race_options_default(&options);
    options.laps = 8;
    EXPECT_EQ(options.catch_up.enabled, 0) << "off by default";
    const Finish free = race(track, strengths, options, 0.0f);
    options.catch_up.enabled = 1;
    const Finish caught = race(track, strengths, options, 0.0f);
    for (const Finish* f : {&free, &caught})
        for (std::size_t i = 0; i < strengths.size(); ++i) ASSERT_GT(f->times[i], 0.0) << "car " << i << " finished";
    const double freeSpread = free.times.back() - free.times.front();
    const double caughtSpread = caught.times.back() - caught.times.front();
    EXPECT_LT(caughtSpread, 0.5 * freeSpread) << "free " << freeSpread << " s, caught " << caughtSpread << " s";
    for (std::size_t i = 1; i < strengths.size(); ++i) {
        EXPECT_GT(caught.times[i], caught.times[i - 1]) << "the order of strength";
        EXPECT_GT(caught.times[i] - caught.times[i - 1], 0.3) << "not one pack";
    }
}

TEST(CApiMistakes, ARaceCountsEachCarsMistakesAndTheRatesAreTheDocumentedOnes) {
    const KartTrack track;
    tw_race_options options;
    tw_race_options_default(&options);
    options.laps = 5;
    const Finish none = race(track, {0.8f, 0.8f}, options, 0.0f);
    const Finish some = race(track, {0.8f, 0.8f}, options, 4.0f);
    uint32_t made = 0;
    for (const tw_mistakes& m : none.mistakes) EXPECT_EQ(m.made[0] + m.made[1] + m.made[2] + m.made[3], 0u);
    for (const tw_mistakes& m : some.mistakes) made += m.made[0] + m.made[1] + m.made[2] + m.made[3];
    EXPECT_GT(made, 3u) << "strength 0.8, four times the rates: about 2.3 a lap over 10 car-laps";

    tw_driver_profile d;
    tw_driver_profile_default(&d);
    d.strength = 0.8f;
    d.mistakes = 1.0f;
    float rate = 0.0f;
    ASSERT_EQ(tw_mistake_rate(&d, TW_MISTAKE_MISSED_APEX, 0, &rate), TW_OK);
    EXPECT_FLOAT_EQ(rate, 0.15f);
    d.composure = 0.0f;
    ASSERT_EQ(tw_mistake_rate(&d, TW_MISTAKE_MISSED_APEX, 1, &rate), TW_OK);
    EXPECT_FLOAT_EQ(rate, 0.45f) << "pressed, no composure: three times";
}

TEST(CApiMistakes, MisuseGivesAStatusNeverACrash) {
    const KartTrack track;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    tw_driver_profile d;
    tw_driver_profile_default(&d);
    EXPECT_EQ(d.mistakes, 0.0f) << "none unless a game asks";
    float rate = -1.0f;
    EXPECT_EQ(tw_mistake_rate(nullptr, 0, 0, &rate), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_mistake_rate(&d, 0, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_mistake_rate(&d, -1, 0, &rate), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_mistake_rate(&d, TW_MISTAKE_KINDS, 0, &rate), TW_INVALID_ARGUMENT);
    tw_driver_profile bad = d;
    bad.mistakes = 4.5f;
    EXPECT_EQ(tw_mistake_rate(&bad, 0, 0, &rate), TW_INVALID_ARGUMENT);
    bad.mistakes = nan;
    EXPECT_EQ(tw_mistake_rate(&bad, 0, 0, &rate), TW_INVALID_ARGUMENT);
    EXPECT_EQ(rate, -1.0f) << "untouched";

    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track.track, 1, &race), TW_OK);
    const tw_vehicle_parameters car = kart();
    bad = d;
    bad.mistakes = -0.1f;
    uint32_t index = 0;
    EXPECT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, track.line, track.carClass, &car, &bad, 0, 0, &index), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, track.line, track.carClass, &car, &d, 0, 0, &index), TW_OK);
    tw_mistakes m{};
    EXPECT_EQ(tw_race_car_mistakes(nullptr, 0, &m), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_mistakes(race, 0, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_mistakes(race, 1, &m), TW_INVALID_ARGUMENT);
    ASSERT_EQ(tw_race_car_mistakes(race, 0, &m), TW_OK);
    EXPECT_EQ(m.active, -1);

    // Catch-up: every value out of range refused, nothing changed.
    tw_race_options options;
    tw_race_options_default(&options);
    tw_catch_up c = options.catch_up;
    c.enabled = 1;
    EXPECT_EQ(tw_race_set_catch_up(nullptr, &c), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_catch_up(race, nullptr), TW_INVALID_ARGUMENT);
    for (auto spoil : std::vector<void (*)(tw_catch_up&)>{
             [](tw_catch_up& x) { x.gain = -0.1f; }, [](tw_catch_up& x) { x.gain = std::numeric_limits<float>::quiet_NaN(); },
             [](tw_catch_up& x) { x.max_help = 0.6f; }, [](tw_catch_up& x) { x.max_slow = INFINITY; },
             [](tw_catch_up& x) { x.deadband = -1.0f; }, [](tw_catch_up& x) { x.reference = -2; },
             [](tw_catch_up& x) { x.reference = INT64_MIN; }}) {
        tw_catch_up spoilt = c;
        spoil(spoilt);
        EXPECT_EQ(tw_race_set_catch_up(race, &spoilt), TW_INVALID_ARGUMENT);
        tw_race_options spoiltOptions = options;
        spoiltOptions.catch_up = spoilt;
        tw_race* refused = nullptr;
        EXPECT_EQ(tw_race_create_with_options(track.track, &spoiltOptions, &refused), TW_INVALID_ARGUMENT);
        EXPECT_EQ(refused, nullptr);
    }
    c.reference = 12;  // a car not (yet) in the race: no reference, no catch-up, no crash
    EXPECT_EQ(tw_race_set_catch_up(race, &c), TW_OK);
    EXPECT_EQ(tw_race_set_catch_up_limit(race, 0, 1.5f), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_catch_up_limit(race, 0, nan), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_catch_up_limit(race, 5, 0.5f), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_catch_up_limit(nullptr, 0, 0.5f), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_set_catch_up_limit(race, 0, 0.0f), TW_OK);
    float factor = 0.0f;
    EXPECT_EQ(tw_race_car_catch_up(race, 3, &factor), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_race_car_catch_up(race, 0, nullptr), TW_INVALID_ARGUMENT);
    tw_vehicle_state slot{};
    ASSERT_EQ(tw_grid_slot(track.track, 0, nullptr, &slot), TW_OK);
    tw_controls controls{};
    for (int tick = 0; tick < 60; ++tick) ASSERT_EQ(tw_race_step(race, &slot, 1, kDt, &controls), TW_OK);
    ASSERT_EQ(tw_race_car_catch_up(race, 0, &factor), TW_OK);
    EXPECT_EQ(factor, 1.0f);
    tw_race_free(race);
}

// A game reports its car off the track in the middle of a mistake (knocked into a field, a shortcut):
// the mistake ends there, nothing of it is carried back onto the road, and the car goes on making
// its mistakes at the corners after it.
TEST(CApiMistakes, ACarOffTheRouteMidMistakeEndsItAndMakesTheNextOnesBackOnTheRoad) {
    const KartTrack track;
    const tw_vehicle_parameters car = kart();
    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track.track, 50, &race), TW_OK);
    tw_driver_profile driver;
    tw_driver_profile_default(&driver);
    driver.strength = 0.75f;
    driver.mistakes = 4.0f;
    driver.seed = 11;
    uint32_t index = 0;
    ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, track.line, track.carClass, &car, &driver, 0.0f, 0.0f, &index), TW_OK);
    tw_vehicle_state slot{};
    ASSERT_EQ(tw_grid_slot(track.track, 0, nullptr, &slot), TW_OK);
    tw_vehicle_body body{};
    ASSERT_EQ(tw_vehicle_starting_body(&car, &slot, &body), TW_OK);
    tw_registration lastDefined{};
    tw_controls controls{};
    tw_mistakes m{};
    const auto made = [&] { return m.made[0] + m.made[1] + m.made[2] + m.made[3]; };
    // The game's tick: the race step, then its physics on the road the car was last on.
    const auto tick = [&](const tw_vehicle_state& reported) {
        ASSERT_EQ(tw_race_step(race, &reported, 1, kDt, &controls), TW_OK);
        tw_registration where{};
        ASSERT_EQ(tw_race_car_registration(race, 0, &where), TW_OK);
        if (where.defined) lastDefined = where;
        ASSERT_EQ(tw_vehicle_step_custom_on_road(&car, &controls, &lastDefined.road, kDt, &body), TW_OK);
        int32_t contact = 0;
        ASSERT_EQ(tw_wall_contact(track.track, &lastDefined, &body, &contact), TW_OK);
        ASSERT_EQ(tw_race_car_mistakes(race, 0, &m), TW_OK);
    };
    for (int t = 0; t < 300 * 60 && m.active < 0; ++t) tick(body.state);
    ASSERT_GE(m.active, 0) << "four times the rates at strength 0.75 make a mistake within minutes";

    tw_vehicle_state faraway = body.state;
    faraway.x += 5000.0;
    ASSERT_EQ(tw_race_step(race, &faraway, 1, kDt, &controls), TW_OK);
    ASSERT_EQ(tw_race_car_mistakes(race, 0, &m), TW_OK);
    EXPECT_EQ(m.active, -1) << "off the route the mistake is over";
    EXPECT_TRUE(std::isfinite(controls.steering) && std::isfinite(controls.throttle));

    const uint32_t before = made();
    for (int t = 0; t < 120 * 60 && made() == before; ++t) tick(body.state);
    EXPECT_GT(made(), before) << "back on the road the schedule finds its next corner";
    tw_race_free(race);
}
