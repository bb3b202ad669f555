#include "bake/pipeline/bake_steps.h"
#include "bake/pipeline/vertical_tangent.h"

#include "trackwright/track/curvature.h"

#include <cmath>
#include <optional>

namespace bake::detail {

void bakeRoutesAndNodes(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out) {
    for (std::size_t r = 0; r < document.routes.size(); ++r) {
        const formats::Route& route = document.routes[r];
        const std::vector<formats::DrivenPoint>& driven = layout.driven[r];
        const std::size_t n = driven.size();
        formats::BakedRoute baked{};
        baked.firstNode = layout.firstNode[r];
        baked.nodeCount = static_cast<std::uint32_t>(n);
        baked.flags = route.closed ? formats::kRouteClosed : 0u;
        baked.nameOffset = out.addString(route.name);
        baked.forkNode = formats::kNoRoute;
        baked.joinNode = formats::kNoRoute;
        double distance = 0.0;
        for (std::size_t k = 0; k < n; ++k) {
            const formats::DrivenPoint& p = driven[k];
            // Attachment points carry the widths of the branch's own end node: the branch surface
            // tapers from the parent route rather than starting at the parent's width.
            const formats::TrackNode& widths = document.nodes[p.attachment ? (k == 0 ? route.nodes.front() : route.nodes.back()) : p.node];
            const formats::TrackNode& node = document.nodes[p.node];
            const bool hasNext = route.closed || k + 1 < n;
            const formats::Vec2 next = driven[(k + 1) % n].position;
            const formats::Vec2 previous = driven[(k + n - 1) % n].position;
            const bool hasPrevious = route.closed || k > 0;
            // Links in 3D: heights are the driven points' own nodes' (an attachment stands on the
            // parent route's node).
            const double z = node.position.z;
            const double nextZ = document.nodes[driven[(k + 1) % n].node].position.z;
            const double previousZ = document.nodes[driven[(k + n - 1) % n].node].position.z;
            const double planLink = hasNext ? formats::length(next - p.position) : 0.0;
            const double link = hasNext ? linkLength3d(planLink, nextZ - z) : 0.0;
            std::optional<formats::Vec3> backward, forward;
            if (hasPrevious && n > 1) backward = formats::Vec3{p.position.x - previous.x, p.position.y - previous.y, z - previousZ};
            if (hasNext && n > 1) forward = formats::Vec3{next.x - p.position.x, next.y - p.position.y, nextZ - z};

            formats::BakedNode b{};
            b.x = static_cast<float>(p.position.x);
            b.y = static_cast<float>(p.position.y);
            b.z = static_cast<float>(node.position.z);
            b.tangentX = static_cast<float>(p.frame.tangent.x);
            b.tangentY = static_cast<float>(p.frame.tangent.y);
            b.tangentZ = static_cast<float>(verticalTangent(backward, forward));
            b.perpendicularX = static_cast<float>(p.frame.perpendicular.x);
            b.perpendicularY = static_cast<float>(p.frame.perpendicular.y);
            b.leftTrack = static_cast<float>(widths.left.track);
            b.leftRunoff = static_cast<float>(widths.left.runoff);
            b.leftWall = static_cast<float>(widths.left.wall);
            b.rightTrack = static_cast<float>(widths.right.track);
            b.rightRunoff = static_cast<float>(widths.right.runoff);
            b.rightWall = static_cast<float>(widths.right.wall);
            b.linkLength = static_cast<float>(link);
            b.linkPlanLength = static_cast<float>(planLink);
            b.distance = static_cast<float>(distance);
            // An open route's last node has no next node: it keeps the curvature of the link into it.
            b.curvature = static_cast<float>(hasNext ? trackwright::nodeCurvature(p.position, p.frame.tangent, next)
                                                     : (n > 1 ? -trackwright::nodeCurvature(p.position, p.frame.tangent * -1.0, previous) : 0.0));
            b.bezierCurvature = static_cast<float>(hasNext && hasPrevious ? trackwright::bezierMaxCurvature(previous, p.position, next) : 0.0);
            b.speedOverride = !p.attachment && node.speedOverride ? static_cast<float>(*node.speedOverride) : 0.0f;
            // Banking and grip of the node the point stands on (a branch's fork and join points are
            // the parent route's road).
            b.banking = static_cast<float>(node.banking);
            b.grip = static_cast<float>(node.grip);
            b.sourceNode = p.node;
            out.nodes.push_back(b);
            distance += link;
        }
        baked.length = static_cast<float>(distance);
        out.routes.push_back(baked);
    }
}

} // namespace bake::detail
