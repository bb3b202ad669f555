// A studio's own cars, given once (issue 51): `--classes` puts car or class files into every track
// that `build`, `laps` and `race` read, in memory (and `raceline` into the track it writes), so the studio's cars are verified and baked
// without copying them into 300 track files.
#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

const std::string kCar = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/cars/test-gt.json";  // a car file named "test-gt"
const std::string kKart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

class TwbakeClasses : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(m_dir / "tracks" / "club");
        fs::create_directories(m_dir / "cars");
        fs::copy_file(kKart, m_dir / "tracks" / "kart.twtrack");
        fs::copy_file(kKart, m_dir / "tracks" / "club" / "sprint.twtrack");
        fs::copy_file(kCar, m_dir / "cars" / "test-gt.json");
    }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    tw::test::ScratchDir m_scratch{"twbake_classes"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeClasses, AFolderOfCarsIsBakedIntoEveryTrackWithoutTouchingTheSources) {
    const std::string before = *[] { std::string e; return formats::readWholeFile(kKart, e); }();
    const RunResult built = twbake({"build", "--all", path("tracks"), "-o", path("baked"), "--classes", path("cars")});
    ASSERT_EQ(built.exitCode, kExitOk) << built.err;
    for (const char* bake : {"baked/kart.twbake", "baked/club/sprint.twbake"}) {
        const RunResult dump = twbake({"dump", path(bake)});
        ASSERT_EQ(dump.exitCode, kExitOk) << dump.err;
        EXPECT_NE(dump.out.find("test-gt"), std::string::npos) << bake << " has no class test-gt";
        EXPECT_NE(dump.out.find("kart"), std::string::npos) << bake << " lost its own class";
    }
    std::string error;
    EXPECT_EQ(*formats::readWholeFile(path("tracks/kart.twtrack"), error), before) << "the sources are not changed";
}

TEST_F(TwbakeClasses, TheStudiosCarIsVerifiedByLapsAndRaceOnAnyTrack) {
    const RunResult laps = twbake({"laps", path("tracks/kart.twtrack"), "--classes", kCar, "--class", "test-gt", "--laps", "1"});
    ASSERT_EQ(laps.exitCode, kExitOk) << laps.err;
    EXPECT_NE(laps.out.find("runner + test-gt completed"), std::string::npos) << laps.out;
    const RunResult race = twbake({"race", path("tracks/kart.twtrack"), "--classes", path("cars"), "--class", "test-gt", "--cars", "3", "--laps", "1"});
    ASSERT_EQ(race.exitCode, kExitOk) << race.err;
    EXPECT_NE(race.out.find("(runner follower, class test-gt)"), std::string::npos) << race.out;
    // Without --classes the track has no such class, and the message says how to give one.
    const RunResult missing = twbake({"race", path("tracks/kart.twtrack"), "--class", "test-gt", "--cars", "3", "--laps", "1"});
    EXPECT_EQ(missing.exitCode, kExitInvalidInput);
    EXPECT_NE(missing.err.find("--classes"), std::string::npos) << missing.err;
}

TEST_F(TwbakeClasses, RacelineWritesTheStudiosCarsIntoTheTrackItsLinesAreFor) {
    const RunResult r = twbake({"raceline", path("tracks/kart.twtrack"), "--classes", path("cars"), "-o", path("lined.twtrack")});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    std::string error;
    const std::string written = formats::readWholeFile(path("lined.twtrack"), error).value_or("");
    EXPECT_NE(written.find("\"name\": \"test-gt\""), std::string::npos) << "the class is in the output";
    EXPECT_EQ(twbake({"validate", path("lined.twtrack")}).exitCode, kExitOk);
    const RunResult missing = twbake({"raceline", path("tracks/kart.twtrack"), "--classes", path("no-such-cars"), "-o", path("x.twtrack")});
    EXPECT_NE(missing.exitCode, kExitOk);
    EXPECT_NE(missing.err.find("no-such-cars"), std::string::npos) << missing.err;
    EXPECT_FALSE(fs::exists(m_dir / "x.twtrack"));
}

TEST_F(TwbakeClasses, WhatCannotWorkIsRefusedBeforeAnythingRuns) {
    // A bake's class hints are baked: --classes needs the source.
    ASSERT_EQ(twbake({"build", path("tracks/kart.twtrack"), "-o", path("kart.twbake")}).exitCode, kExitOk);
    const RunResult baked = twbake({"laps", path("kart.twbake"), "--classes", kCar});
    EXPECT_EQ(baked.exitCode, kExitUsage);
    EXPECT_NE(baked.err.find("needs the .twtrack"), std::string::npos) << baked.err;
    // Two files naming one class.
    fs::copy_file(kCar, m_dir / "cars" / "copy.json");
    const RunResult twice = twbake({"build", "--all", path("tracks"), "-o", path("baked"), "--classes", path("cars")});
    EXPECT_EQ(twice.exitCode, kExitInvalidInput);
    EXPECT_NE(twice.err.find("name the class \"test-gt\""), std::string::npos) << twice.err;
    EXPECT_FALSE(fs::exists(m_dir / "baked" / "kart.twbake")) << "nothing baked";
    // A file that is no car; an empty folder.
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "bad.json", "{\"format\": \"trackwright-car\"}", error)) << error;
    EXPECT_EQ(twbake({"laps", path("tracks/kart.twtrack"), "--classes", path("bad.json")}).exitCode, kExitInvalidInput);
    fs::create_directories(m_dir / "none");
    const RunResult none = twbake({"race", path("tracks/kart.twtrack"), "--classes", path("none")});
    EXPECT_EQ(none.exitCode, kExitInvalidInput);
    EXPECT_NE(none.err.find("holds no .json"), std::string::npos) << none.err;
}

} // namespace
