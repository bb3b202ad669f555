#include "editor/document/track_edits.h"

#include "editor/document/zone_edits.h"

#include "bake/lines/cubic_spline.h"
#include "bake/lines/offset_line.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace editor {
namespace {

formats::SideWidths mix(const formats::SideWidths& a, const formats::SideWidths& b, double t) {
    return {a.track + (b.track - a.track) * t, a.runoff + (b.runoff - a.runoff) * t, a.wall + (b.wall - a.wall) * t};
}

/// A node between a and b at fraction t: widths and height interpolated, no tags or speed cap.
formats::TrackNode between(const formats::TrackNode& a, const formats::TrackNode& b, double t, formats::Vec2 position) {
    formats::TrackNode n;
    n.position = {position.x, position.y, a.position.z + (b.position.z - a.position.z) * t};
    n.left = mix(a.left, b.left, t);
    n.right = mix(a.right, b.right, t);
    return n;
}

/// Inserts a route node at position `k` of `route`, with line offsets from `offsetAt`.
template <class OffsetAt> std::uint32_t insertAt(formats::TrackDocument& d, std::uint32_t route, std::size_t k, formats::TrackNode node, OffsetAt offsetAt) {
    const auto index = static_cast<std::uint32_t>(d.nodes.size());
    d.nodes.push_back(std::move(node));
    auto& nodes = d.routes[route].nodes;
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(k), index);
    for (formats::Line& line : d.lines)
        if (line.route == route && line.offsets.size() + 1 == nodes.size())
            line.offsets.insert(line.offsets.begin() + static_cast<std::ptrdiff_t>(k), offsetAt(line));
    return index;
}

double distance(formats::Vec2 a, formats::Vec2 b) { return formats::length(b - a); }

} // namespace

std::optional<std::pair<std::uint32_t, std::size_t>> locateNode(const formats::TrackDocument& track, std::uint32_t node) {
    for (std::uint32_t r = 0; r < track.routes.size(); ++r) {
        const auto& nodes = track.routes[r].nodes;
        const auto at = std::find(nodes.begin(), nodes.end(), node);
        if (at != nodes.end()) return std::make_pair(r, static_cast<std::size_t>(at - nodes.begin()));
    }
    return std::nullopt;
}

std::vector<std::optional<std::pair<std::uint32_t, std::size_t>>> locateNodes(const formats::TrackDocument& track) {
    std::vector<std::optional<std::pair<std::uint32_t, std::size_t>>> places(track.nodes.size());
    for (std::uint32_t r = 0; r < track.routes.size(); ++r) {
        const auto& nodes = track.routes[r].nodes;
        // The first listing wins, as locateNode finds it (validation reports a node listed twice).
        for (std::size_t k = 0; k < nodes.size(); ++k)
            if (nodes[k] < places.size() && !places[nodes[k]]) places[nodes[k]] = std::make_pair(r, k);
    }
    return places;
}

TrackEdit startRoute(const formats::TrackDocument& track, formats::Vec2 position) {
    TrackEdit edit;
    formats::TrackDocument d = track;
    formats::TrackNode node;
    node.position = {position.x, position.y, 0.0};
    node.left = node.right = {5.0, 8.0, 10.0};
    formats::Route route;
    route.name = d.routes.empty() ? "main" : "route " + std::to_string(d.routes.size());
    route.nodes.push_back(static_cast<std::uint32_t>(d.nodes.size()));
    edit.newNodes.push_back(route.nodes.back());
    d.nodes.push_back(node);
    d.routes.push_back(std::move(route));
    edit.track = std::move(d);
    return edit;
}

TrackEdit addRoute(const formats::TrackDocument& track, const std::vector<formats::TrackNode>& nodes, bool closed) {
    if (nodes.size() < 2) return TrackEdit::refused("a route needs two nodes at least");
    if (closed && nodes.size() < 3) return TrackEdit::refused("a loop needs three nodes at least");
    TrackEdit edit;
    formats::TrackDocument d = track;
    formats::Route route;
    route.name = d.routes.empty() ? "main" : "route " + std::to_string(d.routes.size());
    route.closed = closed;
    for (const formats::TrackNode& node : nodes) {
        route.nodes.push_back(static_cast<std::uint32_t>(d.nodes.size()));
        edit.newNodes.push_back(route.nodes.back());
        d.nodes.push_back(node);
    }
    d.routes.push_back(std::move(route));
    edit.track = std::move(d);
    return edit;
}

TrackEdit appendNode(const formats::TrackDocument& track, std::uint32_t route, bool atStart, formats::Vec2 position) {
    if (route >= track.routes.size()) return TrackEdit::refused("there is no such route");
    const formats::Route& r = track.routes[route];
    if (r.closed) return TrackEdit::refused("\"" + r.name + "\" is a loop: insert nodes on its links instead");
    if (r.nodes.empty()) return TrackEdit::refused("\"" + r.name + "\" has no nodes to continue from");
    if ((atStart && r.fork) || (!atStart && r.join)) return TrackEdit::refused("that end of \"" + r.name + "\" is attached to another route");
    TrackEdit edit;
    edit.track = track;
    const std::size_t end = atStart ? 0 : r.nodes.size() - 1;
    const formats::TrackNode& from = track.nodes[r.nodes[end]];
    formats::TrackNode node = between(from, from, 0.0, position);
    edit.newNodes.push_back(insertAt(*edit.track, route, atStart ? 0 : r.nodes.size(), node, [&](const formats::Line& line) { return line.offsets[end]; }));
    return edit;
}

TrackEdit insertNode(const formats::TrackDocument& track, std::uint32_t route, std::size_t k, formats::Vec2 position) {
    if (route >= track.routes.size()) return TrackEdit::refused("there is no such route");
    const formats::Route& r = track.routes[route];
    const std::size_t count = r.nodes.size();
    if (count < 2 || k >= count || (!r.closed && k + 1 >= count)) return TrackEdit::refused("there is no link there to insert on");
    const std::size_t next = (k + 1) % count;
    const formats::TrackNode& a = track.nodes[r.nodes[k]];
    const formats::TrackNode& b = track.nodes[r.nodes[next]];
    const formats::Vec2 ab = b.position.ground() - a.position.ground();
    const double lengthSquared = formats::dot(ab, ab);
    const double t = lengthSquared > 0.0 ? std::clamp(formats::dot(position - a.position.ground(), ab) / lengthSquared, 0.0, 1.0) : 0.5;
    TrackEdit edit;
    edit.track = track;
    edit.newNodes.push_back(insertAt(*edit.track, route, k + 1, between(a, b, t, position), [&](const formats::Line& line) {
        return line.offsets[k] + (line.offsets[next] - line.offsets[k]) * t;
    }));
    return edit;
}

TrackEdit deleteNodes(const formats::TrackDocument& track, const std::set<std::uint32_t>& doomed) {
    for (const formats::Route& r : track.routes) {
        const bool wholeRoute = !r.nodes.empty() && std::all_of(r.nodes.begin(), r.nodes.end(), [&](std::uint32_t n) { return doomed.count(n) > 0; });
        for (const auto& attachment : {r.fork, r.join})
            if (attachment && doomed.count(attachment->node) && !wholeRoute)
                return TrackEdit::refused("node " + std::to_string(attachment->node) + " is where \"" + r.name + "\" forks or joins: delete the branch's own nodes, or move the junction first");
        const auto remaining = static_cast<std::size_t>(std::count_if(r.nodes.begin(), r.nodes.end(), [&](std::uint32_t n) { return !doomed.count(n); }));
        if (remaining < (r.closed ? 3u : 2u) && remaining != r.nodes.size() && remaining != 0)
            return TrackEdit::refused("\"" + r.name + "\" would keep " + std::to_string(remaining) + " nodes, fewer than a " + (r.closed ? "loop" : "route") + " needs");
    }
    TrackEdit edit;
    formats::TrackDocument d = track;
    std::vector<std::uint32_t> newIndex(track.nodes.size(), 0);
    d.nodes.clear();
    for (std::uint32_t n = 0; n < track.nodes.size(); ++n) {
        newIndex[n] = static_cast<std::uint32_t>(d.nodes.size());
        if (!doomed.count(n)) d.nodes.push_back(track.nodes[n]);
    }
    for (std::uint32_t r = 0; r < d.routes.size(); ++r) {
        formats::Route& route = d.routes[r];
        const std::vector<std::uint32_t> old = route.nodes;
        route.nodes.clear();
        std::vector<bool> kept;
        for (std::uint32_t n : old) {
            kept.push_back(!doomed.count(n));
            if (kept.back()) route.nodes.push_back(newIndex[n]);
        }
        for (formats::Line& line : d.lines) {
            if (line.route != r || line.offsets.size() != old.size()) continue;
            std::vector<double> offsets;
            for (std::size_t k = 0; k < old.size(); ++k)
                if (kept[k]) offsets.push_back(line.offsets[k]);
            line.offsets = std::move(offsets);
        }
        for (auto* attachment : {&route.fork, &route.join})
            if (*attachment && (*attachment)->node < newIndex.size()) (*attachment)->node = newIndex[(*attachment)->node];
    }
    // A route whose every node went goes with its lines; later routes move up one index.
    std::vector<std::uint32_t> newRoute(d.routes.size(), 0);
    std::vector<formats::Route> routes;
    for (std::uint32_t r = 0; r < d.routes.size(); ++r) {
        newRoute[r] = static_cast<std::uint32_t>(routes.size());
        if (!d.routes[r].nodes.empty() || track.routes[r].nodes.empty()) routes.push_back(std::move(d.routes[r]));
        else std::erase_if(d.lines, [r](const formats::Line& line) { return line.route == r; });
    }
    d.routes = std::move(routes);
    for (formats::Route& route : d.routes)
        for (auto* attachment : {&route.fork, &route.join})
            if (*attachment && (*attachment)->route < newRoute.size()) (*attachment)->route = newRoute[(*attachment)->route];
    for (formats::Line& line : d.lines)
        if (line.route < newRoute.size()) line.route = newRoute[line.route];
    std::erase_if(d.markers, [&](const formats::Marker& m) { return doomed.count(m.node) > 0; });
    for (formats::Marker& m : d.markers)
        if (m.node < newIndex.size()) m.node = newIndex[m.node];
    // A zone keeps what is left of it: an end that goes moves inwards.
    d.zones = zonesAfterDelete(track, doomed, newIndex);
    edit.track = std::move(d);
    return edit;
}

TrackEdit setRouteClosed(const formats::TrackDocument& track, std::uint32_t route, bool closed) {
    if (route >= track.routes.size()) return TrackEdit::refused("there is no such route");
    const formats::Route& r = track.routes[route];
    if (closed && (r.fork || r.join)) return TrackEdit::refused("\"" + r.name + "\" is a branch: a branch stays open");
    if (closed && r.nodes.size() < 3) return TrackEdit::refused("a loop needs at least three nodes");
    if (r.closed == closed) return TrackEdit::refused(std::string("\"") + r.name + "\" is already " + (closed ? "closed" : "open"));
    TrackEdit edit;
    edit.track = track;
    edit.track->routes[route].closed = closed;
    return edit;
}

TrackEdit setStartLine(const formats::TrackDocument& track, std::uint32_t node) {
    const auto where = locateNode(track, node);
    if (!where) return TrackEdit::refused("the start line goes on a node of a route");
    const bool closed = track.routes[where->first].closed;
    TrackEdit edit;
    edit.track = track;
    auto& markers = edit.track->markers;
    std::string label = closed ? "Start / finish" : "Start";
    for (auto m = markers.begin(); m != markers.end();) {
        if (m->kind != "start-finish" && m->kind != "start") {
            ++m;
            continue;
        }
        if (m->node == node) return TrackEdit::refused("the start line is at this node already");
        if (!m->label.empty()) label = m->label;
        m = markers.erase(m);
    }
    markers.push_back({closed ? "start-finish" : "start", node, label});
    return edit;
}

TrackEdit reverseRoute(const formats::TrackDocument& track, std::uint32_t route) {
    if (route >= track.routes.size()) return TrackEdit::refused("there is no such route");
    const formats::Route& r = track.routes[route];
    if (r.fork || r.join) return TrackEdit::refused("\"" + r.name + "\" is a branch: reverse the route it belongs to, then draw it again");
    for (const formats::Route& other : track.routes)
        if ((other.fork && other.fork->route == route) || (other.join && other.join->route == route))
            return TrackEdit::refused("\"" + r.name + "\" has branches: their forks and joins would point against the traffic");
    // The new order as positions in the old: a loop keeps its first node first.
    const std::size_t n = r.nodes.size();
    std::vector<std::size_t> from(n);
    for (std::size_t k = 0; k < n; ++k) from[k] = r.closed ? (n - k) % n : n - 1 - k;
    TrackEdit edit;
    edit.track = track;
    formats::TrackDocument& d = *edit.track;
    for (std::size_t k = 0; k < n; ++k) d.routes[route].nodes[k] = r.nodes[from[k]];
    for (std::uint32_t node : r.nodes) std::swap(d.nodes[node].left, d.nodes[node].right);
    reverseZones(d.zones, std::set<std::uint32_t>(r.nodes.begin(), r.nodes.end()));
    for (formats::Line& line : d.lines) {
        if (line.route != route || line.offsets.size() != n) continue;
        const std::vector<double> old = line.offsets;
        for (std::size_t k = 0; k < n; ++k) line.offsets[k] = -old[from[k]];
    }
    return edit;
}

TrackEdit makeBranch(const formats::TrackDocument& track, std::uint32_t forkNode, std::uint32_t joinNode, double spacing) {
    const auto fork = locateNode(track, forkNode), join = locateNode(track, joinNode);
    if (!fork || !join) return TrackEdit::refused("a branch forks from and joins nodes of existing routes");
    if (forkNode == joinNode) return TrackEdit::refused("a branch needs two different nodes");
    const formats::TrackNode& a = track.nodes[forkNode];
    const formats::TrackNode& b = track.nodes[joinNode];
    const double length = distance(a.position.ground(), b.position.ground());
    const int count = std::max(2, static_cast<int>(std::round(length / std::max(1.0, spacing))) - 1);
    TrackEdit edit;
    formats::TrackDocument d = track;
    formats::Route route;
    route.name = "branch " + std::to_string(d.routes.size());
    route.fork = formats::RouteAttachment{fork->first, forkNode};
    route.join = formats::RouteAttachment{join->first, joinNode};
    for (int i = 1; i <= count; ++i) {
        const double t = static_cast<double>(i) / (count + 1);
        const formats::Vec2 p = a.position.ground() + (b.position.ground() - a.position.ground()) * t;
        route.nodes.push_back(static_cast<std::uint32_t>(d.nodes.size()));
        edit.newNodes.push_back(route.nodes.back());
        formats::TrackNode node = between(a, b, t, p);
        d.nodes.push_back(node);
    }
    d.routes.push_back(std::move(route));
    edit.track = std::move(d);
    return edit;
}

TrackEdit resampleRoute(const formats::TrackDocument& track, std::uint32_t route, double spacing, bool adaptive) {
    if (route >= track.routes.size()) return TrackEdit::refused("there is no such route");
    if (!(spacing > 0.1)) return TrackEdit::refused("the spacing must be more than 0.1 m");
    for (const formats::Route& other : track.routes)
        if ((other.fork && other.fork->route == route) || (other.join && other.join->route == route))
            return TrackEdit::refused("branches fork from or join \"" + track.routes[route].name + "\": resample it before making them");
    const formats::Route& r = track.routes[route];
    const std::size_t count = r.nodes.size();
    if (count < 2) return TrackEdit::refused("a route needs two nodes to resample");
    // Cumulative distance along the centre line, with the closing link on a loop.
    std::vector<double> along{0.0};
    const std::size_t links = r.closed ? count : count - 1;
    for (std::size_t k = 0; k < links; ++k)
        along.push_back(along.back() + distance(track.nodes[r.nodes[k]].position.ground(), track.nodes[r.nodes[(k + 1) % count]].position.ground()));
    const double total = along.back();
    // Where the new nodes go along the centre line: evenly, or closer together where it bends so
    // that no link turns more than kMaxTurn (down to a tenth of the spacing).
    std::vector<double> stations{0.0};
    if (adaptive) {
        constexpr double kMaxTurn = 5.0 * M_PI / 180.0;
        std::vector<double> bend(count, 0.0);
        for (std::size_t k = 0; k < count; ++k) {
            if (!r.closed && (k == 0 || k + 1 == count)) continue;
            bend[k] = std::abs(bake::circleCurvature(track.nodes[r.nodes[(k + count - 1) % count]].position.ground(), track.nodes[r.nodes[k]].position.ground(),
                                                     track.nodes[r.nodes[(k + 1) % count]].position.ground()));
        }
        // The spacing wanted along the route on a fine grid, then limited to change by at most
        // 30 % of the distance travelled, so links lengthen and shorten gradually (the validator
        // wants neighbouring links alike, §39.2.3) and shorten before a bend, not in it.
        constexpr double kGrid = 0.5;  ///< m
        constexpr double kSlope = 0.3;
        const auto cells = static_cast<std::size_t>(std::ceil(total / kGrid)) + 1;
        std::vector<double> want(cells, spacing);
        std::size_t link = 0;
        for (std::size_t i = 0; i < cells; ++i) {
            const double at = std::min(total, static_cast<double>(i) * kGrid);
            while (link + 1 < links && along[link + 1] < at) ++link;
            const double kappa = std::max(bend[link], bend[(link + 1) % count]);
            want[i] = std::clamp(kappa > 0.0 ? kMaxTurn / kappa : spacing, spacing / 10.0, spacing);
        }
        for (std::size_t i = 1; i < cells; ++i) want[i] = std::min(want[i], want[i - 1] + kSlope * kGrid);
        for (std::size_t i = cells - 1; i-- > 0;) want[i] = std::min(want[i], want[i + 1] + kSlope * kGrid);
        if (r.closed)  // the seam: once more round, both ways
            for (int pass = 0; pass < 2; ++pass) {
                want[0] = std::min(want[0], want[cells - 1] + kSlope * kGrid);
                for (std::size_t i = 1; i < cells; ++i) want[i] = std::min(want[i], want[i - 1] + kSlope * kGrid);
                want[cells - 1] = std::min(want[cells - 1], want[0] + kSlope * kGrid);
                for (std::size_t i = cells - 1; i-- > 0;) want[i] = std::min(want[i], want[i + 1] + kSlope * kGrid);
            }
        for (double s = 0.0;;) {
            s += want[std::min(cells - 1, static_cast<std::size_t>(s / kGrid))];
            if (s >= total - 1e-9) break;
            stations.push_back(s);
        }
        // Spread the remainder so the last link is as long as its neighbours.
        const double end = stations.size() > 1 ? stations.back() + (stations.back() - stations[stations.size() - 2]) : total;
        for (double& st : stations) st *= total / std::max(end, 1e-9);
        if (!r.closed) stations.push_back(total);
        if (stations.size() < (r.closed ? 3u : 2u)) return TrackEdit::refused("the route is too short to resample at that spacing");
    } else {
        const auto pieces = static_cast<std::size_t>(std::max(r.closed ? 3.0 : 1.0, std::round(total / spacing)));
        for (std::size_t i = 1; i < (r.closed ? pieces : pieces + 1); ++i) stations.push_back(total * static_cast<double>(i) / static_cast<double>(pieces));
    }
    formats::TrackDocument d = track;
    formats::Route& out = d.routes[route];
    std::vector<std::pair<std::size_t, double>> where;  // source link and fraction of each new node
    std::size_t link = 0;
    for (const double s : stations) {
        while (link + 1 < links && along[link + 1] < s) ++link;
        const double span = along[link + 1] - along[link];
        where.emplace_back(link, span > 0.0 ? std::clamp((s - along[link]) / span, 0.0, 1.0) : 0.0);
    }
    // The route's old nodes give way to the new ones; markers move to the nearest new node.
    std::set<std::uint32_t> old(r.nodes.begin(), r.nodes.end());
    // Positions on the chord-length cubic spline through the old nodes, so a bend stays round
    // however the new nodes fall (on the old polygon they would keep its corners); widths and
    // heights interpolate along each link.
    std::vector<formats::Vec2> old_positions;
    for (std::uint32_t n : r.nodes) old_positions.push_back(track.nodes[n].position.ground());
    const bool curved = count >= 3;
    const bake::CubicSpline spline = curved ? bake::fitCubicSpline(old_positions, r.closed) : bake::CubicSpline{};
    std::vector<formats::TrackNode> made;
    for (const auto& [k, t] : where) {
        const formats::TrackNode& a = track.nodes[r.nodes[k]];
        const formats::TrackNode& b = track.nodes[r.nodes[(k + 1) % count]];
        made.push_back(between(a, b, t, curved ? bake::splinePoint(spline, k, t) : a.position.ground() + (b.position.ground() - a.position.ground()) * t));
    }
    for (formats::Line& line : d.lines) {
        if (line.route != route || line.offsets.size() != count) continue;
        std::vector<double> offsets;
        for (const auto& [k, t] : where) offsets.push_back(line.offsets[k] + (line.offsets[(k + 1) % count] - line.offsets[k]) * t);
        line.offsets = std::move(offsets);
    }
    // Reuse the old node slots first so other routes' indices stay valid, then append.
    std::vector<std::uint32_t> slots(r.nodes.begin(), r.nodes.end());
    std::sort(slots.begin(), slots.end());
    out.nodes.clear();
    for (std::size_t i = 0; i < made.size(); ++i) {
        std::uint32_t index;
        if (i < slots.size()) index = slots[i];
        else {
            index = static_cast<std::uint32_t>(d.nodes.size());
            d.nodes.emplace_back();
        }
        d.nodes[index] = made[i];
        out.nodes.push_back(index);
    }
    std::set<std::uint32_t> unused(slots.begin() + static_cast<std::ptrdiff_t>(std::min(slots.size(), made.size())), slots.end());
    for (formats::Marker& m : d.markers) {
        if (!old.count(m.node)) continue;
        const formats::Vec2 p = track.nodes[m.node].position.ground();
        std::uint32_t nearest = out.nodes.front();
        for (std::uint32_t n : out.nodes)
            if (distance(d.nodes[n].position.ground(), p) < distance(d.nodes[nearest].position.ground(), p)) nearest = n;
        m.node = nearest;
    }
    // Zone ends move to the nearest new node too; one whose ends meet there covers nothing and goes.
    for (formats::Zone& z : d.zones)
        for (std::uint32_t* end : {&z.from, &z.to}) {
            if (!old.count(*end)) continue;
            const formats::Vec2 p = track.nodes[*end].position.ground();
            std::uint32_t nearest = out.nodes.front();
            for (std::uint32_t n : out.nodes)
                if (distance(d.nodes[n].position.ground(), p) < distance(d.nodes[nearest].position.ground(), p)) nearest = n;
            *end = nearest;
        }
    std::erase_if(d.zones, [](const formats::Zone& z) { return z.from == z.to; });
    TrackEdit edit;
    edit.track = std::move(d);
    if (!unused.empty()) {
        // Fewer nodes than before: drop the slots nobody uses any more.
        TrackEdit trimmed = deleteNodes(*edit.track, unused);
        if (!trimmed.track) return trimmed;
        edit.track = std::move(trimmed.track);
    }
    return edit;
}

namespace {

/// Calls `smooth(node, previous, next)` for each of `nodes` that has two route neighbours (the ends
/// of an open route stay), collecting the new values.
template <class Smooth>
std::vector<std::pair<std::uint32_t, formats::TrackNode>> smoothEach(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes, Smooth smooth) {
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> out;
    const auto places = locateNodes(track);
    for (std::uint32_t n : nodes) {
        const auto at = n < places.size() ? places[n] : std::nullopt;
        if (!at) continue;
        const formats::Route& r = track.routes[at->first];
        const std::size_t count = r.nodes.size(), k = at->second;
        if (count < 3 || (!r.closed && (k == 0 || k + 1 == count))) continue;
        formats::TrackNode node = track.nodes[n];
        smooth(node, track.nodes[r.nodes[(k + count - 1) % count]], track.nodes[r.nodes[(k + 1) % count]]);
        out.emplace_back(n, node);
    }
    return out;
}

} // namespace

std::vector<std::pair<std::uint32_t, formats::TrackNode>> smoothPositions(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes) {
    return smoothEach(track, nodes, [](formats::TrackNode& node, const formats::TrackNode& p, const formats::TrackNode& q) {
        node.position.x = 0.5 * node.position.x + 0.25 * (p.position.x + q.position.x);
        node.position.y = 0.5 * node.position.y + 0.25 * (p.position.y + q.position.y);
    });
}

std::vector<std::pair<std::uint32_t, formats::TrackNode>> smoothWidths(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes) {
    return smoothEach(track, nodes, [](formats::TrackNode& node, const formats::TrackNode& p, const formats::TrackNode& q) {
        node.left = mix(node.left, mix(p.left, q.left, 0.5), 0.5);
        node.right = mix(node.right, mix(p.right, q.right, 0.5), 0.5);
    });
}

} // namespace editor
