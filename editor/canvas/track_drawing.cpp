#include "editor/canvas/track_drawing.h"

#include "formats/geometry/route_frames.h"

#include <cmath>

namespace editor {
namespace {

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }

bool routeIsDrawable(const formats::TrackDocument& doc, const formats::Route& route) {
    if (route.nodes.size() < 2 && !(route.nodes.size() == 1 && (route.fork || route.join))) return false;
    for (std::uint32_t n : route.nodes) {
        if (n >= doc.nodes.size()) return false;
        const formats::Vec3& p = doc.nodes[n].position;
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) return false;
    }
    for (const auto& a : {route.fork, route.join})
        if (a && a->node >= doc.nodes.size()) return false;
    return true;
}

/// A sample across the route: centre, unit left perpendicular and the widths to use there.
struct CrossSection {
    std::uint32_t node = 0;
    formats::Vec2 centre;
    formats::Vec2 left;
    formats::SideWidths leftWidths;
    formats::SideWidths rightWidths;
};

/// The route's cross sections as driven; at a branch's fork and join node the branch's own end
/// widths are used, so its surface tapers from where it leaves and into where it rejoins.
std::vector<CrossSection> crossSections(const formats::TrackDocument& doc, const formats::Route& route) {
    const std::vector<formats::DrivenPoint> driven = formats::drivenRoute(doc, route);
    std::vector<CrossSection> sections;
    sections.reserve(driven.size());
    for (std::size_t k = 0; k < driven.size(); ++k) {
        const formats::DrivenPoint& p = driven[k];
        const formats::TrackNode& widths = doc.nodes[p.attachment ? (k == 0 ? route.nodes.front() : route.nodes.back()) : p.node];
        sections.push_back({p.node, p.position, p.frame.perpendicular, widths.left, widths.right});
    }
    return sections;
}

template <class Width> QPolygonF offsetEdge(const std::vector<CrossSection>& sections, double sign, Width width) {
    QPolygonF edge;
    edge.reserve(static_cast<qsizetype>(sections.size()));
    for (const CrossSection& s : sections) edge << toPoint(s.centre + s.left * (sign * width(s)));
    return edge;
}

/// The area between two edges: a ring for a closed route, a strip for an open one.
QPainterPath band(const QPolygonF& left, const QPolygonF& right, bool closed) {
    QPainterPath path;
    path.setFillRule(Qt::OddEvenFill);
    if (closed) {
        path.addPolygon(left);
        path.closeSubpath();
        path.addPolygon(right);
        path.closeSubpath();
    } else {
        QPolygonF outline = left;
        for (qsizetype i = right.size() - 1; i >= 0; --i) outline << right[i];
        path.addPolygon(outline);
        path.closeSubpath();
    }
    return path;
}

bool finite(const QPolygonF& polygon) {
    for (const QPointF& p : polygon)
        if (!std::isfinite(p.x()) || !std::isfinite(p.y())) return false;
    return true;
}

} // namespace

TrackDrawing buildTrackDrawing(const formats::TrackDocument& doc) {
    TrackDrawing drawing;
    std::vector<std::vector<formats::NodeFrame>> routeFrames(doc.routes.size());
    for (std::size_t r = 0; r < doc.routes.size(); ++r) {
        const formats::Route& route = doc.routes[r];
        if (!routeIsDrawable(doc, route)) continue;
        routeFrames[r] = formats::computeRouteFrames(doc, route);
        const std::vector<CrossSection> sections = crossSections(doc, route);
        RouteDrawing rd;
        rd.route = static_cast<std::uint32_t>(r);
        rd.closed = route.closed;
        rd.firstOwnSection = route.fork ? 1 : 0;
        rd.ownSectionCount = static_cast<qsizetype>(route.nodes.size());
        for (const CrossSection& s : sections) {
            rd.centre << toPoint(s.centre);
            rd.heights.push_back(doc.nodes[s.node].position.z);
            rd.nodes.push_back(s.node);
        }
        rd.leftTrack = offsetEdge(sections, 1.0, [](const CrossSection& s) { return s.leftWidths.track; });
        rd.rightTrack = offsetEdge(sections, -1.0, [](const CrossSection& s) { return s.rightWidths.track; });
        rd.leftRunoff = offsetEdge(sections, 1.0, [](const CrossSection& s) { return s.leftWidths.runoff; });
        rd.rightRunoff = offsetEdge(sections, -1.0, [](const CrossSection& s) { return s.rightWidths.runoff; });
        rd.leftWall = offsetEdge(sections, 1.0, [](const CrossSection& s) { return s.leftWidths.wall; });
        rd.rightWall = offsetEdge(sections, -1.0, [](const CrossSection& s) { return s.rightWidths.wall; });
        if (!finite(rd.leftWall) || !finite(rd.rightWall)) continue;
        rd.runoffArea = band(rd.leftRunoff, rd.rightRunoff, route.closed);
        rd.tarmacArea = band(rd.leftTrack, rd.rightTrack, route.closed);
        drawing.bounds = drawing.bounds.united(rd.leftWall.boundingRect()).united(rd.rightWall.boundingRect());
        for (std::uint32_t n : route.nodes) drawing.nodes.push_back(toPoint(doc.nodes[n].position.ground()));
        drawing.routes.push_back(std::move(rd));
    }
    for (const formats::Line& line : doc.lines) {
        if (line.route >= doc.routes.size() || routeFrames[line.route].empty()) continue;
        const formats::Route& route = doc.routes[line.route];
        if (line.offsets.size() != route.nodes.size()) continue;
        LineDrawing ld{QString::fromStdString(line.name), line.route, route.closed, {}};
        for (std::size_t k = 0; k < route.nodes.size(); ++k)
            ld.points << toPoint(doc.nodes[route.nodes[k]].position.ground() + routeFrames[line.route][k].perpendicular * line.offsets[k]);
        if (finite(ld.points)) drawing.lines.push_back(std::move(ld));
    }
    for (const formats::Marker& marker : doc.markers) {
        // A marker sits on the route that lists its node.
        for (std::size_t r = 0; r < doc.routes.size(); ++r) {
            if (routeFrames[r].empty()) continue;
            const auto& nodes = doc.routes[r].nodes;
            for (std::size_t k = 0; k < nodes.size(); ++k) {
                if (nodes[k] != marker.node) continue;
                const formats::TrackNode& node = doc.nodes[nodes[k]];
                const formats::Vec2 left = routeFrames[r][k].perpendicular;
                drawing.markers.push_back({QString::fromStdString(marker.kind), QString::fromStdString(marker.label),
                                           toPoint(node.position.ground() + left * node.left.track),
                                           toPoint(node.position.ground() - left * node.right.track)});
            }
        }
    }
    drawing.zones = buildZoneDrawings(doc);
    return drawing;
}

} // namespace editor
