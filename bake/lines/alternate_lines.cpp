#include "bake/lines/alternate_lines.h"

#include "bake/lines/offset_line.h"

#include "formats/geometry/route_frames.h"

#include <algorithm>
#include <cmath>

namespace bake {
namespace {

constexpr double kCornerCurvature = 1.0 / 250.0;  ///< 1/m: tighter than this is a corner worth defending

/// Signed curvature of the circle through each point and its neighbours (0 at open ends).
std::vector<double> signedCurvature(const std::vector<formats::Vec2>& p, bool closed) {
    const std::size_t n = p.size();
    std::vector<double> k(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        if (!closed && (i == 0 || i + 1 == n)) continue;
        k[i] = circleCurvature(p[(i + n - 1) % n], p[i], p[(i + 1) % n]);
    }
    return k;
}

} // namespace

AlternateLine defendingLine(const formats::TrackDocument& document, std::uint32_t routeIndex, const LineBounds& bounds,
                            const std::vector<double>& racing, double lookAhead) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::Vec2> points = offsetLinePoints(document, routeIndex, racing);
    const std::vector<double> curvature = signedCurvature(points, route.closed);
    const std::size_t n = points.size();
    LineBounds shifted = bounds;
    for (std::size_t i = 0; i < n; ++i) {
        // The next corner within reach, walking forward along the racing line.
        double travelled = 0.0;
        int side = 0;
        for (std::size_t step = 0, j = i; step < n && travelled <= lookAhead; ++step) {
            if (std::abs(curvature[j]) > kCornerCurvature) {
                side = curvature[j] > 0.0 ? 1 : -1;
                break;
            }
            const std::size_t next = j + 1;
            if (next == n && !route.closed) break;
            travelled += formats::length(points[next % n] - points[j]);
            j = next % n;
        }
        if (shifted.lower[i] == shifted.upper[i] || side == 0) continue;
        const double middle = 0.5 * (bounds.lower[i] + bounds.upper[i]);
        if (side > 0) shifted.lower[i] = middle;  // a left-hander: hold the left half
        else shifted.upper[i] = middle;
    }
    return {"defending", minimumCurvatureOffsets(document, routeIndex, shifted).offsets};
}

AlternateLine overtakingLine(const formats::TrackDocument& document, std::uint32_t routeIndex, const LineBounds& bounds,
                             const std::vector<double>& racing, bool left, double vehicleWidth, double gap) {
    LineBounds shifted = bounds;
    for (std::size_t i = 0; i < racing.size(); ++i) {
        if (bounds.lower[i] == bounds.upper[i]) continue;
        // Beside the racing car where there is room, else as far over as the track allows.
        if (left) shifted.lower[i] = std::clamp(racing[i] + vehicleWidth + gap, bounds.lower[i], bounds.upper[i]);
        else shifted.upper[i] = std::clamp(racing[i] - vehicleWidth - gap, bounds.lower[i], bounds.upper[i]);
    }
    return {left ? "overtaking-left" : "overtaking-right", minimumCurvatureOffsets(document, routeIndex, shifted).offsets};
}

std::vector<std::size_t> overtakingEntries(const formats::TrackDocument& document, std::uint32_t routeIndex, const std::vector<double>& racing,
                                           const std::vector<double>& overtaking, double vehicleWidth, double minimumLength) {
    const formats::Route& route = document.routes[routeIndex];
    const std::vector<formats::Vec2> points = formats::routeGroundPositions(document, route);
    const std::size_t n = points.size();
    std::vector<bool> alongside(n);
    for (std::size_t i = 0; i < n; ++i) alongside[i] = std::abs(overtaking[i] - racing[i]) >= vehicleWidth + 0.25;
    // On a closed route start the scan where the car is not alongside, so no stretch is cut in two.
    std::size_t origin = 0;
    if (route.closed) {
        while (origin < n && alongside[origin]) ++origin;
        if (origin == n) return {0};  // alongside all the way round
    }
    std::vector<std::size_t> entries;
    for (std::size_t k = 0; k < n;) {
        const std::size_t i = (origin + k) % n;
        if (!alongside[i]) {
            ++k;
            continue;
        }
        double length = 0.0;
        std::size_t end = k;
        while (end + 1 < n && alongside[(origin + end + 1) % n]) {
            length += formats::length(points[(origin + end + 1) % n] - points[(origin + end) % n]);
            ++end;
        }
        if (length >= minimumLength) entries.push_back(i);
        k = end + 1;
    }
    std::sort(entries.begin(), entries.end());
    return entries;
}

} // namespace bake
