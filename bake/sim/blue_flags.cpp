#include "bake/sim/blue_flags.h"

#include <algorithm>
#include <cmath>

namespace bake {

void BlueFlagWatch::update(const Race& race) {
    if (!(m_lap > 0.0)) return;
    const auto n = static_cast<std::uint32_t>(race.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        for (std::uint32_t j = 0; j < n; ++j) {
            const double ahead = race.progress(i) - race.progress(j);  // i's race lead over j
            if (i == j || ahead < m_lap - m_range) continue;
            // Behind j on the track by `behind` m, whole laps up.
            const double laps = std::floor((ahead + m_range) / m_lap);
            const double behind = laps * m_lap - ahead;
            const auto flag = std::find_if(m_flags.begin(), m_flags.end(), [&](const Flag& f) { return f.lapper == i && f.lapped == j; });
            if (flag != m_flags.end()) {
                if (behind < 0.0 || behind > m_range) {  // got by, or (rarely) dropped back out of range
                    if (behind < 0.0 && behind > -m_range) m_latencies.push_back(race.time() - flag->since);
                    m_flags.erase(flag);
                }
            } else if (behind > 0.0 && behind <= m_range) {
                m_flags.push_back({i, j, race.time()});
                ++m_shown;
            }
        }
    }
}

} // namespace bake
