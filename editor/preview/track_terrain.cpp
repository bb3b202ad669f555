#include "editor/preview/track_terrain.h"

#include "editor/preview/road_section.h"
#include "editor/preview/surface_height.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace editor::preview {
namespace {

/// m between probes down an embankment's fall line: less than the width between any road's walls,
/// so no road slips between two probes; halvings then place the cut within 0.75 m.
constexpr float kProbeStep = 6.0f;
constexpr int kHalvings = 3;
/// A road this far under an embankment's surface would be buried by it.
constexpr float kBuried = 1.0f;
/// m the slopes, cliffs and piers reach below the ground plane, so they meet it without a seam.
constexpr float kFootDepth = 0.5f;
/// A pier shorter than this would be a block under the deck: the deck spans it.
constexpr float kShortestPier = 1.0f;

constexpr int kLeft = 0, kRight = 1;
float sideSign(int side) { return side == kLeft ? 1.0f : -1.0f; }
float wallOf(const formats::BakedNode& n, int side) { return side == kLeft ? n.leftWall : n.rightWall; }

/// The ground at one node: on a bridge or not, and each side's embankment.
struct NodeGround {
    bool bridge = false;
    float reach[2] = {0.0f, 0.0f};   ///< m in plan from the wall's foot to the slope's foot, left and right
    bool cliff[2] = {false, false};  ///< the slope stops short of the ground, over a lower road
};

class TerrainBuilder {
public:
    TerrainBuilder(TrackMeshes& out, const trackwright::BakedTrack& track, const PreviewMeshOptions& o, const PreviewPalette& palette)
        : m_out(out), m_track(track), m_o(o), m_palette(palette), m_ground(track.view.nodes.size()) {}

    void build() {
        const formats::BakedTrackView& v = m_track.view;
        if (v.nodes.empty()) return;
        placeGround();
        // A track flatter than a bridge's clearance has none: spare the look-ups.
        if (m_highestZ - m_groundZ > m_o.bridgeClearance) {
            for (std::uint32_t i = 0; i < v.nodes.size(); ++i) m_ground[i].bridge = overLowerRoad(i);
            extendBridges();
        }
        for (std::uint32_t i = 0; i < v.nodes.size(); ++i)
            if (!m_ground[i].bridge) measureEmbankments(i);
        for (const formats::BakedRoute& route : v.routes) {
            if (route.nodeCount < 2) continue;
            for (const auto& [from, to] : routeLinks(route))
                for (int side : {kLeft, kRight}) keepFromFolding(from, to, side);
        }
        for (const formats::BakedRoute& route : v.routes) {
            if (route.nodeCount < 2) continue;
            for (const auto& [from, to] : routeLinks(route)) {
                if (m_ground[from].bridge || m_ground[to].bridge) {
                    addDeck(from, to);
                    if (!m_ground[from].bridge) addAbutment(from, 1.0f);
                    if (!m_ground[to].bridge) addAbutment(to, -1.0f);
                } else {
                    for (int side : {kLeft, kRight}) addEmbankment(from, to, side);
                }
            }
            if (route.flags & formats::kRouteClosed) continue;
            if (route.forkNode == formats::kNoRoute && !m_ground[route.firstNode].bridge) addAbutment(route.firstNode, -1.0f);
            const std::uint32_t last = route.firstNode + route.nodeCount - 1;
            if (route.joinNode == formats::kNoRoute && !m_ground[last].bridge) addAbutment(last, 1.0f);
        }
    }

private:
    /// The ground plane a little under the lowest surface; further on a big track, whose far side
    /// the orbit camera sees from kilometres away with a coarser depth buffer (orbitClipPlanes).
    void placeGround() {
        float lowest = 1e30f, minX = 1e30f, maxX = -1e30f, minY = 1e30f, maxY = -1e30f;
        for (const formats::BakedNode& n : m_track.view.nodes) {
            const RoadSection s = RoadSection::ofNode(n);
            lowest = std::min({lowest, s.heightAt(n.leftTrack), s.heightAt(-n.rightTrack)});
            m_highestZ = std::max({m_highestZ, s.heightAt(n.leftTrack), s.heightAt(-n.rightTrack)});
            minX = std::min(minX, n.x), maxX = std::max(maxX, n.x), minY = std::min(minY, n.y), maxY = std::max(maxY, n.y);
        }
        const float radius = std::max(20.0f, 0.5f * std::hypot(maxX - minX, maxY - minY));
        m_groundZ = lowest - std::max(0.05f, 1e-4f * radius);
        m_footZ = m_groundZ - kFootDepth;
        m_out.groundHeight = toScene(0.0, 0.0, m_groundZ).y;
    }

    /// Whether a road's surface lies under `height` at `p`. The registration asks for the surface
    /// nearest below that height, so the answer is the track's own road above it only when no
    /// other road is there.
    bool roadBelow(trackwright::format::Vec2 p, float height) const {
        const std::optional<SurfaceUnder> under = surfaceUnder(m_track, p, height);
        return under && under->height < height;
    }

    /// Whether the deck across node i lies bridgeClearance or more over another road anywhere
    /// from wall to wall: five probes across it, closer together than any road is wide.
    bool overLowerRoad(std::uint32_t i) const {
        const formats::BakedNode& n = m_track.view.nodes[i];
        const RoadSection s = RoadSection::ofNode(n);
        for (float lateral : {-n.rightWall, -n.rightTrack, 0.0f, n.leftTrack, n.leftWall}) {
            lateral *= 0.98f;  // inside its own walls
            const float deck = s.heightAt(lateral);
            if (roadBelow({n.x + n.perpendicularX * lateral, n.y + n.perpendicularY * lateral}, deck - m_o.bridgeClearance)) return true;
        }
        return false;
    }

    /// The node after (+1) or before (−1) one on its route, across a loop's closure; none at an open end.
    std::uint32_t neighbour(std::uint32_t node, int step) const {
        const formats::BakedRoute& r = m_track.view.routes[m_track.routeOfNode(node)];
        const std::uint32_t k = node - r.firstNode;
        const bool closed = r.flags & formats::kRouteClosed;
        if (step > 0) return k + 1 < r.nodeCount ? node + 1 : (closed ? r.firstNode : formats::kNoRoute);
        return k > 0 ? node - 1 : (closed ? r.firstNode + r.nodeCount - 1 : formats::kNoRoute);
    }

    /// Each bridge runs bridgeApproach further along its route both ways.
    void extendBridges() {
        const std::vector<NodeGround> spans = m_ground;
        for (std::uint32_t i = 0; i < spans.size(); ++i) {
            if (!spans[i].bridge) continue;
            for (int step : {1, -1}) {
                float along = 0.0f;
                for (std::uint32_t j = i;;) {
                    const std::uint32_t k = neighbour(j, step);
                    if (k == formats::kNoRoute || k == i) break;
                    along += m_track.view.nodes[step > 0 ? j : k].linkLength;
                    if (along > m_o.bridgeApproach) break;
                    m_ground[k].bridge = true;
                    j = k;
                }
            }
        }
    }

    /// How far each side's embankment falls before it meets the ground or would bury a lower road.
    void measureEmbankments(std::uint32_t i) {
        const formats::BakedNode& n = m_track.view.nodes[i];
        const RoadSection s = RoadSection::ofNode(n);
        for (int side : {kLeft, kRight}) {
            const float sign = sideSign(side), wall = wallOf(n, side), top = s.heightAt(sign * wall);
            NodeGround& g = m_ground[i];
            g.reach[side] = std::max(0.0f, (top - m_footZ) / m_o.embankmentSlope);
            // Where the slope is within kBuried of the ground it can bury nothing: probe above that.
            const float probed = (top - m_groundZ - kBuried) / m_o.embankmentSlope;
            auto buries = [&](float t) {
                const float surface = top - m_o.embankmentSlope * t, lateral = sign * (wall + t);
                return roadBelow({n.x + n.perpendicularX * lateral, n.y + n.perpendicularY * lateral}, surface - kBuried);
            };
            for (float clear = 0.0f, t = std::min(kProbeStep, probed); probed > 0.0f; clear = t, t = std::min(t + kProbeStep, probed)) {
                if (buries(t)) {
                    float blocked = t;
                    for (int h = 0; h < kHalvings; ++h) {
                        const float mid = (clear + blocked) / 2.0f;
                        (buries(mid) ? blocked : clear) = mid;
                    }
                    g.reach[side] = clear;
                    g.cliff[side] = true;
                    break;
                }
                if (t >= probed) break;
            }
        }
    }

    /// On the inside of a bend the fall lines of a link's two nodes cross: slopes reaching past the
    /// crossing fold over (drawn inside out, black). Both stop short of it.
    void keepFromFolding(std::uint32_t from, std::uint32_t to, int side) {
        const formats::BakedNode &a = m_track.view.nodes[from], &b = m_track.view.nodes[to];
        const float sign = sideSign(side);
        const float ax = a.x + a.perpendicularX * sign * wallOf(a, side), ay = a.y + a.perpendicularY * sign * wallOf(a, side);
        const float bx = b.x + b.perpendicularX * sign * wallOf(b, side), by = b.y + b.perpendicularY * sign * wallOf(b, side);
        const float dax = a.perpendicularX * sign, day = a.perpendicularY * sign, dbx = b.perpendicularX * sign, dby = b.perpendicularY * sign;
        // a + s·da = b + t·db, by Cramer's rule.
        const float det = dax * -dby + dbx * day;
        if (std::abs(det) < 1e-6f) return;
        const float ex = bx - ax, ey = by - ay;
        const float alongA = (ex * -dby + dbx * ey) / det, alongB = (dax * ey - day * ex) / det;
        if (alongA <= 0.0f || alongB <= 0.0f) return;  // they part: the outside of the bend
        m_ground[from].reach[side] = std::min(m_ground[from].reach[side], 0.9f * alongA);
        m_ground[to].reach[side] = std::min(m_ground[to].reach[side], 0.9f * alongB);
    }

    /// A point `lateral` from section s at world height z.
    static ScenePoint atHeight(const RoadSection& s, float lateral, float z) { return s.at(lateral, z - s.heightAt(lateral)); }
    static ScenePoint horizontal(float x, float y) { return toScene(x, y, 0.0); }

    void addEmbankment(std::uint32_t from, std::uint32_t to, int side) {
        const formats::BakedNode &na = m_track.view.nodes[from], &nb = m_track.view.nodes[to];
        const RoadSection a = RoadSection::ofNode(na), b = RoadSection::ofNode(nb);
        const NodeGround &ga = m_ground[from], &gb = m_ground[to];
        const float sign = sideSign(side), wallA = sign * wallOf(na, side), wallB = sign * wallOf(nb, side);
        const float outA = sign * (wallOf(na, side) + ga.reach[side]), outB = sign * (wallOf(nb, side) + gb.reach[side]);
        const ScenePoint outerA = a.at(outA, -m_o.embankmentSlope * ga.reach[side]), outerB = b.at(outB, -m_o.embankmentSlope * gb.reach[side]);
        const ScenePoint slopeA = a.normalOfCrossSlope(sign * m_o.embankmentSlope), slopeB = b.normalOfCrossSlope(sign * m_o.embankmentSlope);
        m_out.terrain.addPanel({a.at(wallA), b.at(wallB), outerB, outerA}, {slopeA, slopeB, slopeB, slopeA}, m_palette.embankment);
        if (!ga.cliff[side] && !gb.cliff[side]) return;
        const ScenePoint faceA = horizontal(na.perpendicularX * sign, na.perpendicularY * sign), faceB = horizontal(nb.perpendicularX * sign, nb.perpendicularY * sign);
        m_out.terrain.addPanel({outerA, outerB, atHeight(b, outB, m_footZ), atHeight(a, outA, m_footZ)}, {faceA, faceB, faceB, faceA}, m_palette.cliff);
    }

    /// The face closing the ground under node i where the road goes on as a bridge or ends, facing
    /// along its route (`direction` +1) or back (−1): the road's cross-section down to the ground.
    void addAbutment(std::uint32_t i, float direction) {
        const formats::BakedNode& n = m_track.view.nodes[i];
        const RoadSection s = RoadSection::ofNode(n);
        const NodeGround& g = m_ground[i];
        struct Top {
            float lateral, z;
        };
        const Top profile[] = {{n.leftWall + g.reach[kLeft], s.heightAt(n.leftWall) - m_o.embankmentSlope * g.reach[kLeft]},
                               {n.leftWall, s.heightAt(n.leftWall)},
                               {n.leftTrack, s.heightAt(n.leftTrack)},
                               {-n.rightTrack, s.heightAt(-n.rightTrack)},
                               {-n.rightWall, s.heightAt(-n.rightWall)},
                               {-n.rightWall - g.reach[kRight], s.heightAt(-n.rightWall) - m_o.embankmentSlope * g.reach[kRight]}};
        const ScenePoint face = horizontal(n.tangentX * direction, n.tangentY * direction);
        for (std::size_t k = 0; k + 1 < std::size(profile); ++k) {
            const Top &p = profile[k], &q = profile[k + 1];
            if (std::abs(p.lateral - q.lateral) < 1e-3f) continue;
            m_out.terrain.addPanel({atHeight(s, p.lateral, p.z), atHeight(s, q.lateral, q.z), atHeight(s, q.lateral, m_footZ), atHeight(s, p.lateral, m_footZ)},
                                   {face, face, face, face}, m_palette.concrete);
        }
    }

    void addDeck(std::uint32_t from, std::uint32_t to) {
        const formats::BakedNode &na = m_track.view.nodes[from], &nb = m_track.view.nodes[to];
        const RoadSection a = RoadSection::ofNode(na), b = RoadSection::ofNode(nb);
        const float thick = -m_o.deckThickness;
        PreviewMesh& mesh = m_out.supports;
        for (int side : {kLeft, kRight}) {
            const float sign = sideSign(side), wallA = sign * wallOf(na, side), wallB = sign * wallOf(nb, side);
            const ScenePoint faceA = horizontal(na.perpendicularX * sign, na.perpendicularY * sign), faceB = horizontal(nb.perpendicularX * sign, nb.perpendicularY * sign);
            mesh.addPanel({a.at(wallA), b.at(wallB), b.at(wallB, thick), a.at(wallA, thick)}, {faceA, faceB, faceB, faceA}, m_palette.concrete);
        }
        // The underside follows the deck's surface: level under the sides, leaning under the tarmac.
        const float bands[3][4] = {{-na.rightWall, -na.rightTrack, -nb.rightWall, -nb.rightTrack},
                                   {-na.rightTrack, na.leftTrack, -nb.rightTrack, nb.leftTrack},
                                   {na.leftTrack, na.leftWall, nb.leftTrack, nb.leftWall}};
        for (const auto& l : bands) {
            auto down = [](ScenePoint up) { return ScenePoint{-up.x, -up.y, -up.z}; };
            const ScenePoint da = down(a.normalAt((l[0] + l[1]) / 2.0f)), db = down(b.normalAt((l[2] + l[3]) / 2.0f));
            mesh.addPanel({a.at(l[0], thick), b.at(l[2], thick), b.at(l[3], thick), a.at(l[1], thick)}, {da, db, db, da}, m_palette.concrete);
        }
        addPiers(a, b, na.distance);
    }

    /// A pair of piers under the deck every pierSpacing along the route, each where it stands clear
    /// of any road below.
    void addPiers(const RoadSection& a, const RoadSection& b, float distanceA) {
        const float length = std::hypot(b.x - a.x, b.y - a.y);
        if (length < 1e-3f) return;
        for (float station = std::floor(distanceA / m_o.pierSpacing + 1.0f) * m_o.pierSpacing; station < distanceA + length; station += m_o.pierSpacing) {
            const RoadSection f = lerp(a, b, (station - distanceA) / length);
            for (float lateral : {0.6f * f.leftTrack, -0.6f * f.rightTrack}) {
                const float top = f.heightAt(lateral) - m_o.deckThickness;
                if (top - m_groundZ < kShortestPier) continue;
                if (!standsClear(f, lateral, top)) continue;
                addPier(f, lateral, top);
            }
        }
    }

    /// No road below the deck within half a metre of the pier's footprint.
    bool standsClear(const RoadSection& f, float lateral, float top) const {
        const float h = m_o.pierSize / 2.0f + 0.5f;
        for (float along : {-h, h})
            for (float across : {-h, h}) {
                const float l = lateral + across;
                if (roadBelow({f.x + f.tangentX * along + f.perpendicularX * l, f.y + f.tangentY * along + f.perpendicularY * l}, top - kBuried))
                    return false;
            }
        return true;
    }

    /// A square pier turned with the road, from the deck's underside into the ground.
    void addPier(const RoadSection& f, float lateral, float top) {
        const float h = m_o.pierSize / 2.0f;
        const float cx = f.x + f.perpendicularX * lateral, cy = f.y + f.perpendicularY * lateral;
        // Corners counter-clockwise seen from above: back-right, front-right, front-left, back-left.
        const float corner[4][2] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        auto plan = [&](int k, float z) {
            const float along = corner[k][0], across = corner[k][1];
            return toScene(cx + f.tangentX * along + f.perpendicularX * across, cy + f.tangentY * along + f.perpendicularY * across, z);
        };
        for (int k = 0; k < 4; ++k) {
            const int m = (k + 1) % 4;
            // Outwards: the direction from the centre through the middle of the side.
            const float ox = (corner[k][0] + corner[m][0]) / (2.0f * h), oy = (corner[k][1] + corner[m][1]) / (2.0f * h);
            const ScenePoint out = horizontal(f.tangentX * ox + f.perpendicularX * oy, f.tangentY * ox + f.perpendicularY * oy);
            m_out.supports.addPanel({plan(k, m_footZ), plan(m, m_footZ), plan(m, top), plan(k, top)}, {out, out, out, out}, m_palette.concrete);
        }
    }

    TrackMeshes& m_out;
    const trackwright::BakedTrack& m_track;
    const PreviewMeshOptions& m_o;
    const PreviewPalette& m_palette;
    std::vector<NodeGround> m_ground;  ///< per baked node
    float m_groundZ = 0.0f, m_footZ = 0.0f, m_highestZ = -1e30f;
};

} // namespace

void addTrackTerrain(TrackMeshes& out, const trackwright::BakedTrack& track, const PreviewMeshOptions& options, const PreviewPalette& palette) {
    TerrainBuilder(out, track, options, palette).build();
}

} // namespace editor::preview
