#include "editor/preview/surface_height.h"

#include <utility>

namespace editor::preview {
namespace {

/// A registered segment's two nodes: its first and the next along its route (a registration never
/// lies on the open end of a route, which has no next).
std::pair<const trackwright::format::BakedNode*, const trackwright::format::BakedNode*> segmentNodes(const trackwright::BakedTrack& track,
                                                                                                     const trackwright::Registration& at) {
    const trackwright::format::BakedRoute& route = track.view.routes[at.route];
    const std::uint32_t first = route.firstNode + at.segment;
    const std::uint32_t next = at.segment + 1 < route.nodeCount ? first + 1 : route.firstNode;
    return {&track.view.nodes[first], &track.view.nodes[next]};
}

} // namespace

std::optional<SurfaceUnder> surfaceUnder(const trackwright::BakedTrack& track, trackwright::format::Vec2 position, float nearHeight) {
    const trackwright::Registration at = trackwright::Registrar(track).registerCold(position, nearHeight);
    if (!at.defined) return std::nullopt;
    const auto [a, b] = segmentNodes(track, at);
    const float leftTrack = a->leftTrack + at.ratio * (b->leftTrack - a->leftTrack);
    const float rightTrack = a->rightTrack + at.ratio * (b->rightTrack - a->rightTrack);
    SurfaceUnder s;
    s.lateral = at.lateral;
    s.onTarmac = at.lateral <= leftTrack && -at.lateral <= rightTrack;
    s.height = a->z + at.ratio * (b->z - a->z) + bankLift(at.lateral, leftTrack, rightTrack, at.road.banking);
    s.registration = at;
    return s;
}

} // namespace editor::preview
