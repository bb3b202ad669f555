// `twbake build --roster FILE` (issue 50): the designer's roster baked into every track for the game
// to read back; the cache keyed on it; a broken roster refused naming the file, with nothing written.
#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

const std::string kKart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
const std::string kExampleRoster = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/../../docs/examples/roster.json";

class TwbakeBuildRoster : public ::testing::Test {
protected:
    std::string path(const std::string& name) const { return (m_scratch.path() / name).string(); }
    void write(const std::string& name, const std::string& text) const { std::ofstream(path(name)) << text; }
    RunResult build(const std::string& roster, const std::string& output) const {
        return twbake({"build", kKart, "-o", path(output), "--roster", roster, "--cache", path("cache"), "--json"});
    }
    /// The "drivers" of `twbake dump --json` of a bake.
    rapidjson::Document drivers(const std::string& output) const {
        const RunResult dump = twbake({"dump", path(output), "--json"});
        EXPECT_EQ(dump.exitCode, kExitOk) << dump.err;
        rapidjson::Document doc;
        doc.Parse(dump.out.c_str());
        EXPECT_FALSE(doc.HasParseError());
        return doc;
    }
    tw::test::ScratchDir m_scratch{"build_roster"};
};

TEST_F(TwbakeBuildRoster, TheRosterIsInTheBakeDriverForDriver) {
    const RunResult r = build(kExampleRoster, "kart.twbake");
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    const rapidjson::Document doc = drivers("kart.twbake");
    ASSERT_TRUE(doc.HasMember("drivers")) << "dump shows the roster";
    const auto& list = doc["drivers"];
    ASSERT_EQ(list.Size(), 4u);
    EXPECT_STREQ(list[0]["name"].GetString(), "Ana Ortiz");
    EXPECT_STREQ(list[0]["character"].GetString(), "aggressive");
    EXPECT_FLOAT_EQ(list[0]["strength"].GetFloat(), 0.97f);
    EXPECT_STREQ(list[3]["character"].GetString(), "typical");
    EXPECT_EQ(list[2]["seed"].GetUint64(), 42u);

    // Without --roster, none.
    ASSERT_EQ(twbake({"build", kKart, "-o", path("plain.twbake"), "--no-cache"}).exitCode, kExitOk);
    EXPECT_EQ(drivers("plain.twbake")["drivers"].Size(), 0u);
}

TEST_F(TwbakeBuildRoster, AnotherRosterIsAnotherBakeNotTheCachedOne) {
    write("a.json", R"({"drivers": [{"name": "Ana", "strength": 0.9}]})");
    write("b.json", R"({"drivers": [{"name": "Ana", "strength": 0.95}]})");
    ASSERT_EQ(build(path("a.json"), "a.twbake").exitCode, kExitOk);
    const RunResult again = build(path("a.json"), "a2.twbake");
    EXPECT_NE(again.out.find("\"cached\": true"), std::string::npos) << "the same roster: the cached bake";
    const RunResult other = build(path("b.json"), "b.twbake");
    ASSERT_EQ(other.exitCode, kExitOk) << other.err;
    EXPECT_EQ(other.out.find("\"cached\": true"), std::string::npos) << other.out;
    EXPECT_FLOAT_EQ(drivers("b.twbake")["drivers"][0]["strength"].GetFloat(), 0.95f);
}

TEST_F(TwbakeBuildRoster, ABrokenRosterIsRefusedNamingItAndNothingIsWritten) {
    write("bad.json", R"({"drivers": [{"name": "Ana", "character": "reckless"}]})");
    const RunResult bad = twbake({"build", kKart, "-o", path("bad.twbake"), "--roster", path("bad.json"), "--no-cache"});
    EXPECT_EQ(bad.exitCode, kExitInvalidInput);
    EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("reckless"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(path("bad.twbake")));

    const RunResult missing = twbake({"build", kKart, "-o", path("m.twbake"), "--roster", path("none.json"), "--no-cache"});
    EXPECT_EQ(missing.exitCode, kExitIo);
    EXPECT_NE(missing.err.find("none.json"), std::string::npos) << missing.err;
    EXPECT_FALSE(fs::exists(path("m.twbake")));

    // The output naming the roster would overwrite the designer's file.
    write("keep.json", R"({"drivers": [{"name": "Ana"}]})");
    const RunResult over = twbake({"build", kKart, "-o", path("keep.json"), "--roster", path("keep.json"), "--no-cache"});
    EXPECT_EQ(over.exitCode, kExitUsage);
    std::string error;
    EXPECT_EQ(formats::readWholeFile(path("keep.json"), error).value_or(""), R"({"drivers": [{"name": "Ana"}]})");
}

} // namespace
