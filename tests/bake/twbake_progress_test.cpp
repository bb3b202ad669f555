// Long jobs say how far they are (issue 51): `build --all`, `race --matrix`, `laps --matrix` and
// `raceline` write a line per finished item with its time and the ETA when stderr is a log (CI),
// NDJSON with `--progress json` for a farm's dashboard, nothing with `--progress none`; by default
// only once a job has run a second (a 20 ms bake says nothing).
#include "bake/cli/exit_codes.h"
#include "bake/cli/progress.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

class TwbakeProgress : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(m_dir / "tracks" / "club");
        for (const char* name : {"a", "b", "club/c"})
            fs::copy_file(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", m_dir / "tracks" / (std::string(name) + ".twtrack"));
    }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    RunResult buildAll(const std::vector<std::string>& more) const {
        std::vector<std::string> args = {"build", "--all", path("tracks"), "-o", path("baked"), "--no-cache", "--jobs", "2"};
        args.insert(args.end(), more.begin(), more.end());
        return twbake(args);
    }
    static std::vector<std::string> linesOf(const std::string& text, const std::string& start) {
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (line.rfind(start, 0) == 0) lines.push_back(line);
        return lines;
    }
    tw::test::ScratchDir m_scratch{"twbake_progress"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeProgress, ALogGetsALinePerTrackWithItsTimeAndTheEta) {
    const RunResult r = buildAll({"--progress", "lines"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    const std::vector<std::string> lines = linesOf(r.err, "build --all [");
    ASSERT_EQ(lines.size(), 3u) << r.err;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        EXPECT_NE(lines[i].find("[" + std::to_string(i + 1) + "/3] "), std::string::npos) << lines[i];
        EXPECT_NE(lines[i].find(": baked in "), std::string::npos) << lines[i];
        EXPECT_EQ(lines[i].find("ETA") != std::string::npos, i + 1 < lines.size()) << "an ETA until the last: " << lines[i];
    }
    EXPECT_TRUE(linesOf(buildAll({"--progress", "none"}).err, "build --all [").empty());
}

TEST_F(TwbakeProgress, JsonProgressIsOneObjectALineForEveryItem) {
    const RunResult r = buildAll({"--progress", "json"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    std::set<std::string> items;
    std::set<unsigned> done;
    for (const std::string& line : linesOf(r.err, "{")) {
        rapidjson::Document d;
        ASSERT_FALSE(d.Parse(line.c_str()).HasParseError()) << line;
        EXPECT_STREQ(d["job"].GetString(), "build --all");
        EXPECT_STREQ(d["status"].GetString(), "baked");
        EXPECT_EQ(d["total"].GetUint(), 3u);
        EXPECT_GE(d["eta_s"].GetDouble(), 0.0);
        EXPECT_GE(d["elapsed_s"].GetDouble(), d["seconds"].GetDouble() - 1e-3);
        items.insert(d["item"].GetString());
        done.insert(d["done"].GetUint());
    }
    EXPECT_EQ(items, (std::set<std::string>{path("tracks/a.twtrack"), path("tracks/b.twtrack"), path("tracks/club/c.twtrack")}));
    EXPECT_EQ(done, (std::set<unsigned>{1, 2, 3}));
}

TEST_F(TwbakeProgress, ARaceMatrixCountsEveryRaceAndAWrongModeIsAUsageError) {
    const RunResult r = twbake({"race", path("tracks/a.twtrack"), path("tracks/b.twtrack"), "--matrix", "--seeds", "2", "--cars", "2", "--laps", "1",
                                "--progress", "json", "--jobs", "2"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    const std::vector<std::string> lines = linesOf(r.err, "{");
    ASSERT_EQ(lines.size(), 4u) << r.err;
    rapidjson::Document last;
    last.Parse(lines.back().c_str());
    EXPECT_STREQ(last["job"].GetString(), "race --matrix");
    EXPECT_EQ(last["done"].GetUint(), 4u);
    EXPECT_EQ(last["total"].GetUint(), 4u);
    EXPECT_EQ(buildAll({"--progress", "loud"}).exitCode, kExitUsage);
}

TEST_F(TwbakeProgress, ByDefaultAQuickJobSaysNothing) {
    // Three kart tracks and one bake take a fraction of a second: a script's log stays clean.
    const RunResult all = buildAll({});
    ASSERT_EQ(all.exitCode, kExitOk) << all.err;
    EXPECT_TRUE(linesOf(all.err, "build --all [").empty()) << all.err;
    const RunResult one = twbake({"build", path("tracks/a.twtrack"), "-o", path("a.twbake"), "--no-cache"});
    ASSERT_EQ(one.exitCode, kExitOk) << one.err;
    EXPECT_EQ(one.err.find(" %"), std::string::npos) << one.err;
}

TEST(Progress, AutoReportsOnceTheJobHasRunASecondAndAnAskedModeAtOnce) {
    for (const ProgressMode automatic : {ProgressMode::AutoLines, ProgressMode::AutoBar}) {
        std::ostringstream err;
        Progress progress(err, automatic, "raceline", 1);
        progress.fraction("t.twtrack", 0.3);
        progress.finish();
        EXPECT_EQ(err.str(), "") << "quiet within the first second";
    }
    std::ostringstream asked;
    Progress lines(asked, ProgressMode::Lines, "raceline", 1);
    lines.fraction("t.twtrack", 0.3);
    EXPECT_NE(asked.str().find("raceline t.twtrack: 30 %"), std::string::npos) << asked.str();

    std::ostringstream late;
    Progress slow(late, ProgressMode::AutoLines, "raceline", 1);
    std::this_thread::sleep_for(std::chrono::duration<double>(kAutoQuietSeconds + 0.05));
    slow.fraction("t.twtrack", 0.5);
    EXPECT_NE(late.str().find("raceline t.twtrack: 50 %"), std::string::npos) << late.str();
}

} // namespace
