#pragma once

#include "formats/source/diagnostic.h"
#include "trackwright/traffic/driver_presets.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bake::cli {

/// One driver of a roster: who it is and how it races.
struct RosterDriver {
    std::string name;
    trackwright::DriverCharacter character = trackwright::DriverCharacter::Typical;
    /// The character's preset with the file's fields over it. Seed 0 (none given): the race draws
    /// one, as for a --profiles row without one.
    trackwright::DriverProfile profile;
    bool setsStrength = false;  ///< the file gives its strength (`race --strength` will not override it)
};

/// The JSON keys a roster's driver may have, in the order docs/cli.md lists them.
inline constexpr std::string_view kRosterDriverKeys[] = {"name",  "character", "strength",  "pace",       "aggression", "consistency", "reaction_time",
                                                         "composure", "optimism", "smoothness", "pit_crew", "mistakes",    "seed"};

/// A `twbake race --roster FILE`: the drivers a designer names, in car order:
/// `{"drivers": [{"name": "Ana Ortiz", "character": "aggressive", "strength": 0.95}, …]}`. Each has a
/// unique non-empty `name`, an optional `character` (a preset, driver_presets.h; default "typical") and
/// any of the profile's fields over it (kRosterDriverKeys). Parsed as every source format is
/// (formats/source/json_text.h: duplicate keys refused, syntax errors with their line). Every problem
/// is a diagnostic naming the driver (its number and name), the field and its range, with its JSON path.
formats::Diagnostics parseRoster(std::string_view text, std::vector<RosterDriver>& drivers);

/// Reads and parses the roster at `path`, printing every problem to `err` under the file's name. The
/// exit code: ok, I/O (unreadable) or invalid input.
int readRosterFile(const std::string& path, std::vector<RosterDriver>& drivers, std::ostream& err);

} // namespace bake::cli
