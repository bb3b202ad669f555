#include "trackwright/vehicle/starting_grid.h"

#include "trackwright/track/lap_counter.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

bool finiteAndNotNegative(float value) { return std::isfinite(value) && value >= 0.0f; }

/// The start line: the lap layout's on a track with laps, else the "start" marker, else the first
/// route's first node.
void startLine(const BakedTrack& track, std::uint32_t& route, double& distance, bool& closed) {
    const LapLayout laps = lapLayout(track);
    closed = laps.valid;
    route = laps.route;
    distance = laps.startDistance;
    if (closed) return;
    std::uint32_t index = 0;
    TrackMarker start;
    if (findMarker(track, format::kMarkerStart, 0, index) && markerAt(track, index, start)) {
        route = start.route;
        distance = start.distance;
    } else {
        route = 0;
        distance = 0.0;
    }
}

} // namespace

GridOptions designerGrid(const BakedTrack& track) {
    GridOptions options;
    if (const format::BakedRaceSettings* race = track.view.race) {
        options.firstRowGap = race->firstRowGap;
        options.rowSpacing = race->rowSpacing;
        options.stagger = race->stagger;
        options.poleOnLeft = race->poleSide == format::kSideLeft;
    }
    return options;
}

bool gridSlot(const BakedTrack& track, std::uint32_t slot, const GridOptions& o, VehicleState& state) {
    if (!finiteAndNotNegative(o.firstRowGap) || !finiteAndNotNegative(o.rowSpacing) || !finiteAndNotNegative(o.stagger) ||
        !finiteAndNotNegative(o.columnOffset) || !finiteAndNotNegative(o.speed) || track.view.routes.empty())
        return false;
    std::uint32_t route = 0;
    double line = 0.0;
    bool closed = false;
    startLine(track, route, line, closed);
    const std::uint32_t row = slot / 2, column = slot % 2;
    const double back = o.firstRowGap + static_cast<double>(row) * o.rowSpacing + static_cast<double>(column) * o.stagger;
    if (!closed && line - back < 0.0) return false;
    // A closed route's grid must not wrap round the lap into its own front rows: from slot 547 on
    // Budapest cars stood on top of the pole (issue 48). Driving on from the last slot, the pole
    // (firstRowGap behind the line) must be at least a row's spacing ahead, as any two rows are.
    const double lap = track.view.routes[route].length;
    if (closed && lap - (back - o.firstRowGap) < std::max(double(o.rowSpacing), 1.0)) return false;
    TrackPoint p;
    if (!routePointAt(track, route, line - back, p)) return false;
    // The columns straddle the middle of the tarmac, which sits off the centre line where the
    // designer made one side wider.
    const double middle = (p.leftTrack - p.rightTrack) / 2.0;
    const double offset = o.columnOffset > 0.0f ? o.columnOffset : (p.leftTrack + p.rightTrack) / 4.0;
    const bool left = (column == 0) == o.poleOnLeft;
    const double lateral = middle + (left ? offset : -offset);
    VehicleState s;
    s.position = p.position + p.left * lateral;
    s.heading = p.heading;
    s.speed = o.speed;
    // On the curve through the slot, parallel to the centre line: the lane's radius is 1/κ − lateral.
    const double laneCurvature = p.curvature / (1.0 - lateral * p.curvature);
    s.yawRate = std::isfinite(laneCurvature) ? static_cast<float>(o.speed * laneCurvature) : 0.0f;
    state = s;
    return true;
}

VehicleBody startingBody(const VehicleParameters& vehicle, const VehicleState& state) {
    VehicleBody body;
    body.state = state;
    body.velocity = {std::cos(state.heading) * state.speed, std::sin(state.heading) * state.speed};
    if (state.speed != 0.0f && vehicle.maxSteeringAngle > 0.0f) {
        const float curvature = state.yawRate / state.speed;
        body.steeringAngle = std::clamp(std::atan(vehicle.wheelbase * curvature), -vehicle.maxSteeringAngle, vehicle.maxSteeringAngle);
    }
    return body;
}

} // namespace trackwright
