#include "trackwright/drive/stuck_manager.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/plan/recovery_planner.h"

#include <cmath>

namespace trackwright {

void StuckManager::attachPlanner(RecoveryPlanner* planner, const VehicleParameters& vehicle) {
    m_planner = planner;
    m_vehicle = vehicle;
    if (planner != nullptr && !m_maneuver) m_maneuver = std::make_unique<Maneuver>();
}

void StuckManager::reset() {
    // Per-attempt memory only: the statistics are the run's, the planner stays attached.
    m_tracker.stop();
    m_replans = 0;
    m_timer = 0.0f;
    m_progress = 0.0f;
    m_lastDistance = 0.0f;
    m_hasDistance = false;
    m_reverseLeft = 0.0f;
    m_eventsWithoutProgress = 0;
    m_teleportWanted = false;
}

void StuckManager::clearTeleport() {
    m_teleportWanted = false;
    m_eventsWithoutProgress = 0;
    m_timer = 0.0f;
    m_progress = 0.0f;
    m_hasDistance = false;
    m_tracker.stop();
    if (m_stats.pending) ++m_stats.unrecovered;  // it took a teleport
    m_stats.pending = false;
}

bool StuckManager::planRecovery(const StuckContext& c) {
    if (m_planner == nullptr || !m_maneuver || c.state == nullptr || c.line == nullptr) return false;
    const LineSample goal = c.line->sample(c.lineDistance + m_p.recoveryLookahead);
    const float heading = static_cast<float>(std::atan2(goal.tangent.y, goal.tangent.x));
    if (!m_planner->plan(m_vehicle, *c.state, goal.position, heading, *m_maneuver)) return false;
    m_tracker.start(*m_maneuver);
    return true;
}

Controls StuckManager::update(float distance, float routeLength, float dt, const Controls& wanted, const StuckContext* context) {
    if (m_hasDistance && std::isfinite(distance)) {
        float delta = distance - m_lastDistance;
        if (routeLength > 0.0f && delta < -routeLength / 2) delta += routeLength;  // crossed the start line
        if (routeLength > 0.0f && delta > routeLength / 2) delta -= routeLength;
        m_progress += delta;
    }
    if (std::isfinite(distance)) {
        m_lastDistance = distance;
        m_hasDistance = true;
    }

    // Driving a planned manoeuvre: the window waits until it is done.
    if (m_tracker.active() && context != nullptr && context->state != nullptr) {
        const Controls c = m_tracker.update(*context->state, dt, m_vehicle, m_p.driving);
        if (m_tracker.active()) return c;
        if (m_tracker.failed()) {
            m_tracker.stop();
            if (m_replans < m_p.maxReplans && planRecovery(*context)) {
                ++m_replans;
                return {};
            }
            m_reverseLeft = m_p.reverseTime;  // no way out found: the paper's reverse, then judge again
        }
        m_timer = 0.0f;  // done: a fresh window from the line
        m_progress = 0.0f;
    }

    if (m_reverseLeft > 0.0f) {
        m_reverseLeft -= dt;
        return {-wanted.steering, -1.0f, false, /*reverse=*/true};
    }
    m_timer += dt;
    if (m_timer >= m_p.window) {
        if (m_progress < m_p.minProgress) {
            ++m_stats.events;
            if (m_stats.pending) ++m_stats.unrecovered;  // the last event's recovery did not get it going
            m_stats.pending = true;
            ++m_eventsWithoutProgress;
            if (m_eventsWithoutProgress >= m_p.eventsBeforeTeleport) {
                m_teleportWanted = true;
                m_reverseLeft = m_p.reverseTime;  // as the paper's manager always did
            } else if (context != nullptr && planRecovery(*context)) {
                ++m_stats.plannedRecoveries;
                m_replans = 0;
            } else {
                m_reverseLeft = m_p.reverseTime;
            }
        } else {
            m_eventsWithoutProgress = 0;
            m_stats.pending = false;
        }
        m_timer = 0.0f;
        m_progress = 0.0f;
    }
    return m_tracker.active() ? Controls{} : wanted;
}

} // namespace trackwright
