#include "bake/drape/drape_track.h"

#include "formats/geometry/registrable_widths.h"
#include "formats/geometry/route_frames.h"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace bake {
namespace {

using formats::MeshBvh;
using formats::SurfaceHit;

/// The walk out from the centre line: a step, refined by bisection at each edge it crosses.
constexpr double kWalkStep = 0.5;
/// Bisections of a step at an edge: 0.5 m / 2⁸, 2 mm.
constexpr int kEdgeBisections = 8;
/// How far a walk looks for the road's edges; a drivable plain beyond is runoff up to here.
constexpr double kMaxReach = 100.0;
/// A surface a node can stand on: no steeper than 60° (the steepest banking of a speedway is 36°).
constexpr double kMinStandingNormalZ = 0.5;
/// Runoff: a drivable surface no steeper than 45°.
constexpr double kMinDrivableNormalZ = 0.7071;
/// A barrier's face: steeper than 60° from the horizontal (1 − |normal z| above 0.5).
constexpr double kBarrierSteepness = 0.5;
/// Barriers are looked for this far above the ground: a kerb lower than that is driven over.
constexpr double kBarrierProbeHeight = 0.5;
/// Where the ground is looked for when there is none at a point: a little way either side along
/// the road, metres (a crack between two pieces of a mesh is narrower).
constexpr double kCrackNudges[] = {0.0, 0.05, -0.05, 0.2, -0.2};
/// Two surfaces this close in height at a point are one ground with two paints (a texture's seam).
constexpr double kSameSurface = 0.02;
/// Surfaces under a node this close in height are one deck seen twice.
constexpr double kSameDeck = 0.3;
/// A step in the ground more than this away from where the surface was heading is a ledge (a drop,
/// a wall's top, another deck): the end of the drivable surface.
constexpr double kMaxLedge = 0.3;
/// The banking fit keeps inside the tarmac's edges, where kerbs and gutters do not bend it.
constexpr double kBankingFitShare = 0.9;
/// Without road materials, banking is fitted this far either side when the node has no tarmac width.
constexpr double kDefaultBankingHalfWidth = 2.0;

struct Point2 {
    double x = 0.0, y = 0.0;
};

/// What one side of a node looks like, walking out along its perpendicular.
struct SideProfile {
    double road = 0.0;      ///< the tarmac's edge: the last point on a road material
    double drivable = 0.0;  ///< the runoff's edge: the last point of drivable surface
    double wall = 0.0;      ///< the first barrier face, or the drivable edge when there is none
};

/// The ground along a node's perpendicular: heights sampled at signed offsets (left positive).
struct CrossSection {
    std::vector<std::pair<double, double>> heights;  ///< (offset, z)
    SideProfile left, right;
};

class Drape {
public:
    Drape(formats::TrackDocument& document, const formats::LevelMesh& mesh, const MeshBvh& bvh, const DrapeOptions& options)
        : doc_(document), bvh_(bvh), options_(options) {
        road_.reserve(mesh.materials.size());
        for (const std::string& m : mesh.materials) road_.push_back(isRoadMaterial(m, options.roadMaterials));
        for (const std::string& m : mesh.materials) barrier_.push_back(isRoadMaterial(m, options.barrierMaterials));
        selected_.assign(document.nodes.size(), options.nodes.empty());
        for (const std::uint32_t n : options.nodes)
            if (n < selected_.size()) selected_[n] = true;
    }

    DrapeReport run() {
        for (const std::uint32_t r : routeOrder()) drapeRoute(r);
        return std::move(report_);
    }

private:
    bool isRoad(const SurfaceHit& h) const { return h.material < road_.size() && road_[h.material]; }
    bool isBarrier(std::uint32_t material) const { return material < barrier_.size() && barrier_[material]; }

    /// Routes whose fork's route is draped before them, so a branch starts from its parent's deck.
    std::vector<std::uint32_t> routeOrder() const {
        std::vector<std::uint32_t> order;
        std::vector<bool> done(doc_.routes.size(), false);
        for (bool progress = true; progress;) {
            progress = false;
            for (std::uint32_t r = 0; r < doc_.routes.size(); ++r) {
                const auto& fork = doc_.routes[r].fork;
                if (done[r] || (fork && fork->route < done.size() && fork->route != r && !done[fork->route])) continue;
                done[r] = progress = true;
                order.push_back(r);
            }
        }
        for (std::uint32_t r = 0; r < doc_.routes.size(); ++r)
            if (!done[r]) order.push_back(r);  // forks in a cycle: in file order
        return order;
    }

    /// The surfaces a node may stand on: the road's when there is road under it, else any. Looked
    /// for a little way either side along the road too, as the walk is, so a crack under the node
    /// (with a gantry above it) still offers the road; the same deck seen twice counts once.
    std::vector<SurfaceHit> standingSurfaces(const formats::TrackNode& node, const formats::Vec2& along) const {
        std::vector<SurfaceHit> all, road;
        for (const double nudge : kCrackNudges) {
            for (const SurfaceHit& h : bvh_.surfacesAt(node.position.x + along.x * nudge, node.position.y + along.y * nudge)) {
                if (h.normal.z < kMinStandingNormalZ) continue;
                const bool seen = std::any_of(all.begin(), all.end(), [&](const SurfaceHit& o) { return std::abs(o.z - h.z) < kSameDeck; });
                if (seen && nudge != 0.0) continue;
                all.push_back(h);
                if (isRoad(h)) road.push_back(h);
            }
        }
        return road.empty() ? all : road;
    }

    /// One surface per node of the route, the sequence whose heights change least (Viterbi over the
    /// surfaces under each node). A node outside the selection offers its own height only.
    std::vector<std::optional<SurfaceHit>> chooseDecks(const formats::Route& route, const std::vector<formats::NodeFrame>& frames) const {
        const std::size_t n = route.nodes.size();
        std::vector<std::vector<SurfaceHit>> layers(n);
        for (std::size_t i = 0; i < n; ++i) {
            const formats::TrackNode& node = doc_.nodes[route.nodes[i]];
            if (selected_[route.nodes[i]]) {
                layers[i] = standingSurfaces(node, frames[i].tangent);
            } else {
                SurfaceHit own;
                own.z = node.position.z;
                own.material = std::numeric_limits<std::uint32_t>::max();
                layers[i] = {own};
            }
        }
        // A closed route starts where the choice is certain: a node with one surface under it.
        std::size_t start = 0;
        if (route.closed)
            for (std::size_t i = 0; i < n; ++i)
                if (layers[i].size() == 1) {
                    start = i;
                    break;
                }
        std::optional<double> prior;
        if (route.fork && route.fork->node < doc_.nodes.size()) prior = doc_.nodes[route.fork->node].position.z;

        std::vector<std::vector<double>> cost(n);
        std::vector<std::vector<std::uint32_t>> from(n);
        std::optional<std::size_t> last;  // the previous position with a surface
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t i = (start + k) % n;
            cost[i].assign(layers[i].size(), 0.0);
            from[i].assign(layers[i].size(), 0);
            for (std::size_t c = 0; c < layers[i].size(); ++c) {
                const double z = layers[i][c].z;
                if (!last) {
                    cost[i][c] = prior ? std::abs(z - *prior) : 0.0;
                    continue;
                }
                double best = std::numeric_limits<double>::infinity();
                for (std::size_t p = 0; p < layers[*last].size(); ++p) {
                    const double total = cost[*last][p] + std::abs(z - layers[*last][p].z);
                    if (total < best) best = total, from[i][c] = static_cast<std::uint32_t>(p);
                }
                cost[i][c] = best;
            }
            if (!layers[i].empty()) last = i;
        }
        std::vector<std::optional<SurfaceHit>> chosen(n);
        if (!last) return chosen;
        if (route.join && route.join->node < doc_.nodes.size())
            for (std::size_t c = 0; c < layers[*last].size(); ++c) cost[*last][c] += std::abs(layers[*last][c].z - doc_.nodes[route.join->node].position.z);
        std::size_t pick = static_cast<std::size_t>(std::min_element(cost[*last].begin(), cost[*last].end()) - cost[*last].begin());
        // Back along the route from the last position with a surface.
        for (std::size_t k = n; k-- > 0;) {
            const std::size_t i = (start + k) % n;
            if (layers[i].empty()) continue;
            chosen[i] = layers[i][pick];
            pick = from[i][pick];
        }
        return chosen;
    }

    /// Walks out from the centre along one side (`sign` +1 left, −1 right), recording the ground.
    SideProfile walk(const formats::TrackNode& node, const formats::NodeFrame& frame, const SurfaceHit& centre, double sign, CrossSection& section) {
        SideProfile side;
        const double px = sign * frame.perpendicular.x, py = sign * frame.perpendicular.y;
        const auto at = [&](double d) { return Point2{node.position.x + px * d, node.position.y + py * d}; };
        bool onRoad = isRoad(centre);
        double previousZ = centre.z, slope = 0.0, previousD = 0.0;
        // The floor at offset d: drivable ground continuing the surface the walk is on.
        const auto floorAt = [&](double d) {
            const Point2 q = at(d);
            const double expected = previousZ + slope * (d - previousD);
            // Nearest in height first: another deck or a wall's top is further from the walk's
            // ground. Where two surfaces meet on the walk's line (a texture changing at a node's
            // cross-section), the road's wins.
            std::optional<SurfaceHit> best;
            const auto distance = [&](const SurfaceHit& h) { return std::abs(h.z - expected) + (isRoad(h) ? 0.0 : kSameSurface); };
            for (const double nudge : kCrackNudges) {
                for (const SurfaceHit& h : bvh_.surfacesAt(q.x + frame.tangent.x * nudge, q.y + frame.tangent.y * nudge))
                    if (std::abs(h.z - expected) <= kMaxLedge && h.normal.z >= kMinDrivableNormalZ && (!best || distance(h) < distance(*best))) best = h;
                if (best) break;
            }
            return best;
        };
        const auto edgeBetween = [&](double inside, double outside, bool needRoad) {
            for (int b = 0; b < kEdgeBisections; ++b) {
                const double middle = 0.5 * (inside + outside);
                const std::optional<SurfaceHit> h = floorAt(middle);
                (h && (!needRoad || isRoad(*h)) ? inside : outside) = middle;
            }
            return inside;
        };
        for (double d = kWalkStep; d <= kMaxReach + 1e-9; d += kWalkStep) {
            const Point2 p = at(previousD), q = at(d);
            if (const std::optional<formats::FaceCrossing> face = bvh_.firstSteepFaceCrossed(p.x, p.y, q.x, q.y, previousZ + kBarrierProbeHeight, kBarrierSteepness);
                face && isBarrier(face->material)) {
                if (!onRoad) {
                    side.wall = side.drivable = previousD + face->fraction * kWalkStep;
                    return side;
                }
                // A face standing on the tarmac (a tree's billboard, a gantry's leg): the road goes
                // on where the mesh paints it; the designer hears of it.
                faceOnRoad_ = true;
            }
            const std::optional<SurfaceHit> hit = floorAt(d);
            if (onRoad && !(hit && isRoad(*hit))) {
                side.road = edgeBetween(previousD, d, true);
                onRoad = false;
            }
            if (!hit) {
                side.drivable = side.wall = edgeBetween(previousD, d, false);
                return side;
            }
            section.heights.emplace_back(sign * d, hit->z);
            slope = (hit->z - previousZ) / kWalkStep;
            previousZ = hit->z;
            previousD = d;
        }
        side.drivable = side.wall = kMaxReach;
        if (onRoad) side.road = kMaxReach;
        return side;
    }

    /// The road's roll: the slope of a least-squares line through the heights across the tarmac.
    static std::optional<double> fitBanking(const CrossSection& section, double left, double right) {
        double n = 0.0, sd = 0.0, sz = 0.0, sdd = 0.0, sdz = 0.0;
        for (const auto& [d, z] : section.heights) {
            if (d > left || d < -right) continue;
            n += 1.0, sd += d, sz += z, sdd += d * d, sdz += d * z;
        }
        const double spread = n * sdd - sd * sd;
        if (n < 2.0 || spread <= 1e-9) return std::nullopt;
        return std::atan((n * sdz - sd * sz) / spread);
    }

    void drapeRoute(std::uint32_t r) {
        const formats::Route& route = doc_.routes[r];
        bool any = false;
        for (const std::uint32_t n : route.nodes) any = any || selected_[n];
        if (!any || route.nodes.empty()) return;
        const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(doc_, route);
        const std::vector<std::optional<SurfaceHit>> decks = chooseDecks(route, frames);
        std::vector<bool> measured(route.nodes.size(), false);  // widths from the mesh's road edges
        std::vector<std::size_t> unmeasured;                    // draped off the road: widths from the neighbours
        for (std::size_t i = 0; i < route.nodes.size(); ++i) {
            const std::uint32_t index = route.nodes[i];
            if (!selected_[index]) continue;
            formats::TrackNode& node = doc_.nodes[index];
            if (!decks[i]) {
                report_.noSurface.push_back(index);
                continue;
            }
            const SurfaceHit& centre = *decks[i];
            node.position.z = centre.z;
            CrossSection section;
            section.heights.emplace_back(0.0, centre.z);
            faceOnRoad_ = false;
            section.left = walk(node, frames[i], centre, +1.0, section);
            section.right = walk(node, frames[i], centre, -1.0, section);
            const bool road = isRoad(centre);
            double fitLeft = section.left.road, fitRight = section.right.road;
            if (options_.roadMaterials.empty() || !road) {
                // Every surface is road (or none is): the node's own tarmac says where the road is.
                fitLeft = node.left.track > 0.5 ? node.left.track : kDefaultBankingHalfWidth;
                fitRight = node.right.track > 0.5 ? node.right.track : kDefaultBankingHalfWidth;
            }
            if (const std::optional<double> banking = fitBanking(section, kBankingFitShare * fitLeft, kBankingFitShare * fitRight)) node.banking = *banking;
            else node.banking = std::atan2(-(centre.normal.x * frames[i].perpendicular.x + centre.normal.y * frames[i].perpendicular.y), centre.normal.z);
            ++report_.draped;
            if (faceOnRoad_) report_.facesOnRoad.push_back(index);
            if (!road) {
                report_.offRoad.push_back(index);
                unmeasured.push_back(i);
                continue;
            }
            if (options_.widths) {
                node.left = {section.left.road, std::max(section.left.road, section.left.drivable),
                             std::max({section.left.road, section.left.drivable, section.left.wall})};
                node.right = {section.right.road, std::max(section.right.road, section.right.drivable),
                              std::max({section.right.road, section.right.drivable, section.right.wall})};
                measured[i] = true;
            }
        }
        if (options_.widths) interpolateWidths(route, measured, unmeasured);
        if (std::find(measured.begin(), measured.end(), true) != measured.end()) {
            const std::vector<std::uint32_t> narrowed = formats::narrowWidthsToRegistrableZone(doc_, r);
            report_.narrowed.insert(report_.narrowed.end(), narrowed.begin(), narrowed.end());
        }
    }

    /// A node off the road materials between measured ones (a start line or a patch painted with
    /// another texture) takes its widths from the nearest measured nodes either side along the
    /// route, in proportion to its place between them.
    void interpolateWidths(const formats::Route& route, const std::vector<bool>& measured, const std::vector<std::size_t>& unmeasured) {
        const std::size_t n = route.nodes.size();
        const auto nearest = [&](std::size_t i, int direction) -> std::optional<std::pair<std::size_t, std::size_t>> {
            for (std::size_t step = 1; step < n; ++step) {
                if (!route.closed && ((direction < 0 && step > i) || (direction > 0 && i + step >= n))) return std::nullopt;
                const std::size_t j = direction > 0 ? (i + step) % n : (i + n - step % n) % n;
                if (measured[j]) return std::pair{j, step};
            }
            return std::nullopt;
        };
        const auto lerp = [](const formats::SideWidths& a, const formats::SideWidths& b, double t) {
            return formats::SideWidths{a.track + (b.track - a.track) * t, a.runoff + (b.runoff - a.runoff) * t, a.wall + (b.wall - a.wall) * t};
        };
        for (const std::size_t i : unmeasured) {
            const auto before = nearest(i, -1), after = nearest(i, +1);
            if (!before && !after) continue;
            const formats::TrackNode& a = doc_.nodes[route.nodes[before ? before->first : after->first]];
            const formats::TrackNode& b = doc_.nodes[route.nodes[after ? after->first : before->first]];
            const double t = before && after ? static_cast<double>(before->second) / static_cast<double>(before->second + after->second) : 0.0;
            formats::TrackNode& node = doc_.nodes[route.nodes[i]];
            node.left = lerp(a.left, b.left, t);
            node.right = lerp(a.right, b.right, t);
        }
    }

    formats::TrackDocument& doc_;
    const MeshBvh& bvh_;
    const DrapeOptions& options_;
    std::vector<bool> road_, barrier_;
    bool faceOnRoad_ = false;  ///< the node being draped has a steep face standing on its tarmac
    std::vector<bool> selected_;
    DrapeReport report_;
};

} // namespace

bool isRoadMaterial(const std::string& material, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return true;
    for (const std::string& pattern : patterns)
        if (::fnmatch(pattern.c_str(), material.c_str(), FNM_CASEFOLD) == 0) return true;
    return false;
}

DrapeReport drapeTrack(formats::TrackDocument& document, const formats::LevelMesh& mesh, const MeshBvh& bvh, const DrapeOptions& options) {
    return Drape(document, mesh, bvh, options).run();
}

} // namespace bake
