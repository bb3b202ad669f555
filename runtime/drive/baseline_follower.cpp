#include "trackwright/drive/baseline_follower.h"

#include "trackwright/track/line_tracking.h"
#include "trackwright/drive/steering.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

BaselineFollower::BaselineFollower(const BakedTrack& track, std::uint32_t line, const BaselineParameters& parameters)
    : m_track(track), m_line(line), m_sampler(track, line, 0), m_p(parameters), m_stuck(parameters.stuck) {}

Controls BaselineFollower::update(const FollowerInput& in) {
    if (Controls held; holdsStill(in, m_sampler.valid(), held)) return held;
    const std::uint32_t route = m_track.view.lines[m_line].route;
    if (in.registration.defined && in.registration.route == route) m_lineDistance = lineDistanceAt(m_track, m_line, in.registration);

    const format::Vec2 forward{std::cos(in.state.heading), std::sin(in.state.heading)};
    double largest = 0.0;
    format::Vec2 previous = m_sampler.sample(m_lineDistance).position;
    for (float d = m_p.segmentLength; d <= m_p.lookahead + 1e-3f; d += m_p.segmentLength) {
        const format::Vec2 next = m_sampler.sample(m_lineDistance + d).position;
        const format::Vec2 segment = format::normalized(next - previous);
        largest = std::max(largest, std::acos(std::clamp(format::dot(forward, segment), -1.0, 1.0)));
        previous = next;
    }
    const float target = std::clamp(m_p.maxSpeed * m_p.referenceAngle / static_cast<float>(std::max(largest, double(m_p.referenceAngle))),
                                    m_p.minSpeed, m_p.maxSpeed);
    const float throttle = std::clamp(m_p.speedGainP * (target - in.state.speed), -1.0f, 1.0f);
    const float lookahead = m_p.targetLookaheadMin + m_p.targetLookaheadTime * std::max(0.0f, in.state.speed);
    const float steering = purePursuitSteering(in.state, m_sampler.sample(m_lineDistance + lookahead).position, m_p.wheelbase, m_p.maxSteeringAngle);

    return m_stuck.update(in.registration.defined ? in.registration.distance : NAN, wrapLength(m_track, m_line), in.dt, {steering, throttle, false});
}

TeleportRequest BaselineFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
