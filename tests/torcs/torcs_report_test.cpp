// SPDX-License-Identifier: GPL-2.0-or-later
// twtorcs's pieces without TORCS: the JSON report (nulls where a figure is unknown), TORCS's results
// files (a practice's laps, a race's ranks), the race file it writes, robot files.

#include "integrations/torcs/twtorcs/report.h"
#include "integrations/torcs/twtorcs/results.h"
#include "integrations/torcs/twtorcs/torcs_run.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <filesystem>
#include <fstream>

namespace {

using namespace twtorcs;

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::filesystem::path p = std::filesystem::temp_directory_path() / ("torcs-report-test-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(p) << text;
    return p.string();
}

TEST(TorcsReport, JsonWithNullsForWhatIsUnknown) {
    Report r;
    r.track = "road/e-track-1";
    r.mode = "race";
    r.car = "car1-trb1";
    r.laps = 5;
    r.seed = 3;
    CarReport a;
    a.driver = "trackwright 1";
    a.module = "trackwright";
    a.index = 0;
    a.car = "car1-trb1";
    a.grid = 2;
    a.laps = 5;
    a.lapTimes = {80.5, 79.25};
    a.bestLap = 79.25;
    a.damage = 12;
    a.offTrackSeconds = 0.3;
    a.carContacts = 1;
    a.wallContacts = 0;
    a.finish = 1;
    CarReport b;
    b.driver = "bt \"1\"";
    b.module = "bt";
    r.cars = {a, b};
    rapidjson::Document doc;
    const std::string json = reportJson(r);
    ASSERT_FALSE(doc.Parse(json.c_str()).HasParseError()) << json;
    EXPECT_STREQ(doc["track"].GetString(), "road/e-track-1");
    EXPECT_EQ(doc["seed"].GetInt(), 3);
    ASSERT_EQ(doc["cars"].Size(), 2u);
    const auto& x = doc["cars"][0];
    EXPECT_EQ(x["grid"].GetInt(), 2);
    EXPECT_EQ(x["lap_times"].Size(), 2u);
    EXPECT_DOUBLE_EQ(x["best_lap_s"].GetDouble(), 79.25);
    EXPECT_DOUBLE_EQ(x["off_track_s"].GetDouble(), 0.3);
    EXPECT_EQ(x["car_contacts"].GetInt(), 1);
    EXPECT_EQ(x["finish"].GetInt(), 1);
    const auto& y = doc["cars"][1];
    EXPECT_STREQ(y["driver"].GetString(), "bt \"1\"");
    for (const char* key : {"best_lap_s", "total_time_s", "off_track_s", "car_contacts", "wall_contacts", "finish"}) EXPECT_TRUE(y[key].IsNull()) << key;
    Report practice;
    practice.mode = "practice";
    ASSERT_FALSE(doc.Parse(reportJson(practice).c_str()).HasParseError());
    EXPECT_TRUE(doc["seed"].IsNull());
    EXPECT_EQ(doc["cars"].Size(), 0u);
}

TEST(TorcsReport, ReadsAPracticesLapsAndARacesRanks) {
    const std::string practice = writeTemp("practice.xml", R"(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE params SYSTEM "/usr/share/games/torcs/config/params.dtd">
<params name="Results">
  <section name="E-Track 1">
    <section name="Drivers"><section name="1"><attstr name="dll name" val="bt"/><attnum name="index" val="0"/></section></section>
    <section name="Results"><section name="Practice"><attstr name="driver name" val="bt 1"/>
      <section name="1"><attnum name="time" val="80.1"/><attnum name="dammages" val="0"/></section>
      <section name="2"><attnum name="time" val="74.2"/><attnum name="dammages" val="11"/></section>
    </section></section>
  </section>
</params>)");
    Results p = readResults(practice);
    ASSERT_TRUE(p.ok) << p.error;
    EXPECT_FALSE(p.race);
    ASSERT_EQ(p.entries.size(), 1u);
    EXPECT_EQ(p.entries[0].name, "bt 1");
    EXPECT_EQ(p.entries[0].module, "bt");
    EXPECT_EQ(p.entries[0].laps, 2);
    EXPECT_DOUBLE_EQ(p.entries[0].bestLap, 74.2);
    EXPECT_EQ(p.entries[0].damage, 11);
    const std::string race = writeTemp("race.xml", R"(<?xml version="1.0" encoding="UTF-8"?>
<params name="Results"><section name="E-Track 1"><section name="Results"><section name="Race"><section name="Rank">
  <section name="2"><attstr name="name" val="bt 2"/><attnum name="laps" val="2"/><attnum name="time" val="165.784"/>
    <attnum name="best lap time" val="77.262"/><attnum name="dammages" val="134"/><attstr name="module" val="bt"/><attnum name="idx" val="1"/></section>
  <section name="1"><attstr name="name" val="bt 1"/><attnum name="laps" val="2"/><attnum name="time" val="151.24"/>
    <attnum name="best lap time" val="74.164"/><attnum name="dammages" val="8"/><attstr name="module" val="bt"/><attnum name="idx" val="0"/></section>
</section></section></section></section></params>)");
    Results r = readResults(race);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.race);
    ASSERT_EQ(r.entries.size(), 2u);
    EXPECT_EQ(r.entries[0].rank, 1);
    EXPECT_EQ(r.entries[0].index, 0);
    EXPECT_DOUBLE_EQ(r.entries[0].time, 151.24);
    EXPECT_EQ(r.entries[1].damage, 134);
    EXPECT_FALSE(readResults(writeTemp("broken.xml", "<params><section")).ok);
    EXPECT_FALSE(readResults(writeTemp("empty.xml", "<params name=\"Results\"/>")).ok);
    for (const std::string& f : {practice, race}) std::filesystem::remove(f);
}

TEST(TorcsReport, RaceFileAndRobotFile) {
    RunRequest r;
    r.trackCategory = "road";
    r.trackName = "e-track-1";
    r.race = true;
    r.laps = 3;
    r.grid = {{"trackwright", 0, "car1-trb1", "trackwright 1"}, {"bt", 2, "car1-trb1", "bt 3"}};
    const std::string race = raceFile(r);
    EXPECT_NE(race.find("<attstr name=\"display mode\" val=\"results only\"/>"), std::string::npos);
    EXPECT_NE(race.find("<attstr name=\"type\" val=\"race\"/>"), std::string::npos);
    EXPECT_NE(race.find("<attnum name=\"laps\" val=\"3\"/>"), std::string::npos);
    EXPECT_NE(race.find("<section name=\"2\"><attnum name=\"idx\" val=\"2\"/><attstr name=\"module\" val=\"bt\"/></section>"), std::string::npos);
    const std::string robot = writeTemp("robot.xml", R"(<?xml version="1.0"?><params name="x" type="robotdef"><section name="Robots"><section name="index">
      <section name="0"><attstr name="name" val="x 1"/><attstr name="car name" val="car1-stock1"/></section>
      <section name="1"><attstr name="name" val="x 2"/><attstr name="car name" val="p406"/></section></section></section></params>)");
    std::vector<RobotIndex> indices;
    std::string error;
    ASSERT_TRUE(readRobotFile(robot, indices, error)) << error;
    ASSERT_EQ(indices.size(), 2u);
    EXPECT_EQ(indices[1].index, 1);
    EXPECT_EQ(indices[1].name, "x 2");
    EXPECT_EQ(indices[1].car, "p406");
    EXPECT_FALSE(readRobotFile(robot + ".missing", indices, error));
    std::filesystem::remove(robot);
}

} // namespace
