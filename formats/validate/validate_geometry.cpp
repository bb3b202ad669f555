// Geometry checks of one route whose references and numbers are sound: link lengths, width jumps,
// crossing node perpendiculars (race-track chapter §39.3.1) and self-intersecting tarmac edges.

#include "formats/geometry/route_frames.h"
#include "formats/geometry/segment_grid.h"
#include "formats/geometry/segment_intersection.h"
#include "formats/validate/validate_detail.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <tuple>

namespace formats::detail {
namespace {

/// Crossings listed per route and check; a broken import could otherwise print thousands. The rest
/// are counted in one summary diagnostic.
constexpr std::size_t kMaxListedCrossings = 10;
/// Edge crossings counted before the search stops: a pile of nodes crosses itself n²/2 times
/// (85 million for 15 000 nodes in a 10 m square, 5.6 s to count); beyond this the summary says
/// "at least".
constexpr std::size_t kMaxCountedCrossings = 10000;
/// m: surfaces closer than this where they cross are one level overlapping, not a low bridge.
constexpr double kSameLevel = 0.5;
/// The steepest climb or descent a road is normally built with (public roads top out near 20 %; a
/// rally stage or a hill-climb touches 25 %): steeper deserves a look, but dirt tracks and jumps go
/// there (TORCS's dirt-2 has 30 % ramps), so it is a warning.
constexpr double kMaxGradient = 0.25;
/// The steepest climb a car can drive at all: with about half its weight on the driven wheels and
/// tyre grip μ ≈ 1, traction μ·(m g cos θ)/2 stops beating m g sin θ at tan θ = 0.5. Steeper is a
/// typing slip in a height, or a wall: an error.
constexpr double kMaxDrivableGradient = 0.5;
/// m: a link shorter than this in plan has no run to climb on; a height change on it is a step.
constexpr double kStepRun = 1.0;
/// m: the most a step between neighbouring nodes may rise or drop (a high kerb): more, and no car
/// drives up it.
constexpr double kMaxStep = 0.25;

struct RouteView {
    const TrackDocument& doc;
    std::uint32_t index;
    const Route& route;
    std::vector<Vec2> points;
    std::vector<NodeFrame> frames;
    std::size_t linkCount = 0;
    /// Per link: shorter than ValidationOptions::minLinkLength (a duplicate node).
    std::vector<bool> degenerate;

    const TrackNode& node(std::size_t k) const { return doc.nodes[route.nodes[k]]; }
    std::uint32_t id(std::size_t k) const { return route.nodes[k]; }
    std::size_t next(std::size_t k) const { return (k + 1) % points.size(); }
    /// "4-5": link k named by its node indices.
    std::string linkName(std::size_t k) const { return std::to_string(id(k)) + "-" + std::to_string(id(next(k))); }
};

Diagnostic& pairDiagnostic(Diagnostic& d, const RouteView& v, std::size_t a, std::size_t b) {
    d.route = v.index;
    d.node = v.id(a);
    d.otherNode = v.id(b);
    return d;
}

void summarise(const RouteView& v, std::size_t total, const char* code, const std::string& what, DiagnosticSink& sink, bool atLeast = false) {
    if (total <= kMaxListedCrossings) return;
    sink.error(code, std::string(atLeast ? "at least " : "") + std::to_string(total - kMaxListedCrossings) + " more " + what + " on " + routeName(v.doc, v.index) +
        " (not listed); fix the ones above and validate again", routePath(v.index) + ".nodes").route = v.index;
}

/// Climbs and drops along the centre line: a link steeper than kMaxGradient, or (too short in plan
/// to have a gradient) a step higher than kMaxStep.
void checkGradients(const RouteView& v, DiagnosticSink& sink) {
    std::size_t steep = 0, undrivable = 0, steps = 0;
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        const std::size_t j = v.next(k);
        const double run = length(v.points[j] - v.points[k]);
        const double rise = v.node(j).position.z - v.node(k).position.z;
        if (run >= kStepRun) {
            const double gradient = std::abs(rise) / run;
            if (gradient <= kMaxGradient) continue;
            const bool drivable = gradient <= kMaxDrivableGradient;
            if (++(drivable ? steep : undrivable) > kMaxListedCrossings) continue;
            const std::string what = "link " + v.linkName(k) + " of " + routeName(v.doc, v.index) + " " + (rise > 0.0 ? "climbs " : "drops ") +
                metres(std::abs(rise)) + " over " + metres(run) + ", a gradient of " + quantity(std::round(gradient * 1000.0) / 10.0, "%");
            if (drivable) {
                pairDiagnostic(sink.warning("steep-gradient", what + ", steeper than the " + quantity(kMaxGradient * 100.0, "%") +
                    " of the steepest roads: cars crawl up it. Check node " + std::to_string(v.id(j)) + "'s height if that was not meant",
                    nodePath(v.id(j)) + ".z"), v, k, j);
            } else {
                pairDiagnostic(sink.error("undrivable-gradient", what + ", steeper than the " + quantity(kMaxDrivableGradient * 100.0, "%") +
                    " any car can drive. Check node " + std::to_string(v.id(j)) + "'s height, or lengthen the ramp with more nodes",
                    nodePath(v.id(j)) + ".z"), v, k, j);
            }
        } else if (std::abs(rise) > kMaxStep && ++steps <= kMaxListedCrossings) {
            pairDiagnostic(sink.error("height-step", "nodes " + std::to_string(v.id(k)) + " and " + std::to_string(v.id(j)) + " of " +
                routeName(v.doc, v.index) + " are " + metres(run) + " apart in plan but " + metres(std::abs(rise)) +
                " apart in height: a step no car drives up or down. Give them the same height, or spread the change over a ramp of "
                "at least " + metres(std::abs(rise) / kMaxGradient), nodePath(v.id(j)) + ".z"), v, k, j);
        }
    }
    summarise(v, undrivable, "undrivable-gradient", "links steeper than " + quantity(kMaxDrivableGradient * 100.0, "%"), sink);
    summarise(v, steps, "height-step", "height steps", sink);
}

void checkLinkLengths(RouteView& v, const ValidationOptions& options, DiagnosticSink& sink) {
    std::vector<double> lengths(v.linkCount);
    v.degenerate.assign(v.linkCount, false);
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        lengths[k] = length(v.points[v.next(k)] - v.points[k]);
        if (lengths[k] >= options.minLinkLength) continue;
        v.degenerate[k] = true;
        const std::size_t j = v.next(k);
        pairDiagnostic(sink.error("duplicate-node", "nodes " + std::to_string(v.id(k)) + " and " + std::to_string(v.id(j)) +
            " of " + routeName(v.doc, v.index) + " are at the same place (" + quantity(lengths[k], "m") + " apart, less than " +
            quantity(options.minLinkLength, "m") + "): the link between them has no direction. Delete one of them or move it",
            nodePath(v.id(j))), v, k, j);
    }
    // Neighbouring links meet at a node; an open route's first and last links have one neighbour.
    const std::size_t pairs = v.route.closed ? v.linkCount : v.linkCount - 1;
    for (std::size_t k = 0; k < pairs; ++k) {
        const std::size_t k2 = (k + 1) % v.linkCount;
        if (v.degenerate[k] || v.degenerate[k2]) continue;
        const double ratio = std::max(lengths[k], lengths[k2]) / std::min(lengths[k], lengths[k2]);
        if (!(ratio > options.maxLinkLengthRatio)) continue;
        const std::size_t middle = v.next(k);
        Diagnostic& d = sink.warning("link-length-jump", "the links either side of node " + std::to_string(v.id(middle)) + " are " +
            metres(lengths[k]) + " and " + metres(lengths[k2]) + " long (" + ratioText(ratio) +
            "): the node's tangent is dominated by the longer link (race-track chapter §39.2.3). Change the node spacing gradually",
            nodePath(v.id(middle)));
        d.route = v.index;
        d.node = v.id(middle);
    }
}

void checkWidthJumps(const RouteView& v, const ValidationOptions& options, DiagnosticSink& sink) {
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        const std::size_t j = v.next(k);
        const TrackNode& a = v.node(k);
        const TrackNode& b = v.node(j);
        const std::tuple<const char*, const char*, double, double> widths[] = {
            {"left", "track", a.left.track, b.left.track}, {"left", "runoff", a.left.runoff, b.left.runoff},
            {"left", "wall", a.left.wall, b.left.wall}, {"right", "track", a.right.track, b.right.track},
            {"right", "runoff", a.right.runoff, b.right.runoff}, {"right", "wall", a.right.wall, b.right.wall}};
        for (const auto& [side, kind, wa, wb] : widths) {
            const double low = std::min(wa, wb);
            const double high = std::max(wa, wb);
            if (!(high - low > options.minWidthJumpMetres)) continue;
            const double ratio = low > 0.0 ? high / low : INFINITY;
            if (!(ratio > options.maxWidthRatio)) continue;
            pairDiagnostic(sink.warning("width-jump", std::string("the ") + side + " " + kind + " width jumps from " + metres(wa) +
                " at node " + std::to_string(v.id(k)) + " to " + metres(wb) + " at node " + std::to_string(v.id(j)) + " (" +
                ratioText(ratio) + "): widths should change smoothly along the track. Blend them over several nodes",
                nodePath(v.id(j)) + "." + side + "." + kind), v, k, j);
        }
    }
}

/// The most a route turns at one node before it is a spike: the tightest hairpins of the shared
/// circuits turn 35° at a node at their 5 m spacing, while a node dragged out of line (13 m beside
/// 10 m links) turns it 104°.
constexpr double kMaxNodeTurn = 45.0 * std::numbers::pi / 180.0;
/// Tarmac that widens or narrows faster than this (metres a metre along the link) over more than
/// kMaxTarmacStep: a lane merge tapers at 1:10 to 1:20; a circuit's surveyed width wanders by up to
/// 1.3 m between its 5 m nodes, which is not a change of road.
constexpr double kMaxTarmacTaper = 0.2;
constexpr double kMaxTarmacStep = 1.5;
/// Banking that turns faster than this (degrees a metre) over more than kMaxBankingStep: a banked
/// turn's transition takes 50–100 m for 20–30° (0.3–0.5° a metre); a car driven through 1° a metre
/// at 60 m/s rolls 60° a second.
constexpr double kMaxBankingRate = 0.5;
constexpr double kMaxBankingStep = 5.0;
/// Rate warnings listed a route before the rest are summed up.
constexpr std::size_t kMaxListedRates = 10;

/// A road changes faster than roads are built: a kink (a node where the route turns more than
/// kMaxNodeTurn), tarmac tapering faster than kMaxTarmacTaper, banking turning faster than
/// kMaxBankingRate. Warnings: a rally stage may mean it.
void checkShapeRates(const RouteView& v, DiagnosticSink& sink) {
    std::size_t kinks = 0, tapers = 0, twists = 0;
    const std::size_t n = v.points.size();
    // The signed turn at each corner (a node with a link either side), counter-clockwise positive.
    const std::size_t corners = v.route.closed ? n : (n >= 2 ? n - 2 : 0);
    std::vector<std::optional<double>> turns(corners);
    const auto cornerNode = [&](std::size_t c) { return v.route.closed ? c : c + 1; };
    for (std::size_t c = 0; c < corners; ++c) {
        const std::size_t at = cornerNode(c), before = (at + n - 1) % n, after = v.next(at);
        if (v.degenerate[before] || v.degenerate[at]) continue;
        const Vec2 in = v.points[at] - v.points[before], out = v.points[after] - v.points[at];
        turns[c] = std::atan2(in.x * out.y - in.y * out.x, dot(in, out));
    }
    for (std::size_t c = 0; c < corners; ++c) {
        if (!turns[c]) continue;
        const std::size_t at = cornerNode(c);
        const double turn = std::abs(*turns[c]);
        // A spike turns sharply against its neighbours (a V: +104° between two −52°); a small
        // polygon turning as sharply at every node is a bend drawn coarsely, not a kink.
        double around = 0.0;
        int counted = 0;
        const bool hasPrevious = v.route.closed || c > 0, hasNext = v.route.closed || c + 1 < corners;
        bool sharpest = true;  // the V's apex, not the two halves beside it
        for (const auto& [exists, o] : {std::pair{hasPrevious, (c + corners - 1) % corners}, std::pair{hasNext, (c + 1) % corners}})
            if (exists && o != c && turns[o]) around += *turns[o], ++counted, sharpest = sharpest && std::abs(*turns[o]) <= turn;
        const double against = std::abs(*turns[c] - (counted > 0 ? around / counted : 0.0));
        if (!(turn > kMaxNodeTurn && against > kMaxNodeTurn && sharpest) || ++kinks > kMaxListedRates) continue;
        Diagnostic& d = sink.warning("kink", routeName(v.doc, v.index) + " turns " + quantity(turn * 180.0 / std::numbers::pi, "°") + " at node " +
            std::to_string(v.id(at)) + ", more than the " + quantity(kMaxNodeTurn * 180.0 / std::numbers::pi, "°") +
            " a road turns at one node: a spike no car follows (a node dragged out of line?). Move it back in line, or add nodes so the bend turns gradually",
            nodePath(v.id(at)));
        d.route = v.index;
        d.node = v.id(at);
    }
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        if (v.degenerate[k]) continue;
        const std::size_t j = v.next(k);
        const double run = length(v.points[j] - v.points[k]);
        const TrackNode& a = v.node(k);
        const TrackNode& b = v.node(j);
        for (const auto& [side, wa, wb] : {std::tuple{"left", a.left.track, b.left.track}, std::tuple{"right", a.right.track, b.right.track}}) {
            const double step = std::abs(wb - wa);
            if (!(step > kMaxTarmacStep && step / run > kMaxTarmacTaper) || ++tapers > kMaxListedRates) continue;
            pairDiagnostic(sink.warning("width-rate", std::string("the ") + side + " tarmac goes from " + metres(wa) + " at node " + std::to_string(v.id(k)) +
                " to " + metres(wb) + " at node " + std::to_string(v.id(j)) + " in " + metres(run) + " (" + quantity(step / run, "m a metre") +
                "; a lane merge tapers at 0.05–0.1): cars following the edge swerve. Spread the change over " + metres(step / kMaxTarmacTaper) +
                " or more", nodePath(v.id(j)) + "." + side + ".track"), v, k, j);
        }
        const double twist = std::abs(b.banking - a.banking) * 180.0 / std::numbers::pi;
        if (twist > kMaxBankingStep && twist / run > kMaxBankingRate && ++twists <= kMaxListedRates)
            pairDiagnostic(sink.warning("banking-rate", "the banking goes from " + quantity(a.banking * 180.0 / std::numbers::pi, "°") + " at node " +
                std::to_string(v.id(k)) + " to " + quantity(b.banking * 180.0 / std::numbers::pi, "°") + " at node " + std::to_string(v.id(j)) + " in " +
                metres(run) + " (" + quantity(twist / run, "° a metre") + "; a banked turn's transition takes 0.3–0.5): a car rolls through it. Spread it over " +
                metres(twist / kMaxBankingRate) + " or more", nodePath(v.id(j)) + ".banking"), v, k, j);
    }
    const auto more = [&](std::size_t total, const char* code, const std::string& what) {
        if (total > kMaxListedRates)
            sink.warning(code, std::to_string(total - kMaxListedRates) + " more " + what + " on " + routeName(v.doc, v.index) + " (not listed)",
                         routePath(v.index) + ".nodes").route = v.index;
    };
    more(kinks, "kink", "kinks");
    more(tapers, "width-rate", "tarmac changes faster than 0.2 m a metre");
    more(twists, "banking-rate", "banking changes faster than 0.5° a metre");
}

/// Signed distance from node `p` along its perpendicular `n` to `point`: positive to the left.
double lateral(Vec2 p, Vec2 n, Vec2 point) { return dot(point - p, n); }

/// Race-track chapter §39.3.1: registration is undefined beyond the point C where two neighbouring
/// node perpendiculars cross. The perpendicular of a node reaches its walls, [p - wallRight n,
/// p + wallLeft n], because a car can be anywhere between the walls.
void checkPerpendiculars(const RouteView& v, DiagnosticSink& sink) {
    std::size_t found = 0;
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        if (v.degenerate[k]) continue;
        const std::size_t j = v.next(k);
        const TrackNode& a = v.node(k);
        const TrackNode& b = v.node(j);
        const Vec2 pa = v.points[k], pb = v.points[j];
        const Vec2 na = v.frames[k].perpendicular, nb = v.frames[j].perpendicular;
        const Vec2 a0 = pa - na * a.right.wall, a1 = pa + na * a.left.wall;
        const Vec2 b0 = pb - nb * b.right.wall, b1 = pb + nb * b.left.wall;
        if (!segmentsIntersect(a0, a1, b0, b1)) continue;
        if (++found > kMaxListedCrossings) continue;
        std::string where = "along their length";
        std::string fix = "reduce the wall width of one of them on the inside of the bend";
        if (const auto c = segmentCrossing(a0, a1, b0, b1)) {
            const double da = lateral(pa, na, c->point);
            const double db = lateral(pb, nb, c->point);
            const char* sideA = da >= 0.0 ? "left" : "right";
            const char* sideB = db >= 0.0 ? "left" : "right";
            where = metres(std::abs(da)) + " to the " + sideA + " of node " + std::to_string(v.id(k)) + " and " + metres(std::abs(db)) +
                " to the " + sideB + " of node " + std::to_string(v.id(j));
            // The segments cross only if both reach the crossing point, so shortening one is enough.
            fix = std::string("bring the ") + sideA + " wall of node " + std::to_string(v.id(k)) + " under " + metres(std::abs(da)) +
                " or the " + sideB + " wall of node " + std::to_string(v.id(j)) + " under " + metres(std::abs(db));
        }
        pairDiagnostic(sink.error("perpendiculars-cross", "the perpendiculars of nodes " + std::to_string(v.id(k)) + " and " +
            std::to_string(v.id(j)) + " cross within the walls, " + where + ": a car there has no defined position along the "
            "track (race-track chapter §39.3.1, point C). To fix, " + fix + "; or add nodes (or space them out) so the bend "
            "turns less per link", nodePath(v.id(k))), v, k, j);
    }
    summarise(v, found, "perpendiculars-cross", "node pairs with crossing perpendiculars", sink);
}

/// The tarmac edges of a route must not cross themselves or each other: a crossing means the track
/// folds over itself. Links that are equal or neighbours (ignoring zero-length links between them)
/// are skipped: they share an end point, and a fold between neighbours is a crossing of
/// perpendiculars, reported above.
void checkEdgeIntersections(const RouteView& v, DiagnosticSink& sink) {
    const std::size_t n = v.points.size();
    std::vector<Vec2> left(n), right(n);
    std::vector<double> leftZ(n), rightZ(n);  // the edges' heights: the node's, tilted by its banking
    for (std::size_t k = 0; k < n; ++k) {
        const TrackNode& node = v.node(k);
        left[k] = v.points[k] + v.frames[k].perpendicular * node.left.track;
        right[k] = v.points[k] - v.frames[k].perpendicular * node.right.track;
        leftZ[k] = node.position.z + node.left.track * std::tan(node.banking);
        rightZ[k] = node.position.z - node.right.track * std::tan(node.banking);
    }
    // The height of the edge segment `id` (2k left, 2k + 1 right) a fraction `f` along its link.
    auto edgeHeight = [&](std::uint32_t id, double f) {
        const std::size_t k = id / 2, j = v.next(k);
        const std::vector<double>& z = id % 2 == 0 ? leftZ : rightZ;
        return z[k] + (z[j] - z[k]) * f;
    };
    const double clearance = v.doc.crossingClearance;
    // rank[k]: position of link k among the links that have a length, so links either side of a
    // duplicate node count as neighbours.
    std::vector<std::size_t> rank(v.linkCount);
    std::vector<GridSegment> segments;
    segments.reserve(2 * v.linkCount);
    std::size_t ranked = 0;
    double totalLength = 0.0;
    for (std::size_t k = 0; k < v.linkCount; ++k) {
        rank[k] = ranked;
        if (v.degenerate[k]) continue;
        ++ranked;
        const std::size_t j = v.next(k);
        segments.push_back({left[k], left[j], static_cast<std::uint32_t>(2 * k)});
        segments.push_back({right[k], right[j], static_cast<std::uint32_t>(2 * k + 1)});
        totalLength += length(v.points[j] - v.points[k]);
    }
    if (ranked < 2) return;
    // A cell about one link long keeps a handful of edge segments per cell.
    const SegmentGrid grid(std::move(segments), std::max(totalLength / static_cast<double>(ranked), 0.5));

    // (first link, second link, first side is right, second side is right). Only the first few in
    // that order are listed, so keep a bounded selection: a folded import can cross itself millions
    // of times.
    // (first link, second link, first side is right, second side is right, height of the first
    // surface above the second there).
    using Crossing = std::tuple<std::size_t, std::size_t, bool, bool, double>;
    std::vector<Crossing> crossings;
    std::size_t total = 0;
    grid.forEachIntersectingPair([&](const GridSegment& s, const GridSegment& t) {
        const std::size_t ks = s.id / 2, kt = t.id / 2;
        const std::size_t gap = rank[ks] > rank[kt] ? rank[ks] - rank[kt] : rank[kt] - rank[ks];
        if (gap <= 1 || (v.route.closed && gap == ranked - 1)) return true;
        // One pass over the other with room between the surfaces is an overpass, not an overlap.
        const std::optional<SegmentCrossing> at = segmentCrossing(s.a, s.b, t.a, t.b);
        const double above = at ? edgeHeight(s.id, at->s) - edgeHeight(t.id, at->t) : 0.0;
        if (std::abs(above) >= clearance) return true;
        ++total;
        if (ks < kt) crossings.emplace_back(ks, kt, s.id % 2 == 1, t.id % 2 == 1, above);
        else crossings.emplace_back(kt, ks, t.id % 2 == 1, s.id % 2 == 1, -above);
        if (crossings.size() >= 8 * kMaxListedCrossings) {
            std::nth_element(crossings.begin(), crossings.begin() + kMaxListedCrossings, crossings.end());
            crossings.resize(kMaxListedCrossings);
        }
        return total < kMaxCountedCrossings;
    });
    std::sort(crossings.begin(), crossings.end());
    for (std::size_t c = 0; c < std::min(crossings.size(), kMaxListedCrossings); ++c) {
        const auto [first, second, firstRight, secondRight, above] = crossings[c];
        const std::string where = std::string("the ") + (firstRight ? "right" : "left") + " tarmac edge of link " + v.linkName(first) +
            " crosses the " + (secondRight ? "right" : "left") + " tarmac edge of link " + v.linkName(second) + " on " +
            routeName(v.doc, v.index);
        if (std::abs(above) < kSameLevel) {
            pairDiagnostic(sink.error("edge-self-intersection", where + ": the track overlaps itself there. Move those nodes apart, "
                "narrow the tarmac there, or raise one pass " + metres(clearance) + " above the other to make it a bridge",
                nodePath(v.id(first))), v, first, second);
            continue;
        }
        const std::size_t upper = above > 0.0 ? first : second;
        pairDiagnostic(sink.error("overpass-clearance", where + " " + metres(std::abs(above)) + " above it: less than the track's crossing "
            "clearance of " + metres(clearance) + ". Raise link " + v.linkName(upper) + " by " + metres(clearance - std::abs(above)) +
            " (or lower the other), or move the passes apart in plan", nodePath(v.id(first))), v, first, second);
    }
    summarise(v, total, "edge-self-intersection", "tarmac edge crossings", sink, total >= kMaxCountedCrossings);
}

} // namespace

void checkRouteGeometry(const TrackDocument& doc, std::uint32_t routeIndex, const ValidationOptions& options, DiagnosticSink& sink) {
    const Route& route = doc.routes[routeIndex];
    RouteView v{doc, routeIndex, route, routeGroundPositions(doc, route), computeRouteFrames(doc, route), 0, {}};
    const std::size_t n = v.points.size();
    if (n < 2) return;  // a branch of one node: its only links run to its attachments, on other routes
    v.linkCount = route.closed ? n : n - 1;
    checkLinkLengths(v, options, sink);
    checkWidthJumps(v, options, sink);
    checkShapeRates(v, sink);
    checkPerpendiculars(v, sink);
    checkEdgeIntersections(v, sink);
    checkGradients(v, sink);
}

} // namespace formats::detail
