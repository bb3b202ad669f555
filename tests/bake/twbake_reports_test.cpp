// The reports a CI reads (issue 51): `--report FILE.xml` is JUnit that validates against the schema
// CI systems read (tests/data/junit/junit.xsd, with xmllint), `--report FILE.html` a page with a
// row per case and a plan per track; a planted traffic regression (a field that cannot race
// cleanly) fails `--max-contacts` and the exit code; `build` reports a validation and a bake case a
// track.
#include "bake/cli/exit_codes.h"
#include "bake/cli/junit_report.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <cstdlib>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

const std::string kSamples = TRACKWRIGHT_SAMPLES_DIR;

class TwbakeReports : public ::testing::Test {
protected:
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    /// xmllint's verdict on `file` against the JUnit schema: empty when it validates.
    static std::string junitProblems(const std::string& file) {
        const std::string command = "xmllint --noout --schema '" + std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/junit/junit.xsd' '" + file + "' 2>&1";
        std::string said;
        FILE* pipe = ::popen(command.c_str(), "r");
        if (!pipe) return "cannot run xmllint";
        char buffer[512];
        while (std::fgets(buffer, sizeof buffer, pipe)) said += buffer;
        const int status = ::pclose(pipe);
        return status == 0 ? std::string() : "xmllint (libxml2-utils, .ci/install-deps): " + said;
    }
    tw::test::ScratchDir m_scratch{"twbake_reports"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeReports, APlantedTrafficRegressionFailsMaxContactsInTheExitCodeAndBothReports) {
    const RunResult r = twbake({"race", kSamples + "/kart.twtrack", kSamples + "/ridgeway_park.twtrack", "--matrix", "--seeds", "2", "--cars", "12",
                                "--laps", "3", "--grid", "reversed", "--profiles", std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/profiles/reckless_field.csv",
                                "--max-contacts", "1", "--report", path("race.xml"), "--report", path("race.html"), "--progress", "none"});
    EXPECT_EQ(r.exitCode, kExitChecksFailed) << r.out << r.err;
    EXPECT_NE(r.err.find("ridgeway_park.twtrack fails --fail-if: contacts_per_race"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("kart.twtrack fails"), std::string::npos) << "the clean track passes: " << r.err;
    EXPECT_EQ(junitProblems(path("race.xml")), "");

    pugi::xml_document junit;
    ASSERT_TRUE(junit.load_file(path("race.xml").c_str()));
    const pugi::xml_node suite = junit.child("testsuites").child("testsuite");
    EXPECT_EQ(suite.attribute("tests").as_int(), 2);
    EXPECT_EQ(suite.attribute("failures").as_int(), 1);
    EXPECT_TRUE(suite.find_child_by_attribute("testcase", "name", "ridgeway_park").child("failure"));
    EXPECT_FALSE(suite.find_child_by_attribute("testcase", "name", "kart").child("failure"));

    // The page is well-formed XHTML: a row per track (the failed one marked), a plan per track.
    pugi::xml_document html;
    ASSERT_TRUE(html.load_file(path("race.html").c_str())) << "the summary is not well-formed";
    const pugi::xpath_node_set rows = html.select_nodes("//table/tr");
    EXPECT_EQ(rows.size(), 3u) << "a header and a row per track";
    EXPECT_EQ(html.select_nodes("//tr[@class='failed']").size(), 1u);
    EXPECT_EQ(html.select_nodes("//div[@class='plan']/svg").size(), 2u);
    EXPECT_GT(html.select_nodes("//div[@class='plan']/svg/polyline").size(), 100u) << "the racing line is drawn";
}

TEST_F(TwbakeReports, BuildReportsAValidationAndABakeCaseATrack) {
    fs::create_directories(m_dir / "tracks");
    fs::copy_file(kSamples + "/kart.twtrack", m_dir / "tracks" / "kart.twtrack");
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "tracks" / "broken.twtrack", "{ \"format\": ", error)) << error;
    const RunResult r = twbake({"build", "--all", path("tracks"), "-o", path("baked"), "--report", path("build.xml"), "--report", path("build.html"),
                                "--no-cache", "--progress", "none"});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_EQ(junitProblems(path("build.xml")), "");
    pugi::xml_document junit;
    ASSERT_TRUE(junit.load_file(path("build.xml").c_str()));
    const pugi::xml_node suite = junit.child("testsuites").child("testsuite");
    EXPECT_EQ(suite.attribute("tests").as_int(), 4);
    EXPECT_TRUE(suite.find_child_by_attribute("testcase", "name", "broken.twtrack validation").child("failure"));
    EXPECT_TRUE(suite.find_child_by_attribute("testcase", "name", "broken.twtrack bake").child("error"));
    const pugi::xml_node baked = suite.find_child_by_attribute("testcase", "name", "kart.twtrack bake");
    ASSERT_TRUE(baked);
    EXPECT_FALSE(baked.child("error"));
    EXPECT_NE(std::string(baked.child_value("system-out")).find("ideal_lap_s = "), std::string::npos);
    pugi::xml_document html;
    ASSERT_TRUE(html.load_file(path("build.html").c_str()));
    EXPECT_EQ(html.select_nodes("//div[@class='plan']/svg").size(), 1u) << "the baked track's plan";
}

TEST_F(TwbakeReports, ACaseFasterThanATenthOfAMillisecondStillValidates) {
    // A validation case of 70 us was written "7.0294e-05", which the schema's xs:decimal refuses:
    // the build report failed validation now and then, as fast as the machine was.
    ReportCase fast;
    fast.name = "kart: validation";
    fast.seconds = 7.0294e-05;
    ReportCase slow;
    slow.name = "kart: bake";
    slow.seconds = 1.25e6;
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(path("times.xml"), junitReport("build", {fast, slow}), error)) << error;
    EXPECT_EQ(junitProblems(path("times.xml")), "");
    pugi::xml_document read;
    ASSERT_TRUE(read.load_file(path("times.xml").c_str()));
    EXPECT_STREQ(read.child("testsuites").child("testsuite").child("testcase").attribute("time").value(), "0.000070");
}

TEST_F(TwbakeReports, AReportIsNamedForItsKind) {
    const RunResult r = twbake({"race", kSamples + "/kart.twtrack", "--matrix", "--report", path("race.txt")});
    EXPECT_EQ(r.exitCode, kExitUsage);
    EXPECT_NE(r.err.find("FILE.xml for JUnit XML, FILE.html for the summary page"), std::string::npos) << r.err;
    EXPECT_EQ(twbake({"laps", kSamples + "/kart.twtrack", "--junit", path("laps.html")}).exitCode, kExitUsage);
}

} // namespace
