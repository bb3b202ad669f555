#include "formats/segment_grid.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace formats {
namespace {

double orientation(Vec2 a, Vec2 b, Vec2 c) { return cross(b - a, c - a); }

bool onSegment(Vec2 a, Vec2 b, Vec2 p) {
    return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

int sign(double v) { return (v > 0.0) - (v < 0.0); }

} // namespace

bool segmentsIntersect(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    const int o1 = sign(orientation(a, b, c));
    const int o2 = sign(orientation(a, b, d));
    const int o3 = sign(orientation(c, d, a));
    const int o4 = sign(orientation(c, d, b));
    if (o1 != o2 && o3 != o4) return true;
    return (o1 == 0 && onSegment(a, b, c)) || (o2 == 0 && onSegment(a, b, d)) || (o3 == 0 && onSegment(c, d, a)) ||
        (o4 == 0 && onSegment(c, d, b));
}

SegmentGrid::SegmentGrid(std::vector<GridSegment> segments, double cellSize)
    : m_segments(std::move(segments)), m_cellSize(cellSize > 0.0 && std::isfinite(cellSize) ? cellSize : 1.0) {
    if (m_segments.empty()) return;
    Vec2 lo{m_segments[0].a}, hi{m_segments[0].a};
    for (const GridSegment& s : m_segments) {
        for (Vec2 p : {s.a, s.b}) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
        }
    }
    // Keep the grid bounded whatever the input: at most ~4 cells per segment.
    const double area = std::max(hi.x - lo.x, m_cellSize) * std::max(hi.y - lo.y, m_cellSize);
    const double maxCells = 4.0 * static_cast<double>(m_segments.size()) + 16.0;
    if (area / (m_cellSize * m_cellSize) > maxCells) m_cellSize = std::sqrt(area / maxCells);
    m_origin = lo;
    m_columns = static_cast<std::int64_t>((hi.x - lo.x) / m_cellSize) + 1;
    m_rows = static_cast<std::int64_t>((hi.y - lo.y) / m_cellSize) + 1;

    auto cellRange = [&](const GridSegment& s) {
        const auto column = [&](double x) { return std::clamp<std::int64_t>(static_cast<std::int64_t>((x - m_origin.x) / m_cellSize), 0, m_columns - 1); };
        const auto row = [&](double y) { return std::clamp<std::int64_t>(static_cast<std::int64_t>((y - m_origin.y) / m_cellSize), 0, m_rows - 1); };
        return std::array<std::int64_t, 4>{column(std::min(s.a.x, s.b.x)), column(std::max(s.a.x, s.b.x)),
                                           row(std::min(s.a.y, s.b.y)), row(std::max(s.a.y, s.b.y))};
    };
    const std::size_t cellCount = static_cast<std::size_t>(m_columns * m_rows);
    std::vector<std::uint32_t> counts(cellCount + 1, 0);
    for (const GridSegment& s : m_segments) {
        const auto r = cellRange(s);
        for (std::int64_t y = r[2]; y <= r[3]; ++y)
            for (std::int64_t x = r[0]; x <= r[1]; ++x) ++counts[static_cast<std::size_t>(y * m_columns + x)];
    }
    m_cellStart.assign(cellCount + 1, 0);
    for (std::size_t c = 0; c < cellCount; ++c) m_cellStart[c + 1] = m_cellStart[c] + counts[c];
    m_cellItems.resize(m_cellStart[cellCount]);
    std::vector<std::uint32_t> fill(m_cellStart.begin(), m_cellStart.end() - 1);
    for (std::uint32_t i = 0; i < m_segments.size(); ++i) {
        const auto r = cellRange(m_segments[i]);
        for (std::int64_t y = r[2]; y <= r[3]; ++y)
            for (std::int64_t x = r[0]; x <= r[1]; ++x) m_cellItems[fill[static_cast<std::size_t>(y * m_columns + x)]++] = i;
    }
}

void SegmentGrid::forEachIntersectingPair(const std::function<void(const GridSegment&, const GridSegment&)>& visit) const {
    if (m_segments.empty()) return;
    // A pair sharing several cells is reported once: only from the first cell (lowest index) both
    // touch, which is the cell holding the lower-left corner of their bounding boxes' overlap.
    for (std::size_t cell = 0; cell + 1 < m_cellStart.size(); ++cell) {
        const std::int64_t cx = static_cast<std::int64_t>(cell) % m_columns;
        const std::int64_t cy = static_cast<std::int64_t>(cell) / m_columns;
        for (std::uint32_t i = m_cellStart[cell]; i < m_cellStart[cell + 1]; ++i) {
            for (std::uint32_t j = i + 1; j < m_cellStart[cell + 1]; ++j) {
                const GridSegment& s = m_segments[m_cellItems[i]];
                const GridSegment& t = m_segments[m_cellItems[j]];
                const double overlapX = std::max(std::min(s.a.x, s.b.x), std::min(t.a.x, t.b.x));
                const double overlapY = std::max(std::min(s.a.y, s.b.y), std::min(t.a.y, t.b.y));
                const std::int64_t ox = std::clamp<std::int64_t>(static_cast<std::int64_t>((overlapX - m_origin.x) / m_cellSize), 0, m_columns - 1);
                const std::int64_t oy = std::clamp<std::int64_t>(static_cast<std::int64_t>((overlapY - m_origin.y) / m_cellSize), 0, m_rows - 1);
                if (ox != cx || oy != cy) continue;
                if (segmentsIntersect(s.a, s.b, t.a, t.b)) visit(s, t);
            }
        }
    }
}

} // namespace formats
