// `twbake upgrade` as a pipeline engineer runs it over a studio's tracks (issue 51): files of an
// older schema are rewritten as this Trackwright writes them, holding the same track; `--check`
// writes nothing and fails while any would change; a current file keeps its bytes; a file whose
// keys the upgrade would drop, or that does not read, is left alone and named.
#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

class TwbakeUpgrade : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(m_dir / "tracks" / "sub");
        fs::copy_file(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/hairpins.twtrack", m_dir / "tracks" / "old.twtrack");  // schema 1
        fs::copy_file(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", m_dir / "tracks" / "sub" / "current.twtrack");
    }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    std::string read(const std::string& name) const {
        std::string error;
        return formats::readWholeFile(m_dir / name, error).value_or("<unreadable>");
    }
    void write(const std::string& name, const std::string& text) const {
        std::string error;
        ASSERT_TRUE(formats::writeOutputFile(m_dir / name, text, error)) << error;
    }
    tw::test::ScratchDir m_scratch{"twbake_upgrade"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeUpgrade, AnOlderSchemaIsRewrittenHoldingTheSameTrack) {
    const std::string before = read("tracks/old.twtrack"), current = read("tracks/sub/current.twtrack");
    const auto original = formats::parseTrackJson(before);
    ASSERT_TRUE(original.document);
    ASSERT_EQ(original.fileSchema, 1);

    const RunResult check = twbake({"upgrade", path("tracks"), "--check"});
    EXPECT_EQ(check.exitCode, kExitInvalidInput) << check.out << check.err;
    EXPECT_NE(check.out.find("would upgrade " + path("tracks/old.twtrack") + ": schema 1 -> 2"), std::string::npos) << check.out;
    EXPECT_EQ(read("tracks/old.twtrack"), before) << "--check writes nothing";

    const RunResult upgrade = twbake({"upgrade", path("tracks")});
    EXPECT_EQ(upgrade.exitCode, kExitOk) << upgrade.err;
    EXPECT_NE(upgrade.out.find("2 tracks: 1 upgraded, 1 up to date"), std::string::npos) << upgrade.out;
    const auto upgraded = formats::parseTrackJson(read("tracks/old.twtrack"));
    ASSERT_TRUE(upgraded.document);
    EXPECT_EQ(upgraded.fileSchema, 2);
    EXPECT_EQ(*upgraded.document, *original.document) << "the same track, in the current schema";
    EXPECT_EQ(read("tracks/sub/current.twtrack"), current) << "a current file keeps its bytes";
    EXPECT_EQ(twbake({"upgrade", path("tracks"), "--check"}).exitCode, kExitOk);
}

TEST_F(TwbakeUpgrade, KeysTheUpgradeWouldDropLeaveTheFileAloneUnlessAsked) {
    std::string text = read("tracks/old.twtrack");
    text.insert(text.find("\"name\""), "\"studio_note\": \"keep me\",\n  ");
    write("tracks/old.twtrack", text);
    const RunResult blocked = twbake({"upgrade", path("tracks/old.twtrack")});
    EXPECT_EQ(blocked.exitCode, kExitInvalidInput);
    EXPECT_NE(blocked.err.find("studio_note"), std::string::npos) << blocked.err;
    EXPECT_NE(blocked.err.find("--drop-unknown"), std::string::npos) << blocked.err;
    EXPECT_EQ(read("tracks/old.twtrack"), text);
    const RunResult validate = twbake({"validate", path("tracks/old.twtrack")});
    EXPECT_NE(validate.out.find("warning[unknown-key]"), std::string::npos) << "validate names a misspelt or foreign key: " << validate.out;

    const RunResult dropped = twbake({"upgrade", path("tracks/old.twtrack"), "--drop-unknown", "--json"});
    EXPECT_EQ(dropped.exitCode, kExitOk) << dropped.err;
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(dropped.out.c_str()).HasParseError()) << dropped.out;
    const auto& file = d["files"][0];
    EXPECT_STREQ(file["status"].GetString(), "upgraded");
    EXPECT_EQ(file["from_schema"].GetInt(), 1);
    EXPECT_STREQ(file["unknown_keys"][0].GetString(), "studio_note");
    EXPECT_EQ(read("tracks/old.twtrack").find("studio_note"), std::string::npos);
}

TEST_F(TwbakeUpgrade, AFileThatDoesNotReadIsNamedAndTheOthersAreUpgraded) {
    write("tracks/broken.twtrack", "{ \"format\": \"trackwright-track\", ");
    const RunResult r = twbake({"upgrade", path("tracks")});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_NE(r.err.find("broken.twtrack"), std::string::npos) << r.err;
    EXPECT_EQ(read("tracks/broken.twtrack"), "{ \"format\": \"trackwright-track\", ");
    EXPECT_EQ(formats::parseTrackJson(read("tracks/old.twtrack")).fileSchema, 2);
    EXPECT_NE(r.out.find("3 tracks: 1 upgraded, 1 up to date, 1 not upgraded"), std::string::npos) << r.out;
}

} // namespace
