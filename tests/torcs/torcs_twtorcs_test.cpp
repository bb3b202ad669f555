// SPDX-License-Identifier: GPL-2.0-or-later
// twtorcs end to end: a 2-lap practice of the trackwright robot in TORCS, its JSON, and the error
// paths. Skipped when TORCS (or the module) is not there.

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace {

struct Ran {
    int exitCode = -1;
    std::string out, err;
};

#ifdef TWTORCS_EXECUTABLE

/// Runs twtorcs with `arguments` (shell words), its stdout and stderr apart.
Ran twtorcs(const std::string& arguments) {
    const std::string errFile = (std::filesystem::temp_directory_path() / ("twtorcs-test-" + std::to_string(::getpid()) + ".err")).string();
    const std::string command = std::string("'") + TWTORCS_EXECUTABLE + "' " + arguments + " --cache '" + TWTORCS_TEST_CACHE + "' 2>'" + errFile + "'";
    Ran r;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        std::array<char, 4096> buffer;
        std::size_t n;
        while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
        const int status = pclose(pipe);
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::ifstream in(errFile);
    std::stringstream s;
    s << in.rdbuf();
    r.err = s.str();
    std::filesystem::remove(errFile);
    return r;
}

bool torcsInstalled() { return std::filesystem::is_regular_file(std::string(TORCS_BASE_DIR) + "/torcs-bin"); }

#define SKIP_WITHOUT_TORCS() \
    if (!torcsInstalled()) GTEST_SKIP() << "TORCS is not installed at " << TORCS_BASE_DIR

// Under the sanitizer preset the module and the observer are instrumented, and an instrumented
// library cannot be loaded into TORCS's uninstrumented process: the runs that load them skip (the
// error paths, which never start TORCS, still run).
#ifdef TRACKWRIGHT_SANITIZED
#define SKIP_LOADING_MODULES() GTEST_SKIP() << "sanitized build: the robot module cannot load into TORCS's uninstrumented torcs-bin"
#else
#define SKIP_LOADING_MODULES() (void)0
#endif

/// The figure the practice must hold: trackwright's best lap of g-track-1 on car1-stock1 on the car's
/// own class (measured: 42.09 s in 5 laps, 42.1 in 2; docs/results/torcs.md; bt's 43.04), within 5 %.
constexpr double kGTrack1BestLap = 42.1;

TEST(TorcsTwtorcs, TwoLapPracticeCompletesCleanly) {
    SKIP_WITHOUT_TORCS();
    SKIP_LOADING_MODULES();
    const Ran r = twtorcs("practice --track road/g-track-1 --car car1-stock1 --driver trackwright --laps 2 --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    rapidjson::Document doc;
    ASSERT_FALSE(doc.Parse(r.out.c_str()).HasParseError()) << r.out;
    EXPECT_STREQ(doc["track"].GetString(), "road/g-track-1");
    EXPECT_STREQ(doc["mode"].GetString(), "practice");
    EXPECT_TRUE(doc["seed"].IsNull());
    ASSERT_EQ(doc["cars"].Size(), 1u);
    const auto& car = doc["cars"][0];
    for (const char* key : {"driver", "module", "index", "car", "laps", "lap_times", "best_lap_s", "damage", "off_track_s", "car_contacts", "finish"})
        EXPECT_TRUE(car.HasMember(key)) << key;
    EXPECT_STREQ(car["module"].GetString(), "trackwright");
    EXPECT_STREQ(car["car"].GetString(), "car1-stock1");
    EXPECT_EQ(car["laps"].GetInt(), 2);
    ASSERT_EQ(car["lap_times"].Size(), 2u);
    EXPECT_EQ(car["damage"].GetInt(), 0);
    ASSERT_TRUE(car["off_track_s"].IsNumber());  // our module observes the practice
    EXPECT_LT(car["off_track_s"].GetDouble(), 1.0);
    EXPECT_EQ(car["car_contacts"].GetInt(), 0);
    const double best = car["best_lap_s"].GetDouble();
    EXPECT_NEAR(best, kGTrack1BestLap, 0.05 * kGTrack1BestLap) << r.err;
    EXPECT_NE(r.err.find("lap 2"), std::string::npos) << r.err;  // a line per lap on stderr
}

TEST(TorcsTwtorcs, ARobotAloneIsObserved) {
    SKIP_WITHOUT_TORCS();
    SKIP_LOADING_MODULES();
    const Ran r = twtorcs("practice --track road/g-track-1 --car car1-stock1 --driver bt --laps 1 --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    rapidjson::Document doc;
    ASSERT_FALSE(doc.Parse(r.out.c_str()).HasParseError()) << r.out;
    const auto& car = doc["cars"][0];
    EXPECT_STREQ(car["module"].GetString(), "bt");
    EXPECT_EQ(car["laps"].GetInt(), 1);
    EXPECT_TRUE(car["off_track_s"].IsNumber());  // the observer's telemetry
    EXPECT_TRUE(car["car_contacts"].IsNumber());
}

TEST(TorcsTwtorcs, UnknownTrackIsBadInput) {
    SKIP_WITHOUT_TORCS();
    const Ran r = twtorcs("practice --track road/no-such-track --driver trackwright --laps 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("unknown track 'road/no-such-track'"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
}

TEST(TorcsTwtorcs, UnknownRobotIsBadInput) {
    SKIP_WITHOUT_TORCS();
    const Ran r = twtorcs("race --track road/e-track-1 --field trackwright:1,nosuchbot:2 --laps 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("unknown robot 'nosuchbot'"), std::string::npos) << r.err;
}

TEST(TorcsTwtorcs, UnknownCarAndTooManyCarsAreBadInput) {
    SKIP_WITHOUT_TORCS();
    Ran r = twtorcs("practice --track e-track-1 --car no-such-car --driver bt --laps 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("unknown car 'no-such-car'"), std::string::npos) << r.err;
    r = twtorcs("race --track e-track-1 --field bt:11 --laps 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("robot 'bt' has 10 indices; 11 asked for"), std::string::npos) << r.err;
}

TEST(TorcsTwtorcs, UsageErrors) {
    SKIP_WITHOUT_TORCS();
    EXPECT_EQ(twtorcs("practice --driver bt").exitCode, 2);       // no --track
    EXPECT_EQ(twtorcs("qualify --track e-track-1").exitCode, 2);  // no such command
    EXPECT_EQ(twtorcs("race --track e-track-1 --field bt:x").exitCode, 1);
}

#else

TEST(TorcsTwtorcs, SkippedWithoutTorcs) { GTEST_SKIP() << "TORCS's SDK, plib or libtgf were missing at configure time: twtorcs is not built"; }

#endif

} // namespace
