#include "trackwright/track/registrar.h"

#include <cmath>

namespace trackwright {
namespace {

bool isFinite(format::Vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

/// The successor of a baked node on its route, across the loop closure; kNoRoute at the end of an
/// open route (a join is for the grid to find: the car may be on either route there).
std::uint32_t nextNode(const BakedTrack& t, std::uint32_t route, std::uint32_t node) {
    const format::BakedRoute& r = t.view.routes[route];
    if (node + 1 < r.firstNode + r.nodeCount) return node + 1;
    if (r.flags & format::kRouteClosed) return r.firstNode;
    return format::kNoRoute;
}

/// registerOnSegment without its checks of the caller's indices and without the road: the test
/// every candidate segment of a grid cell goes through, so it is inlined (the cold look-up went
/// from 55 to 45 ns with it); fillRoad then gives the winner its road.
[[gnu::always_inline]] inline bool holds(const BakedTrack& t, std::uint32_t route, std::uint32_t node, format::Vec2 p, Registration& out,
                                         bool withinWallsOnly = true) {
    const std::uint32_t next = nextNode(t, route, node);
    if (next == format::kNoRoute) return false;
    const format::BakedNode& a = t.view.nodes[node];
    const format::BakedNode& b = t.view.nodes[next];
    // Eq. 39.2: d = (R − N1)·n1 / ((R − N1)·n1 − (R − N2)·n2), n the node's forward direction.
    const double d1 = (p.x - a.x) * a.tangentX + (p.y - a.y) * a.tangentY;
    const double d2 = (p.x - b.x) * b.tangentX + (p.y - b.y) * b.tangentY;
    if (!(d1 >= 0.0 && d2 < 0.0)) return false;
    const double ratio = d1 / (d1 - d2);
    // Lateral: the signed distance from the link line (the chapter's reference line between the
    // nodes), cross(l, R − N1) / |l| with the plan |l| baked: no square root per query.
    if (!(a.linkPlanLength > 0.0f)) return false;
    const double lateral = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / a.linkPlanLength;
    const double wall = lateral >= 0.0 ? a.leftWall + ratio * (b.leftWall - a.leftWall) : a.rightWall + ratio * (b.rightWall - a.rightWall);
    if (withinWallsOnly && std::abs(lateral) > wall) return false;
    const format::BakedRoute& r = t.view.routes[route];
    out.defined = true;
    out.route = route;
    out.segment = node - r.firstNode;
    out.ratio = static_cast<float>(ratio < 1.0 ? ratio : std::nextafter(1.0, 0.0));
    out.lateral = static_cast<float>(lateral);
    out.distance = static_cast<float>(a.distance + ratio * a.linkLength);
    return true;
}

/// The road where `r` lies (defined, on a segment with a successor).
void fillRoad(const BakedTrack& t, Registration& r) {
    const std::uint32_t node = t.view.routes[r.route].firstNode + r.segment;
    r.road = roadOnSegment(t.view.nodes[node], t.view.nodes[nextNode(t, r.route, node)], r.ratio);
}

/// Better candidate: on the preferred route first, then nearer the centre line.
bool better(const Registration& candidate, const Registration& best, std::uint32_t preferredRoute, bool havePreference) {
    if (!best.defined) return true;
    if (havePreference && (candidate.route == preferredRoute) != (best.route == preferredRoute)) return candidate.route == preferredRoute;
    const float a = std::abs(candidate.lateral), b = std::abs(best.lateral);
    if (a != b) return a < b;
    return candidate.route < best.route || (candidate.route == best.route && candidate.segment < best.segment);
}

/// The centre line's height where `r` lies (baked heights are the track's local frame).
float surfaceHeight(const BakedTrack& t, const Registration& r) {
    const std::uint32_t node = t.view.routes[r.route].firstNode + r.segment;
    const std::uint32_t next = nextNode(t, r.route, node);
    const float a = t.view.nodes[node].z, b = next == format::kNoRoute ? a : t.view.nodes[next].z;
    return a + r.ratio * (b - a);
}

/// With a height: a surface at or below the car (within the tolerance) beats one above it; of two
/// below, the higher; of two above, the lower; equal heights fall back to `better`.
bool betterAtHeight(const BakedTrack& t, const Registration& candidate, const Registration& best, float height, std::uint32_t preferredRoute,
                    bool havePreference) {
    if (!best.defined) return true;
    const float zc = surfaceHeight(t, candidate), zb = surfaceHeight(t, best);
    const bool belowC = zc <= height + Registrar::kHeightTolerance, belowB = zb <= height + Registrar::kHeightTolerance;
    if (belowC != belowB) return belowC;
    if (std::abs(zc - zb) > 0.5f * Registrar::kHeightTolerance) return belowC ? zc > zb : zc < zb;
    return better(candidate, best, preferredRoute, havePreference);
}

Registration gridLookup(const BakedTrack& t, format::Vec2 p, std::uint32_t preferredRoute, bool havePreference, const float* height = nullptr) {
    Registration best;
    const format::BakedGridInfo& g = *t.view.grid;
    const double cx = (p.x - g.originX) / g.cellSize;
    const double cy = (p.y - g.originY) / g.cellSize;
    if (!(cx >= 0.0 && cy >= 0.0 && cx < g.columns && cy < g.rows)) return best;
    const std::size_t cell = static_cast<std::size_t>(cy) * g.columns + static_cast<std::size_t>(cx);
    Registration candidate;  // holds() fills every field but the road, which fillRoad gives the winner
    for (std::uint32_t k = t.view.gridCells[cell]; k < t.view.gridCells[cell + 1]; ++k) {
        const std::uint32_t node = t.view.gridItems[k];
        const std::uint32_t route = t.routeOfNode(node);
        if (route == format::kNoRoute || !holds(t, route, node, p, candidate)) continue;
        if (height ? betterAtHeight(t, candidate, best, *height, preferredRoute, havePreference) : better(candidate, best, preferredRoute, havePreference))
            best = candidate;
    }
    if (best.defined) fillRoad(t, best);
    return best;
}

} // namespace

bool registerOnSegment(const BakedTrack& t, std::uint32_t route, std::uint32_t node, format::Vec2 p, Registration& out, bool withinWallsOnly) {
    if (route >= t.view.routes.size() || node >= t.view.nodes.size()) return false;  // public: a caller's indices
    if (!holds(t, route, node, p, out, withinWallsOnly)) return false;
    fillRoad(t, out);
    return true;
}

Registration Registrar::registerCold(format::Vec2 position) const {
    if (!isFinite(position)) return {};
    return gridLookup(m_track, position, m_lastRoute, m_hasRoute);
}

Registration Registrar::registerCold(format::Vec2 position, float height) const {
    if (!isFinite(position)) return {};
    return gridLookup(m_track, position, m_lastRoute, m_hasRoute, std::isfinite(height) ? &height : nullptr);
}

Registration Registrar::update(format::Vec2 position) { return updateFrom(position, nullptr); }

Registration Registrar::update(format::Vec2 position, float height) { return updateFrom(position, std::isfinite(height) ? &height : nullptr); }

Registration Registrar::updateFrom(format::Vec2 position, const float* height) {
    if (!isFinite(position)) return {};
    const BakedTrack& t = m_track;
    if (m_hasLast) {
        // Step from the last segment in the direction the ratio points, staying on the car's route.
        std::uint32_t route = m_lastRoute;
        std::uint32_t node = m_lastNode;
        for (int step = 0; step < kMaxCoherentSteps; ++step) {
            Registration r;
            if (holds(t, route, node, position, r)) {
                m_lastNode = node;
                m_lastRoute = route;
                fillRoad(t, r);
                return r;
            }
            const format::BakedRoute& rt = t.view.routes[route];
            const format::BakedNode& a = t.view.nodes[node];
            const double ahead = (position.x - a.x) * a.tangentX + (position.y - a.y) * a.tangentY;
            if (ahead >= 0.0) {
                const std::uint32_t next = nextNode(t, route, node);
                if (next == format::kNoRoute) break;  // past the end of an open route: the grid decides (a join)
                node = next;
            } else if (node > rt.firstNode) {
                --node;
            } else if (rt.flags & format::kRouteClosed) {
                node = rt.firstNode + rt.nodeCount - 1;
            } else {
                break;
            }
        }
    }
    const Registration cold = gridLookup(t, position, m_lastRoute, m_hasRoute, height);
    if (cold.defined) {
        m_hasLast = true;
        m_hasRoute = true;
        m_lastRoute = cold.route;
        m_lastNode = t.view.routes[cold.route].firstNode + cold.segment;
    }
    return cold;
}

} // namespace trackwright
