// The named driver characters (issue 50): each a valid profile, no two alike, named one way.
#include "trackwright/traffic/driver_presets.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using trackwright::DriverCharacter;
using trackwright::DriverProfile;
using trackwright::kDriverCharacters;

bool sameCharacter(const DriverProfile& a, const DriverProfile& b) {
    return a.aggression == b.aggression && a.consistency == b.consistency && a.reactionTime == b.reactionTime && a.composure == b.composure &&
           a.optimism == b.optimism && a.smoothness == b.smoothness && a.pitCrew == b.pitCrew && a.mistakes == b.mistakes;
}

TEST(DriverPresets, EveryPresetIsAValidProfileThatLeavesPaceStrengthAndSeedToTheGame) {
    for (DriverCharacter c : kDriverCharacters) {
        const DriverProfile d = trackwright::driverPreset(c);
        const std::string name(trackwright::driverCharacterName(c));
        EXPECT_TRUE(trackwright::validDriverProfile(d)) << name;
        EXPECT_EQ(d.pace, 1.0f) << name;
        EXPECT_EQ(d.strength, 1.0f) << name;
        EXPECT_EQ(d.seed, 0u) << name;
        EXPECT_GT(d.mistakes, 0.0f) << name << ": a character makes mistakes (the default profile makes none)";
    }
}

TEST(DriverPresets, NoTwoCharactersAreAlike) {
    for (std::size_t i = 0; i < kDriverCharacters.size(); ++i)
        for (std::size_t j = i + 1; j < kDriverCharacters.size(); ++j)
            EXPECT_FALSE(sameCharacter(trackwright::driverPreset(kDriverCharacters[i]), trackwright::driverPreset(kDriverCharacters[j])))
                << trackwright::driverCharacterName(kDriverCharacters[i]) << " and " << trackwright::driverCharacterName(kDriverCharacters[j]);
}

TEST(DriverPresets, NamesRoundTripInLowerCaseOnly) {
    for (DriverCharacter c : kDriverCharacters) EXPECT_EQ(trackwright::driverCharacterNamed(trackwright::driverCharacterName(c)), c);
    EXPECT_EQ(trackwright::driverCharacterNamed("aggressive"), DriverCharacter::Aggressive);
    EXPECT_EQ(trackwright::driverCharacterNamed("naive"), DriverCharacter::Naive);
    for (const char* other : {"", "Aggressive", "AGGRESSIVE", " typical", "typical ", "reckless"})
        EXPECT_FALSE(trackwright::driverCharacterNamed(other).has_value()) << '"' << other << '"';
    // The characters differ where their names say they do.
    using trackwright::driverPreset;
    EXPECT_GT(driverPreset(DriverCharacter::Aggressive).optimism, driverPreset(DriverCharacter::Cautious).optimism);
    EXPECT_GT(driverPreset(DriverCharacter::Defensive).aggression, driverPreset(DriverCharacter::Typical).aggression);
    EXPECT_LT(driverPreset(DriverCharacter::Defensive).optimism, driverPreset(DriverCharacter::Typical).optimism);
    EXPECT_GT(driverPreset(DriverCharacter::Competitive).composure, driverPreset(DriverCharacter::Naive).composure);
    EXPECT_LT(driverPreset(DriverCharacter::Competitive).mistakes, driverPreset(DriverCharacter::Naive).mistakes);
}

} // namespace
