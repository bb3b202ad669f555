// `twbake plan`: a path between two states on a track, the corners of a line, and the thesis's
// random experiment as JSON with the keys the AIPATH issue names.

#include "bake/cli/exit_codes.h"
#include "bake/cli/twbake.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bake::cli;
namespace fs = std::filesystem;

struct PlanRun {
    int code = -1;
    std::string out, err;
};

PlanRun twbake(std::vector<std::string> args) {
    args.insert(args.begin(), "twbake");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    PlanRun r;
    r.code = runTwbake(static_cast<int>(argv.size()), argv.data(), out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

/// The output without the line that carries wall-clock time.
std::string withoutTiming(const std::string& json) {
    std::stringstream in(json);
    std::string line, kept;
    while (std::getline(in, line))
        if (line.find("ms_per_1000_iterations") == std::string::npos && line.find("_ms\"") == std::string::npos) kept += line + '\n';
    return kept;
}

TEST(TwbakePlan, RandomExperimentPrintsTheSummaryKeysDeterministically) {
    const std::vector<std::string> args = {"plan", "--random", "6", "--seed", "3", "--iterations", "20000", "--jobs", "2", "--json"};
    const PlanRun r = twbake(args);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    for (const char* key : {"\"searches\": 6", "\"mean_iterations_astar\":", "\"mean_iterations_probing\":", "\"mean_iterations_distance_heuristic\":",
                            "\"probing_time_overhead_pct\":", "\"ms_per_1000_iterations\":"})
        EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
    const PlanRun again = twbake({"plan", "--random", "6", "--seed", "3", "--iterations", "20000", "--jobs", "1", "--json"});
    EXPECT_EQ(withoutTiming(again.out), withoutTiming(r.out)) << "the same searches whatever the thread count";
}

TEST(TwbakePlan, PathOnATrackAsTextAndJson) {
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const PlanRun json = twbake({"plan", kart, "--from", "10,0,0,5", "--to", "60,0,0,8", "--tolerance", "0.5,2,0.5", "--json"});
    ASSERT_EQ(json.code, kExitOk) << json.err << json.out;
    for (const char* key : {"\"found\": true", "\"iterations\":", "\"probe_iterations\":", "\"path\": [", "\"heading_deg\":", "\"direction\":"})
        EXPECT_NE(json.out.find(key), std::string::npos) << key << "\n" << json.out;
    const PlanRun text = twbake({"plan", kart, "--from", "10,0,0,0", "--to", "10,0,180,0", "--vehicle", "tank"});
    ASSERT_EQ(text.code, kExitOk) << text.err << text.out;
    EXPECT_NE(text.out.find("plan: found"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("x,y,heading_deg,speed_mps,time_s,direction\n10,0,0,0,0,0\n"), std::string::npos) << text.out;
}

TEST(TwbakePlan, CornersReportTheTimeSavedAgainstTheLine) {
    const PlanRun r = twbake({"plan", std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/chicanes.twtrack", "--corners", "--json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    for (const char* key : {"\"corners_found\":", "\"time_saved_pct\":", "\"corners\": [", "\"line_time_s\":", "\"planned_time_s\":"})
        EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
}

TEST(TwbakePlan, UsageErrors) {
    EXPECT_EQ(twbake({"plan"}).code, kExitUsage);
    EXPECT_EQ(twbake({"plan", "x.twbake", "--from", "1,2,3", "--to", "1,2,3,4"}).code, kExitUsage) << "four numbers each";
    EXPECT_EQ(twbake({"plan", "x.twbake", "--random", "5"}).code, kExitUsage) << "the experiment runs on an open plane";
    EXPECT_EQ(twbake({"plan", "x.twbake", "--from", "0,0,0,0", "--to", "1,0,0,0", "--vehicle", "unicycle"}).code, kExitUsage);
    EXPECT_EQ(twbake({"plan", "missing.twbake", "--from", "0,0,0,0", "--to", "1,0,0,0"}).code, kExitIo);
}

// A goal the validity test can never accept used to cost the full iteration limit and end in
// "iteration-limit": the user learns nothing. Now the command says which flag, why, and where to go.
TEST(TwbakePlan, StartsAndGoalsTheTrackCannotHoldAreNamedWithWhatToDo) {
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";  // starts along +x: runoff 5.5 m, walls 7 m out
    const PlanRun far = twbake({"plan", kart, "--from", "10,0,0,5", "--to", "60,12,0,5", "--json"});
    EXPECT_EQ(far.code, kExitInvalidInput);
    EXPECT_TRUE(far.out.empty()) << far.out;
    EXPECT_NE(far.err.find("error[plan-goal-off-track]: --to 60,12,0,5 is off the track"), std::string::npos) << far.err;
    EXPECT_NE(far.err.find("nearest centre-line node is node 15 at 60.00,0.00, 12.0 m away"), std::string::npos) << far.err;

    const PlanRun margin = twbake({"plan", kart, "--from", "10,0,0,5", "--to", "60,6,0,5"});
    EXPECT_EQ(margin.code, kExitInvalidInput);
    EXPECT_NE(margin.err.find("error[plan-goal-outside-usable-width]: --to 60,6,0,5 is 1.45 m beyond the usable width"), std::string::npos)
        << "runoff 5.5 m less half the car's 1.9 m: 4.55 m usable\n" << margin.err;
    EXPECT_NE(margin.err.find("more than the goal tolerance's 0.30 m: move it at least 1.15 m"), std::string::npos) << margin.err;
    const PlanRun withinReach = twbake({"plan", kart, "--from", "10,0,0,5", "--to", "60,4.8,0,5", "--tolerance", "0.5,180,5", "--iterations", "2000"});
    EXPECT_EQ(withinReach.err.find("error["), std::string::npos) << "0.25 m out, and a node 0.5 m from the goal passes the goal test\n"
                                                                  << withinReach.err;
    EXPECT_NE(twbake({"plan", kart, "--from", "10,0,0,5", "--to", "60,6,0,5", "--vehicle", "pedestrian", "--iterations", "1"}).err.find("error["),
              std::string::npos) << "a narrower agent still has to stay within the runoff";

    const PlanRun start = twbake({"plan", kart, "--from", "60,12,0,5", "--to", "10,0,0,5"});
    EXPECT_EQ(start.code, kExitInvalidInput);
    EXPECT_NE(start.err.find("error[plan-start-off-track]: --from 60,12,0,5"), std::string::npos) << start.err;

    const PlanRun pressed = twbake({"plan", kart, "--from", "40,5.5,0,0", "--to", "60,0,0,0", "--iterations", "50"});
    EXPECT_EQ(pressed.err.find("error["), std::string::npos) << "a start pressed against the wall is where stuck recovery begins\n" << pressed.err;
}

} // namespace
