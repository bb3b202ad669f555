#include "trackwright/vehicle/wall_contact.h"

#include <cmath>

namespace trackwright {

bool resolveWallContact(const BakedTrack& track, const Registration& last, VehicleBody& body) {
    // A registration this track could not have given (another track's, a made-up one) touches nothing.
    if (!last.defined || last.route >= track.view.routes.size()) return false;
    const format::BakedRoute& route = track.view.routes[last.route];
    const bool closed = route.flags & format::kRouteClosed;
    for (int offset : {0, 1, -1, 2, -2}) {
        std::int64_t k = static_cast<std::int64_t>(last.segment) + offset;
        if (closed) k = (k + route.nodeCount) % route.nodeCount;
        if (k < 0 || k + 1 >= static_cast<std::int64_t>(route.nodeCount) + (closed ? 1 : 0)) continue;
        const std::uint32_t node = route.firstNode + static_cast<std::uint32_t>(k);
        Registration r;
        if (!registerOnSegment(track, last.route, node, body.state.position, r, false)) continue;
        const format::BakedNode& a = track.view.nodes[node];
        const format::BakedNode& b = track.view.nodes[route.firstNode + (static_cast<std::uint32_t>(k) + 1) % route.nodeCount];
        const float wall = r.lateral >= 0.0f ? a.leftWall + r.ratio * (b.leftWall - a.leftWall) : a.rightWall + r.ratio * (b.rightWall - a.rightWall);
        if (std::abs(r.lateral) <= wall) return false;
        // The wall normal: the link's left normal, pointing out of the track on this side.
        const double lx = b.x - a.x, ly = b.y - a.y;
        const double len = std::sqrt(lx * lx + ly * ly);
        if (len <= 0.0) return false;
        const double side = r.lateral >= 0.0f ? 1.0 : -1.0;
        const format::Vec2 outward{-ly / len * side, lx / len * side};
        const double excess = std::abs(r.lateral) - wall + 0.05;
        body.state.position = body.state.position - outward * excess;
        const double into = format::dot(body.velocity, outward);
        if (into > 0.0) body.velocity = body.velocity - outward * into;
        body.velocity = body.velocity * 0.98;  // scraping
        const double c = std::cos(body.state.heading), s = std::sin(body.state.heading);
        body.state.speed = static_cast<float>(body.velocity.x * c + body.velocity.y * s);
        return true;
    }
    return false;
}

} // namespace trackwright
