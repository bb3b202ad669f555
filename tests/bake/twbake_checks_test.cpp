// A CI that acts on results (issue 51): --fail-if conditions on the figures of `laps` runs and of
// `race --matrix` rows set the exit code (4) and say which failed, and --junit writes a JUnit XML
// report a CI system reads, a test case per run or track.
#include "bake/cli/exit_codes.h"
#include "bake/cli/result_checks.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

const std::string kKart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

TEST(FailConditions, ParseTheFourComparisonsAndRefuseWhatIsNotOne) {
    const char* const figures[] = {"completed_pct", "contacts_per_race"};
    std::string error;
    const auto lessOrEqual = parseFailCondition("completed_pct<=80", figures, error);
    ASSERT_TRUE(lessOrEqual) << error;
    EXPECT_EQ(lessOrEqual->compare, FailCondition::Compare::LessOrEqual) << "'<=' is not '<' then '=80'";
    EXPECT_EQ(lessOrEqual->value, 80.0);
    const FailCondition more = *parseFailCondition("contacts_per_race>0.5", figures, error);
    EXPECT_EQ(failedConditions(std::span(&more, 1), {{"contacts_per_race", 0.6}}), std::vector<std::string>{"contacts_per_race 0.6 > 0.5"});
    EXPECT_TRUE(failedConditions(std::span(&more, 1), {{"contacts_per_race", 0.5}}).empty()) << "at the threshold it passes";
    for (const char* bad : {"speed>3", "completed_pct=80"}) {
        EXPECT_FALSE(parseFailCondition(bad, figures, error)) << bad;
        EXPECT_NE(error.find("the figures are completed_pct, contacts_per_race"), std::string::npos) << bad << ": " << error;
    }
    for (const char* bad : {"completed_pct<", "completed_pct<nan", "completed_pct<1e999", "completed_pct<80%"}) {
        EXPECT_FALSE(parseFailCondition(bad, figures, error)) << bad;
        EXPECT_NE(error.find("is not a finite number"), std::string::npos) << bad << ": " << error;
    }
}

class TwbakeChecks : public ::testing::Test {
protected:
    std::string path(const std::string& name) const { return (m_scratch.path() / name).string(); }
    tw::test::ScratchDir m_scratch{"twbake_checks"};
};

TEST_F(TwbakeChecks, ARaceMatrixRowMeetingAConditionFailsTheRunAndItsJunitCase) {
    const std::vector<std::string> race = {"race", kKart, kKart, "--matrix", "--cars", "3", "--laps", "1", "--junit", path("race.xml")};
    std::vector<std::string> failing = race, passing = race;
    failing.insert(failing.end(), {"--fail-if", "two_abreast_pct>=100"});  // the kart circuit has room all round
    passing.insert(passing.end(), {"--fail-if", "contacts_per_race>1000"});
    const RunResult failed = twbake(failing);
    EXPECT_EQ(failed.exitCode, kExitChecksFailed) << failed.err;
    EXPECT_NE(failed.err.find("fails --fail-if: two_abreast_pct 100 >= 100"), std::string::npos) << failed.err;
    pugi::xml_document report;
    ASSERT_TRUE(report.load_file(path("race.xml").c_str()));
    const pugi::xml_node suite = report.child("testsuites").child("testsuite");
    EXPECT_EQ(suite.attribute("tests").as_int(), 2);
    EXPECT_EQ(suite.attribute("failures").as_int(), 2);
    EXPECT_STREQ(suite.child("testcase").attribute("name").as_string(), "kart");
    EXPECT_NE(std::string(suite.child("testcase").child("failure").attribute("message").as_string()).find("two_abreast_pct"), std::string::npos);

    const RunResult passed = twbake(passing);
    EXPECT_EQ(passed.exitCode, kExitOk) << passed.err;
    ASSERT_TRUE(report.load_file(path("race.xml").c_str()));
    EXPECT_EQ(report.child("testsuites").child("testsuite").attribute("failures").as_int(), 0);
    EXPECT_FALSE(report.child("testsuites").child("testsuite").child("testcase").child("failure"));
}

TEST_F(TwbakeChecks, LapsRunsAreJudgedToo) {
    const RunResult r = twbake({"laps", kKart, "--laps", "1", "--fail-if", "ideal_ratio>0.5", "--fail-if", "stuck_events>0", "--junit", path("laps.xml")});
    EXPECT_EQ(r.exitCode, kExitChecksFailed) << r.err;
    EXPECT_NE(r.err.find("kart runner car fails --fail-if: ideal_ratio"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("stuck_events"), std::string::npos) << "a condition not met is not reported";
    pugi::xml_document report;
    ASSERT_TRUE(report.load_file(path("laps.xml").c_str()));
    EXPECT_STREQ(report.child("testsuites").child("testsuite").child("testcase").attribute("name").as_string(), "kart runner car");
}

TEST_F(TwbakeChecks, MisuseIsAUsageErrorBeforeAnythingRuns) {
    EXPECT_EQ(twbake({"race", kKart, "--fail-if", "contacts_per_race>1"}).exitCode, kExitUsage) << "rows need --matrix";
    EXPECT_EQ(twbake({"race", kKart, "--matrix", "--fail-if", "lap_time>1"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"laps", kKart, "--fail-if", "completed_pct<80"}).exitCode, kExitUsage) << "a race figure is no run figure";
    const RunResult notXml = twbake({"race", kKart, "--matrix", "--junit", kKart});
    EXPECT_EQ(notXml.exitCode, kExitUsage);
    EXPECT_NE(notXml.err.find("a JUnit report is FILE.xml"), std::string::npos) << notXml.err;
    const RunResult overwrite = twbake({"race", kKart, "--matrix", "--profiles", path("drivers.xml"), "--report", path("drivers.xml")});
    EXPECT_EQ(overwrite.exitCode, kExitUsage);
    EXPECT_NE(overwrite.err.find("would destroy an input"), std::string::npos) << overwrite.err;
}

} // namespace
