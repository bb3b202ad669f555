#pragma once

#include "formats/geometry/segment_intersection.h"
#include "trackwright/format/vec.h"

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

/// Uniform grid over a set of segments: each cell lists the segments whose bounding box touches it,
/// so intersection candidates are found in about O(n) instead of comparing every pair. Used to find
/// self-intersecting track edges on 20 000-node tracks and to intersect node perpendiculars with an
/// imported polyline.
///
/// Bounded whatever the input: the grid never has more than about 12 cells per segment nor more
/// than about 16 cell entries per segment (the cells grow until it fits), so a few very long
/// segments or far-flung coordinates cost coarser cells, not memory. Segments with a non-finite
/// coordinate are kept in `segments()` but never reported.
class SegmentGrid {
public:
    /// `cellSize` in metres; about the typical segment length works well. A non-positive or
    /// non-finite size falls back to 1 m, then grows as the bounds above require.
    SegmentGrid(std::vector<GridSegment> segments, double cellSize);

    /// Calls `visit(first, second)` once for every pair of stored segments that intersect or touch
    /// (`segmentsIntersect`), in a deterministic order (by grid cell), until `visit` returns false;
    /// which of the two comes first is unspecified. A pile of segments can cross itself n²/2
    /// times: a caller that only lists a few stops early instead of counting them all.
    void forEachIntersectingPair(const std::function<bool(const GridSegment&, const GridSegment&)>& visit) const;

    /// Calls `visit(segment)` once for every stored segment that intersects or touches the query
    /// segment [a, b], in a deterministic order. The query may lie partly or wholly outside the
    /// stored segments' bounds.
    void forEachIntersecting(Vec2 a, Vec2 b, const std::function<void(const GridSegment&)>& visit) const;

    const std::vector<GridSegment>& segments() const { return m_segments; }
    /// Edge length of a cell after the bounds above were applied, metres.
    double cellSize() const { return 2.0 * m_halfCell; }

private:
    /// Inclusive range of cells a bounding box covers.
    struct CellBox {
        std::int64_t x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    };
    CellBox cellBox(Vec2 a, Vec2 b) const;
    template <class Visit> void forEachCell(const CellBox& box, Visit&& visit) const;

    std::vector<GridSegment> m_segments;
    std::vector<CellBox> m_boxes;  ///< per segment; empty range for non-finite segments
    // Coordinates are mapped at half scale, (x/2 - origin/2) / halfCell, so the extent of any two
    // finite coordinates stays finite (x_max - x_min can overflow, x_max/2 - x_min/2 cannot).
    Vec2 m_halfOrigin;
    double m_halfCell = 0.5;
    std::int64_t m_columns = 0;
    std::int64_t m_rows = 0;
    // Compressed cell lists: the segments of cell c are m_cellItems[m_cellStart[c] .. m_cellStart[c+1]).
    std::vector<std::size_t> m_cellStart;
    std::vector<std::uint32_t> m_cellItems;
};

} // namespace formats
