#pragma once

#include "formats/vec.h"

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

/// Uniform grid over a set of segments: each cell lists the segments whose bounding box touches
/// it, so intersection candidates are found in O(n) overall instead of O(n²).
class SegmentGrid {
public:
    /// `cellSize` in metres; about the typical segment length works well.
    SegmentGrid(std::vector<GridSegment> segments, double cellSize);

    /// Calls `visit(first, second)` once for every pair of segments whose bounding boxes share a
    /// cell and that actually intersect (touching counts), first.id order unspecified.
    void forEachIntersectingPair(const std::function<void(const GridSegment&, const GridSegment&)>& visit) const;

    const std::vector<GridSegment>& segments() const { return m_segments; }

private:
    std::vector<GridSegment> m_segments;
    double m_cellSize;
    Vec2 m_origin;
    std::int64_t m_columns = 0;
    std::int64_t m_rows = 0;
    // Compressed cell lists: the segments of cell c are m_cellItems[m_cellStart[c] .. m_cellStart[c+1]).
    std::vector<std::uint32_t> m_cellStart;
    std::vector<std::uint32_t> m_cellItems;
};

/// True when segments [a, b] and [c, d] intersect or touch.
bool segmentsIntersect(Vec2 a, Vec2 b, Vec2 c, Vec2 d);

} // namespace formats
