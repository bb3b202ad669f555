#include "editor/canvas/overpass_decks.h"

#include "editor/canvas/canvas_geometry.h"

#include "formats/geometry/segment_intersection.h"

#include <QLineF>

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace editor {
namespace {

/// One link of a drawn route: the surface between two cross sections, wall to wall.
struct Link {
    std::uint32_t drawn = 0;  ///< index into TrackDrawing::routes
    qsizetype index = 0;      ///< link index: from cross section `index` to the next
    std::array<QPointF, 4> quad;
    double z = 0.0;       ///< m, mean of its two centre heights
    double along = 0.0;   ///< m, distance along its route to the link's middle
    double reach = 0.0;   ///< m, how far along the track its surface can fold back over itself
    QRectF box;
};

/// What the nearness test needs of a drawn route.
struct RouteInfo {
    std::vector<double> distance;  ///< m, per cross section
    double length = 0.0;           ///< m, including a loop's closing link
    bool closed = false;
    qsizetype links = 0;
    std::unordered_map<std::uint32_t, double> ownNodeAt;  ///< attachment nodes of other routes found here: distance
};

/// Links a drawn route has: a loop's last one runs back to its first cross section.
qsizetype linkCount(const RouteDrawing& route) {
    const qsizetype sections = route.centre.size();
    return route.closed ? (sections >= 3 ? sections : 0) : std::max<qsizetype>(0, sections - 1);
}

qsizetype nextSection(const RouteDrawing& route, qsizetype section) { return route.closed ? (section + 1) % route.centre.size() : section + 1; }

formats::Vec2 toVec(QPointF p) { return {p.x(), p.y()}; }

double gapAlong(const RouteInfo& route, double a, double b) {
    const double d = std::abs(a - b);
    return route.closed ? std::min(d, route.length - d) : d;
}

/// Whether two convex quadrilaterals are apart along one of the first's edge normals (a separating
/// axis). A quad folded over itself is tested as its outline's edges give: close enough for drawing.
bool separatedAlongEdgesOf(const std::array<QPointF, 4>& p, const std::array<QPointF, 4>& q) {
    for (std::size_t i = 0; i < 4; ++i) {
        const QPointF edge = p[(i + 1) % 4] - p[i];
        const QPointF axis(-edge.y(), edge.x());
        if (axis.isNull()) continue;
        double pMin = std::numeric_limits<double>::infinity(), pMax = -pMin, qMin = pMin, qMax = -pMin;
        for (const QPointF& v : p) {
            const double d = QPointF::dotProduct(v, axis);
            pMin = std::min(pMin, d), pMax = std::max(pMax, d);
        }
        for (const QPointF& v : q) {
            const double d = QPointF::dotProduct(v, axis);
            qMin = std::min(qMin, d), qMax = std::max(qMax, d);
        }
        if (pMax < qMin || qMax < pMin) return true;
    }
    return false;
}

bool overlap(const Link& a, const Link& b) { return !separatedAlongEdgesOf(a.quad, b.quad) && !separatedAlongEdgesOf(b.quad, a.quad); }

/// Every pair of links whose boxes overlap and whose heights differ by at least kMinDeckRise, once:
/// a uniform grid of about one link's box per cell, each pair visited in the cell holding the
/// corner where the two boxes' overlap starts. Links that would cover too many cells (a stray
/// kilometre-long link) are tested against all others instead. `visit` returns false to stop.
template <class Visit> void forEachRisingPair(const std::vector<Link>& links, Visit&& visit) {
    if (links.empty()) return;
    std::vector<double> sizes;
    sizes.reserve(links.size());
    double minX = std::numeric_limits<double>::infinity(), minY = minX;
    for (const Link& l : links) {
        sizes.push_back(std::max(l.box.width(), l.box.height()));
        minX = std::min(minX, l.box.left());
        minY = std::min(minY, l.box.top());
    }
    std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(sizes.size() / 2), sizes.end());
    const double cell = std::max(0.5, sizes[sizes.size() / 2]);
    auto cellOf = [&](double x, double y) {
        return std::make_pair(static_cast<std::int64_t>(std::floor((x - minX) / cell)), static_cast<std::int64_t>(std::floor((y - minY) / cell)));
    };
    auto key = [](std::int64_t x, std::int64_t y) { return (static_cast<std::uint64_t>(x) << 32) ^ static_cast<std::uint64_t>(y & 0xffffffff); };
    constexpr std::int64_t kMaxCells = 64;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> grid;
    std::vector<std::uint32_t> oversized;
    for (std::uint32_t i = 0; i < links.size(); ++i) {
        const auto [x0, y0] = cellOf(links[i].box.left(), links[i].box.top());
        const auto [x1, y1] = cellOf(links[i].box.right(), links[i].box.bottom());
        if ((x1 - x0 + 1) * (y1 - y0 + 1) > kMaxCells) {
            oversized.push_back(i);
            continue;
        }
        for (std::int64_t x = x0; x <= x1; ++x)
            for (std::int64_t y = y0; y <= y1; ++y) grid[key(x, y)].push_back(i);
    }
    auto rises = [&](std::uint32_t i, std::uint32_t j) { return std::abs(links[i].z - links[j].z) >= kMinDeckRise; };
    for (const auto& [cellKey, members] : grid) {
        for (std::size_t m = 0; m < members.size(); ++m)
            for (std::size_t n = m + 1; n < members.size(); ++n) {
                const std::uint32_t i = members[m], j = members[n];
                if (!rises(i, j) || !touches(links[i].box, links[j].box)) continue;
                const auto [cx, cy] = cellOf(std::max(links[i].box.left(), links[j].box.left()), std::max(links[i].box.top(), links[j].box.top()));
                if (key(cx, cy) != cellKey) continue;
                if (!visit(i, j)) return;
            }
    }
    for (std::uint32_t i : oversized)
        for (std::uint32_t j = 0; j < links.size(); ++j) {
            const bool bothOversized = std::binary_search(oversized.begin(), oversized.end(), j);
            if (j == i || (bothOversized && j < i) || !rises(i, j) || !touches(links[i].box, links[j].box)) continue;
            if (!visit(i, j)) return;
        }
}


double distance(QPointF a, QPointF b) {
    const QPointF d = b - a;
    return std::sqrt(d.x() * d.x() + d.y() * d.y());  // not hypot: this runs for every cross section
}

/// The links of every drawn route that could lie a rise above or below another, skipping any with
/// a non-finite point or height. Only a link at least kMinDeckRise from the track's lowest or
/// highest point can: on a gently rolling track that is next to none, and the search is skipped.
std::vector<Link> collectLinks(const TrackDrawing& drawing, std::vector<RouteInfo>& infos, double low, double high) {
    std::vector<Link> links;
    infos.resize(drawing.routes.size());
    for (std::uint32_t r = 0; r < drawing.routes.size(); ++r) {
        const RouteDrawing& route = drawing.routes[r];
        RouteInfo& info = infos[r];
        info.closed = route.closed;
        const qsizetype sections = route.centre.size();
        const bool complete = static_cast<qsizetype>(route.heights.size()) == sections && route.leftWall.size() == sections &&
                              route.rightWall.size() == sections;
        if (!complete) continue;
        info.links = linkCount(route);
        auto linkZ = [&](qsizetype i) { return (route.heights[static_cast<std::size_t>(i)] + route.heights[static_cast<std::size_t>(nextSection(route, i))]) / 2.0; };
        bool any = false;
        for (qsizetype i = 0; i < info.links && !any; ++i) any = linkZ(i) >= low + kMinDeckRise || linkZ(i) <= high - kMinDeckRise;
        if (!any) continue;
        info.distance.resize(static_cast<std::size_t>(sections));
        for (qsizetype s = 1; s < sections; ++s)
            info.distance[static_cast<std::size_t>(s)] = info.distance[static_cast<std::size_t>(s - 1)] + distance(route.centre[s - 1], route.centre[s]);
        info.length = info.distance.back() + (route.closed ? distance(route.centre.back(), route.centre.front()) : 0.0);
        for (qsizetype i = 0; i < info.links; ++i) {
            Link link;
            link.z = linkZ(i);
            if (!(link.z >= low + kMinDeckRise || link.z <= high - kMinDeckRise)) continue;
            const qsizetype j = nextSection(route, i);
            link.drawn = r;
            link.index = i;
            link.quad = {route.leftWall[i], route.leftWall[j], route.rightWall[j], route.rightWall[i]};
            const double length = distance(route.centre[i], route.centre[j]);
            link.along = info.distance[static_cast<std::size_t>(i)] + length / 2.0;
            const double width = std::max(distance(route.leftWall[i], route.rightWall[i]), distance(route.leftWall[j], route.rightWall[j]));
            // A bend folds a surface back over itself within about π/2 of its width along the track.
            link.reach = 1.5 * width + length / 2.0;
            double x0 = link.quad[0].x(), x1 = x0, y0 = link.quad[0].y(), y1 = y0;
            for (const QPointF& p : link.quad) x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x()), y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
            if (!std::isfinite(x0 + x1 + y0 + y1 + link.z)) continue;
            link.box = QRectF(QPointF(x0, y0), QPointF(x1, y1));
            links.push_back(link);
        }
    }
    // Where branches fork and join: their nodes' distances along the routes they lie on.
    std::set<std::uint32_t> attachments;
    for (const RouteDrawing& route : drawing.routes)
        for (qsizetype s = 0; s < static_cast<qsizetype>(route.nodes.size()); ++s)
            if (s < route.firstOwnSection || s >= route.firstOwnSection + route.ownSectionCount) attachments.insert(route.nodes[static_cast<std::size_t>(s)]);
    for (std::uint32_t r = 0; r < drawing.routes.size(); ++r) {
        const RouteDrawing& route = drawing.routes[r];
        if (infos[r].distance.empty()) continue;
        for (qsizetype s = route.firstOwnSection; s < route.firstOwnSection + route.ownSectionCount && s < static_cast<qsizetype>(route.nodes.size()); ++s)
            if (attachments.count(route.nodes[static_cast<std::size_t>(s)])) infos[r].ownNodeAt[route.nodes[static_cast<std::size_t>(s)]] = infos[r].distance[static_cast<std::size_t>(s)];
    }
    return links;
}

/// Distance along the track between two links' middles: along their route, or through a fork or
/// join where one route meets the other; infinite when neither leads to the other.
double distanceAlongTrack(const TrackDrawing& drawing, const std::vector<RouteInfo>& infos, const Link& a, const Link& b) {
    if (a.drawn == b.drawn) return gapAlong(infos[a.drawn], a.along, b.along);
    double best = std::numeric_limits<double>::infinity();
    for (const auto& [from, to] : {std::make_pair(&a, &b), std::make_pair(&b, &a)}) {
        const RouteDrawing& branch = drawing.routes[to->drawn];
        const RouteInfo& branchInfo = infos[to->drawn];
        const RouteInfo& parentInfo = infos[from->drawn];
        for (qsizetype s = 0; s < static_cast<qsizetype>(branch.nodes.size()); ++s) {
            if (s >= branch.firstOwnSection && s < branch.firstOwnSection + branch.ownSectionCount) continue;
            const auto at = parentInfo.ownNodeAt.find(branch.nodes[static_cast<std::size_t>(s)]);
            if (at == parentInfo.ownNodeAt.end()) continue;
            best = std::min(best, gapAlong(parentInfo, from->along, at->second) + gapAlong(branchInfo, to->along, branchInfo.distance[static_cast<std::size_t>(s)]));
        }
    }
    return best;
}

/// A run of links of one route, `count` from `first` (wrapping round a loop).
struct Run {
    qsizetype first = 0;
    qsizetype count = 0;
};

/// Sorted link indices gathered into runs, gaps of up to `maxGap` links bridged; on a loop a run
/// through its seam is one run.
std::vector<Run> runsOf(const std::vector<qsizetype>& sorted, qsizetype links, bool closed, qsizetype maxGap) {
    std::vector<Run> runs;
    for (qsizetype i : sorted) {
        if (!runs.empty() && i - (runs.back().first + runs.back().count) <= maxGap) runs.back().count = i - runs.back().first + 1;
        else runs.push_back({i, 1});
    }
    if (closed && runs.size() >= 2 && runs.front().first + links - (runs.back().first + runs.back().count) <= maxGap) {
        runs.back().count = runs.front().first + links - runs.back().first + runs.front().count;
        runs.erase(runs.begin());
    }
    return runs;
}

/// The run grown by `by` links at each end, within the route.
Run grown(Run run, qsizetype by, qsizetype links, bool closed) {
    if (closed) {
        run.first = ((run.first - by) % links + links) % links;
        run.count = std::min(links, run.count + 2 * by);
    } else {
        const qsizetype last = std::min(links - 1, run.first + run.count - 1 + by);
        run.first = std::max<qsizetype>(0, run.first - by);
        run.count = last - run.first + 1;
    }
    return run;
}

QPolygonF band(const QPolygonF& left, const QPolygonF& right) {
    QPolygonF polygon = left;
    for (qsizetype i = right.size() - 1; i >= 0; --i) polygon << right[i];
    return polygon;
}

DeckPiece makePiece(const TrackDrawing& drawing, const RouteDrawing& route, Run run) {
    const qsizetype links = linkCount(route);
    std::vector<qsizetype> sections;
    for (qsizetype i = 0; i < run.count; ++i) sections.push_back((run.first + i) % route.centre.size());
    sections.push_back(nextSection(route, sections.back()));
    DeckPiece piece;
    piece.route = route.route;
    for (const auto& [from, to] : {std::make_pair(&route.centre, &piece.centre), std::make_pair(&route.leftTrack, &piece.leftTrack),
                                   std::make_pair(&route.rightTrack, &piece.rightTrack), std::make_pair(&route.leftRunoff, &piece.leftRunoff),
                                   std::make_pair(&route.rightRunoff, &piece.rightRunoff), std::make_pair(&route.leftWall, &piece.leftWall),
                                   std::make_pair(&route.rightWall, &piece.rightWall)})
        for (qsizetype s : sections) *to << (*from)[s];
    piece.runoffArea = band(piece.leftRunoff, piece.rightRunoff);
    piece.tarmacArea = band(piece.leftTrack, piece.rightTrack);
    piece.outline = band(piece.leftWall, piece.rightWall);
    // The route's own links and nodes: a branch's cross sections start with its fork node.
    const qsizetype ownLinks = route.closed ? route.ownSectionCount : route.ownSectionCount - 1;
    for (qsizetype i = 0; i < run.count; ++i) {
        const qsizetype k = (run.first + i) % links - route.firstOwnSection;
        if (k >= 0 && k < ownLinks) piece.links.push_back(static_cast<std::size_t>(k));
    }
    std::sort(piece.links.begin(), piece.links.end());
    for (std::size_t l = 0; l < drawing.lines.size(); ++l) {
        const LineDrawing& line = drawing.lines[l];
        if (line.route != route.route || line.points.size() != route.ownSectionCount) continue;
        QPolygonF points;
        for (qsizetype s : sections) {
            const qsizetype k = s - route.firstOwnSection;
            if (k >= 0 && k < route.ownSectionCount) points << line.points[k];
        }
        if (points.size() >= 2) piece.lines.emplace_back(l, std::move(points));
    }
    return piece;
}

} // namespace

std::vector<DeckPiece> buildDeckPieces(const TrackDrawing& drawing) {
    // A flat track has no decks: one pass over its heights, and the canvas draws as it always did.
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const RouteDrawing& route : drawing.routes)
        for (double z : route.heights)
            if (std::isfinite(z)) low = std::min(low, z), high = std::max(high, z);
    if (!(high - low >= kMinDeckRise)) return {};

    std::vector<RouteInfo> infos;
    const std::vector<Link> links = collectLinks(drawing, infos, low, high);
    if (links.size() < 2) return {};
    // (upper link, lower link) for every overlap with a rise; bounded, as a pile of nodes at
    // different heights could overlap itself millions of times.
    constexpr std::size_t kMaxPairs = 200000;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    forEachRisingPair(links, [&](std::uint32_t i, std::uint32_t j) {
        const Link& a = links[i];
        const Link& b = links[j];
        if (distanceAlongTrack(drawing, infos, a, b) < a.reach + b.reach || !overlap(a, b)) return true;
        pairs.push_back(a.z > b.z ? std::make_pair(i, j) : std::make_pair(j, i));
        return pairs.size() < kMaxPairs;
    });
    if (pairs.empty()) return {};

    // Per route, the links that pass over something, and what each passes over.
    std::map<std::uint32_t, std::map<qsizetype, std::vector<std::uint32_t>>> over;
    for (const auto& [upper, lower] : pairs) over[links[upper].drawn][links[upper].index].push_back(lower);
    std::vector<DeckPiece> pieces;
    for (const auto& [drawn, byLink] : over) {
        const RouteDrawing& route = drawing.routes[drawn];
        const RouteInfo& info = infos[drawn];
        std::vector<qsizetype> sorted;
        for (const auto& entry : byLink) sorted.push_back(entry.first);
        for (const Run& run : runsOf(sorted, info.links, route.closed, 3)) {
            // One link more at each end: the deck reaches past the walls of what it crosses.
            DeckPiece piece = makePiece(drawing, route, grown(run, 1, info.links, route.closed));
            // What lies under it, two links more each way so its shadow is not cut short.
            std::set<std::pair<std::uint32_t, qsizetype>> under;
            double zSum = 0.0;
            int zCount = 0;
            double crossingClearance = std::numeric_limits<double>::infinity(), nearClearance = crossingClearance;
            QPointF crossingAt, nearAt;
            for (qsizetype i = 0; i < run.count; ++i) {
                const auto entry = byLink.find((run.first + i) % info.links);
                if (entry == byLink.end()) continue;
                const qsizetype u = entry->first;
                const qsizetype un = nextSection(route, u);
                zSum += (route.heights[static_cast<std::size_t>(u)] + route.heights[static_cast<std::size_t>(un)]) / 2.0;
                ++zCount;
                for (std::uint32_t lowerIndex : entry->second) {
                    const Link& lower = links[lowerIndex];
                    const RouteDrawing& lowerRoute = drawing.routes[lower.drawn];
                    const Run around = grown({lower.index, 1}, 2, infos[lower.drawn].links, lowerRoute.closed);
                    for (qsizetype k = 0; k < around.count; ++k) under.insert({lower.drawn, (around.first + k) % infos[lower.drawn].links});
                    const qsizetype ln = nextSection(lowerRoute, lower.index);
                    const auto& zu = route.heights;
                    const auto& zl = lowerRoute.heights;
                    if (const auto c = formats::segmentCrossing(toVec(route.centre[u]), toVec(route.centre[un]), toVec(lowerRoute.centre[lower.index]), toVec(lowerRoute.centre[ln]))) {
                        const double rise = zu[static_cast<std::size_t>(u)] + (zu[static_cast<std::size_t>(un)] - zu[static_cast<std::size_t>(u)]) * c->s -
                                            (zl[static_cast<std::size_t>(lower.index)] + (zl[static_cast<std::size_t>(ln)] - zl[static_cast<std::size_t>(lower.index)]) * c->t);
                        if (rise < crossingClearance) crossingClearance = rise, crossingAt = QPointF(c->point.x, c->point.y);
                    } else {
                        const double rise = (zu[static_cast<std::size_t>(u)] + zu[static_cast<std::size_t>(un)]) / 2.0 - lower.z;
                        if (rise < nearClearance) nearClearance = rise, nearAt = (route.centre[u] + route.centre[un] + lowerRoute.centre[lower.index] + lowerRoute.centre[ln]) / 4.0;
                    }
                }
            }
            piece.height = zCount > 0 ? zSum / zCount : 0.0;
            const bool crossed = std::isfinite(crossingClearance);
            piece.clearance = crossed ? crossingClearance : nearClearance;
            piece.clearanceAt = crossed ? crossingAt : nearAt;
            piece.under.setFillRule(Qt::WindingFill);
            for (const auto& [lowerDrawn, k] : under) {
                const RouteDrawing& lowerRoute = drawing.routes[lowerDrawn];
                const qsizetype n = nextSection(lowerRoute, k);
                piece.under.addPolygon(QPolygonF({lowerRoute.leftWall[k], lowerRoute.leftWall[n], lowerRoute.rightWall[n], lowerRoute.rightWall[k]}));
                piece.under.closeSubpath();
            }
            piece.bounds = piece.outline.boundingRect().united(piece.under.boundingRect());
            pieces.push_back(std::move(piece));
        }
    }
    std::stable_sort(pieces.begin(), pieces.end(), [](const DeckPiece& a, const DeckPiece& b) { return a.height < b.height; });
    return pieces;
}

} // namespace editor
