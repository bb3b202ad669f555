#include "bake/sim/simulated_car.h"

#include "trackwright/track/line_tracking.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>

namespace bake {

trackwright::VehicleParameters vehicleOf(const CarSetup& setup) { return setup.parameters ? *setup.parameters : trackwright::vehiclePreset(setup.vehicle); }

SimulatedCar::SimulatedCar(const trackwright::BakedTrack& track, const CarSetup& setup, trackwright::RecoveryPlanner* sharedPlanner)
    : m_setup(setup), m_car(track, setup.line, setup.vehicleClass, vehicleOf(setup)) {
    attach(track, sharedPlanner);
    const formats::BakedLine& line = track.view.lines[m_setup.line];
    const double runUp = m_closed ? std::fmod(std::max(0.0, m_setup.startDistance), static_cast<double>(line.length)) : 0.0;
    trackwright::VehicleBody start = m_car.body();
    if (runUp > 0.0) {
        const trackwright::LineSample at = trackwright::LineSampler(track, m_setup.line, m_setup.vehicleClass).sample(static_cast<float>(runUp));
        start.state.position = at.position;
        start.state.heading = static_cast<float>(std::atan2(at.tangent.y, at.tangent.x));
        // Progress is measured along the route from its start, so a run-up begins part-way into lap 0.
        trackwright::Registrar onRoute(track);
        onRoute.assignRoute(line.route);
        const trackwright::Registration r = onRoute.update(at.position);
        m_progress = r.defined && r.route == line.route ? r.distance : 0.0;
    }
    m_firstTimedLine = m_progress > 0.0 ? m_routeLength : 0.0;
    const trackwright::Registration here = m_registrar->update(start.state.position);
    m_car.place(start, here);
    m_lastOnRoute = here;
}

void SimulatedCar::attach(const trackwright::BakedTrack& track, trackwright::RecoveryPlanner* sharedPlanner) {
    m_track = &track;
    const formats::BakedLine& line = track.view.lines[m_setup.line];
    const formats::BakedRoute& route = track.view.routes[line.route];
    m_closed = route.flags & formats::kRouteClosed;
    m_routeLength = route.length;
    m_follower = trackwright::makeFollower(m_setup.follower, track, m_setup.line, m_setup.vehicleClass, m_car.vehicle(), m_setup.speedCap);
    if (m_setup.driver) m_follower->setDriver(*m_setup.driver);
    m_ownPlanner.reset();
    if (m_setup.plannedRecovery) {
        if (!sharedPlanner) {
            m_ownPlanner = std::make_unique<trackwright::RecoveryPlanner>(track);
            sharedPlanner = m_ownPlanner.get();
        }
        m_follower->attachRecoveryPlanner(sharedPlanner, m_car.vehicle());
    }
    m_registrar = std::make_unique<trackwright::Registrar>(track);
    m_registrar->assignRoute(line.route);
}

void SimulatedCar::rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, trackwright::RecoveryPlanner* sharedPlanner) {
    const int lapsDone = m_closed && m_routeLength > 0.0 ? static_cast<int>(std::floor(m_progress / m_routeLength)) : 0;
    m_setup.line = line;
    m_setup.vehicleClass = vehicleClass;
    m_car.rebind(track, line, vehicleClass);
    attach(track, sharedPlanner);
    const trackwright::Registration here = m_registrar->update(m_car.body().state.position);
    m_car.place(m_car.body(), here);
    m_lastOnRoute = here;
    // The same laps, and the new route's distance within the current one.
    if (here.defined && here.route == track.view.lines[line].route) m_progress = lapsDone * m_routeLength + here.distance;
    if (m_firstTimedLine > 0.0) m_firstTimedLine = m_routeLength;
}

void SimulatedCar::registerTick() {
    const formats::BakedLine& line = m_track->view.lines[m_setup.line];
    // A pit stop: where the lane overlaps the main route, the car is on the route its stop names.
    if (const trackwright::PitStop* pit = m_follower->pitStop();
        pit && pit->active() && pit->wantedRoute() != formats::kNoRoute && m_car.lastRegistration().route != pit->wantedRoute()) {
        m_registrar->reset();
        m_registrar->assignRoute(pit->wantedRoute());
    }
    const trackwright::Registration here = m_registrar->update(m_car.body().state.position);
    m_previousProgress = m_progress;
    // Progress along the line's route: from its last registration on that route (a pit lane's
    // stretch counts as the main route's from its fork to its join).
    if (here.defined && m_lastOnRoute.defined && m_lastOnRoute.route == line.route && here.route == line.route) {
        double delta = static_cast<double>(here.distance) - m_lastOnRoute.distance;
        if (m_closed && delta < -m_routeLength / 2.0) delta += m_routeLength;
        if (m_closed && delta > m_routeLength / 2.0) delta -= m_routeLength;
        m_progress += delta;
    }
    if (here.defined && here.route == line.route) m_lastOnRoute = here;
    m_here = here;
}

void SimulatedCar::step(double dtSeconds) {
    registerTick();
    const auto dt = static_cast<float>(dtSeconds);
    // A person at the wheel (the editor's Drive): their controls, and no follower's teleports.
    const trackwright::Controls controls = m_manual ? *m_manual : m_follower->update({m_car.body().state, m_here, dt});
    m_car.drive(controls, m_here, 0.0f, dt);
    if (const trackwright::TeleportRequest t = m_manual ? trackwright::TeleportRequest{} : m_follower->takeTeleportRequest(); t.requested) {
        m_car.teleport(t.position, t.heading);
        m_registrar->reset();
    }
    m_time += dtSeconds;

    const double linesCrossed = m_closed ? std::floor(m_progress / m_routeLength) : 0.0;
    if (m_closed && linesCrossed > m_crossings) {
        ++m_crossings;
        // The crossing between this tick's registration and the last one's, interpolated: lap
        // times finer than a tick, so the lap-time refinement sees small gains.
        const double startLine = m_crossings * m_routeLength;
        const double moved = m_progress - m_previousProgress;
        const double fraction = moved > 0.0 ? std::clamp((startLine - m_previousProgress) / moved, 0.0, 1.0) : 1.0;
        const double crossedAt = m_time - 2.0 * dtSeconds + fraction * dtSeconds;  // progress was registered a tick before `m_time`
        if (m_firstTimedLine == 0.0 || m_crossings > 1) m_car.recordLap(crossedAt - m_lapStart);
        m_lapStart = crossedAt;
    }
}

} // namespace bake
