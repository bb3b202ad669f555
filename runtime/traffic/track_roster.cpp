#include "trackwright/traffic/track_roster.h"

#include "trackwright/format/baked_limits.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/traffic/driver_strength.h"

namespace trackwright {

// The reader checks a baked driver against the format's ranges; they are the profile's.
static_assert(format::kLeastBakedStrength == kLeastStrength);
static_assert(format::kMaxBakedMistakes == kMostMistakes);
static_assert(format::kMaxBakedReactionTime == kMostReactionTime);
static_assert(format::kBakedDriverCharacters == kDriverCharacters.size());

std::uint32_t rosterSize(const BakedTrack& track) { return static_cast<std::uint32_t>(track.view.drivers.size()); }

std::optional<RosterEntry> rosterDriver(const BakedTrack& track, std::uint32_t index) {
    if (index >= track.view.drivers.size()) return std::nullopt;
    const format::BakedDriver& d = track.view.drivers[index];
    RosterEntry entry;
    entry.name = track.view.name(d.nameOffset);
    entry.character = kDriverCharacters[d.character];
    DriverProfile& p = entry.profile;
    p.strength = d.strength;
    p.pace = d.pace;
    p.aggression = d.aggression;
    p.consistency = d.consistency;
    p.reactionTime = d.reactionTime;
    p.composure = d.composure;
    p.optimism = d.optimism;
    p.smoothness = d.smoothness;
    p.pitCrew = d.pitCrew;
    p.mistakes = d.mistakes;
    p.seed = d.seed;
    return entry;
}

std::optional<std::uint32_t> findRosterDriver(const BakedTrack& track, std::string_view name) {
    for (std::uint32_t i = 0; i < track.view.drivers.size(); ++i)
        if (name == track.view.name(track.view.drivers[i].nameOffset)) return i;
    return std::nullopt;
}

} // namespace trackwright
