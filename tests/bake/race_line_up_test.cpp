// The field a race lines up (bake::lineUp): `twbake race` and the editor's preview race go through it,
// so drawn and given drivers, their mistakes and strengths are applied in one place.
#include "bake/sim/race_run.h"
#include "bake/sim/race_setup.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

TEST(RaceLineUp, GivenDriversOverTheDrawnThenMistakesAndTheStrengthOfEveryDriverWithoutItsOwn) {
    const auto kart = tw::test::bakeSampleFile("kart.twtrack");
    bake::RaceOptions o;
    o.cars = 6;
    o.seed = 5;
    o.base = bake::raceCarSetup(kart->track);
    const std::vector<bake::DriverProfile> drawn = bake::spreadProfiles(o.cars, o.seed);

    bake::DriverProfile own;  // a roster driver with a strength of its own and a seed
    own.strength = 0.95f;
    own.seed = 42;
    bake::DriverProfile plain;  // one without either
    plain.pace = 0.97f;
    o.profiles = {own, plain};
    o.ownStrength = {true, false};
    o.strength = 0.8f;
    o.mistakes = 2.0f;
    const bake::RaceField field = bake::lineUp(kart->track, o);
    ASSERT_EQ(field.drivers.size(), 6u);
    ASSERT_EQ(field.entries.size(), 6u);
    ASSERT_EQ(field.carSlots.size(), 6u);
    EXPECT_EQ(field.drivers[0].strength, 0.95f) << "a driver's own strength stays";
    EXPECT_EQ(field.drivers[0].seed, 42u);
    EXPECT_EQ(field.drivers[1].strength, 0.8f) << "a given driver without its own takes the level";
    EXPECT_EQ(field.drivers[1].pace, 0.97f);
    EXPECT_EQ(field.drivers[1].seed, drawn[1].seed) << "a given seed 0 takes the drawn one";
    for (std::size_t i = 2; i < 6; ++i) {
        EXPECT_EQ(field.drivers[i].pace, drawn[i].pace) << "car " << i << " is drawn";
        EXPECT_EQ(field.drivers[i].strength, 0.8f) << "car " << i;
    }
    for (const bake::DriverProfile& d : field.drivers) EXPECT_EQ(d.mistakes, 2.0f);
    std::vector<std::uint32_t> slots = field.carSlots;
    std::sort(slots.begin(), slots.end());
    for (std::uint32_t i = 0; i < 6; ++i) EXPECT_EQ(slots[i], i) << "one slot a car";
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(field.entries[i].driver.strength, field.drivers[i].strength) << "car " << i;

    // Without the options' strength and mistakes each driver keeps its own (drawn: 1 and none).
    o.strength.reset();
    o.mistakes.reset();
    const bake::RaceField kept = bake::lineUp(kart->track, o);
    EXPECT_EQ(kept.drivers[1].strength, 1.0f);
    EXPECT_EQ(kept.drivers[4].strength, 1.0f);
    EXPECT_EQ(kept.drivers[4].mistakes, 0.0f);
}

} // namespace
