// SPDX-License-Identifier: GPL-2.0-or-later
// The telemetry file's rows and what twtorcs sums from them.

#include "integrations/torcs/common/telemetry.h"

#include <gtest/gtest.h>

namespace {

using namespace trackwright::torcs;

TelemetryRow row(double t, int lap, bool off, int collision, double lastLap = 0.0) {
    TelemetryRow r;
    r.time = t;
    r.car = 2;
    r.driver = "bt, 1";
    r.module = "bt";
    r.lap = lap;
    r.lastLap = lastLap;
    r.x = 1.5;
    r.speed = 40.0 + t;
    r.offTrack = off;
    r.collision = collision;
    r.damage = static_cast<int>(t);
    return r;
}

TEST(TorcsTelemetry, LineRoundTrip) {
    const TelemetryRow r = row(12.3, 2, true, kCollisionCar | kCollisionWall, 71.25);
    const std::string line = telemetryLine(r);
    TelemetryRow back;
    ASSERT_TRUE(parseTelemetryLine(line, back)) << line;
    EXPECT_NEAR(back.time, 12.3, 1e-9);
    EXPECT_EQ(back.car, 2);
    EXPECT_EQ(back.driver, "bt  1");  // commas never reach the CSV
    EXPECT_EQ(back.lap, 2);
    EXPECT_NEAR(back.lastLap, 71.25, 1e-9);
    EXPECT_TRUE(back.offTrack);
    EXPECT_EQ(back.collision, kCollisionCar | kCollisionWall);
    TelemetryRow header;
    EXPECT_FALSE(parseTelemetryLine(kTelemetryHeader, header));
    EXPECT_FALSE(parseTelemetryLine("1,2,3", header));
}

TEST(TorcsTelemetry, OffTrackTimeContactEpisodesAndLaps) {
    TelemetryAccumulator acc;
    double t = 0.0;
    for (int k = 0; k < 100; ++k, t += kTelemetryPeriod) {
        const bool off = k >= 10 && k < 25;                                // 1.5 s off the tarmac
        int collision = 0;
        if (k == 30 || k == 31 || k == 33) collision |= kCollisionCar;     // one episode: gaps under 0.5 s
        if (k == 60) collision |= kCollisionCar;                           // a second one
        if (k == 70) collision |= kCollisionWall;
        const int lap = k < 5 ? 0 : k < 50 ? 1 : k < 90 ? 2 : 3;           // crossings at rows 5, 50, 90
        acc.add(row(t, lap, off, collision, lap >= 2 ? (lap == 2 ? 5.0 : 4.0) : 0.0));
    }
    const TelemetrySummary& s = acc.summaries().at(2);
    EXPECT_NEAR(s.offTrackSeconds, 1.5, 1e-6);
    EXPECT_EQ(s.carContacts, 2);
    EXPECT_EQ(s.wallContacts, 1);
    EXPECT_EQ(s.laps, 3);
    // Lap 1 is timed from the start when the count reaches 2; the crossing from the grid is no lap.
    ASSERT_EQ(s.lapTimes.size(), 2u);
    EXPECT_DOUBLE_EQ(s.lapTimes[0], 5.0);
    EXPECT_DOUBLE_EQ(s.lapTimes[1], 4.0);
    EXPECT_EQ(s.damage, 9);
}

} // namespace
