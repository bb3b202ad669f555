#include "bake/pipeline/bake_track.h"

#include "bake/pipeline/bake_steps.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

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

    struct Step {
        const char* name;
        std::function<void()> run;
    };
    const detail::RouteLayout layout = detail::layOutRoutes(document);
    const Step steps[] = {
        {"frames, links and curvature", [&] { detail::bakeRoutesAndNodes(document, layout, data); }},
        {"vehicle classes", [&] {
             const auto classes = document.vehicleClasses.empty() ? defaultVehicleClasses() : document.vehicleClasses;
             if (document.vehicleClasses.empty()) context.say("no vehicle classes in the track: using the defaults gt, road-car, truck");
             for (const formats::VehicleClass& c : classes)
                 data.vehicleClasses.push_back({data.addString(c.name), static_cast<float>(c.maxLateralAcceleration),
                                                static_cast<float>(c.maxAcceleration), static_cast<float>(c.maxBraking),
                                                static_cast<float>(c.topSpeed), static_cast<float>(c.wheelbase),
                                                static_cast<float>(c.maxSteeringAngle), static_cast<float>(c.width)});
         }},
        {"lines", [&] { detail::bakeLines(document, layout, data); }},
        {"speed hints", [&] { detail::bakeSpeedHints(document, layout, data); }},
        {"registration grid", [&] { detail::bakeRegistrationGrid(options.gridCellSize, data); }},
        {"route graph", [&] { detail::bakeRouteGraph(document, layout, data); }},
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
    result.data = std::move(data);
    return result;
}

} // namespace bake
