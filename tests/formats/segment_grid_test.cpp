#include "formats/geometry/segment_grid.h"
#include "formats/geometry/segment_intersection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <utility>

namespace {

using formats::GridSegment;
using formats::Vec2;
using Pairs = std::set<std::pair<std::uint32_t, std::uint32_t>>;

/// Deterministic uniform numbers (64-bit LCG), so failures reproduce.
struct Random {
    std::uint64_t state;
    double uniform(double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    }
};

std::vector<GridSegment> randomSegments(Random& random, std::size_t count, double width, double height, double reach) {
    std::vector<GridSegment> segments;
    for (std::uint32_t i = 0; i < count; ++i) {
        const Vec2 a{random.uniform(0, width), random.uniform(0, height)};
        segments.push_back({a, a + Vec2{random.uniform(-reach, reach), random.uniform(-reach, reach)}, i});
    }
    return segments;
}

Pairs bruteForcePairs(const std::vector<GridSegment>& segments) {
    Pairs pairs;
    for (std::size_t i = 0; i < segments.size(); ++i)
        for (std::size_t j = i + 1; j < segments.size(); ++j)
            if (formats::segmentsIntersect(segments[i].a, segments[i].b, segments[j].a, segments[j].b))
                pairs.insert({segments[i].id, segments[j].id});
    return pairs;
}

/// The grid's pairs; fails the test when one is reported twice.
Pairs gridPairs(const formats::SegmentGrid& grid) {
    Pairs pairs;
    std::size_t reports = 0;
    grid.forEachIntersectingPair([&](const GridSegment& s, const GridSegment& t) {
        ++reports;
        pairs.insert({std::min(s.id, t.id), std::max(s.id, t.id)});
        return true;
    });
    EXPECT_EQ(reports, pairs.size()) << "a pair was reported twice";
    return pairs;
}

TEST(SegmentIntersection, ProperTouchingCollinearAndApart) {
    using formats::segmentsIntersect;
    EXPECT_TRUE(segmentsIntersect({0, 0}, {2, 2}, {0, 2}, {2, 0}));
    EXPECT_TRUE(segmentsIntersect({0, 0}, {2, 0}, {2, 0}, {3, 5}));   // touching at an end
    EXPECT_TRUE(segmentsIntersect({0, 0}, {2, 0}, {1, 0}, {1, 5}));   // an end on the other's middle
    EXPECT_TRUE(segmentsIntersect({0, 0}, {4, 0}, {2, 0}, {6, 0}));   // collinear overlap
    EXPECT_TRUE(segmentsIntersect({1, 1}, {1, 1}, {0, 0}, {2, 2}));   // a point on a segment
    EXPECT_FALSE(segmentsIntersect({0, 0}, {1, 0}, {2, 0}, {3, 0}));  // collinear apart
    EXPECT_FALSE(segmentsIntersect({0, 0}, {1, 1}, {0, 1}, {0.4, 0.6}));
    EXPECT_FALSE(segmentsIntersect({0, 0}, {1, 0}, {0, 1}, {1, 1}));  // parallel
    EXPECT_FALSE(segmentsIntersect({0, 0}, {NAN, 1}, {0, 1}, {1, 0}));
    EXPECT_FALSE(segmentsIntersect({0, 0}, {INFINITY, 0}, {1, -1}, {1, 1}));
}

TEST(SegmentIntersection, CrossingPointAndParameters) {
    const auto c = formats::segmentCrossing({0, 0}, {4, 0}, {1, -1}, {1, 3});
    ASSERT_TRUE(c);
    EXPECT_DOUBLE_EQ(c->s, 0.25);
    EXPECT_DOUBLE_EQ(c->t, 0.25);
    EXPECT_EQ(c->point, (Vec2{1, 0}));
    EXPECT_FALSE(formats::segmentCrossing({0, 0}, {4, 0}, {5, -1}, {5, 1}));  // the lines cross beyond an end
    EXPECT_FALSE(formats::segmentCrossing({0, 0}, {4, 0}, {1, 0}, {6, 0}));   // collinear: no single point
    EXPECT_TRUE(formats::segmentCrossing({0, 0}, {4, 0}, {4, 0}, {4, 5}));    // touching end counts
}

// The grid must report exactly the pairs a brute-force comparison finds, each once, whatever the
// cell size (including sizes far too small or too large, which the grid corrects).
TEST(SegmentGrid, FindsTheSamePairsAsBruteForce) {
    Random random{42};
    for (double cellSize : {1e-6, 0.5, 3.0, 40.0, 1e9, 0.0, -1.0, static_cast<double>(NAN)}) {
        const std::vector<GridSegment> segments = randomSegments(random, 400, 200, 100, 8);
        const Pairs expected = bruteForcePairs(segments);
        EXPECT_GT(expected.size(), 50u);
        EXPECT_EQ(gridPairs(formats::SegmentGrid(segments, cellSize)), expected) << "cell size " << cellSize;
    }
}

// Long segments spanning the whole area next to short ones, and many segments through one point.
TEST(SegmentGrid, LongSegmentsAndCommonPoints) {
    Random random{7};
    std::vector<GridSegment> segments = randomSegments(random, 300, 1000, 1000, 5);
    for (std::uint32_t i = 0; i < 40; ++i) {
        const double angle = 0.05 * i;
        segments.push_back({{500 - 700 * std::cos(angle), 500 - 700 * std::sin(angle)},
                            {500 + 700 * std::cos(angle), 500 + 700 * std::sin(angle)}, 1000 + i});
    }
    const formats::SegmentGrid grid(segments, 1.0);
    const Pairs pairs = gridPairs(grid);
    EXPECT_EQ(pairs, bruteForcePairs(segments));
    // 40 segments through (500, 500): every pair of them meets there.
    std::size_t throughCentre = 0;
    for (const auto& [s, t] : pairs) throughCentre += s >= 1000 && t >= 1000 ? 1 : 0;
    EXPECT_EQ(throughCentre, 40u * 39u / 2u);
}

// The query the raceline importer needs: which stored segments does one segment (a node
// perpendicular) cross? Same answer as brute force, each segment once, also for queries reaching
// outside the stored bounds.
TEST(SegmentGrid, QueryFindsTheSameSegmentsAsBruteForce) {
    Random random{99};
    const std::vector<GridSegment> segments = randomSegments(random, 500, 300, 300, 12);
    const formats::SegmentGrid grid(segments, 6.0);
    std::size_t hits = 0;
    for (int q = 0; q < 300; ++q) {
        const Vec2 a{random.uniform(-50, 350), random.uniform(-50, 350)};
        const Vec2 b = q % 10 == 0 ? Vec2{random.uniform(-500, 800), random.uniform(-500, 800)}
                                   : a + Vec2{random.uniform(-20, 20), random.uniform(-20, 20)};
        std::set<std::uint32_t> expected;
        for (const GridSegment& s : segments)
            if (formats::segmentsIntersect(a, b, s.a, s.b)) expected.insert(s.id);
        std::multiset<std::uint32_t> found;
        grid.forEachIntersecting(a, b, [&](const GridSegment& s) { found.insert(s.id); });
        EXPECT_EQ(std::set<std::uint32_t>(found.begin(), found.end()), expected) << "query " << q;
        EXPECT_EQ(found.size(), expected.size()) << "a segment was reported twice, query " << q;
        hits += expected.size();
    }
    EXPECT_GT(hits, 200u);
    std::size_t none = 0;
    grid.forEachIntersecting({1e6, 1e6}, {1e6 + 1, 1e6}, [&](const GridSegment&) { ++none; });
    grid.forEachIntersecting({NAN, 0}, {10, 10}, [&](const GridSegment&) { ++none; });
    EXPECT_EQ(none, 0u);
}

// Non-finite and astronomically far coordinates neither crash, nor allocate without bound, nor hide
// the crossings among the ordinary segments.
TEST(SegmentGrid, SurvivesDegenerateInput) {
    std::vector<GridSegment> segments = {
        {{0, 0}, {10, 10}, 0},       {{0, 10}, {10, 0}, 1},        {{NAN, 0}, {5, 5}, 2},
        {{0, INFINITY}, {5, 5}, 3},  {{-1e308, -1e308}, {1e308, 1e308}, 4}, {{1e308, -1e308}, {1e308, -1e308}, 5},
        {{3, 3}, {3, 3}, 6}};
    const formats::SegmentGrid grid(segments, 1e-9);
    EXPECT_TRUE(std::isfinite(grid.cellSize()));
    const Pairs pairs = gridPairs(grid);
    EXPECT_TRUE(pairs.count({0, 1}));
    EXPECT_TRUE(pairs.count({0, 6})) << "a zero-length segment on another one touches it";
    for (const auto& [s, t] : pairs) EXPECT_TRUE(s != 2 && s != 3 && t != 2 && t != 3) << "non-finite segments are never reported";

    EXPECT_EQ(gridPairs(formats::SegmentGrid({}, 1.0)).size(), 0u);
    EXPECT_EQ(gridPairs(formats::SegmentGrid({{{NAN, NAN}, {NAN, NAN}, 0}}, 1.0)).size(), 0u);
    // Many copies of one point: every pair touches.
    std::vector<GridSegment> pile;
    for (std::uint32_t i = 0; i < 30; ++i) pile.push_back({{1, 1}, {1, 1}, i});
    EXPECT_EQ(gridPairs(formats::SegmentGrid(pile, 0.1)).size(), 30u * 29u / 2u);
}

// Far-flung segments cost nothing for the empty space between them: only occupied cells are
// stored, at most kMaxCellsPerSegment per segment and level, whatever the requested cell size.
TEST(SegmentGrid, CellEntriesStayBoundedWhateverTheExtent) {
    std::vector<GridSegment> segments = {{{0, 0}, {1, 0}, 0}, {{1e7, 1e7}, {1e7 + 1, 1e7}, 1}};
    const formats::SegmentGrid sparse(segments, 1e-3);
    EXPECT_LE(sparse.cellEntries(), 2u * formats::SegmentGrid::kMaxCellsPerSegment);
    // A few segments spanning everything: the per-segment cell lists stay short.
    for (std::uint32_t i = 2; i < 10; ++i) segments.push_back({{0, 1e7 * (i - 2) / 8.0}, {1e7, 1e7 - 1e7 * (i - 2) / 8.0}, i});
    const formats::SegmentGrid crossed(segments, 1e-3);
    EXPECT_EQ(gridPairs(crossed), bruteForcePairs(segments));
    EXPECT_LE(crossed.cellEntries(), 3u * segments.size() * formats::SegmentGrid::kMaxCellsPerSegment);
}

// A loop of short links with one node mistyped a hundred thousand kilometres away: its two long
// links must not put the whole loop into one cell (that made validation quadratic).
TEST(SegmentGrid, AFarOutlierKeepsTheLoopInSmallCells) {
    std::vector<GridSegment> segments;
    const std::uint32_t n = 4000;
    auto point = [&](std::uint32_t i) {
        const double angle = 6.283185307179586 * i / n;
        return i == n / 2 ? Vec2{1e8, 0.0} : Vec2{800.0 * std::cos(angle), 800.0 * std::sin(angle)};
    };
    for (std::uint32_t i = 0; i < n; ++i) segments.push_back({point(i), point((i + 1) % n), i});
    const formats::SegmentGrid grid(segments, 1e5);
    EXPECT_LT(grid.cellSize(), 10.0) << "the outlier coarsened the cells the loop lives in";
    EXPECT_EQ(gridPairs(grid), bruteForcePairs(segments));
}

} // namespace

TEST(SegmentGrid, AVisitorStopsTheSearch) {
    // A pile of 400 segments through one point crosses itself 79 800 times; the visitor asks for 10.
    std::vector<GridSegment> pile;
    for (std::uint32_t i = 0; i < 400; ++i) {
        const double angle = 3.14159 * i / 400.0;
        pile.push_back({{-std::cos(angle), -std::sin(angle)}, {std::cos(angle), std::sin(angle)}, i});
    }
    const formats::SegmentGrid grid(pile, 1.0);
    std::size_t visits = 0;
    grid.forEachIntersectingPair([&](const GridSegment&, const GridSegment&) { return ++visits < 10; });
    EXPECT_EQ(visits, 10u);
}
