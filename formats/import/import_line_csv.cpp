#include "formats/import/csv_table.h"
#include "formats/source/number_text.h"
#include "formats/geometry/route_frames.h"
#include "formats/import/track_import.h"

#include <cmath>
#include <limits>

namespace formats {
namespace {

/// Offset along the ray `origin + t * direction` where it crosses segment [a, b], if it does.
std::optional<double> rayCrossing(Vec2 origin, Vec2 direction, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a;
    const double denominator = cross(direction, ab);
    if (std::abs(denominator) < 1e-12) return std::nullopt;
    const Vec2 ao = a - origin;
    const double t = cross(ao, ab) / denominator;
    const double u = cross(ao, direction) / denominator;
    if (u < 0.0 || u > 1.0) return std::nullopt;
    return t;
}

} // namespace

Diagnostics importLineCsv(TrackDocument& document, std::uint32_t routeIndex, std::string_view csvText, const std::string& lineName) {
    Diagnostics diagnostics;
    const CsvTable table = parseNumericCsv(csvText);
    diagnostics = table.diagnostics;
    if (hasErrors(diagnostics)) return diagnostics;
    std::vector<Vec2> polyline;
    for (const CsvRow& row : table.rows) {
        if (row.values.size() < 2 || !std::isfinite(row.values[0]) || !std::isfinite(row.values[1])) {
            Diagnostic d;
            d.code = "csv-columns";
            d.line = row.line;
            d.message = "line " + std::to_string(row.line) + ": expected finite x_m,y_m";
            diagnostics.push_back(std::move(d));
            continue;
        }
        polyline.push_back({row.values[0], row.values[1]});
    }
    if (hasErrors(diagnostics)) return diagnostics;
    if (polyline.size() < 2) {
        Diagnostic d;
        d.code = "csv-too-few-rows";
        d.message = "the line \"" + lineName + "\" needs at least 2 points (x_m,y_m rows), its CSV holds " + std::to_string(polyline.size()) +
            ": give the line's file, or leave the line out";
        diagnostics.push_back(std::move(d));
        return diagnostics;
    }

    const Route& route = document.routes.at(routeIndex);
    const std::vector<NodeFrame> frames = computeRouteFrames(document, route);
    const std::size_t segmentCount = route.closed ? polyline.size() : polyline.size() - 1;
    auto segmentEnd = [&](std::size_t s) { return polyline[(s + 1) % polyline.size()]; };

    Line line;
    line.name = lineName;
    line.route = routeIndex;
    line.offsets.reserve(route.nodes.size());
    // Coherent search: the line's matching segment advances with the nodes, so look near the last
    // match first and fall back to every segment only when that fails.
    constexpr std::size_t kWindow = 64;
    std::optional<std::size_t> lastSegment;
    double previousOffset = 0.0;
    for (std::size_t i = 0; i < route.nodes.size(); ++i) {
        const std::uint32_t nodeIndex = route.nodes[i];
        const TrackNode& node = document.nodes[nodeIndex];
        const Vec2 origin = node.position.ground();
        const Vec2 direction = frames[i].perpendicular;
        const double reachLeft = node.left.wall;
        const double reachRight = node.right.wall;

        std::optional<double> best;
        std::size_t bestSegment = 0;
        auto consider = [&](std::size_t s) {
            const auto t = rayCrossing(origin, direction, polyline[s], segmentEnd(s));
            if (!t || *t > reachLeft || *t < -reachRight) return;
            if (!best || std::abs(*t - previousOffset) < std::abs(*best - previousOffset)) {
                best = t;
                bestSegment = s;
            }
        };
        if (lastSegment && segmentCount > 2 * kWindow) {
            for (std::size_t k = 0; k <= 2 * kWindow; ++k)
                consider((*lastSegment + segmentCount - kWindow + k) % segmentCount);
        }
        if (!best)
            for (std::size_t s = 0; s < segmentCount; ++s) consider(s);
        if (!best) {
            Diagnostic d;
            d.code = "raceline-no-intersection";
            d.route = routeIndex;
            d.node = nodeIndex;
            d.jsonPath = "nodes[" + std::to_string(nodeIndex) + "]";
            d.message = "the line \"" + lineName + "\" does not cross the perpendicular of node " + std::to_string(nodeIndex) +
                " within its walls (" + decimalText(reachLeft) + " m left, " + decimalText(reachRight) +
                " m right): check that the line belongs to this track, or widen the walls";
            diagnostics.push_back(std::move(d));
            continue;
        }
        lastSegment = bestSegment;
        previousOffset = *best;
        line.offsets.push_back(*best);
    }
    if (!hasErrors(diagnostics)) document.lines.push_back(std::move(line));
    return diagnostics;
}

} // namespace formats
