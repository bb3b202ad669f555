#include "formats/validate.h"

#include "formats/validate_detail.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace formats {
namespace detail {

std::string nodePath(std::uint32_t node) { return "nodes[" + std::to_string(node) + "]"; }

std::string metres(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f m", value);
    return buffer;
}

std::string ratioText(double ratio) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "x%.1f", ratio);
    return buffer;
}

namespace {

template <class F> void forEachSide(const TrackNode& node, F&& f) {
    f("left", node.left);
    f("right", node.right);
}

} // namespace

void checkNumbers(const TrackDocument& doc, DiagnosticSink& sink, std::vector<bool>& nodeFinite) {
    std::optional<std::uint32_t> currentNode;
    auto check = [&](double value, const std::string& path, const std::string& what) {
        if (std::isfinite(value)) return true;
        sink.error("non-finite", what + " is not a finite number: enter a real value", path).node = currentNode;
        return false;
    };
    nodeFinite.assign(doc.nodes.size(), true);
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        const TrackNode& node = doc.nodes[i];
        const std::string path = nodePath(i);
        const std::string name = "node " + std::to_string(i);
        currentNode = i;
        bool ok = check(node.position.x, path + ".x", name + " x") & check(node.position.y, path + ".y", name + " y") &
            check(node.position.z, path + ".z", name + " z");
        forEachSide(node, [&](const char* side, const SideWidths& w) {
            const std::string sidePath = path + "." + side;
            const std::string sideName = name + " " + side;
            ok &= check(w.track, sidePath + ".track", sideName + " track width");
            ok &= check(w.runoff, sidePath + ".runoff", sideName + " runoff width");
            ok &= check(w.wall, sidePath + ".wall", sideName + " wall width");
        });
        if (node.speedOverride) ok &= check(*node.speedOverride, path + ".speed", name + " speed override");
        nodeFinite[i] = ok;
    }
    currentNode.reset();
    for (std::size_t l = 0; l < doc.lines.size(); ++l)
        for (std::size_t k = 0; k < doc.lines[l].offsets.size(); ++k)
            check(doc.lines[l].offsets[k], "lines[" + std::to_string(l) + "].offsets[" + std::to_string(k) + "]",
                  "offset " + std::to_string(k) + " of line \"" + doc.lines[l].name + "\"");
    for (std::size_t v = 0; v < doc.vehicleClasses.size(); ++v) {
        const VehicleClass& c = doc.vehicleClasses[v];
        const std::string path = "vehicle_classes[" + std::to_string(v) + "].";
        const std::string name = "vehicle class \"" + c.name + "\" ";
        check(c.maxLateralAcceleration, path + "max_lateral_acceleration", name + "max lateral acceleration");
        check(c.maxAcceleration, path + "max_acceleration", name + "max acceleration");
        check(c.maxBraking, path + "max_braking", name + "max braking");
        check(c.topSpeed, path + "top_speed", name + "top speed");
        check(c.wheelbase, path + "wheelbase", name + "wheelbase");
        check(c.maxSteeringAngle, path + "max_steering_angle", name + "max steering angle");
        check(c.width, path + "width", name + "width");
    }
    if (const auto& b = doc.editor.backdrop) {
        check(b->origin.x, "editor.backdrop.origin_x", "backdrop origin x");
        check(b->origin.y, "editor.backdrop.origin_y", "backdrop origin y");
        check(b->metresPerPixel, "editor.backdrop.metres_per_pixel", "backdrop scale");
        check(b->rotation, "editor.backdrop.rotation", "backdrop rotation");
        check(b->opacity, "editor.backdrop.opacity", "backdrop opacity");
    }
}

void checkReferences(const TrackDocument& doc, DiagnosticSink& sink, RouteHealth& health) {
    const std::size_t nodeCount = doc.nodes.size();
    const std::size_t routeCount = doc.routes.size();
    health.geometryCheckable.assign(routeCount, true);
    if (doc.routes.empty()) sink.error("no-routes", "the track has no route: add at least the main route", "routes");

    // owner[node] = route listing it first; memberOf[route] = its node set, for attachment checks.
    std::vector<std::int64_t> owner(nodeCount, -1);
    std::vector<std::set<std::uint32_t>> memberOf(routeCount);
    for (std::uint32_t r = 0; r < routeCount; ++r) {
        const Route& route = doc.routes[r];
        for (std::size_t k = 0; k < route.nodes.size(); ++k) {
            const std::uint32_t n = route.nodes[k];
            const std::string path = "routes[" + std::to_string(r) + "].nodes[" + std::to_string(k) + "]";
            if (n >= nodeCount) {
                Diagnostic& d = sink.error("ref-node", "route \"" + route.name + "\" lists node " + std::to_string(n) +
                    " but the track has " + std::to_string(nodeCount) + " nodes: remove the entry or add the node", path);
                d.route = r;
                health.geometryCheckable[r] = false;
                continue;
            }
            memberOf[r].insert(n);
            if (owner[n] >= 0) {
                const bool sameRoute = owner[n] == r;
                Diagnostic& d = sink.error("node-reused", "node " + std::to_string(n) + " is listed " +
                    (sameRoute ? "twice in route \"" + route.name + "\""
                               : "in route \"" + route.name + "\" and in route \"" + doc.routes[static_cast<std::size_t>(owner[n])].name + "\"") +
                    ": each node belongs to one route once; a branch attaches with fork/join instead of sharing nodes", path);
                d.route = r;
                d.node = n;
                health.geometryCheckable[r] = false;
            } else {
                owner[n] = r;
            }
        }
    }
    for (std::uint32_t n = 0; n < nodeCount; ++n) {
        if (owner[n] >= 0) continue;
        Diagnostic& d = sink.warning("node-unused", "node " + std::to_string(n) + " belongs to no route: add it to one or delete it", nodePath(n));
        d.node = n;
    }

    for (std::uint32_t r = 0; r < routeCount; ++r) {
        const Route& route = doc.routes[r];
        const std::string routePath = "routes[" + std::to_string(r) + "]";
        auto checkAttachment = [&](const std::optional<RouteAttachment>& a, const char* key) {
            if (!a) return;
            const std::string path = routePath + "." + key;
            Diagnostic* d = nullptr;
            if (r == 0) {
                d = &sink.error("ref-branch", "the main route (route 0) cannot have a " + std::string(key) +
                    ": make the branch a separate route", path);
            } else if (a->route >= routeCount) {
                d = &sink.error("ref-route", std::string(key) + " of route \"" + route.name + "\" refers to route " +
                    std::to_string(a->route) + ", which does not exist", path + ".route");
            } else if (a->route == r) {
                d = &sink.error("ref-branch", "route \"" + route.name + "\" cannot " + key + " itself", path + ".route");
            } else if (!memberOf[a->route].count(a->node)) {
                d = &sink.error("ref-branch", std::string(key) + " of route \"" + route.name + "\" names node " +
                    std::to_string(a->node) + ", which is not on route \"" + doc.routes[a->route].name + "\"", path + ".node");
            }
            if (d) {
                d->route = r;
                health.geometryCheckable[r] = false;
            }
        };
        checkAttachment(route.fork, "fork");
        checkAttachment(route.join, "join");
        if (route.closed && (route.fork || route.join)) {
            Diagnostic& d = sink.error("branch-closed", "route \"" + route.name +
                "\" is closed but forks or joins another route: a branch is open, set \"closed\" to false", routePath + ".closed");
            d.route = r;
            health.geometryCheckable[r] = false;
        }
        const std::size_t points = route.nodes.size() + (route.fork ? 1 : 0) + (route.join ? 1 : 0);
        const std::size_t needed = route.closed ? 3 : 2;
        if (points < needed) {
            Diagnostic& d = sink.error("route-too-short", "route \"" + route.name + "\" has " + std::to_string(points) +
                " points; a" + (route.closed ? " closed route needs at least 3" : "n open route needs at least 2"), routePath + ".nodes");
            d.route = r;
            health.geometryCheckable[r] = false;
        }
    }
    for (std::size_t m = 0; m < doc.markers.size(); ++m) {
        if (doc.markers[m].node < nodeCount) continue;
        sink.error("ref-node", "marker \"" + doc.markers[m].kind + "\" is on node " + std::to_string(doc.markers[m].node) +
            ", which does not exist", "markers[" + std::to_string(m) + "].node");
    }
}

void checkWidths(const TrackDocument& doc, DiagnosticSink& sink) {
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        const TrackNode& node = doc.nodes[i];
        forEachSide(node, [&](const char* side, const SideWidths& w) {
            const std::string path = nodePath(i) + "." + side;
            const std::tuple<const char*, double> values[] = {{"track", w.track}, {"runoff", w.runoff}, {"wall", w.wall}};
            for (const auto& [name, value] : values) {
                if (!(value < 0.0)) continue;
                Diagnostic& d = sink.error("negative-width", "node " + std::to_string(i) + " has a negative " + side + " " + name +
                    " width (" + metres(value) + "): widths are distances from the centre line, 0 or more", path + "." + name);
                d.node = i;
            }
            if (w.track <= w.runoff && w.runoff <= w.wall) return;
            const bool trackWide = w.track > w.runoff;
            Diagnostic& d = sink.error("width-order", "node " + std::to_string(i) + " " + side + ": " +
                (trackWide ? "tarmac (" + metres(w.track) + ") is wider than the runoff (" + metres(w.runoff) + ")"
                           : "runoff (" + metres(w.runoff) + ") is wider than the wall (" + metres(w.wall) + ")") +
                "; keep track <= runoff <= wall", path + (trackWide ? ".runoff" : ".wall"));
            d.node = i;
        });
        if (node.speedOverride && *node.speedOverride <= 0.0) {
            Diagnostic& d = sink.error("speed-override", "node " + std::to_string(i) + " has a speed override of " +
                std::to_string(*node.speedOverride) + " m/s: use a positive speed, or remove the override", nodePath(i) + ".speed");
            d.node = i;
        }
    }
}

void checkVehicleClasses(const TrackDocument& doc, DiagnosticSink& sink) {
    std::set<std::string> names;
    for (std::size_t v = 0; v < doc.vehicleClasses.size(); ++v) {
        const VehicleClass& c = doc.vehicleClasses[v];
        const std::string path = "vehicle_classes[" + std::to_string(v) + "]";
        if (c.name.empty()) sink.error("vehicle-parameter", "vehicle class " + std::to_string(v) + " has no name", path + ".name");
        else if (!names.insert(c.name).second)
            sink.error("vehicle-parameter", "two vehicle classes are named \"" + c.name + "\": names must be unique", path + ".name");
        const std::tuple<const char*, const char*, double> params[] = {
            {"max_lateral_acceleration", "m/s²", c.maxLateralAcceleration}, {"max_acceleration", "m/s²", c.maxAcceleration},
            {"max_braking", "m/s²", c.maxBraking}, {"top_speed", "m/s", c.topSpeed}, {"wheelbase", "m", c.wheelbase},
            {"max_steering_angle", "rad", c.maxSteeringAngle}, {"width", "m", c.width}};
        for (const auto& [key, unit, value] : params) {
            if (value > 0.0 || !std::isfinite(value)) continue;
            sink.error("vehicle-parameter", "vehicle class \"" + c.name + "\": " + key + " is " + std::to_string(value) + " " + unit +
                "; it must be greater than 0", path + "." + key);
        }
    }
}

void checkLines(const TrackDocument& doc, const RouteHealth& health, DiagnosticSink& sink) {
    std::set<std::tuple<std::string, std::uint32_t, std::string>> seen;
    for (std::size_t l = 0; l < doc.lines.size(); ++l) {
        const Line& line = doc.lines[l];
        const std::string path = "lines[" + std::to_string(l) + "]";
        if (!seen.insert({line.name, line.route, line.vehicleClass}).second)
            sink.warning("duplicate-line", "line \"" + line.name + "\" appears twice for the same route and vehicle class; the second one is ambiguous", path + ".name");
        if (!line.vehicleClass.empty()) {
            bool found = false;
            for (const VehicleClass& c : doc.vehicleClasses) found |= c.name == line.vehicleClass;
            if (!found)
                sink.error("ref-vehicle-class", "line \"" + line.name + "\" is for vehicle class \"" + line.vehicleClass +
                    "\", which the track does not define", path + ".vehicle_class");
        }
        if (line.route >= doc.routes.size()) {
            sink.error("ref-route", "line \"" + line.name + "\" is on route " + std::to_string(line.route) + ", which does not exist", path + ".route");
            continue;
        }
        const Route& route = doc.routes[line.route];
        if (line.offsets.size() != route.nodes.size()) {
            Diagnostic& d = sink.error("line-offset-count", "line \"" + line.name + "\" has " + std::to_string(line.offsets.size()) +
                " offsets but route \"" + route.name + "\" has " + std::to_string(route.nodes.size()) + " nodes: one offset per node", path + ".offsets");
            d.route = line.route;
            continue;
        }
        if (!health.geometryCheckable[line.route]) continue;
        for (std::size_t k = 0; k < line.offsets.size(); ++k) {
            const double offset = line.offsets[k];
            const std::uint32_t n = route.nodes[k];
            const TrackNode& node = doc.nodes[n];
            const bool left = offset >= 0.0;
            const SideWidths& side = left ? node.left : node.right;
            const double distance = std::abs(offset);
            if (!std::isfinite(offset) || distance <= side.track) continue;
            const bool beyondWall = distance > side.wall;
            Diagnostic& d = sink.add(beyondWall ? Severity::Error : Severity::Warning, beyondWall ? "line-beyond-wall" : "line-beyond-track",
                "line \"" + line.name + "\" at node " + std::to_string(n) + " is " + metres(distance) + " to the " + (left ? "left" : "right") +
                    ", beyond the " + (beyondWall ? "wall (" + metres(side.wall) + "): a car cannot drive there"
                                                  : "tarmac (" + metres(side.track) + "), on the runoff"),
                path + ".offsets[" + std::to_string(k) + "]");
            d.route = line.route;
            d.node = n;
        }
    }
}

} // namespace detail

Diagnostics validate(const TrackDocument& document, const ValidationOptions& options) {
    Diagnostics diagnostics;
    detail::DiagnosticSink sink{diagnostics};
    detail::RouteHealth health;
    detail::checkReferences(document, sink, health);
    std::vector<bool> nodeFinite;
    detail::checkNumbers(document, sink, nodeFinite);
    detail::checkWidths(document, sink);
    detail::checkVehicleClasses(document, sink);
    for (std::uint32_t r = 0; r < document.routes.size(); ++r) {
        if (!health.geometryCheckable[r]) continue;
        bool finite = true;
        for (std::uint32_t n : document.routes[r].nodes) finite = finite && nodeFinite[n];
        for (const auto& a : {document.routes[r].fork, document.routes[r].join})
            if (a) finite = finite && nodeFinite[a->node];
        if (!finite) {
            health.geometryCheckable[r] = false;
            continue;
        }
        detail::checkRouteGeometry(document, r, options, sink);
    }
    detail::checkLines(document, health, sink);
    return diagnostics;
}

} // namespace formats
