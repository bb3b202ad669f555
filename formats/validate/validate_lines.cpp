// Line checks: references (route, vehicle class), one offset per route node, duplicates, and where
// each offset lies against the node's widths (positive offset = left, like the perpendicular).

#include "formats/validate/validate_detail.h"

#include <cmath>
#include <set>
#include <tuple>

namespace formats::detail {
namespace {

void checkOffsets(const TrackDocument& doc, std::size_t lineIndex, DiagnosticSink& sink) {
    const Line& line = doc.lines[lineIndex];
    const Route& route = doc.routes[line.route];
    for (std::size_t k = 0; k < line.offsets.size(); ++k) {
        const double offset = line.offsets[k];
        const std::uint32_t n = route.nodes[k];
        const bool left = offset >= 0.0;
        const SideWidths& side = left ? doc.nodes[n].left : doc.nodes[n].right;
        const double distance = std::abs(offset);
        if (!std::isfinite(offset) || distance <= side.track) continue;
        const bool beyondWall = distance > side.wall;
        const std::string sideName = left ? "left" : "right";
        const std::string where = "line \"" + line.name + "\" at node " + std::to_string(n) + " is " + metres(distance) + " to the " +
            sideName + ", ";
        const std::string path = "lines[" + std::to_string(lineIndex) + "].offsets[" + std::to_string(k) + "]";
        Diagnostic& d = beyondWall
            ? sink.error("line-beyond-wall", where + "beyond the " + sideName + " wall (" + metres(side.wall) +
                "): a car cannot drive there. Bring the offset inside the wall or move the wall out", path)
            : sink.warning("line-beyond-track", where + "on the runoff beyond the " + sideName + " tarmac edge (" + metres(side.track) +
                "): cars following it leave the tarmac. Bring it onto the tarmac unless that is intended", path);
        d.route = line.route;
        d.node = n;
    }
}

} // namespace

void checkLines(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink) {
    std::set<std::string> classNames;
    for (const VehicleClass& c : doc.vehicleClasses) classNames.insert(c.name);
    std::set<std::tuple<std::string, std::uint32_t, std::string>> seen;
    for (std::size_t l = 0; l < doc.lines.size(); ++l) {
        const Line& line = doc.lines[l];
        const std::string path = "lines[" + std::to_string(l) + "]";
        const std::string forClass = line.vehicleClass.empty() ? "every vehicle class" : "vehicle class \"" + line.vehicleClass + "\"";
        if (!seen.insert({line.name, line.route, line.vehicleClass}).second) {
            sink.warning("duplicate-line", "line \"" + line.name + "\" is defined twice for " + routeName(doc, line.route) + " and " + forClass +
                ": only one of them can be used; rename or delete this one", path + ".name");
        }
        if (!line.vehicleClass.empty() && !classNames.count(line.vehicleClass)) {
            sink.error("ref-vehicle-class", "line \"" + line.name + "\" is for vehicle class \"" + line.vehicleClass +
                "\", which the track does not define: add the class under \"vehicle_classes\" or fix the name", path + ".vehicle_class");
        }
        if (line.route >= doc.routes.size()) {
            sink.error("ref-route", "line \"" + line.name + "\" is on route " + std::to_string(line.route) + ", but the track has " +
                counted(doc.routes.size(), "route") + ": point it at an existing route", path + ".route");
            continue;
        }
        const Route& route = doc.routes[line.route];
        if (line.offsets.size() != route.nodes.size()) {
            sink.error("line-offset-count", "line \"" + line.name + "\" has " + std::to_string(line.offsets.size()) + " offsets but " +
                routeName(doc, line.route) + " has " + std::to_string(route.nodes.size()) +
                " nodes: a line needs one offset per node, in the route's order", path + ".offsets").route = line.route;
            continue;
        }
        // Widths of a route with broken references or numbers mean nothing; those are reported already.
        if (health.geometryCheckable[line.route]) checkOffsets(doc, l, sink);
    }
}

} // namespace formats::detail
