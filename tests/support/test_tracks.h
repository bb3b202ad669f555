#pragma once

#include "formats/source/track_document.h"

#include <cmath>
#include <numbers>

namespace tw::test {

/// A closed circular track of `count` nodes, counter-clockwise, radius `radius` metres, with a
/// racing line and a vehicle class: a small, valid document for tests. `count` ≥ 3.
inline formats::TrackDocument circleTrack(std::size_t count = 24, double radius = 60.0) {
    formats::TrackDocument doc;
    doc.name = "Circle";
    formats::Route route{"main", true, {}, std::nullopt, std::nullopt};
    formats::Line racing{"racing", 0, "", {}};
    for (std::size_t i = 0; i < count; ++i) {
        const double angle = 2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(count);
        formats::TrackNode node;
        node.position = {radius * std::cos(angle), radius * std::sin(angle), 0.5 * std::sin(angle)};
        node.left = {5.0, 7.0, 9.0};
        node.right = {6.0, 8.5, 10.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        racing.offsets.push_back(2.0 * std::sin(3.0 * angle));
        doc.nodes.push_back(node);
    }
    // Optional node fields on the first nodes (count is at least 3).
    doc.nodes[1].speedOverride = 17.25;
    doc.nodes[2].tags = {"braking-zone", "overtaking-entry"};
    doc.routes.push_back(route);
    doc.lines.push_back(racing);
    doc.vehicleClasses.push_back({"gt", 12.0, 6.0, 12.5, 80.0, 2.6, 0.55, 1.9});
    doc.markers.push_back({"start-finish", 0, "Start"});
    return doc;
}

/// A figure-eight (a lemniscate 500 m across) whose pass through the route's ends is a bridge 6 m
/// over its middle pass: heights 3·(1 + cos t) along the route, so the two decks cross 6 m apart,
/// with a vehicle class for the reference car's limits. Validates with 0 errors (an overpass).
inline formats::TrackDocument bridgedFigureEight(int count = 160) {
    formats::TrackDocument doc;
    doc.name = "Bridged figure-eight";
    formats::Route route{"eight", true, {}, std::nullopt, std::nullopt};
    for (int i = 0; i < count; ++i) {
        const double t = 2.0 * std::numbers::pi * (i + 0.5) / count;
        formats::TrackNode node;
        node.position = {250.0 * std::sin(t), 250.0 * std::sin(t) * std::cos(t), 3.0 * (1.0 + std::cos(t))};
        node.left = node.right = {5.0, 7.0, 9.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.5, 80.0, 2.6, 0.55, 1.9});
    doc.markers.push_back({"start-finish", 0, ""});
    return doc;
}

/// An open, straight 100 m road along +x with nodes every 10 m: a 10 % ramp up to node 5 (z = x/10,
/// 5 m up at x = 50) then level, banked 0.01·k rad at node k (left edge up) and losing grip, 1 − 0.05·k.
/// Hand-worked: on the ramp the tangent's vertical component is 0.1/√1.01 = 0.0995037 (gradient
/// 0.1), a link √(10² + 1²) = √101 = 10.0498756 m long (10 m in plan); node 5 at the crest averages
/// the ramp and the level link: 1/√401 = 0.0499376; the route is 5√101 + 50 = 100.249378 m.
inline formats::TrackDocument rampTrack() {
    formats::TrackDocument doc;
    doc.name = "Ramp";
    formats::Route route{"ramp", false, {}, std::nullopt, std::nullopt};
    for (int k = 0; k <= 10; ++k) {
        formats::TrackNode node;
        node.position = {10.0 * k, 0.0, k <= 5 ? 1.0 * k : 5.0};
        node.left = node.right = {5.0, 7.0, 9.0};
        node.banking = 0.01 * k;
        node.grip = 1.0 - 0.05 * k;
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.0, 60.0, 2.6, 0.55, 1.9});
    return doc;
}

} // namespace tw::test
