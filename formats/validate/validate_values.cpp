// Value checks: every number finite, widths ordered and non-negative, speed overrides and vehicle
// parameters positive. Message strings are built only for values that fail, so a clean 20 000-node
// track costs a few comparisons per node.

#include "formats/validate/validate_detail.h"

#include "trackwright/format/baked_limits.h"
#include "trackwright/format/car_description.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <set>
#include <string_view>
#include <vector>

namespace formats::detail {
namespace {

constexpr double kMaxBanking = 35.0 * std::numbers::pi / 180.0;  ///< rad: beyond the steepest ovals raced
constexpr double kMaxGrip = 3.0;                      ///< a racing slick on a prepared surface is about 1.5
constexpr double kMaxCrossingClearance = 100.0;       ///< m

struct NumberField {
    const char* key;    ///< JSON key below the object's path
    const char* label;  ///< what a designer calls it
    const char* unit;
    double value;
};

/// "45°", "0.6": a number in its shortest readable form with no space before what follows.
std::string plain(double value, const char* suffix = "") {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%g%s", value, suffix);
    return buffer;
}

std::string describeNonFinite(double value) { return std::isnan(value) ? "not a number (NaN)" : "infinite"; }

/// The parameters of a vehicle class, all of which must be finite and positive.
std::array<NumberField, 7> vehicleFields(const VehicleClass& c) {
    return {{{"max_lateral_acceleration", "max lateral acceleration", "m/s²", c.maxLateralAcceleration},
             {"max_acceleration", "max acceleration", "m/s²", c.maxAcceleration},
             {"max_braking", "max braking", "m/s²", c.maxBraking},
             {"top_speed", "top speed", "m/s", c.topSpeed},
             {"wheelbase", "wheelbase", "m", c.wheelbase},
             {"max_steering_angle", "max steering angle", "rad", c.maxSteeringAngle},
             {"width", "width", "m", c.width}}};
}

/// A vehicle class's envelope terms: optional (0 when not written), finite and not negative, the
/// load sensitivity below 1 (a tyre that lost all its grip to load).
std::array<NumberField, 5> vehicleEnvelopeFields(const VehicleClass& c) {
    return {{{"downforce", "downforce", "1/m", c.downforce},
             {"drag", "drag", "1/m", c.drag},
             {"load_sensitivity", "load sensitivity", "per weight", c.loadSensitivity},
             {"brake_limit", "brake limit", "m/s²", c.brakeLimit},
             {"power_per_mass", "power per mass", "W/kg", c.powerPerMass}}};
}

template <class F> void forEachSide(const TrackNode& node, F&& f) {
    f("left", node.left);
    f("right", node.right);
}

/// The track spans more than kMaxExtent: usually one mistyped node. Named is the node farthest from
/// the median of the others (robust to that one node).
void checkExtent(const TrackDocument& doc, DiagnosticSink& sink, const DocumentHealth& health) {
    std::vector<double> xs, ys;
    double minX = INFINITY, maxX = -INFINITY, minY = INFINITY, maxY = -INFINITY;
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        if (!health.nodeSound[i]) continue;
        const Vec3& p = doc.nodes[i].position;
        xs.push_back(p.x);
        ys.push_back(p.y);
        minX = std::min(minX, p.x);
        maxX = std::max(maxX, p.x);
        minY = std::min(minY, p.y);
        maxY = std::max(maxY, p.y);
    }
    const double span = std::max(maxX - minX, maxY - minY);
    if (xs.empty() || !(span > kMaxExtent)) return;
    const auto median = [](std::vector<double>& v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    const double mx = median(xs), my = median(ys);
    std::uint32_t farthest = 0;
    double farthestDistance = -1.0;
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        if (!health.nodeSound[i]) continue;
        const double d = std::hypot(doc.nodes[i].position.x - mx, doc.nodes[i].position.y - my);
        if (d > farthestDistance) {
            farthestDistance = d;
            farthest = i;
        }
    }
    sink.error("coordinate-out-of-range", "the track spans " + quantity(span / 1000.0, "km") + ", more than the " +
        quantity(kMaxExtent / 1000.0, "km") + " a bake keeps centimetre-exact; node " + std::to_string(farthest) + " lies " +
        quantity(farthestDistance / 1000.0, "km") + " from the middle of the others: is it misplaced?", nodePath(farthest)).node = farthest;
}

/// Finite but too large to bake: a node at 1e300 baked to infinity (and laps on it never
/// finished); a track spanning thousands of kilometres cannot keep centimetres in the floats of a
/// .twbake, even relative to its local origin. One diagnostic per node, up to kListedOutOfRange,
/// then a count; then the track's extent, naming the node farthest from the others.
void checkRanges(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    constexpr std::size_t kListedOutOfRange = 20;
    std::size_t outOfRange = 0;
    std::uint32_t firstBeyond = 0;
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        const TrackNode& node = doc.nodes[i];
        const double farthest = std::max(std::abs(node.position.x), std::abs(node.position.y));
        const double widest = std::max({node.left.track, node.left.runoff, node.left.wall, node.right.track, node.right.runoff, node.right.wall});
        const bool far = farthest > kMaxCoordinate || std::abs(node.position.z) > kMaxHeight, wide = widest > kMaxWidth;
        if (!(far || wide) || !health.nodeSound[i]) continue;  // NaN compares false: reported as non-finite
        health.nodeSound[i] = false;
        if (outOfRange++ == 0) firstBeyond = i;
        if (outOfRange > kListedOutOfRange) continue;
        if (far) {
            sink.error("coordinate-out-of-range", "node " + std::to_string(i) + " lies " +
                quantity(std::max(farthest, std::abs(node.position.z)) / 1000.0, "km") + " from the origin, beyond " +
                quantity(kMaxCoordinate / 1000.0, "km") + " across or " + quantity(kMaxHeight / 1000.0, "km") +
                " up or down: positions are metres; is the node misplaced?", nodePath(i)).node = i;
        } else {
            sink.error("coordinate-out-of-range", "node " + std::to_string(i) + " has a width of " + quantity(widest / 1000.0, "km") +
                ": widths beyond " + quantity(kMaxWidth, "m") + " cannot be baked; enter the distance from the centre line in metres",
                nodePath(i)).node = i;
        }
    }
    if (outOfRange > kListedOutOfRange)
        sink.error("coordinate-out-of-range", std::to_string(outOfRange - kListedOutOfRange) + " more nodes (not listed) lie too far out or are too wide",
                   nodePath(firstBeyond)).node = firstBeyond;
    checkExtent(doc, sink, health);
}

/// The tarmac at a node, left and right together, m.
double tarmacWidth(const TrackNode& node) { return node.left.track + node.right.track; }

/// "left 0.00 m + right 0.50 m": a node's tarmac on each side, for a message.
std::string tarmacSides(const TrackNode& node) { return "left " + metres(node.left.track) + " + right " + metres(node.right.track); }

} // namespace

void checkNumbers(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    auto report = [&](const std::string& owner, const std::string& path, const NumberField& field) -> Diagnostic& {
        return sink.error("non-finite", owner + ": " + field.label + " is " + describeNonFinite(field.value) +
            "; enter a finite number (" + field.unit + ")", path + "." + field.key);
    };
    health.nodeSound.assign(doc.nodes.size(), true);
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        const TrackNode& node = doc.nodes[i];
        const NumberField fields[] = {
            {"x", "x", "m", node.position.x}, {"y", "y", "m", node.position.y}, {"z", "z", "m", node.position.z},
            {"left.track", "left track width", "m", node.left.track}, {"left.runoff", "left runoff width", "m", node.left.runoff},
            {"left.wall", "left wall width", "m", node.left.wall}, {"right.track", "right track width", "m", node.right.track},
            {"right.runoff", "right runoff width", "m", node.right.runoff}, {"right.wall", "right wall width", "m", node.right.wall},
            {"speed", "speed override", "m/s", node.speedOverride.value_or(0.0)}, {"banking", "banking", "rad", node.banking},
            {"grip", "grip factor", "(1 = tarmac)", node.grip}};
        for (const NumberField& field : fields) {
            if (std::isfinite(field.value)) continue;
            report("node " + std::to_string(i), nodePath(i), field).node = i;
            health.nodeSound[i] = false;
        }
    }
    checkRanges(doc, sink, health);
    for (std::size_t l = 0; l < doc.lines.size(); ++l) {
        const Line& line = doc.lines[l];
        for (std::size_t k = 0; k < line.offsets.size(); ++k) {
            if (std::isfinite(line.offsets[k])) continue;
            Diagnostic& d = sink.error("non-finite", "line \"" + line.name + "\": the offset at position " + std::to_string(k) + " is " +
                describeNonFinite(line.offsets[k]) + "; enter a finite offset in metres (positive = left)",
                "lines[" + std::to_string(l) + "].offsets[" + std::to_string(k) + "]");
            if (line.route < doc.routes.size()) {
                d.route = line.route;
                const Route& route = doc.routes[line.route];
                if (k < route.nodes.size() && route.nodes[k] < doc.nodes.size()) d.node = route.nodes[k];
            }
        }
    }
    for (std::size_t v = 0; v < doc.vehicleClasses.size(); ++v) {
        const VehicleClass& c = doc.vehicleClasses[v];
        for (const NumberField& field : vehicleFields(c))
            if (!std::isfinite(field.value))
                report("vehicle class \"" + c.name + "\"", "vehicle_classes[" + std::to_string(v) + "]", field);
        for (const NumberField& field : vehicleEnvelopeFields(c))
            if (!std::isfinite(field.value))
                report("vehicle class \"" + c.name + "\"", "vehicle_classes[" + std::to_string(v) + "]", field);
    }
    if (const auto& b = doc.editor.backdrop) {
        const NumberField fields[] = {{"origin_x", "origin x", "m", b->origin.x}, {"origin_y", "origin y", "m", b->origin.y},
                                      {"metres_per_pixel", "scale", "metres per pixel", b->metresPerPixel},
                                      {"rotation", "rotation", "radians", b->rotation}, {"opacity", "opacity", "0 to 1", b->opacity}};
        for (const NumberField& field : fields)
            if (!std::isfinite(field.value)) report("the backdrop image", "editor.backdrop", field);
    }
    if (const auto& m = doc.editor.levelMesh) {
        const NumberField unit{"metres_per_unit", "unit", "metres per unit", m->metresPerUnit};
        if (!std::isfinite(unit.value)) report("the level mesh", "editor.level_mesh", unit);
        else if (!(m->metresPerUnit > 0.0 && m->metresPerUnit <= 1e6))
            sink.error("level-mesh-unit", "the level mesh's unit is " + std::to_string(m->metresPerUnit) +
                       " metres, not a unit a mesh is drawn in: enter the metres one unit of the file spans (1 for metres, 0.01 for centimetres)",
                       "editor.level_mesh.metres_per_unit");
        if (m->up != "y" && m->up != "z")
            sink.error("level-mesh-up", "the level mesh's up axis is \"" + m->up + "\": write \"y\" (glTF, AC3D and most exporters) or \"z\"",
                       "editor.level_mesh.up");
        if (m->file.empty()) sink.error("level-mesh-file", "the level mesh names no file: name the mesh, or remove \"level_mesh\"", "editor.level_mesh.file");
    }
}

void checkWidths(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    for (std::uint32_t i = 0; i < doc.nodes.size(); ++i) {
        const TrackNode& node = doc.nodes[i];
        forEachSide(node, [&](const char* side, const SideWidths& w) {
            const auto path = [&] { return nodePath(i) + "." + side; };
            const std::pair<const char*, double> values[] = {{"track", w.track}, {"runoff", w.runoff}, {"wall", w.wall}};
            for (const auto& [name, value] : values) {
                if (!(value < 0.0)) continue;
                sink.error("negative-width", "node " + std::to_string(i) + " has a negative " + side + " " + name + " width (" +
                    metres(value) + "): widths are distances from the centre line to that edge, 0 or more", path() + "." + name).node = i;
                health.nodeSound[i] = false;
            }
            if (!std::isfinite(w.track) || !std::isfinite(w.runoff) || !std::isfinite(w.wall)) return;  // reported as non-finite
            const bool trackBeyondRunoff = w.track > w.runoff;
            const bool runoffBeyondWall = w.runoff > w.wall;
            if (!trackBeyondRunoff && !runoffBeyondWall) return;
            std::string problem;
            if (trackBeyondRunoff) problem = "the tarmac (" + metres(w.track) + ") reaches past the runoff (" + metres(w.runoff) + ")";
            if (runoffBeyondWall)
                problem += std::string(trackBeyondRunoff ? " and " : "") + "the runoff (" + metres(w.runoff) + ") reaches past the wall (" +
                    metres(w.wall) + ")";
            sink.error("width-order", "node " + std::to_string(i) + ", " + side + " side: " + problem +
                ". Keep track <= runoff <= wall: widen the outer width or narrow the inner one",
                path() + (trackBeyondRunoff ? ".runoff" : ".wall")).node = i;
        });
        if (std::abs(node.banking) > kMaxBanking) {
            sink.error("steep-banking", "node " + std::to_string(i) + " is banked " + plain(std::round(node.banking * 1800.0 / std::numbers::pi) / 10.0, "°") +
                ", more than the ±" + plain(kMaxBanking * 180.0 / std::numbers::pi, "°") + " of the steepest ovals (Daytona's turns are 31°). "
                "Enter the banking in radians, positive when the left edge is higher", nodePath(i) + ".banking").node = i;
        }
        if (node.grip <= 0.0 || node.grip > kMaxGrip) {
            sink.error("grip-range", "node " + std::to_string(i) + " has a grip factor of " + plain(node.grip) + ": it scales the "
                "tyres' grip, 1 for dry tarmac, about 0.6 for gravel or wet; keep it above 0 and at most " + plain(kMaxGrip),
                nodePath(i) + ".grip").node = i;
        }
        if (node.speedOverride && *node.speedOverride > trackwright::format::kMaxBakedSpeed) {
            sink.error("speed-override", "node " + std::to_string(i) + " has a speed override of " + quantity(*node.speedOverride, "m/s") +
                ": more than the " + quantity(trackwright::format::kMaxBakedSpeed, "m/s") + " a bake holds; is it in m/s?", nodePath(i) + ".speed").node = i;
        }
        if (node.speedOverride && *node.speedOverride <= 0.0) {
            sink.error("speed-override", "node " + std::to_string(i) + " has a speed override of " + quantity(*node.speedOverride, "m/s") +
                ": a cap must be a positive speed; raise it or remove the override", nodePath(i) + ".speed").node = i;
        }
    }
}

void checkCrossingClearance(const TrackDocument& doc, DiagnosticSink& sink) {
    if (doc.crossingClearance > 0.0 && doc.crossingClearance <= kMaxCrossingClearance) return;
    sink.error("crossing-clearance", "the crossing clearance is " + quantity(doc.crossingClearance, "m") + ": it is how far one pass "
        "must be above another where they cross, so give a height above 0 m and at most " + quantity(kMaxCrossingClearance, "m") +
        " (" + quantity(kDefaultCrossingClearance, "m") + " when unsure)", "crossing_clearance");
}

void checkTarmac(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink) {
    constexpr std::size_t kListedStretches = 20;  // per route; a track imported without widths would list every node
    for (std::uint32_t r = 0; r < doc.routes.size(); ++r) {
        if (!health.geometryCheckable[r]) continue;  // references and numbers sound: every index and width is usable
        const std::vector<std::uint32_t>& nodes = doc.routes[r].nodes;
        const auto narrow = [&](std::size_t k) { return tarmacWidth(doc.nodes[nodes[k]]) < kMinTarmacWidth; };
        std::size_t stretches = 0, unlisted = 0;
        for (std::size_t k = 0; k < nodes.size();) {
            if (!narrow(k)) {
                ++k;
                continue;
            }
            // A stretch of consecutive narrow nodes, in driving order, reported once at its narrowest.
            std::size_t end = k;
            std::uint32_t narrowest = nodes[k];
            for (; end < nodes.size() && narrow(end); ++end)
                if (tarmacWidth(doc.nodes[nodes[end]]) < tarmacWidth(doc.nodes[narrowest])) narrowest = nodes[end];
            if (++stretches > kListedStretches) {
                unlisted += end - k;
                k = end;
                continue;
            }
            const TrackNode& node = doc.nodes[narrowest];
            const std::string where = end - k == 1
                ? "node " + std::to_string(nodes[k]) + " on " + routeName(doc, r) + " has " + metres(tarmacWidth(node)) + " of tarmac (" +
                    tarmacSides(node) + "), less than the " + metres(kMinTarmacWidth) + " a road has at the least"
                : "nodes " + std::to_string(nodes[k]) + " to " + std::to_string(nodes[end - 1]) + " on " + routeName(doc, r) + " (" +
                    counted(end - k, "node") + ") have less than " + metres(kMinTarmacWidth) + " of tarmac, left and right together; the narrowest, node " +
                    std::to_string(narrowest) + ", has " + metres(tarmacWidth(node)) + " (" + tarmacSides(node) + ")";
            Diagnostic& d = sink.error("no-tarmac", where + ": no vehicle has a road surface to drive on there. Set \"left.track\" and "
                "\"right.track\" to the distances from the centre line to the tarmac edges", nodePath(narrowest) + ".left.track");
            d.route = r;
            d.node = narrowest;
            k = end;
        }
        if (stretches > kListedStretches) {
            sink.error("no-tarmac", std::to_string(stretches - kListedStretches) + " more stretches (" + counted(unlisted, "node") + ") on " +
                routeName(doc, r) + " have less than " + metres(kMinTarmacWidth) + " of tarmac (not listed): are the track widths missing?",
                routePath(r) + ".nodes").route = r;
        }
    }
}

void checkClassesFitTheRoad(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink) {
    /// The narrowest of the nodes of one route a class does not fit in one way, and how many there are.
    struct Narrowest {
        std::size_t count = 0;
        std::uint32_t node = 0;
        double width = INFINITY;
        void add(std::uint32_t n, double w) {
            ++count;
            if (w < width) node = n, width = w;
        }
        std::string among() const { return count == 1 ? "" : ", the narrowest of " + counted(count, "node") + " narrower than the class"; }
    };
    for (std::size_t v = 0; v < doc.vehicleClasses.size(); ++v) {
        const VehicleClass& c = doc.vehicleClasses[v];
        // The class's own width wins; left out (0), a class with a car takes the car's (class_vehicle.h).
        const bool fromCar = c.width == 0.0 && c.car;
        const double width = fromCar ? c.car->width : c.width;
        if (!(width > 0.0) || !std::isfinite(width)) continue;  // reported as vehicle-parameter, non-finite or vehicle-car
        const std::string who = "vehicle class \"" + c.name + "\" is " + metres(width) + " wide" + (fromCar ? " (its car's width)" : "");
        const std::string path = "vehicle_classes[" + std::to_string(v) + "]" + (fromCar ? ".car.width" : ".width");
        for (std::uint32_t r = 0; r < doc.routes.size(); ++r) {
            if (!health.geometryCheckable[r]) continue;
            Narrowest road, tarmac;  // wider than the drivable road (tarmac and runoff); wider than the tarmac only
            for (std::uint32_t n : doc.routes[r].nodes) {
                const TrackNode& node = doc.nodes[n];
                // Below kMinTarmacWidth the node has no road at all: reported as no-tarmac.
                if (tarmacWidth(node) < kMinTarmacWidth) continue;
                const double drivable = node.left.runoff + node.right.runoff;
                if (width > drivable) road.add(n, drivable);
                else if (width > tarmacWidth(node)) tarmac.add(n, tarmacWidth(node));
            }
            if (road.count) {
                const TrackNode& node = doc.nodes[road.node];
                Diagnostic& d = sink.error("class-wider-than-road", who + ", wider than the road at node " + std::to_string(road.node) + " on " +
                    routeName(doc, r) + ": " + metres(tarmacWidth(node)) + " of tarmac (" + tarmacSides(node) + "), " + metres(road.width) +
                    " with the runoff" + road.among() + ". It cannot pass there: widen the tarmac and the runoff (\"left.track\", \"left.runoff\" …) "
                    "or, if the class's width is mistyped, narrow the class", path);
                d.route = r;
                d.node = road.node;
            }
            if (tarmac.count) {
                const TrackNode& node = doc.nodes[tarmac.node];
                Diagnostic& d = sink.warning("class-wider-than-tarmac", who + ", wider than the " + metres(tarmac.width) + " of tarmac (" +
                    tarmacSides(node) + ") at node " + std::to_string(tarmac.node) + " on " + routeName(doc, r) + tarmac.among() +
                    ": it drives there with wheels on the runoff, and its racing line keeps to the middle of the tarmac. Widen the tarmac "
                    "(\"left.track\", \"right.track\") unless that is meant", path);
                d.route = r;
                d.node = tarmac.node;
            }
        }
    }
}

void checkVehicleClasses(const TrackDocument& doc, DiagnosticSink& sink) {
    std::set<std::string> names;
    for (std::size_t v = 0; v < doc.vehicleClasses.size(); ++v) {
        const VehicleClass& c = doc.vehicleClasses[v];
        const std::string path = "vehicle_classes[" + std::to_string(v) + "]";
        if (c.name.empty()) {
            sink.error("vehicle-parameter", "vehicle class " + std::to_string(v) + " has no name: lines refer to classes by name, so give it one",
                path + ".name");
        } else if (!names.insert(c.name).second) {
            sink.error("vehicle-parameter", "two vehicle classes are named \"" + c.name + "\": rename one, names must be unique", path + ".name");
        }
        if (c.car) {
            if (const char* problem = trackwright::format::carDescriptionProblem(*c.car))
                sink.error("vehicle-car", "vehicle class \"" + c.name + "\": its car's " + problem + ": fix the car description (docs/formats.md, \"car\")",
                           path + ".car");
        }
        namespace limits = trackwright::format;
        // Each value on its own, no limits across them: braking or acceleration beyond the lateral
        // grip, or any of them beyond 1 g, is what downforce and brakes do (an F1 car brakes at 5 g,
        // corners at 4 g), so only what no vehicle has and no bake holds is refused.
        // What a car can be, in vehicleFields' order: a bake keeps floats and its reader refuses
        // the rest (1e-300 baked to 0, an ideal lap of "0 s"; a 100 rad steering lock validated).
        const std::pair<double, double> ranges[] = {
            {limits::kMinBakedAcceleration, limits::kMaxBakedAcceleration}, {limits::kMinBakedAcceleration, limits::kMaxBakedAcceleration},
            {limits::kMinBakedAcceleration, limits::kMaxBakedAcceleration}, {limits::kMinBakedSpeed, limits::kMaxBakedSpeed},
            {limits::kMinBakedLength, limits::kMaxBakedWheelbase}, {limits::kMinBakedSteering, limits::kMaxBakedSteering},
            {0.0, limits::kMaxBakedVehicleWidth}};
        std::size_t field = 0;
        for (const NumberField& param : vehicleFields(c)) {
            const auto [least, most] = ranges[field++];
            if (param.value > 0.0 && (param.value < least || param.value > most)) {
                sink.error("vehicle-out-of-range", "vehicle class \"" + c.name + "\": " + param.label + " (\"" + param.key + "\") is " +
                    quantity(param.value, param.unit) + "; no vehicle has that: keep it between " + plain(least) + " and " + plain(most) + " " +
                    param.unit, path + "." + param.key);
                continue;
            }
            if (param.value > 0.0 || !std::isfinite(param.value)) continue;  // non-finite is reported as such
            if (c.car && param.value == 0.0) continue;                        // not written: derived from the car
            sink.error("vehicle-parameter", "vehicle class \"" + c.name + "\": " + param.label + " (\"" + param.key + "\") is " +
                quantity(param.value, param.unit) + "; every vehicle parameter must be greater than 0", path + "." + param.key);
        }
        for (const NumberField& param : vehicleEnvelopeFields(c)) {
            if (!std::isfinite(param.value)) continue;  // reported as non-finite
            if (param.value < 0.0) {
                sink.error("vehicle-parameter", "vehicle class \"" + c.name + "\": " + param.label + " (\"" + param.key + "\") is " +
                    quantity(param.value, param.unit) + "; an envelope term is 0 or more (0 or left out: none, or the car's)", path + "." + param.key);
            } else if (param.key == std::string_view("load_sensitivity") && param.value >= 1.0) {
                sink.error("vehicle-parameter", "vehicle class \"" + c.name + "\": load sensitivity (\"load_sensitivity\") is " + plain(param.value) +
                    "; it is the share of grip a tyre loses per weight of load above the car's own, so keep it below 1 (0.1 to 0.3 for road tyres)",
                    path + "." + param.key);
            }
        }
    }
}

} // namespace formats::detail
