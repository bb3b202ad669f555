#include "bake/sim/reference_car.h"

#include "trackwright/track/line_tracking.h"
#include "trackwright/track/prefetch.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/wall_contact.h"
#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>

namespace bake {

ReferenceCar::ReferenceCar(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const trackwright::VehicleParameters& vehicle)
    : m_line(line), m_vehicleClass(vehicleClass), m_vehicle(vehicle) {
    attach(track);
    const trackwright::LineSample start = m_sampler->sample(0.0f);
    m_body.state.position = start.position;
    m_body.state.heading = static_cast<float>(std::atan2(start.tangent.y, start.tangent.x));
    m_height = start.z;
}

void ReferenceCar::attach(const trackwright::BakedTrack& track) {
    m_track = &track;
    m_idealLapTime = 0.0;
    for (const formats::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == m_line && p.vehicleClass == m_vehicleClass) m_idealLapTime = p.lapTime;
    m_sampler = std::make_unique<trackwright::LineSampler>(track, m_line, m_vehicleClass);
    m_sampleCursor = ~0u;
}

void ReferenceCar::rebind(const trackwright::BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass) {
    m_line = line;
    m_vehicleClass = vehicleClass;
    attach(track);
}

void ReferenceCar::place(const trackwright::VehicleBody& body, const trackwright::Registration& where) {
    m_body = body;
    if (where.defined) m_last = where;
}

void ReferenceCar::teleport(trackwright::format::Vec2 position, float heading) {
    m_body = {};
    m_body.state.position = position;
    m_body.state.heading = heading;
    ++m_totals.teleports;
}

void ReferenceCar::prefetch(PrefetchStage stage) const {
    switch (stage) {
    case PrefetchStage::Record:
        trackwright::prefetchBytes(this, sizeof(*this));
        trackwright::prefetchBytes(m_sampler.get(), sizeof(trackwright::LineSampler));
        break;
    case PrefetchStage::Line: m_sampler->prefetch(m_sampleCursor, 2); break;
    }
}

void ReferenceCar::drive(const trackwright::Controls& controls, const trackwright::Registration& here, float tow, float dt) {
    const trackwright::BakedTrack& track = *m_track;
    const formats::BakedLine& line = track.view.lines[m_line];
    const formats::BakedRoute& route = track.view.routes[line.route];
    if (here.defined) m_last = here;
    // The road under the car: where it is registered, else where it last was (off the walls for a tick).
    // Refused only for a tick past kMaxTick or parameters no vehicle has, which neither the race loop
    // nor a validated class gives; a refused step leaves the car where it was, as a stuck car.
    static_cast<void>(trackwright::stepVehicle(tow > 0.0f ? trackwright::inSlipstream(m_vehicle, tow) : m_vehicle, controls, dt, m_body, m_last.road));
    trackwright::resolveWallContact(track, m_last, m_body);

    // Metrics, per tick (Table I): cross-track error to the line, corridor, speed, lateral acceleration.
    ++m_totals.ticks;
    m_totals.speedSum += std::abs(m_body.state.speed);
    m_totals.maxLateralAcceleration = std::max(m_totals.maxLateralAcceleration, std::abs(double(m_body.state.speed) * m_body.state.yawRate));
    if (here.defined && here.route == line.route) {
        const trackwright::LineSample s = m_sampler->sample(trackwright::lineDistanceAt(track, m_line, here), &m_sampleCursor);
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
}

} // namespace bake
