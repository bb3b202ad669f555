// Points on a route by distance, and the nearest point for a car that got lost.
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/track_point.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

TEST(TrackPoint, RoutePointsWrapOnALoopAndClampOnAnOpenRoute) {
    const auto sample = tw::test::bakeSample(tw::test::circleTrack(48));
    const trackwright::BakedTrack& track = sample->track;
    const double length = track.view.routes[0].length;
    trackwright::TrackPoint a, b;
    ASSERT_TRUE(trackwright::routePointAt(track, 0, 30.0, a));
    ASSERT_TRUE(trackwright::routePointAt(track, 0, 30.0 + 2.0 * length, b));
    EXPECT_NEAR(a.position.x, b.position.x, 1e-3);
    EXPECT_NEAR(a.position.y, b.position.y, 1e-3);
    ASSERT_TRUE(trackwright::routePointAt(track, 0, 30.0 - length, b));
    EXPECT_NEAR(a.position.x, b.position.x, 1e-3);
    EXPECT_NEAR(a.distance, 30.0f, 1e-3);
    // Counter-clockwise round a circle of 60 m: the heading is 90° ahead of the position's angle,
    // left points to the middle, the curvature is about 1/60.
    const double angle = std::atan2(a.position.y, a.position.x);
    EXPECT_NEAR(std::remainder(a.heading - angle - std::numbers::pi / 2.0, 2.0 * std::numbers::pi), 0.0, 0.07);
    EXPECT_LT(formats::dot(a.left, a.position), 0.0);
    EXPECT_NEAR(a.curvature, 1.0 / 60.0, 2e-3);
    EXPECT_FLOAT_EQ(a.leftTrack, 5.0f);
    EXPECT_FLOAT_EQ(a.rightTrack, 6.0f);

    formats::TrackDocument open = tw::test::circleTrack(24);
    open.routes[0].closed = false;
    const auto openSample = tw::test::bakeSample(open);
    trackwright::TrackPoint end;
    ASSERT_TRUE(trackwright::routePointAt(openSample->track, 0, 1e6, end));
    const formats::BakedNode& last = openSample->track.view.nodes.back();
    EXPECT_NEAR(end.position.x, last.x, 1e-3);
    EXPECT_NEAR(end.position.y, last.y, 1e-3);
    ASSERT_TRUE(trackwright::routePointAt(openSample->track, 0, -50.0, end));
    EXPECT_NEAR(end.position.x, openSample->track.view.nodes[0].x, 1e-3);

    EXPECT_FALSE(trackwright::routePointAt(track, 5, 0.0, a));
    EXPECT_FALSE(trackwright::routePointAt(track, 0, NAN, a));
}

// A car stuck 40 m off the track comes back beside where it left, not at the start line.
TEST(TrackPoint, ALostCarFindsTheNearestCentreLinePoint) {
    const auto sample = tw::test::bakeSample(tw::test::circleTrack(48));
    const trackwright::BakedTrack& track = sample->track;
    const double angle = 2.0;  // rad round the circle, far from the start at angle 0
    const formats::Vec2 lost{100.0 * std::cos(angle), 100.0 * std::sin(angle)};
    trackwright::TrackPoint p;
    float off = 0.0f;
    ASSERT_TRUE(trackwright::nearestTrackPoint(track, lost, p, off));
    // The nearest point of the 48-gon, which is within a few metres of the circle's.
    EXPECT_NEAR(std::atan2(p.position.y, p.position.x), angle, 0.03);
    EXPECT_NEAR(off, 100.0 - 60.0, 0.3);
    EXPECT_NEAR(p.distance, angle * 60.0, 2.0);
    EXPECT_NEAR(formats::length(lost - p.position), off, 1e-3);
    EXPECT_FALSE(trackwright::nearestTrackPoint(track, {NAN, 0.0}, p, off));
    EXPECT_FALSE(trackwright::nearestTrackPoint(track, {0.0, INFINITY}, p, off));
}

// A point by distance and a line sample carry the road: on the ramp of tests/support/test_tracks.h,
// 25.1247 m along (2.5 ramp links of √101 m) is x = 25, 2.5 m up a 10 % slope, banked 0.025 rad,
// grip 0.875.
TEST(TrackPoint, PointsAndLineSamplesCarryTheClimbBankingAndGrip) {
    const auto sample = tw::test::bakeSample(tw::test::rampTrack());
    const trackwright::BakedTrack& track = sample->track;
    const double along = 2.5 * std::sqrt(101.0);
    trackwright::TrackPoint p;
    ASSERT_TRUE(trackwright::routePointAt(track, 0, along, p));
    EXPECT_NEAR(p.position.x, 25.0, 1e-4);
    EXPECT_NEAR(p.z, 2.5f, 1e-5);
    EXPECT_NEAR(p.road.tangentZ, 0.0995037, 1e-7);
    EXPECT_NEAR(trackwright::roadGradient(p.road), 0.1, 1e-6);
    EXPECT_NEAR(p.road.banking, 0.025, 1e-6);
    EXPECT_NEAR(p.road.grip, 0.875, 1e-6);
    EXPECT_EQ(p.road.forwardX, 1.0f);

    const trackwright::LineSampler centre(track, trackwright::findLine(track, 0, "centre", 0), 0);
    ASSERT_TRUE(centre.valid());
    EXPECT_NEAR(centre.length(), 5.0 * std::sqrt(101.0) + 50.0, 1e-4) << "a line's length is 3D too";
    const trackwright::LineSample s = centre.sample(along);
    EXPECT_NEAR(s.position.x, 25.0, 1e-4);
    EXPECT_NEAR(s.road.tangentZ, 0.0995037, 1e-7) << "the line's own climb";
    EXPECT_NEAR(s.road.banking, 0.025, 1e-6);
    EXPECT_NEAR(s.road.grip, 0.875, 1e-6);
    // The open line's far end: the last point's road.
    const trackwright::LineSample end = centre.sample(1e6);
    EXPECT_EQ(end.road.tangentZ, 0.0f);
    EXPECT_NEAR(end.road.grip, 0.5, 1e-6);
    EXPECT_NEAR(end.road.banking, 0.1, 1e-6);
}

} // namespace
