#include "bake/sim/roster.h"

// cereal's JSON archive first, as everywhere the project includes RapidJSON: it configures it (a
// failed RapidJSON assertion throws instead of aborting) the same way for every translation unit.
#include <cereal/archives/json.hpp>

#include "formats/source/file_io.h"
#include "formats/source/json_text.h"
#include "formats/source/number_text.h"
#include "trackwright/traffic/driver_strength.h"

#include <cmath>
#include <limits>

namespace bake {

namespace {

/// A float field of the profile a driver may set, and the range validDriverProfile holds it to.
struct NumberField {
    std::string_view key;
    float trackwright::DriverProfile::*member;
    double low, high;
    bool lowOpen;      ///< (low, high] rather than [low, high]
    const char* unit;  ///< after the range ("" or " s")
};

const NumberField kNumberFields[] = {
    {"strength", &trackwright::DriverProfile::strength, trackwright::kLeastStrength, 1.0, false, ""},
    {"pace", &trackwright::DriverProfile::pace, 0.0, 1.0, true, ""},
    {"aggression", &trackwright::DriverProfile::aggression, 0.0, 1.0, false, ""},
    {"consistency", &trackwright::DriverProfile::consistency, 0.0, 1.0, false, ""},
    {"reaction_time", &trackwright::DriverProfile::reactionTime, 0.0, 5.0, false, " s"},
    {"composure", &trackwright::DriverProfile::composure, 0.0, 1.0, false, ""},
    {"optimism", &trackwright::DriverProfile::optimism, 0.0, 1.0, false, ""},
    {"smoothness", &trackwright::DriverProfile::smoothness, 0.0, 1.0, false, ""},
    {"pit_crew", &trackwright::DriverProfile::pitCrew, 0.0, 1.0, false, ""},
    {"mistakes", &trackwright::DriverProfile::mistakes, 0.0, trackwright::kMostMistakes, false, ""},
};

std::string rangeText(const NumberField& f) {
    return (f.lowOpen ? "(" : "[") + formats::shortestText(f.low) + ", " + formats::shortestText(f.high) + "]" + f.unit;
}

bool inRange(const NumberField& f, double v) { return std::isfinite(v) && (f.lowOpen ? v > f.low : v >= f.low) && v <= f.high; }

/// `names` joined with ", ": the valid keys or characters an error lists.
template <class Names, class Name> std::string listed(const Names& names, Name nameOf) {
    std::string text;
    for (const auto& n : names) text += (text.empty() ? "" : ", ") + std::string(nameOf(n));
    return text;
}

std::string characterNames() {
    return listed(trackwright::kDriverCharacters, [](trackwright::DriverCharacter c) { return trackwright::driverCharacterName(c); });
}

formats::Diagnostic problem(std::string message, std::string jsonPath) {
    formats::Diagnostic d;
    d.code = "roster";
    d.message = std::move(message);
    d.jsonPath = std::move(jsonPath);
    return d;
}

/// Reads driver `index` (its object `value`) into `driver`, each problem into `problems`.
void readDriver(const rapidjson::Value& value, std::size_t index, RosterDriver& driver, formats::Diagnostics& problems) {
    const std::string path = "drivers[" + std::to_string(index) + "]";
    const std::size_t earlier = problems.size();
    std::string who = "driver " + std::to_string(index + 1);
    if (!value.IsObject()) {
        problems.push_back(problem(who + " must be an object: {\"name\": \"…\", \"character\": \"typical\", …}", path));
        return;
    }
    // The name first: every later message names the driver by it.
    const auto name = value.FindMember("name");
    if (name == value.MemberEnd()) problems.push_back(problem(who + " has no \"name\": every driver needs one, unique in the roster", path));
    else if (!name->value.IsString()) problems.push_back(problem(who + ": \"name\" must be a string", path + ".name"));
    else {
        driver.name.assign(name->value.GetString(), name->value.GetStringLength());
        if (driver.name.find_first_not_of(" \t") == std::string::npos)
            problems.push_back(problem(who + ": \"name\" is empty: give the driver a name", path + ".name"));
        else who += " \"" + driver.name + "\"";
    }
    if (const auto character = value.FindMember("character"); character != value.MemberEnd()) {
        const std::optional<trackwright::DriverCharacter> named =
            character->value.IsString() ? trackwright::driverCharacterNamed(character->value.GetString()) : std::nullopt;
        if (named) driver.character = *named;
        else
            problems.push_back(problem(who + ": \"character\" must be one of " + characterNames() + " (in lower case)" +
                                           (character->value.IsString() ? ", not \"" + std::string(character->value.GetString()) + "\"" : std::string()),
                                       path + ".character"));
    }
    driver.profile = trackwright::driverPreset(driver.character);
    for (const auto& member : value.GetObject()) {
        const std::string_view key(member.name.GetString(), member.name.GetStringLength());
        const std::string at = path + "." + std::string(key);
        if (key == "name" || key == "character") continue;
        if (key == "seed") {
            if (member.value.IsUint64()) driver.profile.seed = member.value.GetUint64();
            else problems.push_back(problem(who + ": seed must be a whole number from 0 (0: drawn from the race's --seed)", at));
            continue;
        }
        const NumberField* field = nullptr;
        for (const NumberField& f : kNumberFields)
            if (f.key == key) field = &f;
        if (!field) {
            problems.push_back(problem(who + ": \"" + std::string(key) + "\" is not a driver field; a driver has " +
                                           listed(kRosterDriverKeys, [](std::string_view k) { return k; }),
                                       at));
            continue;
        }
        if (!member.value.IsNumber()) {
            problems.push_back(problem(who + ": " + std::string(key) + " must be a number in " + rangeText(*field), at));
            continue;
        }
        const double v = member.value.GetDouble();
        if (!inRange(*field, v)) {
            problems.push_back(problem(who + ": " + std::string(key) + " must be in " + rangeText(*field) + ", not " + formats::shortestText(v), at));
            continue;
        }
        driver.profile.*field->member = static_cast<float>(v);
        driver.setsStrength |= key == "strength";
    }
    // A pace of 1e-300 is in (0, 1] but 0 as the runtime's float.
    if (problems.size() == earlier && !trackwright::validDriverProfile(driver.profile))
        problems.push_back(problem(who + ": not a driver profile the runtime accepts (a value too small for a float?)", path));
}

} // namespace

formats::Diagnostics parseRoster(std::string_view text, std::vector<RosterDriver>& drivers) {
    drivers.clear();
    rapidjson::Document dom;
    if (std::optional<formats::Diagnostic> syntax = formats::parseJsonText(text, dom)) return {std::move(*syntax)};
    const char* shape = "a roster is {\"drivers\": [{\"name\": \"…\", \"character\": \"typical\", …}, …]}";
    if (!dom.IsObject()) return {problem(std::string("not a roster: ") + shape, "")};
    formats::Diagnostics problems;
    for (const auto& member : dom.GetObject())
        if (std::string_view(member.name.GetString(), member.name.GetStringLength()) != "drivers")
            problems.push_back(problem("\"" + std::string(member.name.GetString()) + "\" is not a roster field: " + shape, member.name.GetString()));
    const auto list = dom.FindMember("drivers");
    if (list == dom.MemberEnd() || !list->value.IsArray()) {
        problems.push_back(problem(std::string("no \"drivers\" array: ") + shape, list == dom.MemberEnd() ? "" : "drivers"));
        return problems;
    }
    if (list->value.Empty()) {
        problems.push_back(problem("no drivers: the roster's \"drivers\" array is empty", "drivers"));
        return problems;
    }
    for (rapidjson::SizeType i = 0; i < list->value.Size(); ++i) {
        RosterDriver driver;
        readDriver(list->value[i], i, driver, problems);
        for (std::size_t j = 0; j < drivers.size(); ++j)
            if (!driver.name.empty() && drivers[j].name == driver.name)
                problems.push_back(problem("drivers " + std::to_string(j + 1) + " and " + std::to_string(i + 1) + " are both \"" + driver.name +
                                               "\": a name is the driver's in the race's results, so it must be unique",
                                           "drivers[" + std::to_string(i) + "].name"));
        drivers.push_back(std::move(driver));
    }
    if (!problems.empty()) drivers.clear();
    return problems;
}

void putRoster(const std::vector<RosterDriver>& roster, formats::BakedTrackData& data) {
    data.drivers.clear();
    data.drivers.reserve(roster.size());
    for (const RosterDriver& d : roster) {
        const trackwright::DriverProfile& p = d.profile;
        data.drivers.push_back({data.addString(d.name), static_cast<std::uint32_t>(d.character), p.strength, p.pace, p.aggression, p.consistency,
                                p.reactionTime, p.composure, p.optimism, p.smoothness, p.pitCrew, p.mistakes, p.seed});
    }
}

RosterFile readRosterFile(const std::filesystem::path& path) {
    RosterFile file;
    if (const std::optional<std::string> text = formats::readWholeFile(path, file.ioError)) file.problems = parseRoster(*text, file.drivers);
    return file;
}

} // namespace bake
