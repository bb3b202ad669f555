#include "runtime/stuck_manager.h"

#include <cmath>

namespace runtime {

void StuckManager::reset() {
    const int events = m_events;
    *this = StuckManager(m_p);
    m_events = events;  // the count is a statistic of the run, not per-attempt memory
}

void StuckManager::clearTeleport() {
    m_teleportWanted = false;
    m_eventsWithoutProgress = 0;
    m_timer = 0.0f;
    m_progress = 0.0f;
    m_hasDistance = false;
}

Controls StuckManager::update(float distance, float routeLength, float dt, const Controls& wanted) {
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
    if (m_reverseLeft > 0.0f) {
        m_reverseLeft -= dt;
        return {-wanted.steering, -1.0f, false};
    }
    m_timer += dt;
    if (m_timer >= m_p.window) {
        if (m_progress < m_p.minProgress) {
            ++m_events;
            ++m_eventsWithoutProgress;
            m_reverseLeft = m_p.reverseTime;
            if (m_eventsWithoutProgress >= m_p.eventsBeforeTeleport) m_teleportWanted = true;
        } else {
            m_eventsWithoutProgress = 0;
        }
        m_timer = 0.0f;
        m_progress = 0.0f;
    }
    return wanted;
}

} // namespace runtime
