#pragma once

// A level and the track laid over it, both known: what the drape's and the editor's level-mesh
// tests build their scenes from.

#include "formats/geometry/route_frames.h"
#include "formats/source/track_document.h"
#include "tests/support/level_files.h"
#include "tests/support/test_tracks.h"

#include <cmath>
#include <numbers>
#include <vector>

namespace tw::test {

inline constexpr double kDegree = std::numbers::pi / 180.0;
/// How high a barrier's face stands above the ground beside it.
inline constexpr double kBarrierHeight = 1.2;

/// The level a designer built for route 0 of `doc`: at every node a cross-section on the road's
/// banked plane — asphalt from the right tarmac edge to the left, grass on to each runoff edge, a
/// barrier's face at the left wall (where the left runoff ends) and nothing beyond the right runoff
/// (a drop) — joined node to node. With `onlyTarmac`, the asphalt alone.
inline LevelBuilder levelFor(const formats::TrackDocument& doc, bool onlyTarmac = false) {
    LevelBuilder level;
    const formats::Route& route = doc.routes[0];
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(doc, route);
    struct Section {
        std::uint32_t rightRunoff, rightTrack, leftTrack, leftRunoff, wallTop;
    };
    std::vector<Section> sections;
    for (std::size_t i = 0; i < route.nodes.size(); ++i) {
        const formats::TrackNode& n = doc.nodes[route.nodes[i]];
        const auto at = [&](double d, double rise = 0.0) {
            return level.vertex(n.position.x + frames[i].perpendicular.x * d, n.position.y + frames[i].perpendicular.y * d,
                                n.position.z + d * std::tan(n.banking) + rise);
        };
        sections.push_back({at(-n.right.runoff), at(-n.right.track), at(n.left.track), at(n.left.runoff), at(n.left.runoff, kBarrierHeight)});
    }
    const std::size_t links = route.closed ? sections.size() : sections.size() - 1;
    for (std::size_t i = 0; i < links; ++i) {
        const Section& a = sections[i];
        const Section& b = sections[(i + 1) % sections.size()];
        level.quad(a.rightTrack, b.rightTrack, b.leftTrack, a.leftTrack, "road_asphalt");
        if (onlyTarmac) continue;
        level.quad(a.rightRunoff, b.rightRunoff, b.rightTrack, a.rightTrack, "grass");
        level.quad(a.leftTrack, b.leftTrack, b.leftRunoff, a.leftRunoff, "grass");
        level.quad(a.leftRunoff, b.leftRunoff, b.wallTop, a.wallTop, "barrier");
    }
    return level;
}

/// A rolling, banked circle 80 m across with asymmetric edges: what the level is built from.
inline formats::TrackDocument rollingBankedCircle() {
    formats::TrackDocument doc = tw::test::circleTrack(48, 80.0);
    for (std::size_t i = 0; i < doc.nodes.size(); ++i) {
        formats::TrackNode& n = doc.nodes[i];
        const double angle = 2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(doc.nodes.size());
        n.position.z = 2.0 + 1.5 * std::sin(angle);
        n.banking = (4.0 + 2.0 * std::cos(angle)) * kDegree;
        n.left = {5.0, 9.0, 9.0};
        n.right = {4.0, 7.0, 7.0};
    }
    return doc;
}

/// The document as a drape receives it in the test: no heights, no banking, no widths.
inline formats::TrackDocument cleared(formats::TrackDocument doc) {
    for (formats::TrackNode& n : doc.nodes) {
        n.position.z = 0.0;
        n.banking = 0.0;
        n.left = n.right = {};
    }
    return doc;
}

} // namespace tw::test
