#include "trackwright/drive/runner_follower.h"

#include "trackwright/track/line_tracking.h"
#include "trackwright/drive/steering.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

RunnerFollower::RunnerFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const RunnerParameters& parameters)
    : m_line(line), m_sampler(track, line, vehicleClass), m_predictor(track), m_p(parameters), m_stuck(parameters.stuck) {
    if (line < track.view.lines.size()) m_predictor.assignRoute(track.view.lines[line].route);
    for (const format::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == line && p.vehicleClass == vehicleClass) m_firstHint = p.firstHint;
}

void RunnerFollower::reset() {
    m_hasRunner = false;
    m_stuck.reset();
}

float RunnerFollower::trackWidthAt(const Registration& r, float lateral) const {
    const format::BakedRoute& route = track().view.routes[r.route];
    const format::BakedNode& a = track().view.nodes[route.firstNode + r.segment];
    const format::BakedNode& b = track().view.nodes[route.firstNode + (r.segment + 1) % route.nodeCount];
    const float wa = lateral >= 0.0f ? a.leftTrack : a.rightTrack;
    const float wb = lateral >= 0.0f ? b.leftTrack : b.rightTrack;
    return wa + r.ratio * (wb - wa);
}

float RunnerFollower::speedFromHints(float lineDistance, float speed, bool& mustBrake) const {
    mustBrake = false;
    if (m_firstHint < 0) return speed;  // no profile for this class: hold speed
    const float hintHere = m_sampler.sample(lineDistance).speedHint;
    // Braking check (§39.4.2): would full braking from here still be too fast at a later point? The
    // walk goes over the baked points themselves, where the hints are, as far as braking reaches.
    const format::BakedLine& line = track().view.lines[m_line];
    const std::uint32_t count = track().view.routes[line.route].nodeCount;
    const format::BakedLinePoint* points = track().view.linePoints.data() + line.firstPoint;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const bool closed = m_sampler.closed();
    const float braking = m_p.brakingFraction * m_p.maxBraking;
    const float horizon = speed * speed / (2.0f * braking) + 5.0f;
    // The first point beyond the car: a binary search, then a walk.
    const float here = m_sampler.sample(lineDistance).distance;
    std::uint32_t i = static_cast<std::uint32_t>(std::upper_bound(points, points + count, here,
                          [](float d, const format::BakedLinePoint& p) { return d < p.distance; }) - points);
    for (std::uint32_t visited = 0; visited < count; ++visited, ++i) {
        float wrap = 0.0f;
        if (i >= count) {
            if (!closed) break;
            i -= count;
        }
        if (i < count && points[i].distance < here) wrap = length;  // past the start line of a closed route
        const float ahead = points[i].distance + wrap - here;
        if (ahead > horizon) break;
        const float predicted2 = speed * speed - 2.0f * braking * ahead;
        const float hint = m_pace * hints[i];
        if (predicted2 > hint * hint) {
            mustBrake = true;
            return std::min(m_pace * hintHere, hint);
        }
    }
    return m_pace * hintHere;
}

Controls RunnerFollower::update(const FollowerInput& in) {
    if (!isFinite(in.state) || !(in.dt > 0.0f) || !m_sampler.valid()) return {};  // no line: neutral
    const std::uint32_t route = track().view.lines[m_line].route;
    const bool onRoute = in.registration.defined && in.registration.route == route;
    if (onRoute) m_lineDistance = lineDistanceAt(track(), m_line, in.registration);
    const float speed = std::max(0.0f, in.state.speed);

    // The runner: advanced by the car's speed, eased towards the re-evaluated lookahead.
    const float curvatureHere = std::abs(m_sampler.sample(m_lineDistance + speed * 0.5f).curvature);
    const float lookahead = (m_p.lookaheadMin + m_p.lookaheadTime * speed) / (1.0f + m_p.curvatureShortening * curvatureHere);
    if (!m_hasRunner) {
        m_runnerDistance = m_lineDistance + lookahead;
        m_hasRunner = true;
    }
    m_runnerDistance += speed * in.dt;
    float gap = m_runnerDistance - m_lineDistance;
    const float length = m_sampler.length();
    if (m_sampler.closed() && length > 0.0f) gap = std::remainder(gap, length);
    m_runnerDistance += (lookahead - gap) * std::min(1.0f, in.dt / m_p.runnerCatchUpTime);
    const LineSample runner = m_sampler.sample(m_runnerDistance);
    m_runnerPosition = runner.position + format::Vec2{-runner.tangent.y, runner.tangent.x} * m_p.lateralOffset;
    float steering = purePursuitSteering(in.state, m_runnerPosition, m_p.wheelbase, m_p.maxSteeringAngle);

    bool mustBrake = false;
    m_targetSpeed = speedFromHints(m_lineDistance, speed, mustBrake);
    if (m_traffic) {
        // Follow: the car behind owns avoiding the car ahead (traffic/follow_rules.h).
        const float limit = trafficSpeedLimit(*m_traffic, speed, m_p.maxBraking, m_p.follow);
        if (limit < m_targetSpeed) {
            m_targetSpeed = limit;
            mustBrake = mustBrake || limit < speed - m_p.follow.fullBrakingExcess;
        }
        // Alongside: hold the line's curvature at most, less the drift towards the other car.
        const float curvature = m_sampler.sample(m_lineDistance).curvature;
        const float hold = m_p.maxSteeringAngle > 0.0f ? std::atan(m_p.wheelbase * curvature) / m_p.maxSteeringAngle : 0.0f;
        steering = alongsideSteering(*m_traffic, steering, hold, m_p.follow);
    }
    float throttle = mustBrake ? -1.0f : std::clamp(m_p.speedGain * (m_targetSpeed - in.state.speed), -1.0f, 1.0f);

    if (onRoute) {
        // Medium range: extrapolate the turning path; if it leaves the tarmac, steer back and lift.
        const double t = m_p.wallPredictionTime;
        const double omega = in.state.yawRate;
        const double heading = in.state.heading;
        const double arc = std::abs(omega) > 1e-4 ? speed / omega : 0.0;
        const format::Vec2 predicted = std::abs(omega) > 1e-4
            ? in.state.position + format::Vec2{arc * (std::sin(heading + omega * t) - std::sin(heading)), arc * (std::cos(heading) - std::cos(heading + omega * t))}
            : in.state.position + format::Vec2{std::cos(heading), std::sin(heading)} * (speed * t);
        const Registration ahead = m_predictor.registerCold(predicted);
        if (!ahead.defined || std::abs(ahead.lateral) > trackWidthAt(ahead, ahead.lateral) - m_p.wallMargin) {
            const float towardsCentre = ahead.defined ? (ahead.lateral > 0.0f ? -1.0f : 1.0f) : (in.registration.lateral > 0.0f ? -1.0f : 1.0f);
            steering = std::clamp(steering + 0.3f * towardsCentre, -1.0f, 1.0f);
            throttle = std::min(throttle, 0.0f);
        }
        // Short range: keep a margin from the edge alongside.
        const float lateral = in.registration.lateral;
        const float excess = std::abs(lateral) - (trackWidthAt(in.registration, lateral) - m_p.wallMargin);
        if (excess > 0.0f) steering = std::clamp(steering - std::copysign(m_p.sideCorrectionGain * excess, lateral), -1.0f, 1.0f);
    }

    const StuckContext context{&in.state, &m_sampler, m_lineDistance};
    return m_stuck.update(in.registration.defined ? in.registration.distance : NAN, wrapLength(track(), m_line), in.dt, {steering, throttle, false},
                          &context);
}

TeleportRequest RunnerFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    m_hasRunner = false;
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
