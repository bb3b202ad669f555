#include "editor/canvas/race_drawing.h"

#include "editor/document/track_edits.h"
#include "editor/document/zone_edits.h"

#include "formats/geometry/route_frames.h"
#include "trackwright/vehicle/starting_grid.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace editor {

std::vector<ZoneDrawing> buildZoneDrawings(const formats::TrackDocument& doc) {
    std::vector<ZoneDrawing> drawings;
    std::map<std::uint32_t, std::vector<formats::NodeFrame>> frames;  // per route, built on first use
    for (std::size_t z = 0; z < doc.zones.size(); ++z) {
        const formats::Zone& zone = doc.zones[z];
        const std::vector<std::uint32_t> nodes = zoneNodes(doc, zone);
        if (nodes.empty()) continue;
        const std::uint32_t route = locateNode(doc, zone.from)->first;
        const formats::Route& r = doc.routes[route];
        if (!std::all_of(r.nodes.begin(), r.nodes.end(), [&](std::uint32_t n) { return n < doc.nodes.size(); })) continue;
        auto& routeFrames = frames[route];
        if (routeFrames.empty()) routeFrames = formats::computeRouteFrames(doc, r);
        std::map<std::uint32_t, std::size_t> position;
        for (std::size_t k = 0; k < r.nodes.size(); ++k) position[r.nodes[k]] = k;
        const bool noOvertaking = zone.kind == formats::kZoneNoOvertaking;
        const bool left = noOvertaking || zone.sides != formats::kSideNameRight;
        const bool right = noOvertaking || zone.sides != formats::kSideNameLeft;
        ZoneDrawing drawing{z, noOvertaking, {}, {}};
        for (std::uint32_t n : nodes) {
            const formats::TrackNode& node = doc.nodes[n];
            const formats::Vec2 centre = node.position.ground();
            const formats::Vec2 across = routeFrames[position[n]].perpendicular;
            // Just inside the tarmac edge, so the band reads as the edge's and never covers the runoff.
            const auto inside = [](double width) { return std::max(0.0, width - std::min(0.8, 0.25 * width)); };
            const formats::Vec2 l = centre + across * inside(node.left.track);
            const formats::Vec2 rr = centre - across * inside(node.right.track);
            if (left) drawing.leftEdge << QPointF(l.x, l.y);
            if (right) drawing.rightEdge << QPointF(rr.x, rr.y);
        }
        drawings.push_back(std::move(drawing));
    }
    return drawings;
}

std::vector<QPolygonF> gridSlotOutlines(const trackwright::BakedTrack& track, std::uint32_t count) {
    std::vector<QPolygonF> outlines;
    const trackwright::GridOptions grid = trackwright::designerGrid(track);
    const formats::Vec3 origin = track.origin();
    for (std::uint32_t slot = 0; slot < count; ++slot) {
        trackwright::VehicleState car;
        if (!trackwright::gridSlot(track, slot, grid, car)) break;
        const double c = std::cos(car.heading), s = std::sin(car.heading);
        const double x = car.position.x + origin.x, y = car.position.y + origin.y;
        QPolygonF outline;
        for (const auto& [along, across] : {std::pair{0.5, 0.5}, std::pair{0.5, -0.5}, std::pair{-0.5, -0.5}, std::pair{-0.5, 0.5}}) {
            const double a = along * kGridCarLength, b = across * kGridCarWidth;
            outline << QPointF(x + a * c - b * s, y + a * s + b * c);
        }
        outlines.push_back(outline);
    }
    return outlines;
}

} // namespace editor
