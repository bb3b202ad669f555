#include "formats/geometry/segment_grid.h"

#include <algorithm>
#include <cmath>

namespace formats {
namespace {

bool finite(Vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

/// Bounding boxes overlap: a cheap reject before the orientation tests.
bool boxesOverlap(const GridSegment& s, Vec2 c, Vec2 d) {
    return std::max(std::min(s.a.x, s.b.x), std::min(c.x, d.x)) <= std::min(std::max(s.a.x, s.b.x), std::max(c.x, d.x)) &&
        std::max(std::min(s.a.y, s.b.y), std::min(c.y, d.y)) <= std::min(std::max(s.a.y, s.b.y), std::max(c.y, d.y));
}

/// Cell index of a half-scale coordinate offset, clamped to [0, count - 1]; NaN maps to 0. Monotone
/// in `scaled`, which the pair de-duplication relies on.
std::int64_t clampedCell(double scaled, std::int64_t count) {
    if (!(scaled > 0.0)) return 0;
    if (scaled >= static_cast<double>(count - 1)) return count - 1;
    return static_cast<std::int64_t>(scaled);
}

} // namespace

SegmentGrid::CellBox SegmentGrid::cellBox(Vec2 a, Vec2 b) const {
    const auto column = [&](double x) { return clampedCell((x * 0.5 - m_halfOrigin.x) / m_halfCell, m_columns); };
    const auto row = [&](double y) { return clampedCell((y * 0.5 - m_halfOrigin.y) / m_halfCell, m_rows); };
    return {column(std::min(a.x, b.x)), column(std::max(a.x, b.x)), row(std::min(a.y, b.y)), row(std::max(a.y, b.y))};
}

template <class Visit> void SegmentGrid::forEachCell(const CellBox& box, Visit&& visit) const {
    for (std::int64_t y = box.y0; y <= box.y1; ++y)
        for (std::int64_t x = box.x0; x <= box.x1; ++x) visit(x, y, static_cast<std::size_t>(y * m_columns + x));
}

SegmentGrid::SegmentGrid(std::vector<GridSegment> segments, double cellSize) : m_segments(std::move(segments)) {
    const std::size_t n = m_segments.size();
    m_boxes.assign(n, CellBox{});
    bool any = false;
    Vec2 lo, hi;
    for (const GridSegment& s : m_segments) {
        if (!finite(s.a) || !finite(s.b)) continue;
        for (Vec2 p : {s.a, s.b}) {
            lo = any ? Vec2{std::min(lo.x, p.x), std::min(lo.y, p.y)} : p;
            hi = any ? Vec2{std::max(hi.x, p.x), std::max(hi.y, p.y)} : p;
            any = true;
        }
    }
    if (!any) return;

    m_halfOrigin = lo * 0.5;
    const double extentX = hi.x * 0.5 - m_halfOrigin.x;
    const double extentY = hi.y * 0.5 - m_halfOrigin.y;
    // At most maxCells cells along either axis and in area: cells <= 3 * maxCells + 1.
    const double maxCells = 4.0 * static_cast<double>(n) + 16.0;
    m_halfCell = cellSize > 0.0 && std::isfinite(cellSize) ? 0.5 * cellSize : 0.5;
    m_halfCell = std::max({m_halfCell, std::max(extentX, extentY) / maxCells,
                           std::sqrt(extentX) * std::sqrt(extentY) / std::sqrt(maxCells)});

    // Long segments cover many cells each; coarsen until the cell lists stay about O(n). Once a cell
    // spans the whole extent every segment has one entry, so this ends within log2(maxCells) steps.
    const std::size_t maxEntries = 16 * n + 1024;
    std::size_t entries = 0;
    for (;;) {
        m_columns = static_cast<std::int64_t>(extentX / m_halfCell) + 1;
        m_rows = static_cast<std::int64_t>(extentY / m_halfCell) + 1;
        entries = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const GridSegment& s = m_segments[i];
            if (!finite(s.a) || !finite(s.b)) continue;
            m_boxes[i] = cellBox(s.a, s.b);
            entries += static_cast<std::size_t>((m_boxes[i].x1 - m_boxes[i].x0 + 1) * (m_boxes[i].y1 - m_boxes[i].y0 + 1));
        }
        if (entries <= maxEntries || (m_columns == 1 && m_rows == 1)) break;
        m_halfCell *= 2.0;
    }

    const std::size_t cellCount = static_cast<std::size_t>(m_columns * m_rows);
    m_cellStart.assign(cellCount + 1, 0);
    for (const CellBox& box : m_boxes)
        forEachCell(box, [&](std::int64_t, std::int64_t, std::size_t cell) { ++m_cellStart[cell + 1]; });
    for (std::size_t c = 0; c < cellCount; ++c) m_cellStart[c + 1] += m_cellStart[c];
    m_cellItems.resize(entries);
    std::vector<std::size_t> fill(m_cellStart.begin(), m_cellStart.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
        forEachCell(m_boxes[i], [&](std::int64_t, std::int64_t, std::size_t cell) { m_cellItems[fill[cell]++] = static_cast<std::uint32_t>(i); });
}

void SegmentGrid::forEachIntersectingPair(const std::function<bool(const GridSegment&, const GridSegment&)>& visit) const {
    for (std::size_t cell = 0; cell + 1 < m_cellStart.size(); ++cell) {
        const std::int64_t cx = static_cast<std::int64_t>(cell) % m_columns;
        const std::int64_t cy = static_cast<std::int64_t>(cell) / m_columns;
        for (std::size_t i = m_cellStart[cell]; i < m_cellStart[cell + 1]; ++i) {
            const CellBox& bi = m_boxes[m_cellItems[i]];
            for (std::size_t j = i + 1; j < m_cellStart[cell + 1]; ++j) {
                const CellBox& bj = m_boxes[m_cellItems[j]];
                // A pair sharing several cells is tested once: in the first cell both cover, the
                // lower-left corner of the overlap of their cell ranges.
                if (std::max(bi.x0, bj.x0) != cx || std::max(bi.y0, bj.y0) != cy) continue;
                const GridSegment& s = m_segments[m_cellItems[i]];
                const GridSegment& t = m_segments[m_cellItems[j]];
                if (boxesOverlap(s, t.a, t.b) && segmentsIntersect(s.a, s.b, t.a, t.b) && !visit(s, t)) return;
            }
        }
    }
}

void SegmentGrid::forEachIntersecting(Vec2 a, Vec2 b, const std::function<void(const GridSegment&)>& visit) const {
    if (m_cellStart.empty() || !finite(a) || !finite(b)) return;
    const CellBox query = cellBox(a, b);
    forEachCell(query, [&](std::int64_t cx, std::int64_t cy, std::size_t cell) {
        for (std::size_t i = m_cellStart[cell]; i < m_cellStart[cell + 1]; ++i) {
            const CellBox& box = m_boxes[m_cellItems[i]];
            if (std::max(query.x0, box.x0) != cx || std::max(query.y0, box.y0) != cy) continue;
            const GridSegment& s = m_segments[m_cellItems[i]];
            if (boxesOverlap(s, a, b) && segmentsIntersect(a, b, s.a, s.b)) visit(s);
        }
    });
}

} // namespace formats
