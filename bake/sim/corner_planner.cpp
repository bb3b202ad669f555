#include "bake/sim/corner_planner.h"

#include "trackwright/track/line_sampler.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace bake {
namespace {

struct Window {
    float start, end, peak;
};

/// Runs of the line where |κ| exceeds the threshold, merged across short gaps, widened by the lead.
std::vector<Window> findCorners(const trackwright::LineSampler& line, const CornerPlanOptions& o) {
    std::vector<Window> corners;
    const float length = line.length();
    bool inside = false;
    Window current{};
    // Metre by metre with an integer count: a float counter stops advancing at 2^24 m (a loop of
    // radius 2 700 km hung here); below that the distances are the same.
    const auto metres = static_cast<std::int64_t>(std::floor(std::clamp(length, 0.0f, 1e9f)));
    for (std::int64_t k = 0; k <= metres; ++k) {
        const float d = static_cast<float>(k);
        const float kappa = std::abs(line.sample(d).curvature);
        if (kappa > o.curvatureThreshold) {
            if (!inside) {
                if (!corners.empty() && d - corners.back().end < o.mergeGap) {
                    current = corners.back();
                    corners.pop_back();
                } else {
                    current = {d, d, 0.0f};
                }
                inside = true;
            }
            current.end = d;
            current.peak = std::max(current.peak, kappa);
        } else if (inside) {
            corners.push_back(current);
            inside = false;
        }
    }
    if (inside) corners.push_back(current);
    std::vector<Window> windows;
    for (const Window& c : corners) {
        // Start before the line's braking zone: a plan that has to brake exactly where the line does,
        // at the line's full braking, has no room to take the corner any other way.
        float start = c.start;
        while (start > 1.0f && c.start - start < o.maxWindow / 2 && line.sample(start - 1.0f).speedHint > line.sample(start).speedHint + 1e-3f)
            start -= 1.0f;
        Window w{std::max(0.0f, start - o.lead), std::min(length, c.end + o.lead), c.peak};
        if (w.end - w.start > o.maxWindow) w.end = w.start + o.maxWindow;
        if (!windows.empty() && w.start < windows.back().end) w.start = windows.back().end;  // no overlap
        if (w.end - w.start > 2.0f * o.lead) windows.push_back(w);
    }
    return windows;
}

} // namespace

trackwright::PlanSettings cornerSearchSettings() {
    trackwright::PlanSettings s;
    s.discretization.accelerationLevels = 1;
    s.discretization.steeringStepDeg = 1.0f;
    s.tolerance.position = 1.0f;
    s.tolerance.headingDeg = 3.0f;
    s.tolerance.speed = 1.0f;
    s.iterationLimit = 100000;
    // A corner's best path hugs the walls at speed, where a shot of circles and straights rarely
    // fits: an early shot would end the search with a slow path. Here a shot only ends a search
    // it proves within 3 % of everything open, or one the search could not finish.
    s.shot.refineIterations = s.iterationLimit;
    s.shot.interval = 64;  // most shots here meet a wall: fewer tries keep long searches about as fast
    return s;
}

trackwright::PlanVehicle planVehicleForClass(const formats::BakedVehicleClass& c) {
    const float radius = c.maxSteeringAngle > 0.0f ? c.wheelbase / std::tan(c.maxSteeringAngle) : 0.0f;
    return trackwright::carPlanVehicle(radius, c.maxLateralAcceleration, c.maxAcceleration, c.maxBraking, c.topSpeed);
}

CornerPlanReport planCorners(const trackwright::BakedTrack& track, const CornerPlanOptions& o, trackwright::MovementPlanner& planner) {
    CornerPlanReport report;
    const trackwright::LineSampler line(track, o.line, o.vehicleClass);
    const formats::BakedVehicleClass& vehicleClass = track.view.vehicleClasses[o.vehicleClass];
    const trackwright::PlanVehicle vehicle = planVehicleForClass(vehicleClass);
    trackwright::PlanTrackArea area;
    area.track = &track;
    area.edge = o.edge;
    area.margin = o.margin >= 0.0f ? o.margin : 0.5f * vehicleClass.width;

    for (const Window& w : findCorners(line, o)) {
        CornerPlan corner;
        corner.startDistance = w.start;
        corner.endDistance = w.end;
        corner.peakCurvature = w.peak;
        // The line's time at its speed hints, metre by metre (trapezoidal speeds).
        trackwright::LineSample previous = line.sample(w.start);
        const auto steps = static_cast<std::int64_t>(std::floor(std::clamp(w.end + 1e-3f - w.start, 0.0f, 1e9f)));
        for (std::int64_t k = 1; k <= steps; ++k) {
            const float d = w.start + static_cast<float>(k);
            const trackwright::LineSample here = line.sample(std::min(d, w.end));
            const double step = formats::length(here.position - previous.position);
            const double speed = 0.5 * (static_cast<double>(here.speedHint) + previous.speedHint);
            corner.lineLength += static_cast<float>(step);
            corner.lineTime += static_cast<float>(speed > 0.0 ? step / speed : 0.0);
            previous = here;
        }
        const trackwright::LineSample a = line.sample(w.start), b = line.sample(w.end);
        corner.entrySpeed = a.speedHint;
        corner.exitSpeed = b.speedHint;
        const trackwright::PlanState start{static_cast<float>(a.position.x), static_cast<float>(a.position.y),
                                       static_cast<float>(std::atan2(a.tangent.y, a.tangent.x)), std::min(a.speedHint, vehicle.maxSpeed)};
        const trackwright::PlanState goal{static_cast<float>(b.position.x), static_cast<float>(b.position.y),
                                      static_cast<float>(std::atan2(b.tangent.y, b.tangent.x)), std::min(b.speedHint, vehicle.maxSpeed)};
        trackwright::PlanSettings search = o.search;
        search.discretization.cellSize = std::clamp(o.cellTime * start.speed, 1.0f, 3.0f);
        const trackwright::PlanResult r = planner.plan(vehicle, start, goal, search, area.validity());
        corner.status = r.status;
        corner.iterations = r.iterations;
        if (r.found()) {
            corner.plannedLength = r.length;
            corner.plannedTime = r.time;
            ++report.found;
            report.lineTime += corner.lineTime;
            report.plannedTime += corner.plannedTime;
        }
        report.corners.push_back(corner);
    }
    return report;
}

} // namespace bake
