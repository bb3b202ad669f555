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

/// Cell coordinates stay below 2^30 so two of them pack into one key; a level's cells are never
/// finer than the extent over this many.
constexpr double kMaxCellsAcross = 1073741823.0;  // 2^30 - 1

/// Cell index of a half-scale coordinate offset, clamped to [0, kMaxCellsAcross]; NaN maps to 0.
/// Monotone in `scaled`, which the pair de-duplication relies on.
std::int64_t clampedCell(double scaled) {
    if (!(scaled > 0.0)) return 0;
    if (scaled >= kMaxCellsAcross) return static_cast<std::int64_t>(kMaxCellsAcross);
    return static_cast<std::int64_t>(scaled);
}

/// Half the larger side of a segment's bounding box, at half scale (finite for finite ends).
double halfSize(const GridSegment& s) { return std::max(std::abs(s.a.x * 0.5 - s.b.x * 0.5), std::abs(s.a.y * 0.5 - s.b.y * 0.5)); }

/// The median of `values` (which it reorders); 0 for none.
double median(std::vector<double>& values) {
    if (values.empty()) return 0.0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

std::uint64_t SegmentGrid::key(const Level& level, std::int64_t x, std::int64_t y) {
    return static_cast<std::uint64_t>(y) * static_cast<std::uint64_t>(level.columns) + static_cast<std::uint64_t>(x);
}

SegmentGrid::CellBox SegmentGrid::cellBox(const Level& level, Vec2 a, Vec2 b) const {
    const auto column = [&](double x) { return clampedCell((x * 0.5 - m_halfOrigin.x) / level.halfCell); };
    const auto row = [&](double y) { return clampedCell((y * 0.5 - m_halfOrigin.y) / level.halfCell); };
    return {column(std::min(a.x, b.x)), column(std::max(a.x, b.x)), row(std::min(a.y, b.y)), row(std::max(a.y, b.y))};
}

SegmentGrid::SegmentGrid(std::vector<GridSegment> segments, double /*cellSize*/) : m_segments(std::move(segments)) {
    const std::size_t n = m_segments.size();
    m_native.assign(n, kNoLevel);
    bool any = false;
    Vec2 lo, hi;
    std::vector<std::uint32_t> unplaced;
    for (std::uint32_t i = 0; i < n; ++i) {
        const GridSegment& s = m_segments[i];
        if (!finite(s.a) || !finite(s.b)) continue;
        unplaced.push_back(i);
        for (Vec2 p : {s.a, s.b}) {
            lo = any ? Vec2{std::min(lo.x, p.x), std::min(lo.y, p.y)} : p;
            hi = any ? Vec2{std::max(hi.x, p.x), std::max(hi.y, p.y)} : p;
            any = true;
        }
    }
    if (!any) return;
    m_halfOrigin = lo * 0.5;
    m_halfExtent = std::max(hi.x * 0.5 - m_halfOrigin.x, hi.y * 0.5 - m_halfOrigin.y);
    const double finestHalfCell = std::max(m_halfExtent / kMaxCellsAcross, 1e-300);

    // Levels from fine to coarse until every finite segment has one. Each level is sized for the
    // median of the segments still unplaced, so at least half of them settle on it.
    std::vector<std::uint32_t> members;  // every segment placed so far: a level holds them all
    while (!unplaced.empty() && m_levels.size() < kNoLevel) {
        std::vector<double> sizes;
        sizes.reserve(unplaced.size());
        for (std::uint32_t i : unplaced) sizes.push_back(halfSize(m_segments[i]));
        Level level;
        level.halfCell = std::max({median(sizes), finestHalfCell, m_levels.empty() ? 0.0 : 2.0 * m_levels.back().halfCell});
        if (level.halfCell >= m_halfExtent) level.halfCell = std::max(m_halfExtent, finestHalfCell);  // the last level: one cell or a few
        const auto levelIndex = static_cast<std::uint8_t>(m_levels.size());
        std::vector<std::uint32_t> stillUnplaced;
        for (std::uint32_t i : unplaced) {
            const CellBox box = cellBox(level, m_segments[i].a, m_segments[i].b);
            if (box.cells() <= kMaxCellsPerSegment || level.halfCell >= m_halfExtent) {
                m_native[i] = levelIndex;
                members.push_back(i);
            } else {
                stillUnplaced.push_back(i);
            }
        }
        unplaced = std::move(stillUnplaced);
        level.boxes.assign(n, CellBox{});
        std::int64_t columns = 0, rows = 0;
        std::size_t count = 0;
        for (std::uint32_t i : members) {
            const CellBox box = level.boxes[i] = cellBox(level, m_segments[i].a, m_segments[i].b);
            columns = std::max(columns, box.x1 + 1);
            rows = std::max(rows, box.y1 + 1);
            count += static_cast<std::size_t>(box.cells());
        }
        level.columns = columns;
        fillEntries(level, members, rows, count);
        m_levels.push_back(std::move(level));
    }
}

void SegmentGrid::fillEntries(Level& level, const std::vector<std::uint32_t>& members, std::int64_t rows, std::size_t count) {
    level.entries.resize(count);
    std::size_t e = 0;
    for (std::uint32_t i : members) {
        const CellBox& box = level.boxes[i];
        for (std::int64_t y = box.y0; y <= box.y1; ++y)
            for (std::int64_t x = box.x0; x <= box.x1; ++x) level.entries[e++] = {key(level, x, y), i};
    }
    // Sorted by key in linear time: an LSD radix sort over the bits the keys use (cells across
    // and down stay below 2^30 each, so at most 60 bits; an ordinary track needs two passes).
    const auto cells = static_cast<std::uint64_t>(level.columns) * static_cast<std::uint64_t>(rows);
    int bits = 0;
    while (bits < 64 && (cells >> bits) > 1) ++bits;
    constexpr int kDigitBits = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> scratch(count);
    std::vector<std::size_t> start(kBuckets + 1);
    for (int shift = 0; shift < bits; shift += kDigitBits) {
        std::fill(start.begin(), start.end(), 0);
        for (const auto& entry : level.entries) ++start[((entry.first >> shift) & (kBuckets - 1)) + 1];
        for (std::size_t b = 1; b <= kBuckets; ++b) start[b] += start[b - 1];
        for (const auto& entry : level.entries) scratch[start[(entry.first >> shift) & (kBuckets - 1)]++] = entry;
        level.entries.swap(scratch);
    }
}

double SegmentGrid::cellSize() const { return m_levels.empty() ? 1.0 : 2.0 * m_levels.front().halfCell; }

std::size_t SegmentGrid::cellEntries() const {
    std::size_t entries = 0;
    for (const Level& level : m_levels) entries += level.entries.size();
    return entries;
}

void SegmentGrid::forEachIntersectingPair(const std::function<bool(const GridSegment&, const GridSegment&)>& visit) const {
    for (std::size_t l = 0; l < m_levels.size(); ++l) {
        const Level& level = m_levels[l];
        const auto& entries = level.entries;
        for (std::size_t begin = 0; begin < entries.size();) {
            std::size_t end = begin;
            while (end < entries.size() && entries[end].first == entries[begin].first) ++end;
            const auto cx = static_cast<std::int64_t>(entries[begin].first % static_cast<std::uint64_t>(level.columns));
            const auto cy = static_cast<std::int64_t>(entries[begin].first / static_cast<std::uint64_t>(level.columns));
            // Pairs with a native of this level: a coarse cell can hold thousands of shorter
            // segments whose pairs were all tested on their own levels.
            for (std::size_t i = begin; i < end; ++i) {
                const std::uint32_t si = entries[i].second;
                if (m_native[si] != l) continue;
                const CellBox& bi = level.boxes[si];
                for (std::size_t j = begin; j < end; ++j) {
                    const std::uint32_t sj = entries[j].second;
                    if (j == i || (m_native[sj] == l && j < i)) continue;  // natives meet once, i < j
                    // Once per pair: in the first cell both cover, the lower-left corner of their overlap.
                    const CellBox& bj = level.boxes[sj];
                    if (std::max(bi.x0, bj.x0) != cx || std::max(bi.y0, bj.y0) != cy) continue;
                    const GridSegment& s = m_segments[si];
                    const GridSegment& t = m_segments[sj];
                    if (boxesOverlap(s, t.a, t.b) && segmentsIntersect(s.a, s.b, t.a, t.b) && !visit(s, t)) return;
                }
            }
            begin = end;
        }
    }
}

void SegmentGrid::forEachIntersecting(Vec2 a, Vec2 b, const std::function<void(const GridSegment&)>& visit) const {
    if (m_levels.empty() || !finite(a) || !finite(b)) return;
    for (std::size_t l = 0; l < m_levels.size(); ++l) {
        const Level& level = m_levels[l];
        const CellBox query = cellBox(level, a, b);
        const auto natives = [&](std::uint32_t s) { return m_native[s] == l; };
        const auto test = [&](std::uint32_t s) {
            const GridSegment& segment = m_segments[s];
            if (boxesOverlap(segment, a, b) && segmentsIntersect(a, b, segment.a, segment.b)) visit(segment);
        };
        if (query.cells() > static_cast<std::int64_t>(level.entries.size())) {
            // A query longer than the level is populated: test its natives one by one instead of
            // walking millions of empty cells.
            std::vector<std::uint32_t> seen;
            for (const auto& entry : level.entries)
                if (natives(entry.second)) seen.push_back(entry.second);
            std::sort(seen.begin(), seen.end());
            seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
            for (std::uint32_t s : seen) test(s);
            continue;
        }
        for (std::int64_t cy = query.y0; cy <= query.y1; ++cy) {
            for (std::int64_t cx = query.x0; cx <= query.x1; ++cx) {
                if (cx >= level.columns) break;  // no stored segment reaches that far
                const std::uint64_t k = key(level, cx, cy);
                auto it = std::lower_bound(level.entries.begin(), level.entries.end(), std::make_pair(k, std::uint32_t{0}));
                for (; it != level.entries.end() && it->first == k; ++it) {
                    if (!natives(it->second)) continue;
                    const CellBox& box = level.boxes[it->second];
                    if (std::max(query.x0, box.x0) != cx || std::max(query.y0, box.y0) != cy) continue;
                    test(it->second);
                }
            }
        }
    }
}

} // namespace formats
