#include "trackwright/drive/seek_follower.h"

#include "trackwright/track/line_tracking.h"
#include "trackwright/drive/steering.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

SeekFollower::SeekFollower(const BakedTrack& track, std::uint32_t line, Mode mode, const SeekParameters& parameters)
    : m_line(line), m_mode(mode), m_sampler(track, line, 0), m_mapper(track), m_p(parameters), m_stuck(parameters.stuck) {
    if (line < track.view.lines.size()) m_mapper.assignRoute(track.view.lines[line].route);
}

Controls SeekFollower::update(const FollowerInput& in) {
    if (Controls held; holdsStill(in, m_sampler.valid(), held)) return held;
    const std::uint32_t route = track().view.lines[m_line].route;
    if (in.registration.defined && in.registration.route == route) m_lineDistance = lineDistanceAt(track(), m_line, in.registration);
    const float offset = static_cast<float>(m_p.predictionOffset) * m_p.spacing;

    format::Vec2 destination = m_sampler.sample(m_lineDistance + offset).position;
    if (m_mode == Mode::Predictive && std::abs(in.state.speed) > 0.01f) {
        // Predict, map the prediction to the path; a prediction near the path is the destination.
        const format::Vec2 direction{std::cos(in.state.heading), std::sin(in.state.heading)};
        const format::Vec2 prediction = in.state.position + direction * (in.state.speed * m_p.predictionTime);
        const Registration mapped = m_mapper.update(prediction);
        if (mapped.defined && mapped.route == route) {
            const float mappedDistance = lineDistanceAt(track(), m_line, mapped);
            const format::Vec2 onPath = m_sampler.sample(mappedDistance).position;
            // Only a destination further along than the car counts.
            const float ahead = std::remainder(mappedDistance - m_lineDistance, std::max(m_sampler.length(), 1.0f));
            if (format::length(onPath - prediction) < m_p.pathRadius && ahead > 0.0f) destination = prediction;
            else destination = m_sampler.sample(mappedDistance + offset).position;
        }
    }

    // Seek with brake-at-angle: gas while the destination is within the angle, brakes beyond it.
    const float bearing = bearingTo(in.state, destination);
    const bool sharp = std::abs(bearing) * 180.0f / static_cast<float>(M_PI) >= m_p.brakeAtAngle;
    float throttle = sharp ? -m_p.brake : m_p.gas;
    if (in.state.speed >= m_p.maxSpeed) throttle = std::min(throttle, 0.0f);
    throttle -= in.state.speed / (m_p.linearDrag * m_p.maxAcceleration);  // the project's linear drag
    const float steering = std::clamp(m_p.steer * std::sin(bearing), -1.0f, 1.0f);

    return m_stuck.update(in.registration.defined ? in.registration.distance : NAN, wrapLength(track(), m_line), in.dt,
                          {steering, std::clamp(throttle, -1.0f, 1.0f), false});
}

TeleportRequest SeekFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    m_mapper.reset();
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
