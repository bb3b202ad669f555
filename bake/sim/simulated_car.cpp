#include "bake/sim/simulated_car.h"

#include "trackwright/track/prefetch.h"
#include "trackwright/track/line_tracking.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/wall_contact.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>

namespace bake {

SimulatedCar::SimulatedCar(const trackwright::BakedTrack& track, const CarSetup& setup, trackwright::RecoveryPlanner* sharedPlanner)
    : m_setup(setup), m_vehicle(setup.parameters ? *setup.parameters : trackwright::vehiclePreset(setup.vehicle)) {
    attach(track, sharedPlanner);
    const formats::BakedLine& line = track.view.lines[m_setup.line];
    const double runUp = m_closed ? std::fmod(std::max(0.0, m_setup.startDistance), static_cast<double>(line.length)) : 0.0;
    const trackwright::LineSample start = m_sampler->sample(static_cast<float>(runUp));
    m_body.state.position = start.position;
    m_body.state.heading = static_cast<float>(std::atan2(start.tangent.y, start.tangent.x));
    m_height = start.z;
    // Progress is measured along the route from its start, so a run-up begins part-way into lap 0.
    if (runUp > 0.0) {
        trackwright::Registrar onRoute(track);
        onRoute.assignRoute(line.route);
        const trackwright::Registration at = onRoute.update(start.position);
        m_progress = at.defined && at.route == line.route ? at.distance : 0.0;
    }
    m_firstTimedLine = m_progress > 0.0 ? m_routeLength : 0.0;
    m_last = m_registrar->update(m_body.state.position);
    m_lastOnRoute = m_last;
}

void SimulatedCar::attach(const trackwright::BakedTrack& track, trackwright::RecoveryPlanner* sharedPlanner) {
    m_track = &track;
    const formats::BakedLine& line = track.view.lines[m_setup.line];
    const formats::BakedRoute& route = track.view.routes[line.route];
    m_closed = route.flags & formats::kRouteClosed;
    m_routeLength = route.length;
    m_idealLapTime = 0.0;
    for (const formats::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == m_setup.line && p.vehicleClass == m_setup.vehicleClass) m_idealLapTime = p.lapTime;
    m_sampler = std::make_unique<trackwright::LineSampler>(track, m_setup.line, m_setup.vehicleClass);
    m_sampleCursor = ~0u;
    m_follower = trackwright::makeFollower(m_setup.follower, track, m_setup.line, m_setup.vehicleClass, m_vehicle, m_setup.speedCap);
    m_ownPlanner.reset();
    if (m_setup.plannedRecovery) {
        if (!sharedPlanner) {
            m_ownPlanner = std::make_unique<trackwright::RecoveryPlanner>(track);
            sharedPlanner = m_ownPlanner.get();
        }
        m_follower->attachRecoveryPlanner(sharedPlanner, m_vehicle);
    }
    m_registrar = std::make_unique<trackwright::Registrar>(track);
    m_registrar->assignRoute(line.route);
}

void SimulatedCar::rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, trackwright::RecoveryPlanner* sharedPlanner) {
    const int lapsDone = m_closed && m_routeLength > 0.0 ? static_cast<int>(std::floor(m_progress / m_routeLength)) : 0;
    m_setup.line = line;
    m_setup.vehicleClass = vehicleClass;
    attach(track, sharedPlanner);
    m_last = m_registrar->update(m_body.state.position);
    m_lastOnRoute = m_last;
    // The same laps, and the new route's distance within the current one.
    if (m_last.defined && m_last.route == track.view.lines[line].route)
        m_progress = lapsDone * m_routeLength + m_last.distance;
    if (m_firstTimedLine > 0.0) m_firstTimedLine = m_routeLength;
}

void SimulatedCar::prefetch(PrefetchStage stage) const {
    switch (stage) {
    case PrefetchStage::Record: trackwright::prefetchBytes(this, sizeof(*this)); break;
    case PrefetchStage::Parts:
        trackwright::prefetchBytes(m_registrar.get(), sizeof(trackwright::Registrar));
        trackwright::prefetchBytes(m_sampler.get(), sizeof(trackwright::LineSampler));
        trackwright::prefetchBytes(m_follower.get(), 1);
        break;
    case PrefetchStage::Follower: m_follower->prefetch(); break;
    case PrefetchStage::Track: m_sampler->prefetch(m_sampleCursor, 2); break;
    }
}

void SimulatedCar::step(double dtSeconds) {
    registerTick();
    advance(dtSeconds);
}

void SimulatedCar::place(const trackwright::VehicleBody& body) {
    m_body = body;
    m_registrar->reset();
    m_last = m_registrar->update(m_body.state.position);
    m_lastOnRoute = m_last;
    // An open route's progress is its distance along it (a closed route's came from startDistance).
    if (!m_closed && m_last.defined && m_last.route == m_track->view.lines[m_setup.line].route) m_progress = m_last.distance;
}

const trackwright::Registration& SimulatedCar::registerTick() {
    const formats::BakedLine& line = m_track->view.lines[m_setup.line];
    // A pit stop: where the lane overlaps the main route, the car is on the route its stop names.
    if (const trackwright::PitStop* pit = m_follower->pitStop(); pit && pit->active() && pit->wantedRoute() != formats::kNoRoute && m_last.route != pit->wantedRoute()) {
        m_registrar->reset();
        m_registrar->assignRoute(pit->wantedRoute());
    }
    const trackwright::Registration here = m_registrar->update(m_body.state.position);
    m_previousProgress = m_progress;
    // Progress along the line's route: from its last registration on that route (a pit lane's
    // stretch counts as the main route's from its fork to its join).
    if (here.defined && m_lastOnRoute.defined && m_lastOnRoute.route == line.route && here.route == line.route) {
        double delta = static_cast<double>(here.distance) - m_lastOnRoute.distance;
        if (m_closed && delta < -m_routeLength / 2.0) delta += m_routeLength;
        if (m_closed && delta > m_routeLength / 2.0) delta -= m_routeLength;
        m_progress += delta;
    }
    if (here.defined) m_last = here;
    if (here.defined && here.route == line.route) m_lastOnRoute = here;
    m_here = here;
    return m_here;
}

void SimulatedCar::advance(double dtSeconds) {
    const trackwright::BakedTrack& track = *m_track;
    const formats::BakedLine& line = track.view.lines[m_setup.line];
    const formats::BakedRoute& route = track.view.routes[line.route];
    const auto dt = static_cast<float>(dtSeconds);
    const trackwright::Registration& here = m_here;
    const double previousProgress = m_previousProgress;

    const trackwright::Controls controls = m_follower->update({m_body.state, here, dt});
    // The road under the car: where it is registered, else where it last was (off the walls for a tick).
    // In traffic the wake of the car ahead spares some of this car's drag (traffic/slipstream.h).
    const float tow = m_traffic && here.defined ? trackwright::slipstreamShare(*m_traffic, m_body.state.speed, here.lateral) : 0.0f;
    // Refused only for a tick past kMaxTick or parameters no vehicle has, which neither the race loop
    // nor a validated class gives; a refused step leaves the car where it was, as a stuck car.
    static_cast<void>(trackwright::stepVehicle(tow > 0.0f ? trackwright::inSlipstream(m_vehicle, tow) : m_vehicle, controls, dt, m_body, m_last.road));
    trackwright::resolveWallContact(track, m_last, m_body);
    if (const trackwright::TeleportRequest t = m_follower->takeTeleportRequest(); t.requested) {
        m_body = {};
        m_body.state.position = t.position;
        m_body.state.heading = t.heading;
        m_registrar->reset();
        ++m_totals.teleports;
    }
    m_time += dtSeconds;

    // Metrics, per tick (Table I): cross-track error to the line, corridor, speed, lateral acceleration.
    ++m_totals.ticks;
    m_totals.speedSum += std::abs(m_body.state.speed);
    m_totals.maxLateralAcceleration = std::max(m_totals.maxLateralAcceleration, std::abs(double(m_body.state.speed) * m_body.state.yawRate));
    if (here.defined && here.route == line.route) {
        const trackwright::LineSample s = m_sampler->sample(trackwright::lineDistanceAt(track, m_setup.line, here), &m_sampleCursor);
        const double cte = formats::length(m_body.state.position - s.position);
        m_targetSpeed = s.speedHint;
        m_height = s.z;
        m_crossTrackError = static_cast<float>(cte);
        ++m_totals.ticksOnLine;
        m_totals.crossTrackSum += cte;
        m_totals.crossTrackMax = std::max(m_totals.crossTrackMax, cte);
        const formats::BakedNode& a = track.view.nodes[route.firstNode + here.segment];
        const float tarmac = here.lateral >= 0.0f ? a.leftTrack : a.rightTrack;
        const float runoff = here.lateral >= 0.0f ? a.leftRunoff : a.rightRunoff;
        m_totals.ticksOnTarmac += std::abs(here.lateral) <= tarmac;
        m_totals.ticksOnRunoff += std::abs(here.lateral) <= runoff;
    }

    const double linesCrossed = m_closed ? std::floor(m_progress / m_routeLength) : 0.0;
    if (m_closed && linesCrossed > m_crossings) {
        ++m_crossings;
        // The crossing between this tick's registration and the last one's, interpolated: lap
        // times finer than a tick, so the lap-time refinement sees small gains.
        const double startLine = m_crossings * m_routeLength;
        const double moved = m_progress - previousProgress;
        const double fraction = moved > 0.0 ? std::clamp((startLine - previousProgress) / moved, 0.0, 1.0) : 1.0;
        const double crossedAt = m_time - 2.0 * dtSeconds + fraction * dtSeconds;  // progress was registered a tick before `m_time`
        if (m_firstTimedLine == 0.0 || m_crossings > 1) m_totals.lapTimes.push_back(crossedAt - m_lapStart);
        m_lapStart = crossedAt;
    }
}

} // namespace bake
