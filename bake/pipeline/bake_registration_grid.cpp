#include "bake/pipeline/bake_steps.h"

#include <algorithm>
#include <cmath>

namespace bake::detail {
namespace {

struct Box {
    double minX, minY, maxX, maxY;
};

/// Bounding box of segment i's wall quad: both nodes' left and right walls. The quad lies inside
/// it, so every cell the quad touches is listed (a superset, never a miss).
Box wallQuadBox(const formats::BakedNode& a, const formats::BakedNode& b) {
    Box box{INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (const formats::BakedNode* n : {&a, &b}) {
        for (double side : {static_cast<double>(n->leftWall), -static_cast<double>(n->rightWall)}) {
            const double x = n->x + side * n->perpendicularX;
            const double y = n->y + side * n->perpendicularY;
            box = {std::min(box.minX, x), std::min(box.minY, y), std::max(box.maxX, x), std::max(box.maxY, y)};
        }
    }
    return box;
}

} // namespace

void bakeRegistrationGrid(double cellSize, formats::BakedTrackData& out) {
    // Segments: each node with a successor on its own route (the closing link of a closed route included).
    std::vector<std::pair<std::uint32_t, Box>> segments;
    double linkSum = 0.0;
    for (const formats::BakedRoute& r : out.routes) {
        const bool closed = r.flags & formats::kRouteClosed;
        const std::uint32_t links = closed ? r.nodeCount : r.nodeCount - 1;
        for (std::uint32_t k = 0; k < links; ++k) {
            const std::uint32_t a = r.firstNode + k;
            const std::uint32_t b = r.firstNode + (k + 1) % r.nodeCount;
            segments.push_back({a, wallQuadBox(out.nodes[a], out.nodes[b])});
            linkSum += out.nodes[a].linkPlanLength;  // the grid lies in plan: a climb does not change its cells
        }
    }
    Box bounds{INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (const auto& [index, box] : segments)
        bounds = {std::min(bounds.minX, box.minX), std::min(bounds.minY, box.minY), std::max(bounds.maxX, box.maxX), std::max(bounds.maxY, box.maxY)};
    if (segments.empty()) bounds = {0.0, 0.0, 1.0, 1.0};

    // About two links per cell keeps the candidate lists short; the cell count stays bounded.
    double size = cellSize > 0.0 ? cellSize : std::max(2.0 * linkSum / std::max<double>(1.0, static_cast<double>(segments.size())), 1.0);
    const double width = std::max(bounds.maxX - bounds.minX, 1e-3);
    const double height = std::max(bounds.maxY - bounds.minY, 1e-3);
    const double maxCells = 16.0 * static_cast<double>(segments.size()) + 64.0;
    if (width * height / (size * size) > maxCells) size = std::sqrt(width * height / maxCells);
    const auto columns = static_cast<std::uint32_t>(std::floor(width / size)) + 1;
    const auto rows = static_cast<std::uint32_t>(std::floor(height / size)) + 1;
    out.grid = {static_cast<float>(bounds.minX), static_cast<float>(bounds.minY), static_cast<float>(size), columns, rows, 0};

    auto cellRange = [&](const Box& box) {
        auto column = [&](double x) { return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor((x - bounds.minX) / size)), 0, columns - 1); };
        auto row = [&](double y) { return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor((y - bounds.minY) / size)), 0, rows - 1); };
        return std::array<std::int64_t, 4>{column(box.minX), column(box.maxX), row(box.minY), row(box.maxY)};
    };
    const std::size_t cellCount = static_cast<std::size_t>(columns) * rows;
    std::vector<std::uint32_t> counts(cellCount, 0);
    for (const auto& [index, box] : segments) {
        const auto c = cellRange(box);
        for (std::int64_t y = c[2]; y <= c[3]; ++y)
            for (std::int64_t x = c[0]; x <= c[1]; ++x) ++counts[static_cast<std::size_t>(y) * columns + static_cast<std::size_t>(x)];
    }
    out.gridCells.assign(cellCount + 1, 0);
    for (std::size_t i = 0; i < cellCount; ++i) out.gridCells[i + 1] = out.gridCells[i] + counts[i];
    out.gridItems.assign(out.gridCells.back(), 0);
    std::vector<std::uint32_t> fill(out.gridCells.begin(), out.gridCells.end() - 1);
    // Segments are visited in baked order, so each cell lists them in ascending order: deterministic.
    for (const auto& [index, box] : segments) {
        const auto c = cellRange(box);
        for (std::int64_t y = c[2]; y <= c[3]; ++y)
            for (std::int64_t x = c[0]; x <= c[1]; ++x) out.gridItems[fill[static_cast<std::size_t>(y) * columns + static_cast<std::size_t>(x)]++] = index;
    }
}

} // namespace bake::detail
