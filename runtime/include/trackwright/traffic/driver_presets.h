#pragma once

#include "trackwright/traffic/driver_profile.h"

#include <array>
#include <optional>
#include <string_view>

namespace trackwright {

/// The common racing personalities (issue 50), each a DriverProfile a designer starts from and a
/// roster names: a game gives a field character without tuning eight numbers per driver.
enum class DriverCharacter { Naive, Typical, Competitive, Cautious, Defensive, Aggressive };

/// Every character, in the enum's order (a UI's list, a test's loop).
inline constexpr std::array<DriverCharacter, 6> kDriverCharacters = {DriverCharacter::Naive,    DriverCharacter::Typical,
                                                                     DriverCharacter::Competitive, DriverCharacter::Cautious,
                                                                     DriverCharacter::Defensive, DriverCharacter::Aggressive};

/// The profile of `character`: its aggression, consistency, reaction time, composure, optimism,
/// smoothness, pit crew and mistakes (docs/runtime-api.md has the table). Pace and strength stay 1 and
/// the seed 0: how fast a driver is and its noise are the game's to set, not its character's.
/// Every preset is a validDriverProfile.
DriverProfile driverPreset(DriverCharacter character);

/// The character named `name` in lower case ("naive", "typical", "competitive", "cautious",
/// "defensive", "aggressive"); nothing for any other text (no case folding: the names are
/// identifiers in files and APIs, spelt one way).
std::optional<DriverCharacter> driverCharacterNamed(std::string_view name);

/// The lower-case name of `character`, as driverCharacterNamed reads it.
std::string_view driverCharacterName(DriverCharacter character);

} // namespace trackwright
