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

} // namespace tw::test
