#include "bake/pipeline/bake_track.h"

#include "bake/pipeline/class_vehicle.h"

#include "bake/pipeline/bake_steps.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <algorithm>
#include <cmath>

namespace bake {
namespace detail {

RouteLayout layOutRoutes(const formats::TrackDocument& document) {
    RouteLayout layout;
    std::uint32_t next = 0;
    for (const formats::Route& route : document.routes) {
        layout.firstNode.push_back(next);
        layout.driven.push_back(formats::drivenRoute(document, route));
        next += static_cast<std::uint32_t>(layout.driven.back().size());
    }
    return layout;
}

void bakeRouteGraph(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    // Where each source node sits in the baked nodes of the route that owns it.
    std::vector<std::uint32_t> bakedIndexOf(document.nodes.size(), formats::kNoRoute);
    std::vector<std::uint32_t> routeOf(document.nodes.size(), formats::kNoRoute);
    for (std::uint32_t r = 0; r < layout.driven.size(); ++r)
        for (std::uint32_t k = 0; k < layout.driven[r].size(); ++k)
            if (!layout.driven[r][k].attachment) {
                bakedIndexOf[layout.driven[r][k].node] = layout.firstNode[r] + k;
                routeOf[layout.driven[r][k].node] = r;
            }
    for (std::uint32_t r = 0; r < document.routes.size(); ++r) {
        const formats::Route& route = document.routes[r];
        formats::BakedRoute& baked = out.routes[r];
        const std::uint32_t first = baked.firstNode;
        const std::uint32_t last = first + baked.nodeCount - 1;
        if (route.closed) out.routeLinks.push_back({r, last, r, first, formats::BakedLinkKind::Next});
        if (route.fork && !route.closed) {
            // The branch's first baked node stands on the parent's fork node: a car there may take either.
            baked.forkNode = bakedIndexOf[route.fork->node];
            out.routeLinks.push_back({route.fork->route, baked.forkNode, r, first, formats::BakedLinkKind::Fork});
        }
        if (route.join && !route.closed) {
            baked.joinNode = bakedIndexOf[route.join->node];
            out.routeLinks.push_back({r, last, route.join->route, baked.joinNode, formats::BakedLinkKind::Join});
        }
    }
}

} // namespace detail

formats::BakedOrigin bakeOrigin(const formats::TrackDocument& document) {
    constexpr double kNearTheWorldOrigin = 50000.0;  // m: every bake so far keeps origin 0 and its bytes
    constexpr double kRounding = 1000.0;             // m: a round origin a designer can read back
    if (document.nodes.empty()) return {0.0, 0.0, 0.0};
    double minX = document.nodes[0].position.x, maxX = minX, minY = document.nodes[0].position.y, maxY = minY;
    for (const formats::TrackNode& node : document.nodes) {
        minX = std::min(minX, node.position.x);
        maxX = std::max(maxX, node.position.x);
        minY = std::min(minY, node.position.y);
        maxY = std::max(maxY, node.position.y);
    }
    if (std::max({std::abs(minX), std::abs(maxX), std::abs(minY), std::abs(maxY)}) <= kNearTheWorldOrigin) return {0.0, 0.0, 0.0};
    return {std::round((minX + maxX) / 2.0 / kRounding) * kRounding, std::round((minY + maxY) / 2.0 / kRounding) * kRounding, 0.0};
}

BakeResult bakeTrack(const formats::TrackDocument& document, const BakeOptions& options, const BakeContext& context) {
    BakeResult result;
    result.diagnostics = formats::validate(document);
    if (formats::hasErrors(result.diagnostics)) {
        result.status = BakeStatus::InvalidTrack;
        context.say("not baked: the track has validation errors");
        return result;
    }
    formats::BakedTrackData data;
    const std::string canonical = formats::writeTrackJson(document);
    data.sourceHash = formats::bakedHash(canonical.data(), canonical.size());
    // Every step works in the track's local frame: far from the world's origin, floats would keep
    // metres instead of centimetres. The file records where the frame sits.
    data.origin = bakeOrigin(document);
    formats::TrackDocument shifted;
    if (data.origin.x != 0.0 || data.origin.y != 0.0 || data.origin.z != 0.0) {
        shifted = document;
        for (formats::TrackNode& node : shifted.nodes) {
            node.position.x -= data.origin.x;
            node.position.y -= data.origin.y;
            node.position.z -= data.origin.z;
        }
    }
    const formats::TrackDocument& local = shifted.nodes.empty() ? document : shifted;

    struct Step {
        const char* name;
        std::function<void()> run;
    };
    const detail::RouteLayout layout = detail::layOutRoutes(local);
    const Step steps[] = {
        {"frames, links and curvature", [&] { detail::bakeRoutesAndNodes(local, layout, data); }},
        {"vehicle classes", [&] {
             const auto classes = local.vehicleClasses.empty() ? defaultVehicleClasses() : local.vehicleClasses;
             if (local.vehicleClasses.empty()) context.say("no vehicle classes in the track: using one per vehicle preset: car, truck, tank, armoured, buggy, hovercraft");
             for (const formats::VehicleClass& given : classes) {
                 const formats::VehicleClass c = resolvedClass(given);
                 data.vehicleClasses.push_back({data.addString(c.name), static_cast<float>(c.maxLateralAcceleration),
                                                static_cast<float>(c.maxAcceleration), static_cast<float>(c.maxBraking),
                                                static_cast<float>(c.topSpeed), static_cast<float>(c.wheelbase),
                                                static_cast<float>(c.maxSteeringAngle), static_cast<float>(c.width)});
             }
         }},
        {"lines", [&] { detail::bakeLines(local, layout, data); }},
        {"speed hints", [&] { detail::bakeSpeedHints(local, layout, data); }},
        {"registration grid", [&] { detail::bakeRegistrationGrid(options.gridCellSize, data); }},
        {"route graph", [&] { detail::bakeRouteGraph(local, layout, data); }},
        {"markers", [&] { detail::bakeMarkers(local, layout, data); }},
        {"zones and race settings", [&] { detail::bakeRaceData(local, layout, data); }},
    };
    const double stepCount = static_cast<double>(std::size(steps));
    for (std::size_t i = 0; i < std::size(steps); ++i) {
        if (context.shouldStop()) {
            result.status = BakeStatus::Cancelled;
            context.say("bake cancelled");
            return result;
        }
        context.say(steps[i].name);
        steps[i].run();
        context.advance(static_cast<double>(i + 1) / stepCount);
    }
    // The writer and the reader agree: a bake the product's own loaders would refuse is not made
    // (a valid 1.11 M-node track baked into 262 MiB that every tool then refused, issue 47).
    if (const std::uint64_t bytes = formats::bakedTrackBytes(data); bytes > formats::kMaxBakedFileBytes) {
        formats::Diagnostic d;
        d.code = "track-too-large";
        d.message = "the bake would be " + std::to_string(bytes >> 20) + " MB, more than the " + std::to_string(formats::kMaxBakedFileBytes >> 20) +
                    " MB a .twbake may be (" + std::to_string(data.nodes.size()) + " nodes, " + std::to_string(data.linePoints.size()) + " line points, " +
                    std::to_string(data.speedHints.size()) + " speed hints): split the track, space its nodes further apart, or give fewer lines or classes";
        result.diagnostics.push_back(std::move(d));
        result.status = BakeStatus::InvalidTrack;
        context.say("not baked: the bake would be too large");
        return result;
    }
    result.data = std::move(data);
    return result;
}

} // namespace bake
