#include "trackwright/traffic/driver_presets.h"

namespace trackwright {

namespace {

/// One character: its name and its profile (the fields it leaves out are DriverProfile's defaults).
struct Preset {
    std::string_view name;
    DriverProfile profile;
};

// In the enum's order. Aggression moves both the defence and the pass; optimism only how early the
// pass is tried: a defensive driver blocks hard (aggression) but waits for a sure pass (optimism).
constexpr std::array<Preset, kDriverCharacters.size()> kPresets = {{
    // naive: slow to react, uneven, cracks under pressure, tries hopeful passes, makes half again the mistakes.
    {"naive", {.aggression = 0.3f, .consistency = 0.7f, .reactionTime = 0.45f, .composure = 0.2f, .optimism = 0.8f, .smoothness = 0.3f,
               .pitCrew = 0.4f, .mistakes = 1.5f}},
    // typical: the middle of every range, the documented mistake rates.
    {"typical", {.aggression = 0.5f, .consistency = 0.85f, .reactionTime = 0.3f, .composure = 0.5f, .optimism = 0.5f, .smoothness = 0.5f,
                 .pitCrew = 0.5f, .mistakes = 1.0f}},
    // competitive: quick, even and calm under pressure, passes a little early, few mistakes, a good crew.
    {"competitive", {.aggression = 0.7f, .consistency = 0.95f, .reactionTime = 0.22f, .composure = 0.8f, .optimism = 0.6f, .smoothness = 0.8f,
                     .pitCrew = 0.7f, .mistakes = 0.6f}},
    // cautious: rarely defends or dives, waits for a sure pass, smooth and tidy.
    {"cautious", {.aggression = 0.2f, .consistency = 0.9f, .reactionTime = 0.35f, .composure = 0.6f, .optimism = 0.2f, .smoothness = 0.7f,
                  .pitCrew = 0.5f, .mistakes = 0.8f}},
    // defensive: blocks hard, keeps its head, passes only when sure.
    {"defensive", {.aggression = 0.9f, .consistency = 0.9f, .reactionTime = 0.3f, .composure = 0.7f, .optimism = 0.3f, .smoothness = 0.6f,
                   .pitCrew = 0.5f, .mistakes = 0.9f}},
    // aggressive: defends and dives at every chance, rough on the car, cracks and errs more than most.
    {"aggressive", {.aggression = 0.9f, .consistency = 0.8f, .reactionTime = 0.25f, .composure = 0.4f, .optimism = 0.9f, .smoothness = 0.4f,
                    .pitCrew = 0.5f, .mistakes = 1.3f}},
}};

const Preset& presetOf(DriverCharacter character) { return kPresets[static_cast<std::size_t>(character)]; }

} // namespace

DriverProfile driverPreset(DriverCharacter character) { return presetOf(character).profile; }

std::optional<DriverCharacter> driverCharacterNamed(std::string_view name) {
    for (DriverCharacter c : kDriverCharacters)
        if (presetOf(c).name == name) return c;
    return std::nullopt;
}

std::string_view driverCharacterName(DriverCharacter character) { return presetOf(character).name; }

} // namespace trackwright
