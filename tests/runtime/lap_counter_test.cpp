// Laps, lap times and sector splits from the bake's start line and sector markers, as a game counts
// them: a car's registrations in, its race status out.
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

/// The circle of tw::test::circleTrack with its line at node 12 of 48 and sectors at nodes 24 and 36.
formats::TrackDocument markedCircle() {
    formats::TrackDocument doc = tw::test::circleTrack(48);
    doc.markers = {{"sector", 36, "S3"}, {"start-finish", 12, "Line"}, {"sector", 24, "S2"}, {"pit-box", 5, ""}};
    return doc;
}

/// Drives a car along the centre line of route 0 at `speed`, from `from` metres for `seconds`,
/// registering it each tick as a game would, and feeds the counter. Returns the metres driven.
double drive(const trackwright::BakedTrack& track, trackwright::LapCounter& counter, double from, double speed, double seconds, float dt) {
    trackwright::Registrar registrar(track);
    const int ticks = static_cast<int>(std::lround(seconds / dt));
    for (int i = 0; i <= ticks; ++i) {
        trackwright::TrackPoint p;
        EXPECT_TRUE(trackwright::routePointAt(track, 0, from + speed * dt * i, p));
        EXPECT_TRUE(counter.update(registrar.update(p.position), i == 0 ? 0.0f : dt));
    }
    return speed * dt * ticks;
}

TEST(LapCounter, TheBakeCarriesTheDesignersMarkers) {
    const auto sample = tw::test::bakeSample(markedCircle());
    const trackwright::BakedTrack& track = sample->track;
    ASSERT_EQ(trackwright::markerCount(track), 4u);
    std::uint32_t index = 99;
    ASSERT_TRUE(trackwright::findMarker(track, "start-finish", 0, index));
    trackwright::TrackMarker line;
    ASSERT_TRUE(trackwright::markerAt(track, index, line));
    EXPECT_STREQ(line.label, "Line");
    EXPECT_EQ(line.route, 0u);
    EXPECT_EQ(line.node, 12u);
    EXPECT_FLOAT_EQ(line.distance, track.view.nodes[12].distance);
    EXPECT_FALSE(trackwright::findMarker(track, "start-finish", index + 1, index));
    EXPECT_FALSE(trackwright::findMarker(track, nullptr, 0, index));
    EXPECT_FALSE(trackwright::markerAt(track, 4, line));
}

TEST(LapCounter, LapsAndSectorsFollowTheMarkers) {
    const auto sample = tw::test::bakeSample(markedCircle());
    const trackwright::LapLayout layout = trackwright::lapLayout(sample->track);
    ASSERT_TRUE(layout.valid);
    const double length = sample->track.view.routes[0].length;
    EXPECT_FLOAT_EQ(layout.length, static_cast<float>(length));
    EXPECT_FLOAT_EQ(layout.startDistance, sample->track.view.nodes[12].distance);
    ASSERT_EQ(layout.sectorCount, 3u);
    EXPECT_NEAR(layout.sectorStarts[1], length / 4.0, 1e-3);  // node 24 is a quarter lap past node 12
    EXPECT_NEAR(layout.sectorStarts[2], length / 2.0, 1e-3);

    // From a grid slot 10 m behind the line, three laps and a bit at 20 m/s.
    trackwright::LapCounter counter(sample->track);
    constexpr double kSpeed = 20.0;
    const double line = layout.startDistance;
    const double driven = drive(sample->track, counter, line - 10.0, kSpeed, (3.0 * length + 10.0 + 5.0) / kSpeed, 1.0f / 60.0f);
    const double past = driven - 10.0 - 3.0 * length;  // metres into lap 4
    const trackwright::LapStatus& s = counter.status();
    EXPECT_EQ(s.lapsCompleted, 3u);
    EXPECT_NEAR(s.raceDistance, 3.0 * length + past, 0.05);
    EXPECT_NEAR(s.lapDistance, past, 0.05);
    EXPECT_EQ(s.sector, 0u);
    EXPECT_NEAR(s.lastLapTime, length / kSpeed, 1e-3);
    EXPECT_NEAR(s.bestLapTime, length / kSpeed, 1e-3);
    EXPECT_TRUE(s.lastLapComplete);
    EXPECT_NEAR(s.currentLapTime, past / kSpeed, 1e-3);
    EXPECT_NEAR(s.sectorTimes[0], length / 4.0 / kSpeed, 1e-3);
    EXPECT_NEAR(s.sectorTimes[1], length / 4.0 / kSpeed, 1e-3);
    EXPECT_NEAR(s.sectorTimes[2], length / 2.0 / kSpeed, 1e-3);
}

TEST(LapCounter, LapTimesDoNotDependOnTheFrameRate) {
    const auto sample = tw::test::bakeSample(markedCircle());
    const double length = sample->track.view.routes[0].length;
    double times[2] = {};
    const float steps[2] = {1.0f / 20.0f, 1.0f / 144.0f};
    for (int k = 0; k < 2; ++k) {
        trackwright::LapCounter counter(sample->track);
        drive(sample->track, counter, counter.layout().startDistance - 3.0, 31.0, (2.0 * length + 3.0 + 1.0) / 31.0, steps[k]);
        ASSERT_EQ(counter.status().lapsCompleted, 2u);
        times[k] = counter.status().lastLapTime;
    }
    EXPECT_NEAR(times[0], times[1], 2e-3);
}

TEST(LapCounter, GroundCountsOnceAndAMidLapStartIsNotABestLap) {
    const auto sample = tw::test::bakeSample(markedCircle());
    const trackwright::BakedTrack& track = sample->track;
    const double length = track.view.routes[0].length;
    trackwright::LapCounter counter(track);
    const double line = counter.layout().startDistance;
    trackwright::Registrar registrar(track);
    auto at = [&](double distance, float dt) {
        trackwright::TrackPoint p;
        EXPECT_TRUE(trackwright::routePointAt(track, 0, distance, p));
        return counter.update(registrar.update(p.position), dt);
    };
    // Starts a third of a lap past the line: lap 1 is an out-lap.
    double d = line + length / 3.0;
    at(d, 0.0f);
    for (; d < line + length + 20.0; d += 0.5) at(d, 0.05f);
    EXPECT_EQ(counter.status().lapsCompleted, 1u);
    EXPECT_FALSE(counter.status().lastLapComplete);
    EXPECT_EQ(counter.status().bestLapTime, 0.0);
    // Backs over the line and drives over it again: still one lap.
    for (; d > line + length - 20.0; d -= 0.5) at(d, 0.05f);
    for (; d < line + length + 20.0; d += 0.5) at(d, 0.05f);
    EXPECT_EQ(counter.status().lapsCompleted, 1u);
    // A full lap more is lap 2, complete, and the best.
    for (; d < line + 2.0 * length + 1.0; d += 0.5) at(d, 0.05f);
    EXPECT_EQ(counter.status().lapsCompleted, 2u);
    EXPECT_TRUE(counter.status().lastLapComplete);
    EXPECT_EQ(counter.status().bestLapTime, counter.status().lastLapTime);

    counter.reset();
    EXPECT_EQ(counter.status().lapsCompleted, 0u);
    EXPECT_EQ(counter.status().raceTime, 0.0);
}

TEST(LapCounter, RefusesBadTimeStepsAndHoldsProgressOffTheTrack) {
    const auto sample = tw::test::bakeSample(markedCircle());
    trackwright::LapCounter counter(sample->track);
    trackwright::Registration where;
    where.defined = true;
    where.distance = 100.0f;
    ASSERT_TRUE(counter.update(where, 0.0f));
    const trackwright::LapStatus before = counter.status();
    EXPECT_FALSE(counter.update(where, -0.1f));
    EXPECT_FALSE(counter.update(where, std::nanf("")));
    EXPECT_FALSE(counter.update(where, INFINITY));
    EXPECT_FALSE(counter.update(where, trackwright::kMaxTick * 1.5f)) << "a tick no game takes";
    trackwright::Registration broken = where;
    broken.distance = NAN;
    EXPECT_FALSE(counter.update(broken, 0.1f));
    EXPECT_EQ(counter.status().raceTime, before.raceTime);
    EXPECT_EQ(counter.status().raceDistance, before.raceDistance);
    // Undefined (off the walls) and unknown routes: the clock runs, the car stays where it was.
    EXPECT_TRUE(counter.update(trackwright::Registration{}, 0.25f));
    trackwright::Registration elsewhere = where;
    elsewhere.route = 7;
    elsewhere.distance = 300.0f;
    EXPECT_TRUE(counter.update(elsewhere, 0.25f));
    EXPECT_EQ(counter.status().raceDistance, before.raceDistance);
    EXPECT_DOUBLE_EQ(counter.status().raceTime, 0.5);
}

TEST(LapCounter, APitLaneCountsAsTheStretchItBypasses) {
    formats::TrackDocument doc = markedCircle();
    // A pit lane inside the circle from node 2 to node 10.
    formats::Route pit{"pit", false, {}, formats::RouteAttachment{0, 2}, formats::RouteAttachment{0, 10}};
    for (int k = 4; k <= 8; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / 48.0;
        formats::TrackNode node;
        node.position = {38.0 * std::cos(angle), 38.0 * std::sin(angle), 0.0};
        node.left = {2.0, 2.5, 3.0};
        node.right = {2.0, 2.5, 3.0};
        pit.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(pit);
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    ASSERT_EQ(track.view.routes.size(), 2u);
    trackwright::LapCounter counter(track);
    trackwright::Registration where;
    where.defined = true;
    where.route = 0;
    where.distance = track.view.nodes[1].distance;
    ASSERT_TRUE(counter.update(where, 0.0f));
    const double start = counter.status().raceDistance;
    // Down the pit lane to its end: the car has passed the stretch from node 2 to node 10.
    where.route = 1;
    for (float d = 0.0f; d <= track.view.routes[1].length; d += 1.0f) {
        where.distance = d;
        ASSERT_TRUE(counter.update(where, 0.1f));
    }
    where.route = 0;
    where.distance = track.view.nodes[10].distance + 1.0f;
    ASSERT_TRUE(counter.update(where, 0.1f));
    EXPECT_NEAR(counter.status().raceDistance - start, track.view.nodes[10].distance + 1.0 - track.view.nodes[1].distance, 0.01);
}

TEST(LapCounter, ATrackWithoutALoopHasNoLaps) {
    formats::TrackDocument doc = tw::test::circleTrack(24);
    doc.routes[0].closed = false;
    doc.markers = {{"start", 3, ""}};
    const auto sample = tw::test::bakeSample(doc);
    trackwright::LapCounter counter(sample->track);
    EXPECT_FALSE(counter.layout().valid);
    trackwright::Registration where;
    where.defined = true;
    EXPECT_FALSE(counter.update(where, 0.1f));
}

} // namespace
