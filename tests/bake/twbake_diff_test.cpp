// `twbake diff` as a pipeline engineer uses it (issue 51): a bake against itself is identical (exit 0);
// two versions of one track (a node moved, a class slower, the racing line moved) name what
// changed, in text and in JSON (exit 1); a file that is not a bake is refused by name (exit 3).
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

class TwbakeDiff : public ::testing::Test {
protected:
    void SetUp() override {
        m_source = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack").document.value();
        ASSERT_TRUE(bake("a.twbake", m_source));
    }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    bool bake(const std::string& output, const formats::TrackDocument& document) const {
        std::string error;
        const std::string source = path(output + ".twtrack");
        if (!formats::writeOutputFile(source, formats::writeTrackJson(document), error)) return false;
        return twbake({"build", source, "-o", path(output), "--no-cache"}).exitCode == kExitOk;
    }
    formats::TrackDocument m_source;
    tw::test::ScratchDir m_scratch{"twbake_diff"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeDiff, ABakeAgainstItselfIsIdentical) {
    ASSERT_TRUE(bake("again.twbake", m_source));  // baked twice: the same bytes
    const RunResult r = twbake({"diff", path("a.twbake"), path("again.twbake")});
    EXPECT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_NE(r.out.find("are identical"), std::string::npos) << r.out;
    const RunResult json = twbake({"diff", path("a.twbake"), path("a.twbake"), "--json"});
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(json.out.c_str()).HasParseError()) << json.out;
    EXPECT_TRUE(d["identical"].GetBool());
    EXPECT_EQ(d["changes"].Size(), 0u);
}

TEST_F(TwbakeDiff, TwoVersionsOfATrackNameWhatChanged) {
    formats::TrackDocument edited = m_source;
    edited.nodes[10].position.x += 2.0;
    ASSERT_FALSE(edited.vehicleClasses.empty());
    const std::string vehicleClass = edited.vehicleClasses[0].name;
    const double topSpeed = edited.vehicleClasses[0].topSpeed;
    edited.vehicleClasses[0].topSpeed = topSpeed - 5.0;
    ASSERT_TRUE(bake("b.twbake", edited));
    const RunResult r = twbake({"diff", path("a.twbake"), path("b.twbake")});
    EXPECT_EQ(r.exitCode, kExitDifferent) << r.err;
    EXPECT_NE(r.out.find("nodes move by up to 2 m"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("class " + vehicleClass + ": top_speed"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ideal lap centre / " + vehicleClass + ": time"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("sections that differ: "), std::string::npos) << r.out;

    const RunResult json = twbake({"diff", path("a.twbake"), path("b.twbake"), "--json"});
    EXPECT_EQ(json.exitCode, kExitDifferent);
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(json.out.c_str()).HasParseError()) << json.out;
    EXPECT_FALSE(d["identical"].GetBool());
    bool sawTopSpeed = false;
    for (const auto& c : d["changes"].GetArray()) {
        if (std::string(c["subject"].GetString()) != "class " + vehicleClass || std::string(c["figure"].GetString()) != "top_speed") continue;
        sawTopSpeed = true;
        EXPECT_NEAR(c["before"].GetDouble(), topSpeed, 1e-3);
        EXPECT_NEAR(c["after"].GetDouble(), topSpeed - 5.0, 1e-3);
    }
    EXPECT_TRUE(sawTopSpeed) << json.out;
}

TEST_F(TwbakeDiff, AMovedLineSaysHowFarWhereAndHowSmooth) {
    ASSERT_TRUE(bake("plain.twbake", m_source));
    const RunResult optimised = twbake({"raceline", path("plain.twbake.twtrack"), "-o", path("optimised.twtrack")});
    ASSERT_EQ(optimised.exitCode, kExitOk) << optimised.err;
    ASSERT_EQ(twbake({"build", path("optimised.twtrack"), "-o", path("optimised.twbake"), "--no-cache"}).exitCode, kExitOk);
    ASSERT_EQ(twbake({"raceline", path("optimised.twtrack"), "-o", path("shifted.twtrack"), "--safety", "1.5"}).exitCode, kExitOk);
    ASSERT_EQ(twbake({"build", path("shifted.twtrack"), "-o", path("shifted.twbake"), "--no-cache"}).exitCode, kExitOk);
    const RunResult json = twbake({"diff", path("optimised.twbake"), path("shifted.twbake"), "--json"});
    EXPECT_EQ(json.exitCode, kExitDifferent) << json.err;
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(json.out.c_str()).HasParseError()) << json.out;
    bool moved = false, smoothness = false;
    for (const auto& c : d["changes"].GetArray()) {
        if (std::string(c["subject"].GetString()) != "line racing") continue;
        const std::string figure = c["figure"].GetString();
        if (figure == "largest_move_m") moved = c["after"].GetDouble() > 0.01 && c.HasMember("at_m");
        if (figure == "integral_squared_curvature") smoothness = c["before"].GetDouble() > 0 && c["after"].GetDouble() > 0;
    }
    EXPECT_TRUE(moved) << json.out;
    EXPECT_TRUE(smoothness) << json.out;
}

TEST_F(TwbakeDiff, AFileThatIsNotABakeIsRefusedByName) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "fake.twbake", "not a bake at all", error)) << error;
    const RunResult r = twbake({"diff", path("a.twbake"), path("fake.twbake")});
    EXPECT_EQ(r.exitCode, kExitIo);
    EXPECT_NE(r.err.find("fake.twbake"), std::string::npos) << r.err;
    const RunResult missing = twbake({"diff", path("missing.twbake"), path("a.twbake")});
    EXPECT_EQ(missing.exitCode, kExitIo);
    EXPECT_NE(missing.err.find("missing.twbake"), std::string::npos) << missing.err;
    EXPECT_EQ(twbake({"diff", path("a.twbake")}).exitCode, kExitUsage);
}

} // namespace
