// Reference checks: route node lists, branch attachments, route names, markers (their nodes, their
// kinds, one start and one finish line). They run first so every later pass can index nodes through
// a route without bounds checks.

#include "formats/validate/validate_detail.h"

#include "trackwright/format/marker_kinds.h"

#include <algorithm>
#include <map>
#include <optional>

namespace formats::detail {
namespace {

constexpr std::int64_t kNoRoute = -1;

/// Sorted node lists of the routes that attachments refer to, built on first use: membership
/// queries in O(log n) without a set per route.
class RouteMembership {
public:
    explicit RouteMembership(const TrackDocument& doc) : m_doc(doc), m_sorted(doc.routes.size()) {}

    bool contains(std::size_t route, std::uint32_t node) {
        std::optional<std::vector<std::uint32_t>>& sorted = m_sorted[route];
        if (!sorted) {
            sorted = m_doc.routes[route].nodes;
            std::sort(sorted->begin(), sorted->end());
        }
        return std::binary_search(sorted->begin(), sorted->end(), node);
    }

private:
    const TrackDocument& m_doc;
    std::vector<std::optional<std::vector<std::uint32_t>>> m_sorted;
};

void checkRouteNodes(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    const std::size_t nodeCount = doc.nodes.size();
    // owner[node] = the route that lists it first.
    std::vector<std::int64_t> owner(nodeCount, kNoRoute);
    for (std::uint32_t r = 0; r < doc.routes.size(); ++r) {
        const Route& route = doc.routes[r];
        for (std::size_t k = 0; k < route.nodes.size(); ++k) {
            const std::uint32_t n = route.nodes[k];
            if (n >= nodeCount) {
                const std::string range = nodeCount == 0 ? "the track has no nodes" :
                    "the track has " + counted(nodeCount, "node") + " (0 to " + std::to_string(nodeCount - 1) + ")";
                sink.error("ref-node", routeName(doc, r) + " lists node " + std::to_string(n) + " at position " +
                    std::to_string(k) + ", but " + range + ": remove the entry or add the node",
                    routePath(r) + ".nodes[" + std::to_string(k) + "]").route = r;
                health.geometryCheckable[r] = false;
                continue;
            }
            if (owner[n] == kNoRoute) {
                owner[n] = r;
                continue;
            }
            const std::size_t first = static_cast<std::size_t>(owner[n]);
            const std::string where = first == r ? "twice in " + routeName(doc, r)
                                                 : "in " + routeName(doc, first) + " and in " + routeName(doc, r);
            Diagnostic& d = sink.error("node-reused", "node " + std::to_string(n) + " is listed " + where +
                ": a node belongs to one route, once. Duplicate the node if two routes pass the same place; a branch "
                "attaches to another route with \"fork\"/\"join\" instead of listing its nodes",
                routePath(r) + ".nodes[" + std::to_string(k) + "]");
            d.route = r;
            d.node = n;
            health.geometryCheckable[r] = false;
        }
    }
    for (std::uint32_t n = 0; n < nodeCount; ++n) {
        if (owner[n] != kNoRoute) continue;
        sink.warning("node-unused", "node " + std::to_string(n) + " belongs to no route, so the bake ignores it: add it to "
            "a route's \"nodes\" or delete it", nodePath(n)).node = n;
    }
}

void checkAttachments(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    RouteMembership membership(doc);
    for (std::uint32_t r = 0; r < doc.routes.size(); ++r) {
        const Route& route = doc.routes[r];
        auto checkAttachment = [&](const std::optional<RouteAttachment>& a, const std::string& key) {
            if (!a) return;
            const std::string path = routePath(r) + "." + key;
            Diagnostic* d = nullptr;
            if (r == 0) {
                d = &sink.error("ref-branch", "the main route (route 0) has a \"" + key + "\": only branches fork from or "
                    "join another route. Make the branch its own route, or remove the \"" + key + "\"", path);
            } else if (a->route >= doc.routes.size()) {
                d = &sink.error("ref-route", "the " + key + " of " + routeName(doc, r) + " refers to route " +
                    std::to_string(a->route) + ", but the track has " + counted(doc.routes.size(), "route") +
                    ": point it at an existing route", path + ".route");
            } else if (a->route == r) {
                d = &sink.error("ref-branch", routeName(doc, r) + " cannot " + key + " itself: attach it to the route "
                    "it leaves or rejoins", path + ".route");
            } else if (!membership.contains(a->route, a->node)) {
                d = &sink.error("ref-branch", "the " + key + " of " + routeName(doc, r) + " is node " + std::to_string(a->node) +
                    ", which " + routeName(doc, a->route) + " does not list: pick a node of that route", path + ".node");
            }
            if (d) {
                d->route = r;
                health.geometryCheckable[r] = false;
            }
        };
        checkAttachment(route.fork, "fork");
        checkAttachment(route.join, "join");
        if (route.closed && (route.fork || route.join)) {
            sink.error("branch-closed", routeName(doc, r) + " is closed but " + (route.fork ? "forks from" : "joins") +
                " another route: a branch runs from its fork to its join, so set \"closed\" to false",
                routePath(r) + ".closed").route = r;
            health.geometryCheckable[r] = false;
        }
        // A branch's attachment nodes are part of its driven path, so they count.
        const std::size_t points = route.nodes.size() + (route.fork ? 1 : 0) + (route.join ? 1 : 0);
        const std::size_t needed = route.closed ? 3 : 2;
        if (points < needed) {
            sink.error("route-too-short", routeName(doc, r) + " has " + std::to_string(points) + (points == 1 ? " point" : " points") +
                (route.closed ? ": a closed route needs at least 3 nodes" : ": an open route needs at least 2 (its fork and join count)") +
                "; add nodes or delete the route", routePath(r) + ".nodes").route = r;
            health.geometryCheckable[r] = false;
        }
    }
}

/// "marker 3 (\"start\" at node 40)", with its label when it has one: how messages name a marker.
std::string markerName(const TrackDocument& doc, std::size_t m) {
    const Marker& marker = doc.markers[m];
    return "marker " + std::to_string(m) + (marker.label.empty() ? "" : " \"" + marker.label + "\"") + " (\"" + marker.kind + "\" at node " +
        std::to_string(marker.node) + ")";
}

/// Fills in the node and, when a route lists it, the route of a marker's diagnostic.
void placeMarker(const TrackDocument& doc, const Marker& marker, Diagnostic& d) {
    if (marker.node >= doc.nodes.size()) return;
    d.node = marker.node;
    for (std::uint32_t r = 0; r < doc.routes.size(); ++r) {
        const std::vector<std::uint32_t>& nodes = doc.routes[r].nodes;
        if (std::find(nodes.begin(), nodes.end(), marker.node) == nodes.end()) continue;
        d.route = r;
        return;
    }
}

std::string knownMarkerKinds() {
    std::string list;
    for (const char* kind : trackwright::format::kMarkerKinds) list += std::string(list.empty() ? "" : ", ") + kind;
    return list;
}

/// A race has one start line and one finish line: the lap counter and the starting grid take the
/// first start line and ignore the rest, so a second one is a designer's intent lost. Each marker
/// that is a second start line, a second finish line or both ("start-finish") is one error naming
/// the first.
void checkStartAndFinishLines(const TrackDocument& doc, DiagnosticSink& sink) {
    namespace format = trackwright::format;
    std::optional<std::size_t> firstStart, firstFinish;
    for (std::size_t m = 0; m < doc.markers.size(); ++m) {
        const std::string& kind = doc.markers[m].kind;
        const bool start = format::isStartLineKind(kind), finish = format::isFinishLineKind(kind);
        const bool secondStart = start && firstStart, secondFinish = finish && firstFinish;
        if (start && !firstStart) firstStart = m;
        if (finish && !firstFinish) firstFinish = m;
        if (!secondStart && !secondFinish) continue;
        std::string what, others;
        if (secondStart && secondFinish) {
            what = "start and finish line";
            others = *firstStart == *firstFinish ? markerName(doc, *firstStart) + " is one already"
                                                 : markerName(doc, *firstStart) + " and " + markerName(doc, *firstFinish) + " are the first";
        } else {
            what = secondStart ? "start line" : "finish line";
            others = markerName(doc, secondStart ? *firstStart : *firstFinish) + " is one already";
        }
        Diagnostic& d = sink.error("several-start-lines", markerName(doc, m) + " is a second " + what + ": " + others +
            ", and a race has one start line (\"start-finish\" or \"start\") and one finish line (\"start-finish\" or \"finish\"); "
            "the lap counter and the starting grid take the first. Delete this one, or make it a \"sector\" marker if it splits the lap",
            "markers[" + std::to_string(m) + "].kind");
        placeMarker(doc, doc.markers[m], d);
    }
}

void checkMarkers(const TrackDocument& doc, DiagnosticSink& sink) {
    namespace format = trackwright::format;
    for (std::size_t m = 0; m < doc.markers.size(); ++m) {
        const Marker& marker = doc.markers[m];
        if (marker.node >= doc.nodes.size()) {
            sink.error("ref-node", "marker \"" + marker.kind + "\" is on node " + std::to_string(marker.node) + ", but the track has " +
                counted(doc.nodes.size(), "node") + ": move the marker to an existing node or delete it",
                "markers[" + std::to_string(m) + "].node");
        }
        // A warning, not an error: a marker's kind is baked as written, so a game may look up a kind
        // of its own; a misspelt "pit-box" or "start-finish", though, is a marker nothing reads.
        if (!format::isKnownMarkerKind(marker.kind)) {
            placeMarker(doc, marker, sink.warning("marker-kind", markerName(doc, m) + " is of a kind Trackwright does not know; it knows " +
                knownMarkerKinds() + ". Fix the spelling (kinds are lower case); a kind of your game's own is baked as written, and nothing "
                "in Trackwright reads it", "markers[" + std::to_string(m) + "].kind"));
        }
    }
    checkStartAndFinishLines(doc, sink);
}

/// Routes are told apart by index everywhere in a track (lines, branches, zones), so a repeated name
/// breaks no reference: it is a warning. But messages, the editor's outline and a game looking a
/// route up by its baked name cannot tell the two apart. An empty name may repeat: an unnamed route
/// is named by its index.
void checkRouteNames(const TrackDocument& doc, DiagnosticSink& sink) {
    std::map<std::string, std::size_t> firstNamed;
    for (std::size_t r = 0; r < doc.routes.size(); ++r) {
        const std::string& name = doc.routes[r].name;
        if (name.empty()) continue;
        const auto [at, inserted] = firstNamed.emplace(name, r);
        if (inserted) continue;
        sink.warning("duplicate-route-name", routeName(doc, r) + " has the name of route " + std::to_string(at->second) +
            ": messages, the editor and a game that finds a route by its name cannot tell them apart. Rename one of them",
            routePath(r) + ".name").route = r;
    }
}

} // namespace

void checkReferences(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health) {
    health.geometryCheckable.assign(doc.routes.size(), true);
    if (doc.routes.empty()) sink.error("no-routes", "the track has no route: add the main route (route 0) listing its nodes in driving order", "routes");
    checkRouteNodes(doc, sink, health);
    checkAttachments(doc, sink, health);
    checkRouteNames(doc, sink);
    checkMarkers(doc, sink);
}

} // namespace formats::detail
