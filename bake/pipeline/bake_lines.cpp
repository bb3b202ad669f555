#include "bake/pipeline/bake_steps.h"

#include "bake/pipeline/class_vehicle.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/pipeline/line_curvature.h"
#include "bake/pipeline/speed_profile.h"
#include "bake/pipeline/vertical_tangent.h"

#include <cmath>
#include <cstring>
#include <optional>

namespace bake::detail {
namespace {

/// A line's offset at each driven point: a branch's fork and join points take the offset of the
/// neighbouring own node so the line runs on without a kink.
std::vector<double> drivenOffsets(const std::vector<formats::DrivenPoint>& driven, const std::vector<double>& ownOffsets) {
    std::vector<double> offsets;
    offsets.reserve(driven.size());
    std::size_t own = 0;
    for (const formats::DrivenPoint& p : driven) {
        if (p.attachment) offsets.push_back(ownOffsets.empty() ? 0.0 : ownOffsets[std::min(own, ownOffsets.size() - 1)]);
        else offsets.push_back(ownOffsets[own++]);
    }
    return offsets;
}

void bakeOneLine(const formats::TrackDocument& document, const RouteLayout& layout, std::uint32_t routeIndex, const std::string& name,
                 std::uint32_t vehicleClass, const std::vector<double>& ownOffsets, formats::BakedTrackData& out) {
    const std::vector<formats::DrivenPoint>& driven = layout.driven[routeIndex];
    const bool closed = document.routes[routeIndex].closed;
    const std::size_t n = driven.size();
    const std::vector<double> offsets = drivenOffsets(driven, ownOffsets);
    std::vector<formats::Vec2> points(n);
    for (std::size_t k = 0; k < n; ++k) points[k] = driven[k].position + driven[k].frame.perpendicular * offsets[k];

    formats::BakedLine line{routeIndex, out.addString(name), vehicleClass, static_cast<std::uint32_t>(out.linePoints.size()), 0.0f, 0};
    const std::vector<LinePointShape> shape = lineShape(points, closed);
    // A line point stands at its node's height (the centre line's: the banking's lift at the
    // offset is not added), so the line climbs with the road, over its own plan lengths.
    auto height = [&](std::size_t k) { return document.nodes[driven[k].node].position.z; };
    auto link = [&](std::size_t from, std::size_t to) {
        return formats::Vec3{points[to].x - points[from].x, points[to].y - points[from].y, height(to) - height(from)};
    };
    double distance = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        formats::Vec2 tangent = shape[k].tangent;
        if (formats::length(tangent) == 0.0) tangent = driven[k].frame.tangent;
        const formats::Vec2 perpendicular = formats::leftPerpendicular(tangent);
        const bool hasNext = closed || k + 1 < n, hasPrevious = closed || k > 0;
        std::optional<formats::Vec3> backward, forward;
        if (hasPrevious && n > 1) backward = link((k + n - 1) % n, k);
        if (hasNext && n > 1) forward = link(k, (k + 1) % n);
        out.linePoints.push_back({static_cast<float>(points[k].x), static_cast<float>(points[k].y), static_cast<float>(height(k)),
                                  static_cast<float>(tangent.x), static_cast<float>(tangent.y),
                                  static_cast<float>(verticalTangent(backward, forward)), static_cast<float>(perpendicular.x),
                                  static_cast<float>(perpendicular.y), static_cast<float>(offsets[k]), static_cast<float>(shape[k].curvature),
                                  static_cast<float>(distance)});
        if (hasNext) distance += linkLength3d(formats::length(points[(k + 1) % n] - points[k]), height((k + 1) % n) - height(k));
    }
    line.length = static_cast<float>(distance);
    out.lines.push_back(line);
}

} // namespace

void bakeLines(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    auto classIndex = [&](const std::string& name) {
        for (std::uint32_t c = 0; c < out.vehicleClasses.size(); ++c)
            if (name == out.strings.c_str() + out.vehicleClasses[c].nameOffset) return c;
        return formats::kAllVehicleClasses;  // validation guarantees the name exists
    };
    std::vector<bool> routeHasLine(document.routes.size(), false);
    for (const formats::Line& line : document.lines) {
        routeHasLine[line.route] = true;
        bakeOneLine(document, layout, line.route, line.name, line.vehicleClass.empty() ? formats::kAllVehicleClasses : classIndex(line.vehicleClass),
                    line.offsets, out);
    }
    for (std::uint32_t r = 0; r < document.routes.size(); ++r)
        if (!routeHasLine[r])
            bakeOneLine(document, layout, r, "centre", formats::kAllVehicleClasses, std::vector<double>(document.routes[r].nodes.size(), 0.0), out);
}

void bakeSpeedHints(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    // The classes as the class step baked them, in its order (the presets when the track has none).
    const std::vector<formats::VehicleClass> classes = document.vehicleClasses.empty() ? defaultVehicleClasses() : document.vehicleClasses;
    for (std::uint32_t l = 0; l < out.lines.size(); ++l) {
        const formats::BakedLine& line = out.lines[l];
        const std::vector<formats::DrivenPoint>& driven = layout.driven[line.route];
        const std::size_t n = driven.size();
        SpeedProfileInput input;
        input.closed = document.routes[line.route].closed;
        for (std::size_t k = 0; k < n; ++k) {
            const formats::BakedLinePoint& p = out.linePoints[line.firstPoint + k];
            const formats::BakedLinePoint& next = out.linePoints[line.firstPoint + (k + 1) % n];
            input.curvature.push_back(p.curvature);
            // Along the road, climbs included: on the level exactly the plan length as before.
            const double run = std::hypot(double(next.x) - p.x, double(next.y) - p.y), rise = double(next.z) - p.z;
            const double length = linkLength3d(run, rise);
            input.segmentLength.push_back(length);
            input.sinGradient.push_back(length > 0.0 ? rise / length : 0.0);
            const formats::TrackNode& node = document.nodes[driven[k].node];
            input.overrides.push_back(driven[k].attachment ? std::nullopt : node.speedOverride);
            input.banking.push_back(node.banking);
            input.grip.push_back(node.grip);
        }
        // Vertical curvature at each point from the heights either side: −d²z/ds², a crest positive.
        input.verticalCurvature.assign(n, 0.0);
        for (std::size_t k = 0; k < n; ++k) {
            if (!input.closed && (k == 0 || k + 1 == n)) continue;
            const std::size_t before = (k + n - 1) % n, after = (k + 1) % n;
            const double d0 = input.segmentLength[before], d1 = input.segmentLength[k];
            if (d0 <= 0.0 || d1 <= 0.0) continue;
            const double z0 = out.linePoints[line.firstPoint + before].z, z1 = out.linePoints[line.firstPoint + k].z,
                         z2 = out.linePoints[line.firstPoint + after].z;
            input.verticalCurvature[k] = -2.0 * ((z2 - z1) / d1 - (z1 - z0) / d0) / (d0 + d1);
        }
        for (std::uint32_t c = 0; c < out.vehicleClasses.size(); ++c) {
            if (line.vehicleClass != formats::kAllVehicleClasses && line.vehicleClass != c) continue;
            const SpeedProfile profile = computeSpeedProfile(input, classSpeedLimits(classes[c]));
            out.speedProfiles.push_back({l, c, static_cast<std::uint32_t>(out.speedHints.size()), static_cast<float>(profile.lapTime)});
            for (double v : profile.speed) out.speedHints.push_back(static_cast<float>(v));
        }
    }
}

} // namespace bake::detail
