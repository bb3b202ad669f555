#include "trackwright/plan/plan_track_area.h"

#include "trackwright/track/registrar.h"

#include <cmath>

namespace trackwright {

bool PlanTrackArea::clearance(float x, float y, float& out) const {
    // Cold registration (the grid): no memory of a previous pose, so any order of queries is fine.
    const Registration r = Registrar(*track).registerCold({x, y});
    if (!r.defined) return false;
    const format::BakedRoute& route = track->view.routes[r.route];
    const format::BakedNode& a = track->view.nodes[route.firstNode + r.segment];
    const format::BakedNode& b = track->view.nodes[route.firstNode + (r.segment + 1) % route.nodeCount];
    const bool left = r.lateral >= 0.0f;
    float wa, wb;
    switch (edge) {
    case TrackEdge::Track:
        wa = left ? a.leftTrack : a.rightTrack;
        wb = left ? b.leftTrack : b.rightTrack;
        break;
    case TrackEdge::Runoff:
        wa = left ? a.leftRunoff : a.rightRunoff;
        wb = left ? b.leftRunoff : b.rightRunoff;
        break;
    case TrackEdge::Wall:
    default:
        wa = left ? a.leftWall : a.rightWall;
        wb = left ? b.leftWall : b.rightWall;
        break;
    }
    out = wa + r.ratio * (wb - wa) - margin - std::abs(r.lateral);
    return true;
}

bool PlanTrackArea::test(const void* user, const PlanState& from, const PlanState& to) {
    const PlanTrackArea& area = *static_cast<const PlanTrackArea*>(user);
    float there = 0.0f;
    if (!area.clearance(to.x, to.y, there)) return false;  // beyond the walls, or off the track
    if (there >= 0.0f) return true;
    // In the margin zone: only moves that do not go further out (backing away from a wall).
    float here = 0.0f;
    return area.clearance(from.x, from.y, here) && there >= here;
}

} // namespace trackwright
