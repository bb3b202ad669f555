#pragma once

#include "trackwright/traffic/driver_presets.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace trackwright {

struct BakedTrack;

/// A driver of the roster a designer baked into the track (`twbake build --roster FILE`): who it is
/// and how it races, ready for RaceCarSetup::driver.
struct RosterEntry {
    std::string_view name;  ///< unique in the roster; lives as long as the track's bytes
    DriverCharacter character = DriverCharacter::Typical;
    /// The character's preset with the roster's fields over it; seed 0 unless the roster gave one
    /// (a game draws its own).
    DriverProfile profile;
};

/// The drivers of `track`'s roster, in car order; 0 when none was baked in.
std::uint32_t rosterSize(const BakedTrack& track);

/// Driver `index` of `track`'s roster; nothing past its end. Every baked driver was checked at load
/// (a name, a character, a validDriverProfile), so what comes back a race takes.
std::optional<RosterEntry> rosterDriver(const BakedTrack& track, std::uint32_t index);

/// The index of the driver named `name` (exact, case-sensitive); nothing when the roster has none.
std::optional<std::uint32_t> findRosterDriver(const BakedTrack& track, std::string_view name);

} // namespace trackwright
