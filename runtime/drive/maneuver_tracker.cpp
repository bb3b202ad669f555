#include "trackwright/drive/maneuver_tracker.h"

#include "trackwright/plan/plan_actions.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

float distanceTo(const VehicleState& s, const ManeuverPoint& p) {
    return static_cast<float>(std::hypot(p.x - s.position.x, p.y - s.position.y));
}

} // namespace

void ManeuverTracker::start(const Maneuver& maneuver) {
    m_maneuver = &maneuver;
    m_runStart = 0;
    m_runEnd = runEnd(0);
    m_nearest = 0;
    m_elapsed = 0.0f;
    m_finished = maneuver.count < 2;
    m_failed = false;
}

int ManeuverTracker::runEnd(int first) const {
    const Maneuver& m = *m_maneuver;
    if (first + 1 >= m.count) return first;
    const std::int8_t direction = m.points[first + 1].direction;
    int last = first + 1;
    while (last + 1 < m.count && m.points[last + 1].direction == direction) ++last;
    return last;
}

Controls ManeuverTracker::update(const VehicleState& s, float dt, const VehicleParameters& v, const ManeuverDriving& d) {
    if (!active()) return {};
    const Maneuver& m = *m_maneuver;
    m_elapsed += dt;
    if (m_elapsed > 2.0f * m.duration() + d.timeMargin) {
        m_failed = true;
        return {};
    }
    const ManeuverPoint& end = m.points[m_runEnd];
    const std::int8_t direction = m.points[m_runStart + 1].direction;

    if (direction == 0) {
        // Turning on the spot towards the run's last heading; the wheels stay put.
        const float error = wrapAngle(end.heading - s.heading);
        if (std::abs(error) < 0.03f && std::abs(s.speed) < 0.3f) {
            m_runStart = m_runEnd;
            if (m_runStart >= m.count - 1) m_finished = true;
            else m_runEnd = runEnd(m_runStart);
            m_nearest = m_runStart;
            return {};
        }
        return {std::clamp(error * 4.0f, -1.0f, 1.0f), s.speed > 0.1f ? -1.0f : (s.speed < -0.1f ? 1.0f : 0.0f), false};
    }

    // Progress along the run: the nearest point, searched forwards from the last one.
    float best = distanceTo(s, m.points[m_nearest]);
    for (int i = m_nearest + 1; i <= m_runEnd; ++i) {
        const float di = distanceTo(s, m.points[i]);
        if (di > best + 1.0f) break;
        if (di < best) {
            best = di;
            m_nearest = i;
        }
    }
    if (best > d.maxDeviation) {
        m_failed = true;
        return {};
    }

    // The end of this run: a direction change (stop there) or the end of the manoeuvre.
    const float toEnd = distanceTo(s, end);
    const bool last = m_runEnd >= m.count - 1;
    const double cosE = std::cos(end.heading), sinE = std::sin(end.heading);
    const double past = static_cast<double>(direction) * ((s.position.x - end.x) * cosE + (s.position.y - end.y) * sinE);
    if (last && (toEnd < d.goalTolerance || (past > 0.0 && toEnd < 2.0f * d.goalTolerance))) {
        m_finished = true;
        return {0.0f, 0.0f, false};
    }
    if (!last && (toEnd < d.cuspTolerance || past > 0.0) && std::abs(s.speed) < 0.4f) {
        m_runStart = m_runEnd;
        m_runEnd = runEnd(m_runStart);
        m_nearest = m_runStart;
        return {0.0f, 0.0f, false};
    }

    // Steering: pure pursuit at a point `lookahead` ahead along the run, for the tail when reversing.
    int target = m_nearest;
    while (target < m_runEnd && distanceTo(s, m.points[target]) < d.lookahead) ++target;
    const ManeuverPoint& aim = m.points[target];
    const double dx = aim.x - s.position.x, dy = aim.y - s.position.y;
    const double facing = static_cast<double>(s.heading) + (direction < 0 ? M_PI : 0.0);
    const double alpha = std::atan2(-dx * std::sin(facing) + dy * std::cos(facing), dx * std::cos(facing) + dy * std::sin(facing));
    const double distance = std::max(0.5, std::hypot(dx, dy));
    // Heading rate per metre driven that reaches the aim point on an arc (positive: counter-clockwise).
    const double pursuit = 2.0 * std::sin(alpha) / distance;
    float steering;
    if (v.maxSteeringAngle > 0.0f) {
        const double kappa = direction > 0 ? pursuit : -pursuit;  // tan(δ)/L per metre of signed travel
        steering = static_cast<float>(std::atan(kappa * v.wheelbase) / v.maxSteeringAngle);
    } else {
        // Tracks: the yaw rate is steering × turn rate, flipped when reversing (the reference model).
        const double yawRate = std::max(0.5, static_cast<double>(std::abs(s.speed))) * pursuit;
        steering = static_cast<float>(yawRate / std::max(1e-3f, v.turnOnSpotRate) * (direction < 0 ? -1.0 : 1.0));
    }

    // Speed: the plan's, at least a crawl, easing to a stop before a direction change.
    const ManeuverPoint& next = m.points[std::min(m_nearest + 1, m_runEnd)];
    float wanted = std::max(d.crawlSpeed, std::abs(next.speed));
    if (!last) wanted = std::min(wanted, std::sqrt(2.0f * d.comfortBraking * std::max(0.0f, toEnd - 0.2f)) + 0.2f);
    const float along = static_cast<float>(direction) * s.speed;  // speed in the run's direction
    const float throttle = static_cast<float>(direction) * std::clamp(d.speedGain * (wanted - along), -1.0f, 1.0f);
    return {std::clamp(steering, -1.0f, 1.0f), throttle, false, /*reverse=*/direction < 0};
}

} // namespace trackwright
