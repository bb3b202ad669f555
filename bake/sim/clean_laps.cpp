#include "bake/sim/clean_laps.h"

#include <algorithm>

namespace bake {

void CleanLapWatch::update(const Race& race) {
    for (std::size_t i = 0; i < race.size() && i < m_laps.size(); ++i) {
        const std::vector<double>& laps = race.car(i).totals().lapTimes;
        if (laps.size() > m_counted[i]) {
            // Laps are timed from the start-finish line: the first is from the grid.
            if (!m_disturbed[i] && laps.size() >= 2) m_laps[i].push_back(laps.back());
            m_counted[i] = laps.size();
            m_disturbed[i] = false;
        }
        const trackwright::CarTraffic& t = race.world().traffic(static_cast<std::uint32_t>(i));
        const float speed = std::max(0.0f, race.car(i).body().state.speed);
        const bool ahead = t.aheadCount > 0 && t.ahead[0].gap < std::max(kCleanAheadGap, kCleanAheadTime * speed);
        const bool behind = t.behindCount > 0 && t.behind[0].gap < std::max(kCleanBehindGap, kCleanBehindTime * speed);
        const std::vector<int>& involved = race.contacts().involved;
        const int contacts = i < involved.size() ? involved[i] : 0;
        const bool pitting = race.pitState(i) != trackwright::PitState::None;
        const trackwright::MistakeTally mistakes = race.world().follower(static_cast<std::uint32_t>(i)).mistakeTally();
        if (ahead || behind || t.alongsideCount > 0 || contacts != m_contacts[i] || pitting || mistakes.active >= 0 || mistakes.total() != m_mistakes[i])
            m_disturbed[i] = true;
        m_contacts[i] = contacts;
        m_mistakes[i] = mistakes.total();
    }
}

} // namespace bake
