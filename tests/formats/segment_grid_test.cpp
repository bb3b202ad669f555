#include "formats/segment_grid.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace {

TEST(SegmentIntersection, ProperTouchingCollinearAndApart) {
    using formats::segmentsIntersect;
    EXPECT_TRUE(segmentsIntersect({0, 0}, {2, 2}, {0, 2}, {2, 0}));
    EXPECT_TRUE(segmentsIntersect({0, 0}, {2, 0}, {2, 0}, {3, 5}));   // touching at an end
    EXPECT_TRUE(segmentsIntersect({0, 0}, {4, 0}, {2, 0}, {6, 0}));   // collinear overlap
    EXPECT_FALSE(segmentsIntersect({0, 0}, {1, 0}, {2, 0}, {3, 0}));  // collinear apart
    EXPECT_FALSE(segmentsIntersect({0, 0}, {1, 1}, {0, 1}, {0.4, 0.6}));
}

// The grid must report exactly the pairs a brute-force comparison finds, each once.
TEST(SegmentGrid, FindsTheSamePairsAsBruteForce) {
    std::uint64_t state = 42;
    auto uniform = [&](double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    for (double cellSize : {0.5, 3.0, 40.0}) {
        std::vector<formats::GridSegment> segments;
        for (std::uint32_t i = 0; i < 400; ++i) {
            const formats::Vec2 a{uniform(0, 200), uniform(0, 100)};
            segments.push_back({a, a + formats::Vec2{uniform(-8, 8), uniform(-8, 8)}, i});
        }
        std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
        for (std::size_t i = 0; i < segments.size(); ++i)
            for (std::size_t j = i + 1; j < segments.size(); ++j)
                if (formats::segmentsIntersect(segments[i].a, segments[i].b, segments[j].a, segments[j].b))
                    expected.insert({segments[i].id, segments[j].id});
        std::multiset<std::pair<std::uint32_t, std::uint32_t>> found;
        formats::SegmentGrid(segments, cellSize).forEachIntersectingPair([&](const formats::GridSegment& s, const formats::GridSegment& t) {
            found.insert({std::min(s.id, t.id), std::max(s.id, t.id)});
        });
        EXPECT_GT(expected.size(), 50u);
        EXPECT_EQ(std::set(found.begin(), found.end()), expected) << "cell size " << cellSize;
        EXPECT_EQ(found.size(), expected.size()) << "a pair was reported twice, cell size " << cellSize;
    }
}

} // namespace
