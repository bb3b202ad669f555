// The designer's roster baked into the track (`twbake build --roster FILE`), read back as a game
// does, in C++ and C (issue 50: the C API covers the roster): named drivers with their characters,
// ready for a race; every misuse a status, and a roster a modder edited refused at load.
#include "trackwright/c_api/trackwright_c.h"
#include "trackwright/format/baked_limits.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/traffic/track_roster.h"

#include "bake/pipeline/bake_track.h"
#include "bake/sim/roster.h"
#include "formats/source/track_json.h"
#include "tests/fuzz/fuzz_inputs.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

constexpr const char* kRoster = R"({"drivers": [
  {"name": "Ana Ortiz", "character": "aggressive", "strength": 0.97, "composure": 0.8},
  {"name": "Ben Carter", "character": "competitive"},
  {"name": "Chloé Martin", "character": "cautious", "pace": 0.98, "seed": 42},
  {"name": "Dev Patel", "strength": 0.92, "mistakes": 0.5}
]})";

std::vector<bake::RosterDriver> roster() {
    std::vector<bake::RosterDriver> drivers;
    EXPECT_TRUE(bake::parseRoster(kRoster, drivers).empty());
    return drivers;
}

formats::BakedTrackData kartData() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    return *bake::bakeTrack(*loaded.document).data;
}

/// Bytes a game loads, in an aligned buffer the view can point into.
struct Loaded {
    std::vector<std::byte> bytes;
    std::vector<std::uint64_t> aligned;
    trackwright::BakedTrack track;
    trackwright::LoadStatus status;
    explicit Loaded(const formats::BakedTrackData& data) : bytes(formats::writeBakedTrack(data)), aligned((bytes.size() + 7) / 8) {
        std::memcpy(aligned.data(), bytes.data(), bytes.size());
        status = trackwright::loadBakedTrack({reinterpret_cast<const std::byte*>(aligned.data()), bytes.size()}, track);
    }
};

} // namespace

TEST(TrackRoster, TheBakedRosterReadsBackDriverForDriverAsTheFileGaveIt) {
    const std::vector<bake::RosterDriver> drivers = roster();
    formats::BakedTrackData data = kartData();
    bake::putRoster(drivers, data);
    const Loaded loaded(data);
    ASSERT_EQ(loaded.status, trackwright::LoadStatus::Ok);
    ASSERT_EQ(trackwright::rosterSize(loaded.track), drivers.size());
    for (std::uint32_t i = 0; i < drivers.size(); ++i) {
        const auto entry = trackwright::rosterDriver(loaded.track, i);
        ASSERT_TRUE(entry);
        EXPECT_EQ(entry->name, drivers[i].name);
        EXPECT_EQ(entry->character, drivers[i].character);
        const trackwright::DriverProfile &got = entry->profile, &want = drivers[i].profile;
        EXPECT_EQ(got.strength, want.strength);
        EXPECT_EQ(got.pace, want.pace);
        EXPECT_EQ(got.aggression, want.aggression);
        EXPECT_EQ(got.consistency, want.consistency);
        EXPECT_EQ(got.reactionTime, want.reactionTime);
        EXPECT_EQ(got.composure, want.composure);
        EXPECT_EQ(got.optimism, want.optimism);
        EXPECT_EQ(got.smoothness, want.smoothness);
        EXPECT_EQ(got.pitCrew, want.pitCrew);
        EXPECT_EQ(got.mistakes, want.mistakes);
        EXPECT_EQ(got.seed, want.seed);
        EXPECT_TRUE(trackwright::validDriverProfile(got));
    }
    EXPECT_EQ(trackwright::rosterDriver(loaded.track, 0)->profile.strength, 0.97f) << "the file's field over the preset";
    EXPECT_EQ(trackwright::rosterDriver(loaded.track, 2)->profile.seed, 42u);
    EXPECT_FALSE(trackwright::rosterDriver(loaded.track, 4)) << "past the end: nothing";
    EXPECT_EQ(trackwright::findRosterDriver(loaded.track, "Chloé Martin"), 2u);
    EXPECT_FALSE(trackwright::findRosterDriver(loaded.track, "chloé martin")) << "names are exact";
    // The fuzz target's race on it, the roster driving: ten cars, a simulated minute, every control in [-1, 1].
    fuzzing::bakedTrack({reinterpret_cast<const std::uint8_t*>(loaded.bytes.data()), loaded.bytes.size()});

    // A track baked without one has none.
    const Loaded plain(kartData());
    ASSERT_EQ(plain.status, trackwright::LoadStatus::Ok);
    EXPECT_EQ(trackwright::rosterSize(plain.track), 0u);
    EXPECT_FALSE(trackwright::rosterDriver(plain.track, 0));
}

// The C game's path: the roster's drivers into a race, as they are.
TEST(TrackRoster, AGameRacesTheRosterThroughTheCApiAndMisuseGivesAStatus) {
    formats::BakedTrackData data = kartData();
    bake::putRoster(roster(), data);
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    tw_track* track = nullptr;
    ASSERT_EQ(tw_track_load(bytes.data(), bytes.size(), &track), TW_OK);
    uint32_t count = 0;
    ASSERT_EQ(tw_track_roster_size(track, &count), TW_OK);
    ASSERT_EQ(count, 4u);

    tw_race* race = nullptr;
    ASSERT_EQ(tw_race_create(track, 2, &race), TW_OK);
    std::vector<tw_vehicle_state> states;
    for (uint32_t i = 0; i < count; ++i) {
        tw_driver_profile profile;
        char name[64], character[16];
        ASSERT_EQ(tw_track_roster_driver(track, i, &profile, name, sizeof name, character, sizeof character), TW_OK);
        if (i == 0) {
            EXPECT_STREQ(name, "Ana Ortiz");
            EXPECT_STREQ(character, "aggressive");
            EXPECT_FLOAT_EQ(profile.strength, 0.97f);
            EXPECT_FLOAT_EQ(profile.composure, 0.8f);
        }
        if (i == 3) {
            EXPECT_STREQ(character, "typical") << "a driver without one is typical";
        }
        profile.seed = profile.seed ? profile.seed : 100 + i;  // the game draws the seeds the roster left open
        uint32_t index = 0;
        ASSERT_EQ(tw_race_add_car(race, TW_FOLLOWER_RUNNER, 0, 0, nullptr, &profile, 0.0f, 0.0f, &index), TW_OK) << name;
        tw_vehicle_state slot{};
        ASSERT_EQ(tw_grid_slot(track, i, nullptr, &slot), TW_OK);
        states.push_back(slot);
    }
    std::vector<tw_controls> controls(count);
    for (int tick = 0; tick < 120; ++tick) ASSERT_EQ(tw_race_step(race, states.data(), count, 1.0f / 60.0f, controls.data()), TW_OK);
    tw_race_free(race);

    uint32_t index = 99;
    EXPECT_EQ(tw_track_find_roster_driver(track, "Dev Patel", &index), TW_OK);
    EXPECT_EQ(index, 3u);
    EXPECT_EQ(tw_track_find_roster_driver(track, "Nobody", &index), TW_NOT_FOUND);
    EXPECT_EQ(tw_track_find_roster_driver(track, nullptr, &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_find_roster_driver(nullptr, "Dev Patel", &index), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_find_roster_driver(track, "Dev Patel", nullptr), TW_INVALID_ARGUMENT);

    tw_driver_profile profile;
    tw_driver_profile_default(&profile);
    const tw_driver_profile untouched = profile;
    char name[4] = "xyz", character[32] = "";
    EXPECT_EQ(tw_track_roster_driver(track, 0, &profile, name, sizeof name, character, sizeof character), TW_BUFFER_TOO_SMALL);
    EXPECT_STREQ(name, "xyz") << "a failed call writes nothing";
    EXPECT_STREQ(character, "");
    EXPECT_EQ(std::memcmp(&profile, &untouched, sizeof profile), 0);
    EXPECT_EQ(tw_track_roster_driver(track, 0, &profile, nullptr, 0, nullptr, 0), TW_OK) << "the names are optional";
    EXPECT_EQ(tw_track_roster_driver(track, 4, &profile, nullptr, 0, nullptr, 0), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_roster_driver(track, UINT32_MAX, &profile, nullptr, 0, nullptr, 0), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_roster_driver(track, 0, nullptr, nullptr, 0, nullptr, 0), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_roster_driver(nullptr, 0, &profile, nullptr, 0, nullptr, 0), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_roster_size(track, nullptr), TW_INVALID_ARGUMENT);
    EXPECT_EQ(tw_track_roster_size(nullptr, &count), TW_INVALID_ARGUMENT);
    tw_track_free(track);
}

// A modder's roster edit, re-sealed: refused at load like every other section's nonsense.
TEST(TrackRoster, AResealedRosterHoldingWhatNoRosterHoldsIsRefused) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    struct Mod {
        const char* what;
        std::function<void(formats::BakedTrackData&)> edit;
        trackwright::LoadStatus status;
    };
    const Mod mods[] = {
        {"a NaN strength", [&](formats::BakedTrackData& d) { d.drivers[1].strength = nan; }, trackwright::LoadStatus::BadValue},
        {"strength 0.3", [](formats::BakedTrackData& d) { d.drivers[1].strength = 0.3f; }, trackwright::LoadStatus::BadValue},
        {"pace 0", [](formats::BakedTrackData& d) { d.drivers[0].pace = 0.0f; }, trackwright::LoadStatus::BadValue},
        {"mistakes 40", [](formats::BakedTrackData& d) { d.drivers[2].mistakes = 40.0f; }, trackwright::LoadStatus::BadValue},
        {"composure 2", [](formats::BakedTrackData& d) { d.drivers[2].composure = 2.0f; }, trackwright::LoadStatus::BadValue},
        {"an infinite reaction time", [](formats::BakedTrackData& d) { d.drivers[3].reactionTime = INFINITY; }, trackwright::LoadStatus::BadValue},
        {"a seventh character", [](formats::BakedTrackData& d) { d.drivers[0].character = 6; }, trackwright::LoadStatus::BadValue},
        {"a name past the strings", [](formats::BakedTrackData& d) { d.drivers[0].nameOffset = 0x7fffffffu; }, trackwright::LoadStatus::BadReference},
        {"an empty name", [](formats::BakedTrackData& d) { d.drivers[0].nameOffset = d.addString(""); }, trackwright::LoadStatus::BadReference},
        {"two drivers of one name", [](formats::BakedTrackData& d) { d.drivers[3].nameOffset = d.drivers[0].nameOffset; }, trackwright::LoadStatus::BadReference},
        {"more drivers than a bake holds",
         [](formats::BakedTrackData& d) {
             for (std::uint32_t i = 0; i < trackwright::format::kMaxBakedDrivers; ++i) {
                 formats::BakedDriver extra = d.drivers[0];
                 extra.nameOffset = d.addString("Driver " + std::to_string(i));
                 d.drivers.push_back(extra);
             }
         },
         trackwright::LoadStatus::BadReference},
    };
    for (const Mod& mod : mods) {
        SCOPED_TRACE(mod.what);
        formats::BakedTrackData data = kartData();
        bake::putRoster(roster(), data);
        mod.edit(data);
        const Loaded loaded(data);
        EXPECT_EQ(loaded.status, mod.status);
        tw_track* track = nullptr;
        EXPECT_EQ(tw_track_load(loaded.bytes.data(), loaded.bytes.size(), &track), TW_BAD_FILE);
        EXPECT_EQ(track, nullptr);
    }
}
