#include "bake/verification_laps.h"

#include "runtime/line_sampler.h"
#include "runtime/line_tracking.h"
#include "runtime/recovery_planner.h"
#include "runtime/registrar.h"
#include "runtime/wall_contact.h"

#include <algorithm>
#include <cmath>

namespace bake {

formats::VehicleClass vehicleClassFor(runtime::VehiclePreset preset) {
    const runtime::VehicleParameters v = runtime::vehiclePreset(preset);
    // Tracked vehicles have no steered wheels; the class still needs a positive angle to be valid.
    return {runtime::vehiclePresetName(preset), v.lateralGrip, v.maxAcceleration, v.maxBraking, v.topSpeed, v.wheelbase,
            v.maxSteeringAngle > 0.0f ? v.maxSteeringAngle : 0.5f, v.width};
}

LapRunResult runVerificationLaps(const runtime::BakedTrack& track, const LapRunOptions& o) {
    LapRunResult result;
    const formats::BakedLine& line = track.view.lines[o.line];
    const formats::BakedRoute& route = track.view.routes[line.route];
    const bool closed = route.flags & formats::kRouteClosed;
    const runtime::VehicleParameters vehicle = runtime::vehiclePreset(o.vehicle);
    const runtime::LineSampler sampler(track, o.line, o.vehicleClass);
    for (const formats::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == o.line && p.vehicleClass == o.vehicleClass) result.idealLapTime = p.lapTime;

    std::unique_ptr<runtime::Follower> follower = runtime::makeFollower(o.follower, track, o.line, o.vehicleClass, vehicle);
    std::unique_ptr<runtime::RecoveryPlanner> planner;
    if (o.plannedRecovery) {
        planner = std::make_unique<runtime::RecoveryPlanner>(track);
        follower->attachRecoveryPlanner(planner.get(), vehicle);
    }
    runtime::Registrar registrar(track);
    registrar.assignRoute(line.route);

    const double runUp = closed ? std::fmod(std::max(0.0, o.startDistance), static_cast<double>(line.length)) : 0.0;
    const runtime::LineSample start = sampler.sample(static_cast<float>(runUp));
    runtime::VehicleBody body;
    body.state.position = start.position;
    body.state.heading = static_cast<float>(std::atan2(start.tangent.y, start.tangent.x));

    const int laps = closed ? std::max(1, o.laps) : 1;
    // Progress is measured along the route from its start, so a run-up begins part-way into lap 0.
    double progress = 0.0;
    if (runUp > 0.0) {
        runtime::Registrar onRoute(track);
        onRoute.assignRoute(line.route);
        const runtime::Registration at = onRoute.update(start.position);
        progress = at.defined && at.route == line.route ? at.distance : 0.0;
    }
    const double firstTimedLine = progress > 0.0 ? route.length : 0.0;
    const double goal = closed ? firstTimedLine + laps * static_cast<double>(route.length) : route.length - 1.0;
    // Generous limit: a run slower than this is a failure, not a slow success.
    const double timeLimit = 120.0 + 8.0 * laps * std::max(result.idealLapTime, static_cast<double>(route.length) / 5.0);

    runtime::Registration last = registrar.update(body.state.position);
    double lapStart = 0.0, time = 0.0, previousProgress = progress;
    int crossings = 0;
    double cteSum = 0.0, speedSum = 0.0;
    long ticks = 0, onTarmac = 0, onRunoff = 0;
    const auto dt = static_cast<float>(o.dt);
    while (time < timeLimit) {
        const runtime::Registration here = registrar.update(body.state.position);
        previousProgress = progress;
        if (here.defined && last.defined && here.route == line.route) {
            double delta = static_cast<double>(here.distance) - last.distance;
            if (closed && delta < -route.length / 2.0) delta += route.length;
            if (closed && delta > route.length / 2.0) delta -= route.length;
            progress += delta;
        }
        if (here.defined) last = here;

        const runtime::Controls controls = follower->update({body.state, here, dt});
        runtime::stepVehicle(vehicle, controls, dt, body);
        runtime::resolveWallContact(track, last, body);
        if (const runtime::TeleportRequest t = follower->takeTeleportRequest(); t.requested) {
            body = {};
            body.state.position = t.position;
            body.state.heading = t.heading;
            registrar.reset();
            ++result.teleports;
        }
        time += o.dt;

        // Metrics, per tick (Table I): cross-track error to the line, corridor, speed, lateral acceleration.
        ++ticks;
        speedSum += std::abs(body.state.speed);
        result.maxLateralAcceleration = std::max(result.maxLateralAcceleration, std::abs(double(body.state.speed) * body.state.yawRate));
        if (here.defined && here.route == line.route) {
            const runtime::LineSample s = sampler.sample(runtime::lineDistanceAt(track, o.line, here));
            const double cte = formats::length(body.state.position - s.position);
            cteSum += cte;
            result.cteMax = std::max(result.cteMax, cte);
            const formats::BakedNode& a = track.view.nodes[route.firstNode + here.segment];
            const float track_ = here.lateral >= 0.0f ? a.leftTrack : a.rightTrack;
            const float runoff = here.lateral >= 0.0f ? a.leftRunoff : a.rightRunoff;
            onTarmac += std::abs(here.lateral) <= track_;
            onRunoff += std::abs(here.lateral) <= runoff;
        }

        const double linesCrossed = closed ? std::floor(progress / route.length) : 0.0;
        if (closed && linesCrossed > crossings) {
            ++crossings;
            // The crossing between this tick's registration and the last one's, interpolated: lap
            // times finer than a tick, so the lap-time refinement sees small gains.
            const double line_ = crossings * static_cast<double>(route.length);
            const double moved = progress - previousProgress;
            const double fraction = moved > 0.0 ? std::clamp((line_ - previousProgress) / moved, 0.0, 1.0) : 1.0;
            const double crossedAt = time - 2.0 * o.dt + fraction * o.dt;  // progress was registered a tick before `time`
            if (firstTimedLine == 0.0 || crossings > 1) result.lapTimes.push_back(crossedAt - lapStart);
            lapStart = crossedAt;
        }
        if (progress >= goal) {
            if (!closed) result.lapTimes.push_back(time);
            result.completed = true;
            break;
        }
    }
    result.totalTime = time;
    const runtime::StuckStats stuck = follower->stuckStats();
    result.stuckEvents = stuck.events;
    result.plannedRecoveries = stuck.plannedRecoveries;
    // An event still pending at the end recovered if the run got to the finish after it.
    result.unrecoveredStuckEvents = stuck.unrecovered + (stuck.pending && !result.completed ? 1 : 0);
    if (ticks > 0) {
        result.cteMean = cteSum / static_cast<double>(ticks);
        result.insideCorridorPct = 100.0 * static_cast<double>(onTarmac) / static_cast<double>(ticks);
        result.insideRunoffPct = 100.0 * static_cast<double>(onRunoff) / static_cast<double>(ticks);
        result.meanSpeed = speedSum / static_cast<double>(ticks);
    }
    if (!result.lapTimes.empty() && result.idealLapTime > 0.0)
        result.idealRatio = result.idealLapTime / *std::min_element(result.lapTimes.begin(), result.lapTimes.end());
    return result;
}

} // namespace bake
