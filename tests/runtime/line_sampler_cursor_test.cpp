// A follower samples its line through cursors (LineSampler::sample with a cursor, curvatureAt, lateralAt):
// every sample must be the one the binary search gives, wherever the cursor was left.
#include "tests/support/baked_sample.h"
#include "trackwright/track/line_sampler.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

bool sameSample(const trackwright::LineSample& a, const trackwright::LineSample& b) {
    return std::memcmp(&a.position, &b.position, sizeof a.position) == 0 && a.curvature == b.curvature && a.speedHint == b.speedHint &&
           a.distance == b.distance && a.lateral == b.lateral && a.point == b.point && a.tangent.x == b.tangent.x && a.tangent.y == b.tangent.y;
}

TEST(LineSamplerCursor, GivesTheBinarySearchesSampleFromAnyCursor) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    const trackwright::LineSampler line(sample->track, 0, 0);
    ASSERT_TRUE(line.valid());
    const double length = line.length();
    // A car driving forward (the cursor a step or two behind), backward, jumping, and wrapping
    // past the start line of the closed route, from a stale or nonsense cursor.
    std::uint32_t cursor = ~0u;
    for (double d = -30.0; d < 2.0 * length + 30.0; d += 0.37) {
        const trackwright::LineSample expected = line.sample(d);
        ASSERT_TRUE(sameSample(line.sample(d, &cursor), expected)) << d;
        EXPECT_EQ(cursor, expected.point);
    }
    for (double d = length; d > 0.0; d -= 1.3) ASSERT_TRUE(sameSample(line.sample(d, &cursor), line.sample(d))) << d;
    for (std::uint32_t stale : {0u, 5u, 123456u}) {
        for (double d : {0.0, 0.5 * length, length - 0.01, 3.0 * length + 7.0}) {
            std::uint32_t c = stale;
            ASSERT_TRUE(sameSample(line.sample(d, &c), line.sample(d))) << d << " from " << stale;
            std::uint32_t k = stale;
            EXPECT_EQ(line.curvatureAt(d, &k), line.sample(d).curvature) << d;
            std::uint32_t l = stale;
            EXPECT_EQ(line.lateralAt(d, &l), line.sample(d).lateral) << d;
        }
    }
}

// Only the lateral (the follow rule looks at its own path where a car ahead is), on every line of
// a track whose racing lines leave the centre line.
TEST(LineSamplerCursor, GivesTheSamplesLateralAlone) {
    const auto sample = tw::test::bakeSampleFile("ridgeway_park.twtrack");
    bool offTheCentre = false;
    std::uint32_t cursor = 0;
    for (std::uint32_t index = 0; index < sample->track.view.lines.size(); ++index) {
        const trackwright::LineSampler line(sample->track, index, 0);
        for (double d = -5.0; d < line.length() + 5.0; d += 0.73) {
            ASSERT_EQ(line.lateralAt(d, &cursor), line.sample(d).lateral) << index << " at " << d;
            offTheCentre |= line.sample(d).lateral != 0.0f;
        }
    }
    EXPECT_TRUE(offTheCentre) << "every line keeps to the centre line: the lateral is not exercised";
}

} // namespace
