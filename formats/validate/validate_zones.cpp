// Designer race data: overtaking and no-overtaking zones, and the race settings (yield side, grid,
// pit stop time). Zones name nodes as markers do; each must lie on one route, in driving order.

#include "trackwright/format/baked_limits.h"
#include "formats/validate/validate_detail.h"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace formats::detail {
namespace {

/// Where each node is listed: its route and position there (the first listing; a node listed twice
/// is node-reused's error).
struct NodePlace {
    std::uint32_t route = 0;
    std::size_t position = 0;
};

std::vector<std::optional<NodePlace>> nodePlaces(const TrackDocument& doc) {
    std::vector<std::optional<NodePlace>> places(doc.nodes.size());
    for (std::uint32_t r = 0; r < doc.routes.size(); ++r)
        for (std::size_t k = 0; k < doc.routes[r].nodes.size(); ++k) {
            const std::uint32_t n = doc.routes[r].nodes[k];
            if (n < places.size() && !places[n]) places[n] = NodePlace{r, k};
        }
    return places;
}

std::string zonePath(std::size_t zone) { return "zones[" + std::to_string(zone) + "]"; }

bool isSide(const std::string& text) { return text == kSideNameLeft || text == kSideNameRight; }

/// A valid zone's stretch as positions along its route, half-open: [start, end), split in two
/// where it wraps across the start of a closed route.
struct Stretch {
    std::uint32_t route = 0;
    std::size_t zone = 0;
    bool noOvertaking = false;
    std::vector<std::pair<std::size_t, std::size_t>> pieces;
};

bool overlaps(const Stretch& a, const Stretch& b) {
    if (a.route != b.route) return false;
    for (const auto& [as, ae] : a.pieces)
        for (const auto& [bs, be] : b.pieces)
            if (as < be && bs < ae) return true;
    return false;
}

/// Checks one zone's references; returns its stretch when the zone is sound.
std::optional<Stretch> checkZone(const TrackDocument& doc, const std::vector<std::optional<NodePlace>>& places, std::size_t z,
                                 DiagnosticSink& sink) {
    const Zone& zone = doc.zones[z];
    const std::string path = zonePath(z);
    bool sound = true;
    const bool overtaking = zone.kind == kZoneOvertaking;
    if (!overtaking && zone.kind != kZoneNoOvertaking) {
        sink.error("zone-kind", "zone " + std::to_string(z) + " has kind \"" + zone.kind + "\": write \"overtaking\" (cars may pass there) or "
            "\"no-overtaking\" (they may not)", path + ".kind");
        sound = false;
    }
    if (overtaking && !zone.sides.empty() && !isSide(zone.sides) && zone.sides != kSideNameBoth) {
        sink.error("zone-sides", "zone " + std::to_string(z) + " allows passing on sides \"" + zone.sides + "\": write \"left\", \"right\" or "
            "\"both\" (or leave \"sides\" out for both)", path + ".sides");
        sound = false;
    } else if (zone.kind == kZoneNoOvertaking && !zone.sides.empty()) {
        sink.error("zone-sides", "zone " + std::to_string(z) + " is a no-overtaking zone with \"sides\": it forbids passing on both sides, so "
            "remove \"sides\" (or make it an overtaking zone)", path + ".sides");
        sound = false;
    }
    std::optional<NodePlace> ends[2];
    const std::pair<const char*, std::uint32_t> fields[2] = {{"from", zone.from}, {"to", zone.to}};
    for (int e = 0; e < 2; ++e) {
        const auto& [key, node] = fields[e];
        if (node >= doc.nodes.size()) {
            sink.error("ref-node", "zone " + std::to_string(z) + "'s \"" + key + "\" is node " + std::to_string(node) + ", but the track has " +
                counted(doc.nodes.size(), "node") + ": point it at a node of the route the zone lies on", path + "." + key);
            sound = false;
        } else if (!places[node]) {
            sink.error("zone-off-route", "zone " + std::to_string(z) + "'s \"" + key + "\" is node " + std::to_string(node) + ", which no route "
                "lists, so the zone lies on no route: point it at a node of a route, or add the node to one", path + "." + key).node = node;
            sound = false;
        } else {
            ends[e] = places[node];
        }
    }
    if (!ends[0] || !ends[1]) return std::nullopt;
    if (ends[0]->route != ends[1]->route) {
        Diagnostic& d = sink.error("zone-route-mismatch", "zone " + std::to_string(z) + " runs from node " + std::to_string(zone.from) + " on " +
            routeName(doc, ends[0]->route) + " to node " + std::to_string(zone.to) + " on " + routeName(doc, ends[1]->route) +
            ": a zone lies on one route, so pick its \"to\" on the same route as its \"from\"", path + ".to");
        d.route = ends[0]->route;
        d.node = zone.from;
        d.otherNode = zone.to;
        return std::nullopt;
    }
    const std::uint32_t r = ends[0]->route;
    const Route& route = doc.routes[r];
    if (zone.from == zone.to) {
        Diagnostic& d = sink.error("zone-empty", "zone " + std::to_string(z) + " starts and ends at node " + std::to_string(zone.from) +
            ": it covers no road, so pick a later node of " + routeName(doc, r) + " for its \"to\"", path + ".to");
        d.route = r;
        d.node = zone.from;
        return std::nullopt;
    }
    if (!route.closed && ends[1]->position < ends[0]->position) {
        Diagnostic& d = sink.error("zone-backwards", "zone " + std::to_string(z) + " runs from node " + std::to_string(zone.from) + " back to node " +
            std::to_string(zone.to) + ", which comes before it on the open " + routeName(doc, r) + ": a zone runs in the driving direction, so swap "
            "\"from\" and \"to\"", path + ".to");
        d.route = r;
        d.node = zone.from;
        d.otherNode = zone.to;
        return std::nullopt;
    }
    if (!sound) return std::nullopt;
    Stretch s{r, z, zone.kind == kZoneNoOvertaking, {}};
    const std::size_t a = ends[0]->position, b = ends[1]->position;
    if (a < b) s.pieces.emplace_back(a, b);
    else {  // across the start of a loop
        s.pieces.emplace_back(a, route.nodes.size());
        s.pieces.emplace_back(0, b);
    }
    return s;
}

/// In [0, most]: a bake keeps the number as a float and its reader refuses more (baked_limits.h).
void checkNumber(DiagnosticSink& sink, double value, const std::string& path, const char* what, const char* unit, double most) {
    if (std::isfinite(value) && value >= 0.0 && value <= most) return;
    sink.error("race-setting", std::string("the race's ") + what + " is " + quantity(value, unit) + ": give a finite number of " + unit +
        ", 0 or more and at most " + quantity(most, unit), path);
}

} // namespace

void checkZones(const TrackDocument& doc, DiagnosticSink& sink) {
    if (doc.zones.empty()) return;
    const std::vector<std::optional<NodePlace>> places = nodePlaces(doc);
    std::vector<Stretch> stretches;
    for (std::size_t z = 0; z < doc.zones.size(); ++z)
        if (auto s = checkZone(doc, places, z, sink)) stretches.push_back(std::move(*s));
    // Opposite kinds over the same road: the runtime lets no-overtaking win, but the designer
    // probably meant one to end where the other starts.
    for (std::size_t i = 0; i < stretches.size(); ++i)
        for (std::size_t j = i + 1; j < stretches.size(); ++j) {
            const Stretch& a = stretches[i];
            const Stretch& b = stretches[j];
            if (a.noOvertaking == b.noOvertaking || !overlaps(a, b)) continue;
            Diagnostic& d = sink.warning("zone-overlap", "zones " + std::to_string(a.zone) + " and " + std::to_string(b.zone) + " overlap on " +
                routeName(doc, a.route) + " but one allows overtaking and the other forbids it: where both hold, overtaking is forbidden. "
                "End one zone where the other starts", zonePath(b.zone));
            d.route = a.route;
            d.node = doc.zones[b.zone].from;
        }
}

void checkRaceSettings(const TrackDocument& doc, DiagnosticSink& sink) {
    if (!doc.race) return;
    const RaceSettings& race = *doc.race;
    if (!isSide(race.yieldSide))
        sink.error("race-setting", "the race's yield side is \"" + race.yieldSide + "\": write \"left\" or \"right\", the side lapped cars "
            "move to", "race.yield_side");
    if (!isSide(race.grid.pole))
        sink.error("race-setting", "the grid's pole is \"" + race.grid.pole + "\": write \"left\" or \"right\", the column the pole car "
            "stands in", "race.grid.pole");
    using trackwright::format::kMaxBakedGridDistance, trackwright::format::kMaxBakedPitStopTime;
    checkNumber(sink, race.grid.firstRowGap, "race.grid.first_row_gap", "first row gap", "m", kMaxBakedGridDistance);
    checkNumber(sink, race.grid.rowSpacing, "race.grid.row_spacing", "row spacing", "m", kMaxBakedGridDistance);
    checkNumber(sink, race.grid.stagger, "race.grid.stagger", "grid stagger", "m", kMaxBakedGridDistance);
    checkNumber(sink, race.pitStopTime, "race.pit_stop_time", "pit stop time", "s", kMaxBakedPitStopTime);
}

void checkGridRoom(const TrackDocument& doc, DiagnosticSink& sink) {
    // Cars of one column stand a row spacing apart, nose to tail: shorter than the longest car,
    // they stand in each other (an all-zero grid put the whole field on one spot, issue 47). The
    // length is the race's own: the car's, else its wheelbase plus the body's overhangs.
    const RaceSettings race = doc.race.value_or(RaceSettings{});
    if (!std::isfinite(race.grid.rowSpacing)) return;  // reported by checkRaceSettings
    const VehicleClass* longest = nullptr;
    double longestLength = 0.0;
    for (const VehicleClass& c : doc.vehicleClasses) {
        const double wheelbase = c.wheelbase > 0.0 ? c.wheelbase : c.car ? c.car->wheelbase : 0.0;
        const double length = c.car && c.car->length > 0.0 ? c.car->length : wheelbase + trackwright::format::kBodyOverhang;
        if (std::isfinite(length) && length > longestLength) longestLength = length, longest = &c;
    }
    if (longest == nullptr || race.grid.rowSpacing >= longestLength) return;
    sink.error("grid-overlap", "the grid's rows are " + metres(race.grid.rowSpacing) + " apart, less than the " + metres(longestLength) +
        " class \"" + longest->name + "\" is long: the cars of a column would stand in each other. Space the rows at least " +
        metres(longestLength) + " apart", "race.grid.row_spacing");
}

} // namespace formats::detail
