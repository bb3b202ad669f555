#include "editor/preview/road_section.h"

#include <algorithm>
#include <cmath>

namespace editor::preview {
namespace {

/// Unit (x, y, z) in the world as a scene direction.
ScenePoint unitInScene(float x, float y, float z) {
    const float norm = std::max(1e-9f, std::sqrt(x * x + y * y + z * z));
    return toScene(x / norm, y / norm, z / norm);
}

/// The section with its derived fields filled in.
RoadSection completed(RoadSection s) {
    s.tanBanking = std::tan(s.banking);
    s.tarmacNormal = s.normalOfCrossSlope(-s.tanBanking);
    s.levelNormal = s.normalOfCrossSlope(0.0f);
    return s;
}

} // namespace

RoadSection RoadSection::ofNode(const trackwright::format::BakedNode& n) {
    return completed({n.x, n.y, n.z, n.perpendicularX, n.perpendicularY, n.tangentX, n.tangentY, n.tangentZ, n.banking, n.leftTrack, n.rightTrack, 0.0f});
}

RoadSection RoadSection::ofLinePoint(const trackwright::format::BakedLinePoint& p, const trackwright::format::BakedNode& node) {
    return completed(
        {p.x, p.y, p.z, p.perpendicularX, p.perpendicularY, p.tangentX, p.tangentY, p.tangentZ, node.banking, node.leftTrack, node.rightTrack, p.offset});
}

// bankLift with the section's tangent.
float RoadSection::heightAt(float lateral) const { return z + std::clamp(offset + lateral, -rightTrack, leftTrack) * tanBanking; }

ScenePoint RoadSection::at(float lateral, float lift) const {
    return toScene(x + perpendicularX * lateral, y + perpendicularY * lateral, heightAt(lateral) + lift);
}

ScenePoint RoadSection::normalAt(float lateral) const {
    const float across = offset + lateral;
    // Strictly inside the tarmac: a band's middle tells which side of the edge the band lies.
    return across < leftTrack && -across < rightTrack ? tarmacNormal : levelNormal;
}

ScenePoint RoadSection::normalOfCrossSlope(float slope) const {
    // T × L with T = (t·cos φ, sin φ) the 3D tangent and L = (perpendicular, −slope) the surface's
    // leftward direction: (1,0,0) × (0,1,0) is up; a left side falling away tilts it left.
    const float c = std::sqrt(std::max(0.0f, 1.0f - tangentZ * tangentZ));
    const float tx = tangentX * c, ty = tangentY * c, tz = tangentZ;
    const float lx = perpendicularX, ly = perpendicularY, lz = -slope;
    return unitInScene(ty * lz - tz * ly, tz * lx - tx * lz, tx * ly - ty * lx);
}

RoadSection RoadSection::advanced(float along) const {
    RoadSection s = *this;
    const float c = std::sqrt(std::max(1e-6f, 1.0f - tangentZ * tangentZ));
    s.x += tangentX * along;
    s.y += tangentY * along;
    s.z += along * tangentZ / c;
    return s;
}

RoadSection lerp(const RoadSection& a, const RoadSection& b, float t) {
    auto mix = [t](float from, float to) { return from + (to - from) * t; };
    RoadSection s{mix(a.x, b.x), mix(a.y, b.y), mix(a.z, b.z), mix(a.perpendicularX, b.perpendicularX), mix(a.perpendicularY, b.perpendicularY),
                  mix(a.tangentX, b.tangentX), mix(a.tangentY, b.tangentY), mix(a.tangentZ, b.tangentZ), mix(a.banking, b.banking),
                  mix(a.leftTrack, b.leftTrack), mix(a.rightTrack, b.rightTrack), mix(a.offset, b.offset)};
    const float p = std::max(1e-6f, std::hypot(s.perpendicularX, s.perpendicularY)), q = std::max(1e-6f, std::hypot(s.tangentX, s.tangentY));
    s.perpendicularX /= p;
    s.perpendicularY /= p;
    s.tangentX /= q;
    s.tangentY /= q;
    return completed(s);
}

} // namespace editor::preview
