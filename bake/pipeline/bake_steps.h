#pragma once

// The steps of bakeTrack, each a plain function filling its part of the baked data. Internal to bake/.

#include "bake/pipeline/bake_track.h"

#include "formats/geometry/route_frames.h"

#include <vector>

namespace bake::detail {

/// Per route of the document, its driven points and the baked index of the first one.
struct RouteLayout {
    std::vector<std::vector<formats::DrivenPoint>> driven;
    std::vector<std::uint32_t> firstNode;
};

RouteLayout layOutRoutes(const formats::TrackDocument& document);

/// Steps 1–2: node frames (eq. 39.1), link lengths, distances, curvature (eq. 39.3, eqs. 3–4).
void bakeRoutesAndNodes(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

/// Step 3: every line's points in its own frame; routes without a line get a "centre" line.
void bakeLines(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

/// Step 4: speed hints per line and vehicle class.
void bakeSpeedHints(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

/// Step 5: the registration grid over every route's wall quads.
void bakeRegistrationGrid(double cellSize, formats::BakedTrackData& out);

/// Step 6: the route graph: loop closures, forks and joins.
void bakeRouteGraph(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

/// Where each source node was baked: the route that drives it (the first, for a node shared by a
/// branch's fork: the main route before its branches; attachments do not count) and its baked node
/// index; kNoRoute for a node no route drives. Markers and zones name source nodes and are placed by it.
struct SourceNodePlaces {
    std::vector<std::uint32_t> route;
    std::vector<std::uint32_t> bakedIndex;
};
SourceNodePlaces placeSourceNodes(const formats::TrackDocument& document, const RouteLayout& layout);

/// Step 7: the designer's markers (start/finish, sectors, overtaking entries …) on their baked nodes.
void bakeMarkers(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

/// Step 8: the designer's race data: zones as distances along their baked routes, race settings.
void bakeRaceData(const formats::TrackDocument& document, const RouteLayout& layout, formats::BakedTrackData& out);

} // namespace bake::detail
