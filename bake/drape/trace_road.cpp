#include "bake/drape/trace_road.h"

#include "bake/drape/drape_track.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace bake {
namespace {

using formats::Vec2;
using formats::Vec3;

/// The walk across the road: a step, refined by bisection at the edge (as the drape's walk).
constexpr double kWalkStep = 0.5;
constexpr int kEdgeBisections = 7;  ///< 0.5 m / 2⁷: 4 mm
/// Farther than this from the centre, a road is a car park or a plain, not a road to trace.
constexpr double kMaxHalfWidth = 40.0;
/// A step in the surface more than this from the last is a ledge: another deck, a wall's top.
constexpr double kMaxLedge = 0.5;
/// A road this many times wider than along the trace so far is another road joining: a junction.
constexpr double kJunctionWidening = 1.25;
/// Points before a junction already this much wider are in its mouth (their centres pulled toward
/// the other road): the trace ends before them.
constexpr double kMouthWidening = 1.08;
/// The widths the junction test compares against: the median of this many points before.
constexpr std::size_t kWidthMemory = 5;
/// Turns tried, either way, when the road is not straight ahead of the last point (radians).
constexpr double kSearchTurns[] = {0.0, 0.1745, -0.1745, 0.349, -0.349, 0.5236, -0.5236, 0.785, -0.785};
/// Directions tried at the click for the road's run: every 7.5° of a half turn.
constexpr int kClickDirections = 24;

Vec2 rotated(Vec2 v, double angle) { return {v.x * std::cos(angle) - v.y * std::sin(angle), v.x * std::sin(angle) + v.y * std::cos(angle)}; }
Vec2 leftOf(Vec2 v) { return {-v.y, v.x}; }

class Tracer {
public:
    /// `road`: per material of the mesh, whether it is the road's.
    Tracer(const formats::MeshBvh& bvh, std::vector<bool> road, const TraceOptions& options) : bvh_(bvh), options_(options), road_(std::move(road)) {}

    /// The road's surface at (x, y) near `z` (within a ledge), or nothing.
    std::optional<formats::SurfaceHit> roadAt(Vec2 p, double z) const {
        const auto hit = bvh_.surfaceNear(p.x, p.y, z);
        if (!hit || std::abs(hit->z - z) > kMaxLedge || hit->material >= road_.size() || !road_[hit->material]) return std::nullopt;
        return hit;
    }

    /// How far the road reaches from `p` along `direction` (unit), at most `limit`.
    double reach(Vec2 p, Vec2 direction, double z, double limit) const {
        double inside = 0.0, lastZ = z;
        for (double d = kWalkStep; d <= limit; d += kWalkStep) {
            const auto hit = roadAt(p + direction * d, lastZ);
            if (!hit) {
                double outside = d;
                for (int i = 0; i < kEdgeBisections; ++i) {
                    const double mid = 0.5 * (inside + outside);
                    (roadAt(p + direction * mid, lastZ) ? inside : outside) = mid;
                }
                return inside;
            }
            inside = d;
            lastZ = hit->z;
        }
        return limit;
    }

    /// The road's cross-section through `p` across `along`: its centre point and half-widths.
    std::optional<RoadTrace::Point> section(Vec2 p, Vec2 along, double z) const {
        const auto here = roadAt(p, z);
        if (!here) return std::nullopt;
        const Vec2 across = leftOf(along);
        const double left = reach(p, across, here->z, kMaxHalfWidth), right = reach(p, across * -1.0, here->z, kMaxHalfWidth);
        const Vec2 centre = p + across * (0.5 * (left - right));
        const auto atCentre = roadAt(centre, here->z);
        if (!atCentre) return std::nullopt;
        const double half = 0.5 * (left + right);
        return RoadTrace::Point{{centre.x, centre.y, atCentre->z}, half, half};
    }

    /// The way the road runs at `p`: of the directions through it, the one across which it is
    /// narrowest is across the road.
    std::optional<Vec2> runAt(Vec2 p, double z) const {
        double narrowest = 1e300;
        std::optional<Vec2> run;
        for (int i = 0; i < kClickDirections; ++i) {
            const double angle = std::numbers::pi * i / kClickDirections;
            const Vec2 d{std::cos(angle), std::sin(angle)};
            const double across = reach(p, d, z, 2.0 * kMaxHalfWidth) + reach(p, d * -1.0, z, 2.0 * kMaxHalfWidth);
            if (across < narrowest) narrowest = across, run = leftOf(d) * -1.0;
        }
        return run;
    }

    /// Follows the road from `start` along `along` until it stops being this road.
    TraceEnd follow(const RoadTrace::Point& start, Vec2 along, std::vector<RoadTrace::Point>& out, const std::optional<Vec2>& loopBack) const {
        RoadTrace::Point last = start;
        std::vector<double> widths{start.left + start.right};
        double travelled = 0.0;
        while (travelled < options_.maxLength) {
            std::optional<RoadTrace::Point> next;
            for (const double turn : kSearchTurns) {
                const Vec2 d = rotated(along, turn);
                if ((next = section(last.position.ground() + d * options_.step, d, last.position.z))) break;
            }
            if (!next) return TraceEnd::RoadEnds;
            std::vector<double> recent(widths.end() - static_cast<std::ptrdiff_t>(std::min(widths.size(), kWidthMemory)), widths.end());
            std::nth_element(recent.begin(), recent.begin() + static_cast<std::ptrdiff_t>(recent.size() / 2), recent.end());
            const double usual = recent[recent.size() / 2];
            if (next->left + next->right > kJunctionWidening * usual) {
                while (out.size() > 1 && out.back().left + out.back().right > kMouthWidening * usual) out.pop_back();
                return TraceEnd::Junction;
            }
            // Much narrower all at once: the section was cut by the road's end (a turned search
            // found its corner), not a road that narrows.
            if (next->left + next->right < usual / kJunctionWidening) return TraceEnd::RoadEnds;
            const Vec2 moved = next->position.ground() - last.position.ground();
            const double length = formats::length(moved);
            if (length < 0.25 * options_.step) return TraceEnd::RoadEnds;  // turning on the spot: the road is lost
            // Back where the trace began, heading the same way: the road is a loop.
            if (loopBack && travelled > 3.0 * options_.step && formats::length(next->position.ground() - out.front().position.ground()) < 0.75 * options_.step &&
                formats::dot(moved * (1.0 / length), *loopBack) > 0.5)
                return TraceEnd::Loop;
            along = moved * (1.0 / length);
            travelled += length;
            widths.push_back(next->left + next->right);
            out.push_back(*next);
            last = *next;
        }
        return TraceEnd::MaxLength;
    }

private:
    const formats::MeshBvh& bvh_;
    const TraceOptions& options_;
    std::vector<bool> road_;
};

} // namespace

const char* traceEndName(TraceEnd end) {
    switch (end) {
    case TraceEnd::Loop: return "loop";
    case TraceEnd::Junction: return "junction";
    case TraceEnd::RoadEnds: return "road-ends";
    case TraceEnd::MaxLength: return "max-length";
    }
    return "?";
}

double RoadTrace::length() const {
    double total = 0.0;
    for (std::size_t i = 1; i < points.size(); ++i) total += formats::length(points[i].position.ground() - points[i - 1].position.ground());
    if (closed && points.size() > 2) total += formats::length(points.front().position.ground() - points.back().position.ground());
    return total;
}

std::optional<RoadTrace> traceRoad(const formats::LevelMesh& mesh, const formats::MeshBvh& bvh, double x, double y, double z, const TraceOptions& given,
                                   std::string& refusal) {
    TraceOptions options = given;
    options.step = std::clamp(std::isfinite(options.step) ? options.step : 10.0, 1.0, 100.0);
    const auto clicked = bvh.surfaceNear(x, y, z);
    if (!clicked || clicked->material >= mesh.materials.size()) {
        refusal = "there is no level surface under the click";
        return std::nullopt;
    }
    // Without the designer's road materials, the road is what was clicked on: its material.
    std::vector<bool> road(mesh.materials.size(), false);
    for (std::size_t m = 0; m < road.size(); ++m)
        road[m] = options.roadMaterials.empty() ? m == clicked->material : isRoadMaterial(mesh.materials[m], options.roadMaterials);
    if (!road[clicked->material]) {
        refusal = "the click is not on the road (its material is \"" + mesh.materials[clicked->material] + "\"); click on the road's surface";
        return std::nullopt;
    }
    const Tracer tracer(bvh, std::move(road), options);
    const Vec2 at{x, y};
    const std::optional<Vec2> run = tracer.runAt(at, clicked->z);
    const std::optional<RoadTrace::Point> start = run ? tracer.section(at, *run, clicked->z) : std::nullopt;
    if (!start) {
        refusal = "the road under the click could not be followed";
        return std::nullopt;
    }
    RoadTrace trace;
    std::vector<RoadTrace::Point> ahead{*start}, behind{*start};
    trace.ahead = tracer.follow(*start, *run, ahead, *run);
    if (trace.ahead == TraceEnd::Loop) {
        trace.closed = true;
        trace.points = std::move(ahead);
        return trace;
    }
    trace.behind = tracer.follow(*start, *run * -1.0, behind, std::nullopt);
    trace.points.assign(behind.rbegin(), behind.rend());
    trace.points.insert(trace.points.end(), ahead.begin() + 1, ahead.end());
    if (trace.points.size() < 2) {
        refusal = "the road under the click is shorter than one step (" + std::to_string(static_cast<int>(options.step)) + " m)";
        return std::nullopt;
    }
    return trace;
}

} // namespace bake
