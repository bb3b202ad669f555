#pragma once

#include "formats/baked/baked_writer.h"
#include "formats/source/diagnostic.h"
#include "trackwright/traffic/driver_presets.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bake {

/// One driver of a roster: who it is and how it races.
struct RosterDriver {
    std::string name;
    trackwright::DriverCharacter character = trackwright::DriverCharacter::Typical;
    /// The character's preset with the file's fields over it. Seed 0 (none given): the race draws
    /// one, as for a --profiles row without one.
    trackwright::DriverProfile profile;
    /// The file gives its strength: `twbake race --strength` refuses to override it, and the editor
    /// preview's level leaves it alone (RaceOptions::ownStrength).
    bool setsStrength = false;
};

/// The JSON keys a roster's driver may have, in the order docs/cli.md lists them.
inline constexpr std::string_view kRosterDriverKeys[] = {"name",  "character", "strength",  "pace",       "aggression", "consistency", "reaction_time",
                                                         "composure", "optimism", "smoothness", "pit_crew", "mistakes",    "seed"};

/// A roster (`twbake race --roster FILE`, the editor preview's Roster…): the drivers a designer
/// names, in car order:
/// `{"drivers": [{"name": "Ana Ortiz", "character": "aggressive", "strength": 0.95}, …]}`. Each has a
/// unique non-empty `name`, an optional `character` (a preset, driver_presets.h; default "typical") and
/// any of the profile's fields over it (kRosterDriverKeys). Parsed as every source format is
/// (formats/source/json_text.h: duplicate keys refused, syntax errors with their line). Every problem
/// is a diagnostic naming the driver (its number and name), the field and its range, with its JSON path.
formats::Diagnostics parseRoster(std::string_view text, std::vector<RosterDriver>& drivers);

/// A roster file read: its drivers, or why there are none.
struct RosterFile {
    std::vector<RosterDriver> drivers;  ///< empty unless the file is a valid roster
    std::string ioError;                ///< the file could not be read (formats::readWholeFile's reason); empty: it was
    formats::Diagnostics problems;      ///< it was read and is not a valid roster (parseRoster's)
    bool valid() const { return ioError.empty() && problems.empty(); }
};

/// Bakes `roster` into `data` (its Drivers section, names in its strings), replacing any roster
/// there: what `twbake build --roster` does to every track, for a game to read back
/// (trackwright/traffic/track_roster.h).
void putRoster(const std::vector<RosterDriver>& roster, formats::BakedTrackData& data);

/// Reads and parses the roster at `path`. The caller names the file in what it prints or shows
/// (`twbake race` prints the problems as compiler-style lines; the editor shows them in its panel).
RosterFile readRosterFile(const std::filesystem::path& path);

} // namespace bake
