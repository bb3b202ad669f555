#include "bake/cli/bake_diff.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <span>

namespace bake::cli {
namespace {

using formats::BakedTrackView;

/// Smaller differences are the float noise of a re-bake, not a change anyone made.
constexpr double kMetres = 1e-3, kSeconds = 1e-4, kSpeed = 1e-3, kRelative = 1e-6;

bool differs(double a, double b, double tolerance) { return std::abs(a - b) > tolerance + kRelative * std::max(std::abs(a), std::abs(b)); }

template <class T> bool bytesDiffer(std::span<const T> a, std::span<const T> b) {
    return a.size() != b.size() || (!a.empty() && std::memcmp(a.data(), b.data(), a.size_bytes()) != 0);
}

template <class T> bool bytesDiffer(const T* a, const T* b) { return (a == nullptr) != (b == nullptr) || (a && std::memcmp(a, b, sizeof(T)) != 0); }

std::string routeName(const BakedTrackView& v, std::uint32_t route) { return v.name(v.routes[route].nameOffset); }

std::string className(const BakedTrackView& v, std::uint32_t vehicleClass) {
    return vehicleClass == formats::kAllVehicleClasses ? std::string("every class") : std::string(v.name(v.vehicleClasses[vehicleClass].nameOffset));
}

/// A line as a reviewer names it: its name, and its route and class when the track has several.
std::string lineName(const BakedTrackView& v, std::size_t line) {
    const formats::BakedLine& l = v.lines[line];
    std::string name = v.name(l.nameOffset);
    if (v.routes.size() > 1) name += " (route " + routeName(v, l.route) + ")";
    if (l.vehicleClass != formats::kAllVehicleClasses) name += " [" + className(v, l.vehicleClass) + "]";
    return name;
}

template <class Key> std::map<std::string, std::size_t> indexBy(std::size_t count, Key key) {
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < count; ++i) index.emplace(key(i), i);
    return index;
}

class Differ {
public:
    Differ(const BakedTrackView& a, const BakedTrackView& b, BakeDiff& out) : m_a(a), m_b(b), m_out(out) {}

    void figure(const std::string& subject, const std::string& name, double before, double after, double tolerance) {
        if (differs(before, after, tolerance)) m_out.changes.push_back({subject, name, before, after, {}});
    }
    void presence(const std::string& subject, bool inA, bool inB) {
        if (inA != inB) m_out.changes.push_back({subject, "present", inA ? 1.0 : 0.0, inB ? 1.0 : 0.0, {}});
    }
    void largest(const std::string& subject, const std::string& name, double change, double at, double tolerance) {
        if (change > tolerance) m_out.changes.push_back({subject, name, {}, change, at});
    }

    void track() {
        figure("track", "routes", double(m_a.routes.size()), double(m_b.routes.size()), 0);
        figure("track", "nodes", double(m_a.nodes.size()), double(m_b.nodes.size()), 0);
        figure("track", "lines", double(m_a.lines.size()), double(m_b.lines.size()), 0);
        figure("track", "vehicle_classes", double(m_a.vehicleClasses.size()), double(m_b.vehicleClasses.size()), 0);
        figure("track", "markers", double(m_a.markers.size()), double(m_b.markers.size()), 0);
        figure("track", "zones", double(m_a.zones.size()), double(m_b.zones.size()), 0);
        figure("track", "drivers", double(m_a.drivers.size()), double(m_b.drivers.size()), 0);
    }

    void routes() {
        const auto ia = indexBy(m_a.routes.size(), [&](std::size_t i) { return routeName(m_a, std::uint32_t(i)); });
        const auto ib = indexBy(m_b.routes.size(), [&](std::size_t i) { return routeName(m_b, std::uint32_t(i)); });
        for (const auto& [name, i] : ia) {
            const std::string subject = "route " + name;
            const auto j = ib.find(name);
            presence(subject, true, j != ib.end());
            if (j == ib.end()) continue;
            const formats::BakedRoute &ra = m_a.routes[i], &rb = m_b.routes[j->second];
            figure(subject, "nodes", ra.nodeCount, rb.nodeCount, 0);
            figure(subject, "length_m", ra.length, rb.length, kMetres);
            if (ra.nodeCount != rb.nodeCount) continue;
            // Nodes moved and widths changed, node by node, where the route kept its node count.
            double moved = 0, movedAt = 0, widened = 0, widenedAt = 0;
            for (std::uint32_t k = 0; k < ra.nodeCount; ++k) {
                const formats::BakedNode &na = m_a.nodes[ra.firstNode + k], &nb = m_b.nodes[rb.firstNode + k];
                const double d = std::hypot(double(na.x) - nb.x, double(na.y) - nb.y, double(na.z) - nb.z);
                if (d > moved) moved = d, movedAt = na.distance;
                for (const auto& [wa, wb] : {std::pair{na.leftTrack, nb.leftTrack}, {na.leftRunoff, nb.leftRunoff}, {na.leftWall, nb.leftWall},
                                            {na.rightTrack, nb.rightTrack}, {na.rightRunoff, nb.rightRunoff}, {na.rightWall, nb.rightWall}})
                    if (std::abs(double(wa) - wb) > widened) widened = std::abs(double(wa) - wb), widenedAt = na.distance;
            }
            largest(subject, "largest_node_move_m", moved, movedAt, kMetres);
            largest(subject, "largest_width_change_m", widened, widenedAt, kMetres);
        }
        for (const auto& [name, j] : ib)
            if (!ia.count(name)) presence("route " + name, false, true);
    }

    void classes() {
        const auto ia = indexBy(m_a.vehicleClasses.size(), [&](std::size_t i) { return className(m_a, std::uint32_t(i)); });
        const auto ib = indexBy(m_b.vehicleClasses.size(), [&](std::size_t i) { return className(m_b, std::uint32_t(i)); });
        for (const auto& [name, i] : ia) {
            const std::string subject = "class " + name;
            const auto j = ib.find(name);
            presence(subject, true, j != ib.end());
            if (j == ib.end()) continue;
            const formats::BakedVehicleClass &ca = m_a.vehicleClasses[i], &cb = m_b.vehicleClasses[j->second];
            figure(subject, "max_lateral_acceleration", ca.maxLateralAcceleration, cb.maxLateralAcceleration, kSpeed);
            figure(subject, "max_acceleration", ca.maxAcceleration, cb.maxAcceleration, kSpeed);
            figure(subject, "max_braking", ca.maxBraking, cb.maxBraking, kSpeed);
            figure(subject, "top_speed", ca.topSpeed, cb.topSpeed, kSpeed);
            figure(subject, "wheelbase", ca.wheelbase, cb.wheelbase, kMetres);
            figure(subject, "max_steering_angle", ca.maxSteeringAngle, cb.maxSteeringAngle, 1e-5);
            figure(subject, "width", ca.width, cb.width, kMetres);
        }
        for (const auto& [name, j] : ib)
            if (!ia.count(name)) presence("class " + name, false, true);
    }

    void lines() {
        const auto ia = indexBy(m_a.lines.size(), [&](std::size_t i) { return lineName(m_a, i); });
        const auto ib = indexBy(m_b.lines.size(), [&](std::size_t i) { return lineName(m_b, i); });
        for (const auto& [name, i] : ia) {
            const std::string subject = "line " + name;
            const auto j = ib.find(name);
            presence(subject, true, j != ib.end());
            if (j == ib.end()) continue;
            const formats::BakedLine &la = m_a.lines[i], &lb = m_b.lines[j->second];
            const std::uint32_t na = m_a.routes[la.route].nodeCount, nb = m_b.routes[lb.route].nodeCount;
            figure(subject, "points", na, nb, 0);
            figure(subject, "length_m", la.length, lb.length, kMetres);
            figure(subject, "integral_squared_curvature", integralSquaredCurvature(m_a, i), integralSquaredCurvature(m_b, j->second), 1e-7);
            if (na != nb) continue;
            double moved = 0, movedAt = 0;
            for (std::uint32_t k = 0; k < na; ++k) {
                const formats::BakedLinePoint &pa = m_a.linePoints[la.firstPoint + k], &pb = m_b.linePoints[lb.firstPoint + k];
                const double d = std::hypot(double(pa.x) - pb.x, double(pa.y) - pb.y);
                if (d > moved) moved = d, movedAt = pa.distance;
            }
            largest(subject, "largest_move_m", moved, movedAt, kMetres);
        }
        for (const auto& [name, j] : ib)
            if (!ia.count(name)) presence("line " + name, false, true);
    }

    void profiles() {
        const auto key = [](const BakedTrackView& v) {
            return [&v](std::size_t i) { return lineName(v, v.speedProfiles[i].line) + " / " + className(v, v.speedProfiles[i].vehicleClass); };
        };
        const auto ia = indexBy(m_a.speedProfiles.size(), key(m_a));
        const auto ib = indexBy(m_b.speedProfiles.size(), key(m_b));
        for (const auto& [name, i] : ia) {
            const std::string subject = "ideal lap " + name;
            const auto j = ib.find(name);
            presence(subject, true, j != ib.end());
            if (j == ib.end()) continue;
            const formats::BakedSpeedProfile &pa = m_a.speedProfiles[i], &pb = m_b.speedProfiles[j->second];
            figure(subject, "seconds", pa.lapTime, pb.lapTime, kSeconds);
            const formats::BakedLine &la = m_a.lines[pa.line], &lb = m_b.lines[pb.line];
            const std::uint32_t n = m_a.routes[la.route].nodeCount;
            if (n != m_b.routes[lb.route].nodeCount) continue;
            double change = 0, at = 0;
            for (std::uint32_t k = 0; k < n; ++k) {
                const double d = std::abs(double(m_a.speedHints[pa.firstHint + k]) - m_b.speedHints[pb.firstHint + k]);
                if (d > change) change = d, at = m_a.linePoints[la.firstPoint + k].distance;
            }
            largest(subject, "largest_hint_change_mps", change, at, kSpeed);
        }
        for (const auto& [name, j] : ib)
            if (!ia.count(name)) presence("ideal lap " + name, false, true);
    }

    void sections() {
        const auto check = [&](const char* name, bool different) {
            if (different) m_out.sections.emplace_back(name);
        };
        check("origin", bytesDiffer(m_a.origin, m_b.origin));
        check("routes", bytesDiffer(m_a.routes, m_b.routes));
        check("nodes", bytesDiffer(m_a.nodes, m_b.nodes));
        check("route links", bytesDiffer(m_a.routeLinks, m_b.routeLinks));
        check("vehicle classes", bytesDiffer(m_a.vehicleClasses, m_b.vehicleClasses));
        check("lines", bytesDiffer(m_a.lines, m_b.lines));
        check("line points", bytesDiffer(m_a.linePoints, m_b.linePoints));
        check("speed profiles", bytesDiffer(m_a.speedProfiles, m_b.speedProfiles));
        check("speed hints", bytesDiffer(m_a.speedHints, m_b.speedHints));
        check("registration grid", bytesDiffer(m_a.grid, m_b.grid) || bytesDiffer(m_a.gridCells, m_b.gridCells) || bytesDiffer(m_a.gridItems, m_b.gridItems));
        check("names", m_a.strings != m_b.strings);
        check("markers", bytesDiffer(m_a.markers, m_b.markers));
        check("zones", bytesDiffer(m_a.zones, m_b.zones));
        check("race settings", bytesDiffer(m_a.race, m_b.race));
        check("drivers", bytesDiffer(m_a.drivers, m_b.drivers));
        check("header", m_a.header->formatVersion != m_b.header->formatVersion || m_a.header->sourceHash != m_b.header->sourceHash);
    }

private:
    const BakedTrackView &m_a, &m_b;
    BakeDiff& m_out;
};

} // namespace

double integralSquaredCurvature(const BakedTrackView& view, std::size_t line) {
    const formats::BakedLine& l = view.lines[line];
    const formats::BakedRoute& route = view.routes[l.route];
    const std::span<const formats::BakedLinePoint> points = view.linePoints.subspan(l.firstPoint, route.nodeCount);
    const bool closed = (route.flags & formats::kRouteClosed) != 0;
    double sum = 0.0;
    // The trapezoid rule over each segment; a closed line's last segment runs back to its first point.
    for (std::size_t i = 0; i + 1 < points.size() || (closed && i < points.size()); ++i) {
        const std::size_t next = (i + 1) % points.size();
        const double length = next == 0 ? double(l.length) - points[i].distance : double(points[next].distance) - points[i].distance;
        const double ka = points[i].curvature, kb = points[next].curvature;
        sum += 0.5 * (ka * ka + kb * kb) * std::max(0.0, length);
    }
    return sum;
}

BakeDiff diffBakes(const BakedTrackView& a, const BakedTrackView& b, bool bytesIdentical) {
    BakeDiff diff;
    diff.identical = bytesIdentical;
    if (bytesIdentical) return diff;
    Differ differ(a, b, diff);
    differ.track();
    differ.routes();
    differ.classes();
    differ.lines();
    differ.profiles();
    differ.sections();
    return diff;
}

} // namespace bake::cli
