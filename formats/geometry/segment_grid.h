#pragma once

#include "formats/geometry/segment_intersection.h"
#include "formats/baked/format_names.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace formats {

/// A 2D segment with the caller's identifier.
struct GridSegment {
    Vec2 a;
    Vec2 b;
    std::uint32_t id = 0;
};

/// Sparse hierarchical grid over a set of segments: intersection candidates in about O(n) instead
/// of comparing every pair. Used to find self-intersecting track edges on 20 000-node tracks and to
/// intersect node perpendiculars with an imported polyline.
///
/// Each segment lives on the finest level whose cells it covers at most kMaxCellsPerSegment of
/// (its native level); level 0's cells are about the median segment's size, and each level above
/// is sized for the median of the segments too long for the one below, so at least half of them
/// settle there. A level's cells hold its natives and every shorter segment; a pair is tested on
/// the level of its longer member only. Only occupied cells are stored (sorted keys), so the
/// extent costs nothing: one mistyped node a thousand kilometres away no longer makes every cell
/// hold the whole track (a 50 000-node loop took 9 s). Memory stays within
/// kMaxCellsPerSegment entries per segment and level. Segments with a non-finite coordinate are
/// kept in `segments()` but never reported.
class SegmentGrid {
public:
    /// `cellSize` in metres: a hint kept for compatibility; cells follow the segments' own sizes.
    SegmentGrid(std::vector<GridSegment> segments, double cellSize);

    /// Calls `visit(first, second)` once for every pair of stored segments that intersect or touch
    /// (`segmentsIntersect`), in a deterministic order, until `visit` returns false; which of the
    /// two comes first is unspecified. A pile of segments can cross itself n²/2 times: a caller
    /// that only lists a few stops early instead of counting them all.
    void forEachIntersectingPair(const std::function<bool(const GridSegment&, const GridSegment&)>& visit) const;

    /// Calls `visit(segment)` once for every stored segment that intersects or touches the query
    /// segment [a, b], in a deterministic order. The query may lie partly or wholly outside the
    /// stored segments' bounds.
    void forEachIntersecting(Vec2 a, Vec2 b, const std::function<void(const GridSegment&)>& visit) const;

    const std::vector<GridSegment>& segments() const { return m_segments; }
    /// Edge length of the finest level's cells, metres.
    double cellSize() const;
    /// Cell entries stored over all levels: at most kMaxCellsPerSegment per segment and level.
    std::size_t cellEntries() const;

    /// Cells a segment may cover on its native level.
    static constexpr std::int64_t kMaxCellsPerSegment = 16;

private:
    /// Inclusive range of cells a bounding box covers on one level.
    struct CellBox {
        std::int64_t x0 = 0, x1 = -1, y0 = 0, y1 = -1;
        std::int64_t cells() const { return (x1 - x0 + 1) * (y1 - y0 + 1); }
    };
    /// One level: its cell size and the occupied cells, as (cell key, segment) sorted by key.
    struct Level {
        double halfCell = 0.5;
        std::int64_t columns = 1;  ///< cells across that any stored segment reaches: keys are y * columns + x
        std::vector<CellBox> boxes;  ///< per segment, for the segments on this level (else empty)
        std::vector<std::pair<std::uint64_t, std::uint32_t>> entries;
    };
    CellBox cellBox(const Level& level, Vec2 a, Vec2 b) const;
    static std::uint64_t key(const Level& level, std::int64_t x, std::int64_t y);
    /// Fills `level.entries` with every (cell, segment) of its members, sorted by key.
    static void fillEntries(Level& level, const std::vector<std::uint32_t>& members, std::int64_t rows, std::size_t count);

    std::vector<GridSegment> m_segments;
    std::vector<std::uint8_t> m_native;  ///< per segment: its level; kNoLevel for non-finite ones
    std::vector<Level> m_levels;
    // Coordinates are mapped at half scale, (x/2 - origin/2) / halfCell, so the extent of any two
    // finite coordinates stays finite (x_max - x_min can overflow, x_max/2 - x_min/2 cannot).
    Vec2 m_halfOrigin;
    double m_halfExtent = 0.0;
    static constexpr std::uint8_t kNoLevel = 0xff;
};

} // namespace formats
