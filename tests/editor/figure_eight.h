#pragma once

// Tracks with height for the editor's tests: a figure-eight whose second pass is a bridge over the
// first, and a straight road to raise parts of.
#include "formats/source/track_document.h"
#include "formats/source/track_json.h"

#include <QFile>
#include <QString>

#include <cmath>
#include <numbers>

namespace tw::test {

/// A lemniscate of Gerono of `count` nodes, `size` m from the crossing to either end, crossing
/// itself at the origin at right angles: pass A through the origin heading north-east (t = 0, the
/// route's first and last nodes), pass B heading north-west (t = π, the middle of the route).
/// Heights z = rise/2 (1 − cos t) put B `rise` m over A, on ramps as long as the lap; with
/// `bridgeOnA` it is the other way round. Tarmac 4 m, runoff 6 m, walls 8 m either side.
inline formats::TrackDocument figureEight(double rise, bool bridgeOnA = false, double size = 150.0, int count = 96) {
    formats::TrackDocument eight;
    eight.name = "eight";
    formats::Route route{"eight", true, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < count; ++i) {
        const double t = 2.0 * std::numbers::pi * (i + 0.5) / count;
        formats::TrackNode node;
        node.position = {size * std::sin(t), size * std::sin(t) * std::cos(t), rise / 2.0 * (1.0 + (bridgeOnA ? 1.0 : -1.0) * std::cos(t))};
        node.left = node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        eight.nodes.push_back(node);
    }
    eight.routes.push_back(route);
    return eight;
}

/// An open, level road along +x of `count` nodes `spacing` m apart from the origin.
inline formats::TrackDocument straightRoad(int count = 21, double spacing = 10.0) {
    formats::TrackDocument road;
    road.name = "straight";
    formats::Route route{"straight", false, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < count; ++i) {
        formats::TrackNode node;
        node.position = {spacing * i, 0.0, 0.0};
        node.left = node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        road.nodes.push_back(node);
    }
    road.routes.push_back(route);
    return road;
}

/// Writes `track` to `path` as a .twtrack; false when it cannot.
inline bool writeTrack(const QString& path, const formats::TrackDocument& track) {
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) return false;
    return out.write(QByteArray::fromStdString(formats::writeTrackJson(track))) > 0;
}

} // namespace tw::test
