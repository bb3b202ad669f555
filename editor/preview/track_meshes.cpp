#include "editor/preview/track_meshes.h"

#include "editor/preview/road_section.h"
#include "editor/preview/track_terrain.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace editor::preview {
namespace {

constexpr ScenePoint kUp{0.0f, 1.0f, 0.0f};

/// A band of the surface between two lateral distances (right < left in the left-positive sense)
/// from section a to section b, each corner on the surface and shaded by its normal there.
void band(PreviewMesh& mesh, const RoadSection& a, const RoadSection& b, float rightA, float leftA, float rightB, float leftB, Rgba colour,
          float lift = 0.0f) {
    const ScenePoint normalA = a.normalAt((rightA + leftA) / 2.0f), normalB = b.normalAt((rightB + leftB) / 2.0f);
    const std::uint32_t ra = mesh.addVertex(a.at(rightA, lift), normalA, colour);
    const std::uint32_t rb = mesh.addVertex(b.at(rightB, lift), normalB, colour);
    const std::uint32_t lb = mesh.addVertex(b.at(leftB, lift), normalB, colour);
    const std::uint32_t la = mesh.addVertex(a.at(leftA, lift), normalA, colour);
    mesh.addQuad(ra, rb, lb, la);
}

/// A wall panel standing on the surface at a lateral distance, facing the track (`side` +1 left, −1 right).
void wallPanel(PreviewMesh& mesh, const RoadSection& a, const RoadSection& b, float lateralA, float lateralB, float side, float height, Rgba colour) {
    const ScenePoint normal = toScene(-a.perpendicularX * side, -a.perpendicularY * side, 0.0f);
    const std::uint32_t a0 = mesh.addVertex(a.at(lateralA), normal, colour);
    const std::uint32_t b0 = mesh.addVertex(b.at(lateralB), normal, colour);
    const std::uint32_t b1 = mesh.addVertex(b.at(lateralB, height), normal, colour);
    const std::uint32_t a1 = mesh.addVertex(a.at(lateralA, height), normal, colour);
    // Counter-clockwise seen from the track side.
    if (side > 0.0f) mesh.addQuad(a0, b0, b1, a1);
    else mesh.addQuad(b0, a0, a1, b1);
}

/// An upright box, `size` across, centred on a world point.
void post(PreviewMesh& mesh, float x, float y, float z, float size, float height, Rgba colour) {
    const float h = size / 2.0f;
    const float corners[4][2] = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
    for (int i = 0; i < 4; ++i) {
        const auto* p = corners[i];
        const auto* q = corners[(i + 1) % 4];
        const ScenePoint normal = toScene((q[1] - p[1]) / size, (p[0] - q[0]) / size, 0.0f);  // outwards of a counter-clockwise outline
        const std::uint32_t a = mesh.addVertex(toScene(p[0], p[1], z), normal, colour);
        const std::uint32_t b = mesh.addVertex(toScene(q[0], q[1], z), normal, colour);
        const std::uint32_t c = mesh.addVertex(toScene(q[0], q[1], z + height), normal, colour);
        const std::uint32_t d = mesh.addVertex(toScene(p[0], p[1], z + height), normal, colour);
        mesh.addQuad(a, b, c, d);
    }
    std::uint32_t top[4];
    for (int i = 0; i < 4; ++i) top[i] = mesh.addVertex(toScene(corners[i][0], corners[i][1], z + height), kUp, colour);
    mesh.addQuad(top[0], top[1], top[2], top[3]);
}

/// `cuts`: room for the sections between kerb stripes, kept from link to link (no allocation each).
void addSurfaces(TrackMeshes& out, const formats::BakedNode& na, const formats::BakedNode& nb, float distanceA, const PreviewMeshOptions& o,
                 const PreviewPalette& palette, std::vector<RoadSection>& cuts) {
    const RoadSection a = RoadSection::ofNode(na), b = RoadSection::ofNode(nb);
    band(out.surface, a, b, -na.rightTrack, na.leftTrack, -nb.rightTrack, nb.leftTrack, palette.tarmac);
    band(out.surface, a, b, na.leftTrack, na.leftRunoff, nb.leftTrack, nb.leftRunoff, palette.runoff);
    band(out.surface, a, b, -na.rightRunoff, -na.rightTrack, -nb.rightRunoff, -nb.rightTrack, palette.runoff);
    band(out.surface, a, b, na.leftRunoff, na.leftWall, nb.leftRunoff, nb.leftWall, palette.verge);
    band(out.surface, a, b, -na.rightWall, -na.rightRunoff, -nb.rightWall, -nb.rightRunoff, palette.verge);
    wallPanel(out.walls, a, b, na.leftWall, nb.leftWall, 1.0f, o.wallHeight, palette.wall);
    wallPanel(out.walls, a, b, -na.rightWall, -nb.rightWall, -1.0f, o.wallHeight, palette.wall);
    for (const auto& [lateralA, lateralB, lift, colour] :
         {std::tuple{na.leftTrack, nb.leftTrack, o.ribbonLift, palette.tarmacEdge}, std::tuple{-na.rightTrack, -nb.rightTrack, o.ribbonLift, palette.tarmacEdge},
          std::tuple{na.leftWall, nb.leftWall, o.wallHeight, palette.wallTop}, std::tuple{-na.rightWall, -nb.rightWall, o.wallHeight, palette.wallTop}}) {
        const std::uint32_t from = out.edges.addVertex(a.at(lateralA, lift), kUp, colour);
        const std::uint32_t to = out.edges.addVertex(b.at(lateralB, lift), kUp, colour);
        out.edges.indices.insert(out.edges.indices.end(), {from, to});
    }

    // Kerbs where the runoff begins, striped by distance along the route so stripes line up.
    const float length = std::hypot(nb.x - na.x, nb.y - na.y);
    const int pieces = std::max(1, static_cast<int>(std::ceil(length / o.kerbStripe)));
    // The sections between stripes, shared by both sides' kerbs.
    cuts.clear();
    for (int p = 0; p <= pieces; ++p) cuts.push_back(lerp(a, b, static_cast<float>(p) / static_cast<float>(pieces)));
    for (int side : {1, -1}) {
        const float trackA = side > 0 ? na.leftTrack : na.rightTrack, trackB = side > 0 ? nb.leftTrack : nb.rightTrack;
        const float roomA = (side > 0 ? na.leftRunoff : na.rightRunoff) - trackA;
        const float roomB = (side > 0 ? nb.leftRunoff : nb.rightRunoff) - trackB;
        if (roomA < 0.05f || roomB < 0.05f) continue;
        const float widthA = std::min(o.kerbWidth, roomA), widthB = std::min(o.kerbWidth, roomB);
        for (int p = 0; p < pieces; ++p) {
            const float t0 = static_cast<float>(p) / static_cast<float>(pieces), t1 = static_cast<float>(p + 1) / static_cast<float>(pieces);
            const RoadSection &f0 = cuts[static_cast<std::size_t>(p)], &f1 = cuts[static_cast<std::size_t>(p + 1)];
            const float inner0 = trackA + (trackB - trackA) * t0, inner1 = trackA + (trackB - trackA) * t1;
            const float outer0 = inner0 + widthA + (widthB - widthA) * t0, outer1 = inner1 + widthA + (widthB - widthA) * t1;
            const auto stripe = static_cast<long>(std::floor((distanceA + length * (t0 + t1) / 2.0f) / o.kerbStripe));
            const Rgba colour = stripe % 2 == 0 ? palette.kerbRed : palette.kerbWhite;
            if (side > 0) band(out.surface, f0, f1, inner0, outer0, inner1, outer1, colour, o.kerbLift);
            else band(out.surface, f0, f1, -outer0, -inner0, -outer1, -inner1, colour, o.kerbLift);
        }
    }
}

void addStartLine(TrackMeshes& out, const formats::BakedNode& n, const PreviewMeshOptions& o, const PreviewPalette& palette) {
    const float width = n.leftTrack + n.rightTrack;
    const int columns = std::max(2, static_cast<int>(std::round(width)));
    const float square = width / static_cast<float>(columns);
    const int rows = std::max(1, static_cast<int>(std::round(o.startDepth / square)));
    const RoadSection start = RoadSection::ofNode(n);
    for (int r = 0; r < rows; ++r) {
        // Rows step along the tangent from the start node, up or down its slope.
        const RoadSection a = start.advanced(square * static_cast<float>(r)), b = start.advanced(square * static_cast<float>(r + 1));
        for (int c = 0; c < columns; ++c) {
            const float right = -n.rightTrack + square * static_cast<float>(c);
            band(out.surface, a, b, right, right + square, right, right + square, (r + c) % 2 == 0 ? palette.startDark : palette.startLight,
                 o.kerbLift * 2.0f);
        }
    }
}

/// Room for every link's surfaces, walls and outline up front: a mesh grown a vertex at a time
/// copies itself a dozen times over and the fresh pages cost more than the vertices.
void reserveSurfaces(TrackMeshes& out, const formats::BakedTrackView& v, const PreviewMeshOptions& o) {
    std::size_t links = 0, stripes = 0;
    for (const formats::BakedRoute& route : v.routes) {
        if (route.nodeCount == 0) continue;
        for (const auto& [from, to] : routeLinks(route)) {
            ++links;
            stripes += static_cast<std::size_t>(std::ceil(std::hypot(v.nodes[to].x - v.nodes[from].x, v.nodes[to].y - v.nodes[from].y) / o.kerbStripe)) + 1;
        }
    }
    const std::size_t surfaceVertices = links * 5 * 4 + stripes * 2 * 4, k = PreviewMesh::kFloatsPerVertex;
    out.surface.vertices.reserve(surfaceVertices * k);
    out.surface.indices.reserve(surfaceVertices / 4 * 6);
    out.walls.vertices.reserve(links * 2 * 4 * k);
    out.walls.indices.reserve(links * 2 * 6);
    out.edges.vertices.reserve(links * 8 * k);
    out.edges.indices.reserve(links * 8);
    std::size_t linePoints = 0;
    for (const formats::BakedLine& line : v.lines) linePoints += v.routes[line.route].nodeCount;
    out.lines.vertices.reserve(linePoints * 4 * k);
    out.lines.indices.reserve(linePoints * 6);
}

} // namespace

std::uint32_t PreviewMesh::addVertex(ScenePoint p, ScenePoint normal, Rgba colour) {
    vertices.insert(vertices.end(), {p.x, p.y, p.z, normal.x, normal.y, normal.z, colour.r, colour.g, colour.b, colour.a});
    boundsMin = {std::min(boundsMin.x, p.x), std::min(boundsMin.y, p.y), std::min(boundsMin.z, p.z)};
    boundsMax = {std::max(boundsMax.x, p.x), std::max(boundsMax.y, p.y), std::max(boundsMax.z, p.z)};
    return vertexCount() - 1;
}

void PreviewMesh::addQuad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) { indices.insert(indices.end(), {a, b, c, a, c, d}); }

void PreviewMesh::addPanel(const ScenePoint (&p)[4], const ScenePoint (&n)[4], Rgba colour) {
    // The corners' own turning, the cross product of the diagonals (p2 − p0) × (p3 − p1): sound
    // even when two corners meet, as a slope's do where it reaches no distance.
    const float ux = p[2].x - p[0].x, uy = p[2].y - p[0].y, uz = p[2].z - p[0].z;
    const float vx = p[3].x - p[1].x, vy = p[3].y - p[1].y, vz = p[3].z - p[1].z;
    const float facing = (uy * vz - uz * vy) * (n[0].x + n[2].x) + (uz * vx - ux * vz) * (n[0].y + n[2].y) + (ux * vy - uy * vx) * (n[0].z + n[2].z);
    std::uint32_t k[4];
    for (int i = 0; i < 4; ++i) k[i] = addVertex(p[i], n[i], colour);
    if (facing >= 0.0f) addQuad(k[0], k[1], k[2], k[3]);
    else addQuad(k[0], k[3], k[2], k[1]);
}

Rgba PreviewPalette::lineColour(const std::string& name) const {
    if (name == "racing") return {1.0f, 0.85f, 0.1f, 1.0f};
    if (name == "defending") return {0.2f, 0.45f, 1.0f, 1.0f};
    if (name == "overtaking-left") return {0.2f, 0.9f, 0.3f, 1.0f};
    if (name == "overtaking-right") return {0.1f, 0.85f, 0.9f, 1.0f};
    return {0.9f, 0.3f, 0.9f, 1.0f};
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> routeLinks(const formats::BakedRoute& route) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> links;
    if (route.forkNode != formats::kNoRoute) links.emplace_back(route.forkNode, route.firstNode);
    for (std::uint32_t k = 0; k + 1 < route.nodeCount; ++k) links.emplace_back(route.firstNode + k, route.firstNode + k + 1);
    const std::uint32_t last = route.firstNode + route.nodeCount - 1;
    if (route.flags & formats::kRouteClosed) links.emplace_back(last, route.firstNode);
    else if (route.joinNode != formats::kNoRoute) links.emplace_back(last, route.joinNode);
    return links;
}

TrackMeshes buildTrackMeshes(const trackwright::BakedTrack& track, const PreviewMeshOptions& o, const PreviewPalette& palette) {
    TrackMeshes out;
    out.edges.lineList = true;
    const formats::BakedTrackView& v = track.view;
    std::vector<RoadSection> cuts;
    reserveSurfaces(out, v, o);
    for (const formats::BakedRoute& route : v.routes) {
        if (route.nodeCount == 0) continue;
        for (const auto& [from, to] : routeLinks(route)) addSurfaces(out, v.nodes[from], v.nodes[to], v.nodes[from].distance, o, palette, cuts);
        if (route.forkNode == formats::kNoRoute) addStartLine(out, v.nodes[route.firstNode], o, palette);
        for (std::uint32_t junction : {route.forkNode, route.joinNode}) {
            if (junction == formats::kNoRoute) continue;
            const formats::BakedNode& n = v.nodes[junction];
            const RoadSection s = RoadSection::ofNode(n);
            for (float side : {1.0f, -1.0f}) {
                const float lateral = side > 0 ? n.leftTrack : -n.rightTrack;
                post(out.surface, n.x + n.perpendicularX * lateral, n.y + n.perpendicularY * lateral, s.heightAt(lateral), 0.35f, o.markerHeight,
                     palette.branchMarker);
            }
        }
    }
    for (const formats::BakedLine& line : v.lines) {
        const formats::BakedRoute& route = v.routes[line.route];
        const Rgba colour = palette.lineColour(v.name(line.nameOffset));
        const std::uint32_t count = route.nodeCount;
        const std::uint32_t segments = (route.flags & formats::kRouteClosed) ? count : count - 1;
        const float half = o.ribbonWidth / 2.0f;
        // Point k of a line lies across node k of its route, whose banking it leans with.
        auto section = [&](std::uint32_t k) { return RoadSection::ofLinePoint(v.linePoints[line.firstPoint + k], v.nodes[route.firstNode + k]); };
        for (std::uint32_t k = 0; k < segments && count > 1; ++k)
            band(out.lines, section(k), section((k + 1) % count), -half, half, -half, half, colour, o.ribbonLift);
    }
    addTrackTerrain(out, track, o, palette);
    out.boundsMin = out.surface.boundsMin;
    out.boundsMax = out.surface.boundsMax;
    for (const PreviewMesh* m : {&out.walls, &out.lines, &out.edges, &out.terrain, &out.supports}) {
        if (m->empty()) continue;
        out.boundsMin = {std::min(out.boundsMin.x, m->boundsMin.x), std::min(out.boundsMin.y, m->boundsMin.y), std::min(out.boundsMin.z, m->boundsMin.z)};
        out.boundsMax = {std::max(out.boundsMax.x, m->boundsMax.x), std::max(out.boundsMax.y, m->boundsMax.y), std::max(out.boundsMax.z, m->boundsMax.z)};
    }
    return out;
}

} // namespace editor::preview
