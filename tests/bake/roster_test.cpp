// The roster a designer edits (issue 50): named drivers with characters and their own fields, read
// as every source format is; each problem names the driver, the field and its range.
#include "bake/sim/roster.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using bake::parseRoster;
using bake::readRosterFile;
using bake::RosterDriver;
using trackwright::DriverCharacter;

/// The roster docs/cli.md shows, as a file beside it.
const std::string kExampleRoster = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/../../docs/examples/roster.json";

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The problems of `text` as one string, a line each: message (at path), for a test to search.
std::string problemsOf(const std::string& text) {
    std::vector<RosterDriver> drivers;
    const formats::Diagnostics problems = parseRoster(text, drivers);
    std::string all;
    for (const formats::Diagnostic& d : problems) all += "[" + d.code + "] " + d.message + " (at " + d.jsonPath + ")\n";
    EXPECT_TRUE(drivers.empty() || problems.empty()) << "a roster with a problem gives no drivers";
    return all;
}

TEST(RosterFile, TheDocumentedExampleGivesEachDriverItsCharacterAndItsOwnFields) {
    const std::string text = readText(kExampleRoster);
    ASSERT_FALSE(text.empty()) << kExampleRoster;
    // docs/cli.md shows the file as it is, indented into its list item.
    const std::string cli = readText(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/../../docs/cli.md");
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) EXPECT_NE(cli.find("\n  " + line + "\n"), std::string::npos) << "docs/cli.md lacks: " << line;
    std::vector<RosterDriver> drivers;
    const formats::Diagnostics problems = parseRoster(text, drivers);
    ASSERT_TRUE(problems.empty()) << problems.front().message;
    ASSERT_EQ(drivers.size(), 4u);

    const RosterDriver& ana = drivers[0];
    EXPECT_EQ(ana.name, "Ana Ortiz");
    EXPECT_EQ(ana.character, DriverCharacter::Aggressive);
    const trackwright::DriverProfile aggressive = trackwright::driverPreset(DriverCharacter::Aggressive);
    EXPECT_EQ(ana.profile.strength, 0.97f);
    EXPECT_EQ(ana.profile.composure, 0.8f) << "the file's field over the preset's";
    EXPECT_EQ(ana.profile.optimism, aggressive.optimism) << "the rest is the preset's";
    EXPECT_EQ(ana.profile.mistakes, aggressive.mistakes);
    EXPECT_EQ(ana.profile.seed, 0u) << "no seed: the race draws one";
    EXPECT_TRUE(ana.setsStrength);

    EXPECT_EQ(drivers[1].character, DriverCharacter::Competitive);
    EXPECT_FALSE(drivers[1].setsStrength);
    EXPECT_EQ(drivers[2].name, "Chloé Martin");
    EXPECT_EQ(drivers[2].profile.pace, 0.98f);
    EXPECT_EQ(drivers[2].profile.seed, 42u);
    EXPECT_EQ(drivers[3].character, DriverCharacter::Typical) << "no character: typical";
    EXPECT_EQ(drivers[3].profile.mistakes, 0.5f);
    EXPECT_EQ(drivers[3].profile.aggression, trackwright::driverPreset(DriverCharacter::Typical).aggression);
    for (const RosterDriver& d : drivers) EXPECT_TRUE(trackwright::validDriverProfile(d.profile)) << d.name;
}

TEST(RosterFile, EveryCharacterAndEveryFieldIsRead) {
    std::vector<RosterDriver> drivers;
    const formats::Diagnostics problems = parseRoster(
        R"({"drivers": [{"name": "A", "character": "naive", "strength": 0.5, "pace": 0.9, "aggression": 0, "consistency": 1,
                          "reaction_time": 5, "composure": 0.1, "optimism": 0.2, "smoothness": 0.3, "pit_crew": 1, "mistakes": 4,
                          "seed": 18446744073709551615},
                         {"name": "B", "character": "typical"}, {"name": "C", "character": "competitive"},
                         {"name": "D", "character": "cautious"}, {"name": "E", "character": "defensive"},
                         {"name": "F", "character": "aggressive"}]})",
        drivers);
    ASSERT_TRUE(problems.empty()) << problems.front().message;
    ASSERT_EQ(drivers.size(), 6u);
    const trackwright::DriverProfile& a = drivers[0].profile;
    EXPECT_EQ(a.strength, 0.5f);
    EXPECT_EQ(a.pace, 0.9f);
    EXPECT_EQ(a.aggression, 0.0f);
    EXPECT_EQ(a.consistency, 1.0f);
    EXPECT_EQ(a.reactionTime, 5.0f);
    EXPECT_EQ(a.composure, 0.1f);
    EXPECT_EQ(a.optimism, 0.2f);
    EXPECT_EQ(a.smoothness, 0.3f);
    EXPECT_EQ(a.pitCrew, 1.0f);
    EXPECT_EQ(a.mistakes, 4.0f);
    EXPECT_EQ(a.seed, 18446744073709551615u);
    for (std::size_t i = 0; i < drivers.size(); ++i) EXPECT_EQ(drivers[i].character, trackwright::kDriverCharacters[i]);
}

TEST(RosterFile, NotJsonOrADuplicateKeySaysWhere) {
    std::vector<RosterDriver> drivers;
    const formats::Diagnostics syntax = parseRoster("{\"drivers\": [\n  {\"name\": \"A\",}\n]}", drivers);
    ASSERT_EQ(syntax.size(), 1u);
    EXPECT_EQ(syntax[0].code, "json-syntax");
    EXPECT_EQ(syntax[0].line, 2u) << syntax[0].message;
    const formats::Diagnostics twice = parseRoster("{\"drivers\": [\n  {\"name\": \"A\", \"strength\": 0.9,\n   \"strength\": 0.8}]}", drivers);
    ASSERT_EQ(twice.size(), 1u);
    EXPECT_EQ(twice[0].code, "duplicate-key") << "as every source format: which value wins is no reader's guess";
    EXPECT_EQ(twice[0].line, 3u) << twice[0].message;
    EXPECT_TRUE(drivers.empty());
}

TEST(RosterFile, EachProblemNamesTheDriverTheFieldAndTheRange) {
    const std::string unknown = problemsOf(R"({"drivers": [{"name": "Ana", "composur": 0.5}]})");
    EXPECT_NE(unknown.find("driver 1 \"Ana\": \"composur\" is not a driver field; a driver has name, character, strength, pace"), std::string::npos)
        << unknown;
    EXPECT_NE(unknown.find("composure, optimism"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("(at drivers[0].composur)"), std::string::npos) << unknown;

    const std::string range = problemsOf(R"({"drivers": [{"name": "Ana"}, {"name": "Ben", "composure": 1.5, "pace": 0, "mistakes": 4.5,
                                                          "reaction_time": -1, "strength": 0.4, "optimism": NaN}]})");
    EXPECT_NE(range.find("[roster] driver 2 \"Ben\": composure must be in [0, 1], not 1.5 (at drivers[1].composure)"), std::string::npos) << range;
    EXPECT_NE(range.find("pace must be in (0, 1], not 0"), std::string::npos) << range;
    EXPECT_NE(range.find("mistakes must be in [0, 4], not 4.5"), std::string::npos) << range;
    EXPECT_NE(range.find("reaction_time must be in [0, 5] s, not -1"), std::string::npos) << range;
    EXPECT_NE(range.find("strength must be in [0.5, 1], not 0.4"), std::string::npos) << range;
    EXPECT_NE(range.find("optimism must be in [0, 1], not nan"), std::string::npos) << range;

    const std::string types = problemsOf(R"({"drivers": [{"name": 7}, {"name": "Ben", "strength": "0.9", "seed": -1}, {"name": "Cy", "seed": 1.5},
                                                         "Dee"]})");
    EXPECT_NE(types.find("driver 1: \"name\" must be a string"), std::string::npos) << types;
    EXPECT_NE(types.find("driver 2 \"Ben\": strength must be a number in [0.5, 1]"), std::string::npos) << types;
    EXPECT_NE(types.find("driver 2 \"Ben\": seed must be a whole number from 0"), std::string::npos) << types;
    EXPECT_NE(types.find("driver 3 \"Cy\": seed must be a whole number"), std::string::npos) << types;
    EXPECT_NE(types.find("driver 4 must be an object"), std::string::npos) << types;

    const std::string names = problemsOf(R"({"drivers": [{"name": "Ana"}, {"character": "naive"}, {"name": " "}, {"name": "Ana"}]})");
    EXPECT_NE(names.find("driver 2 has no \"name\""), std::string::npos) << names;
    EXPECT_NE(names.find("driver 3: \"name\" is empty"), std::string::npos) << names;
    EXPECT_NE(names.find("drivers 1 and 4 are both \"Ana\""), std::string::npos) << names;

    const std::string character = problemsOf(R"({"drivers": [{"name": "Ana", "character": "Aggressive"}, {"name": "Ben", "character": 2}]})");
    EXPECT_NE(character.find("driver 1 \"Ana\": \"character\" must be one of naive, typical, competitive, cautious, defensive, aggressive (in lower "
                             "case), not \"Aggressive\""),
              std::string::npos)
        << character;
    EXPECT_NE(character.find("driver 2 \"Ben\": \"character\" must be one of"), std::string::npos) << character;

    EXPECT_NE(problemsOf(R"({"drivers": []})").find("no drivers"), std::string::npos);
    EXPECT_NE(problemsOf(R"([{"name": "Ana"}])").find("not a roster"), std::string::npos);
    EXPECT_NE(problemsOf(R"({"driver": [{"name": "Ana"}]})").find("\"driver\" is not a roster field"), std::string::npos);
    EXPECT_NE(problemsOf(R"({"driver": [{"name": "Ana"}]})").find("no \"drivers\" array"), std::string::npos);
    EXPECT_NE(problemsOf(R"({"drivers": {"name": "Ana"}})").find("no \"drivers\" array"), std::string::npos);
}

// The file as twbake and the editor's preview read it: its drivers, its problems, or why it could
// not be read (each caller names the file in what it prints or shows).
TEST(RosterFile, AFileIsReadOrSaysWhyNot) {
    const bake::RosterFile example = readRosterFile(kExampleRoster);
    EXPECT_TRUE(example.valid()) << example.ioError;
    EXPECT_EQ(example.drivers.size(), 4u);

    tw::test::ScratchDir dir("roster_file");
    const std::filesystem::path bad = dir.path() / "bad.json";
    std::ofstream(bad) << R"({"drivers": [{"name": "Ana", "strength": 2}]})";
    const bake::RosterFile invalid = readRosterFile(bad);
    EXPECT_FALSE(invalid.valid());
    EXPECT_TRUE(invalid.ioError.empty());
    ASSERT_EQ(invalid.problems.size(), 1u);
    EXPECT_EQ(invalid.problems[0].message, "driver 1 \"Ana\": strength must be in [0.5, 1], not 2");
    EXPECT_TRUE(invalid.drivers.empty());

    const bake::RosterFile missing = readRosterFile(dir.path() / "none.json");
    EXPECT_FALSE(missing.valid());
    EXPECT_NE(missing.ioError.find("none.json"), std::string::npos) << missing.ioError;
    EXPECT_TRUE(missing.drivers.empty());
}

} // namespace
