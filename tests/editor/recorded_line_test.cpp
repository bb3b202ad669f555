// Record a line by driving (issue 49): a driven path becomes a route's line where it crossed each
// node between its walls, smoothed; the latest lap wins, nodes not reached keep their offsets, and
// the far side of the circuit a node's perpendicular also meets is not the car passing it.
#include "editor/document/recorded_line.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

/// A path round the circle's centre at `radius`, counter-clockwise (the track's direction), from
/// `from` to `to` radians, a point every 0.5 m, `wobble` m of weave across it every 10 m.
std::vector<formats::Vec2> arc(double radius, double from, double to, double wobble = 0.0) {
    std::vector<formats::Vec2> path;
    const int points = static_cast<int>(std::abs(to - from) * radius / 0.5);
    for (int i = 0; i <= points; ++i) {
        const double angle = from + (to - from) * i / points;
        const double r = radius + wobble * std::sin(angle * radius / 10.0 * 2.0 * std::numbers::pi);
        path.push_back({r * std::cos(angle), r * std::sin(angle)});
    }
    return path;
}

constexpr double kLap = 2.0 * std::numbers::pi;

TEST(RecordedLine, ALapDrivenTwoMetresOutsideIsALineTwoMetresToTheRight) {
    const formats::TrackDocument track = tw::test::circleTrack(24, 60.0);
    // From just before node 0 to just past it a lap later: every node crossed once.
    const editor::RecordedLine line = editor::lineFromPath(track, 0, arc(62.0, -0.05, kLap + 0.05), track.lines[0].offsets);
    EXPECT_EQ(line.recorded, 24u);
    ASSERT_EQ(line.offsets.size(), 24u);
    // Outside a counter-clockwise circle is to the right: negative. The node's perpendicular meets
    // the path at the radius over the cosine of nothing: 2 m.
    for (double offset : line.offsets) EXPECT_NEAR(offset, -2.0, 0.01);
}

TEST(RecordedLine, TheLatestLapWinsAndNodesNotReachedKeepTheirOffsets) {
    const formats::TrackDocument track = tw::test::circleTrack(24, 60.0);
    std::vector<formats::Vec2> path = arc(62.0, -0.05, kLap - 0.05);
    const std::vector<formats::Vec2> second = arc(57.0, kLap - 0.05, kLap + kLap / 4.0 + 0.01);  // a quarter more, 3 m inside
    path.insert(path.end(), second.begin(), second.end());
    const editor::RecordedLine line = editor::lineFromPath(track, 0, path, track.lines[0].offsets, 0);
    EXPECT_EQ(line.recorded, 24u);
    for (int k = 0; k <= 6; ++k) EXPECT_NEAR(line.offsets[static_cast<std::size_t>(k)], 3.0, 0.01) << "node " << k << ": the second lap's";
    for (int k = 7; k < 24; ++k) EXPECT_NEAR(line.offsets[static_cast<std::size_t>(k)], -2.0, 0.01) << "node " << k << ": the first lap's";

    // A part of a lap: only the nodes it passed change.
    const editor::RecordedLine part = editor::lineFromPath(track, 0, arc(62.0, 0.1, kLap / 2.0 - 0.01), track.lines[0].offsets);
    EXPECT_EQ(part.recorded, 11u);  // nodes 1 to 11
    EXPECT_EQ(part.offsets[0], track.lines[0].offsets[0]);
    EXPECT_EQ(part.offsets[15], track.lines[0].offsets[15]);
    EXPECT_NEAR(part.offsets[5], -2.0, 0.01);
}

TEST(RecordedLine, AWeaveIsSmoothedAndTheFarSideIsNotAPassing) {
    const formats::TrackDocument track = tw::test::circleTrack(48, 60.0);
    const editor::RecordedLine raw = editor::lineFromPath(track, 0, arc(60.0, -0.05, kLap + 0.05, 0.8), {}, 0);
    const editor::RecordedLine smooth = editor::lineFromPath(track, 0, arc(60.0, -0.05, kLap + 0.05, 0.8), {}, 3);
    const auto spread = [](const std::vector<double>& v) {
        double sum = 0.0;
        for (double x : v) sum += x * x;
        return std::sqrt(sum / static_cast<double>(v.size()));
    };
    EXPECT_GT(spread(raw.offsets), 0.3);
    EXPECT_LT(spread(smooth.offsets), 0.6 * spread(raw.offsets)) << "the weave is smoothed";
    // A drive straight across the infield meets every node's perpendicular line, inside no node's walls.
    const std::vector<formats::Vec2> across{{-40.0, -1.0}, {40.0, 1.0}};
    EXPECT_EQ(editor::lineFromPath(track, 0, across, {}).recorded, 0u);
}

} // namespace
