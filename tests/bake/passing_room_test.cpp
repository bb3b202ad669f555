// Where a track has room for two cars abreast (issue 48): the traffic table says which tracks lack
// it, from the car's width and the road, not from a list of tracks.
#include "bake/sim/passing_room.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

namespace {

TEST(PassingRoom, TheShareOfTheLapWhoseTarmacHoldsTwoCarsAbreastWithTheirClearanceAndMargins) {
    formats::TrackDocument doc = tw::test::circleTrack(24);  // 11 m of tarmac, 24 equal links
    {
        const auto wide = tw::test::bakeSample(doc);
        EXPECT_DOUBLE_EQ(bake::twoAbreastShare(wide->track, 1.9f, 1.6f, 0.6f), 1.0) << "2 × 1.9 + 1.6 + 2 × 0.6 = 6.6 m fits in 11";
        EXPECT_DOUBLE_EQ(bake::twoAbreastShare(wide->track, 4.5f, 1.6f, 0.6f), 0.0) << "two 4.5 m trucks need 9 + 1.6 + 1.2 = 11.8 m";
    }
    // Half the lap narrowed to a single lane: a link is wide when both its ends are, so 11 of 24.
    for (std::size_t i = 0; i < 12; ++i) doc.nodes[i].left.track = doc.nodes[i].right.track = 2.0;
    const auto narrowed = tw::test::bakeSample(doc);
    EXPECT_NEAR(bake::twoAbreastShare(narrowed->track, 1.9f, 1.6f, 0.6f), 11.0 / 24.0, 1e-3);
}

} // namespace
