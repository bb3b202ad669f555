#include "bake/sim/race_tally.h"

#include <algorithm>

namespace bake {

namespace {

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) { return (std::uint64_t(std::min(a, b)) << 32) | std::max(a, b); }

} // namespace

RaceTally::RaceTally(const Race& race, const std::vector<std::uint32_t>& gridSlots, int laps) : m_laps(laps) {
    const std::size_t n = race.size();
    m_order.assign(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) m_order[i * n + j] = gridSlots[i] < gridSlots[j] ? 1 : -1;
    m_made.assign(n, 0);
    m_suffered.assign(n, 0);
    m_finishTime.assign(n, -1.0);
    m_timing.reset(n, kHistoryStep, kHistorySize);
    m_progress.assign(n, 0.0);
    m_standings.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) m_standings[i].car = i;
    m_rank.reserve(n);
    m_close.reserve(4 * n);
    m_closeNow.reserve(4 * n);
}

void RaceTally::update(const Race& race) {
    const std::uint32_t n = static_cast<std::uint32_t>(race.size());
    const double now = race.time();
    for (std::uint32_t i = 0; i < n; ++i) {
        if (m_finishTime[i] < 0.0 && static_cast<int>(race.car(i).totals().lapTimes.size()) >= m_laps) {
            m_finishTime[i] = now;
            m_finishOrder.push_back(i);
        }
    }
    // Passes for position, between cars still racing.
    for (std::uint32_t i = 0; i < n; ++i) {
        for (std::uint32_t j = i + 1; j < n; ++j) {
            if (finished(i) || finished(j)) continue;
            const double ahead = race.car(i).progress() - race.car(j).progress();
            const double margin = 0.5 * (race.trafficCar(i).length + race.trafficCar(j).length);
            std::int8_t& rel = m_order[i * n + j];
            const std::int8_t order = ahead > margin ? 1 : ahead < -margin ? -1 : rel;
            if (order == rel) continue;
            rel = order;
            // A place lost in the pit lane is not an overtake: the order changes, nobody passed.
            if (race.car(i).pitState() != trackwright::PitState::None || race.car(j).pitState() != trackwright::PitState::None) continue;
            const std::uint32_t passer = order > 0 ? i : j, passed = order > 0 ? j : i;
            ++m_overtakes;
            ++m_made[passer];
            ++m_suffered[passed];
            m_events.push_back({RaceEvent::Kind::Overtake, race.time(), passer, passed, race.car(passer).body().state.position, false});
        }
    }
    // Contact episodes, as the race counted them.
    const std::vector<ContactEpisode>& episodes = race.contacts().episodes;
    for (; m_contactsSeen < episodes.size(); ++m_contactsSeen) {
        const ContactEpisode& e = episodes[m_contactsSeen];
        m_events.push_back({RaceEvent::Kind::Contact, e.time, e.blamed, e.other, race.car(e.blamed).body().state.position, e.rear});
    }
    // Close calls, one per pair and episode.
    m_closeNow.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
        const trackwright::CarTraffic& t = race.view().car(i);
        for (int k = 0; k < t.aheadCount; ++k)
            if (t.ahead[k].timeToCollision < kCloseCallTime && t.ahead[k].lateralGap < 0.0f) m_closeNow.push_back(pairKey(i, t.ahead[k].car));
        for (int k = 0; k < t.alongsideCount; ++k)
            if (t.alongside[k].lateralGap < kCloseCallLateral) m_closeNow.push_back(pairKey(i, t.alongside[k].car));
    }
    std::sort(m_closeNow.begin(), m_closeNow.end());
    m_closeNow.erase(std::unique(m_closeNow.begin(), m_closeNow.end()), m_closeNow.end());
    for (std::uint64_t key : m_closeNow) m_closeCalls += !std::binary_search(m_close.begin(), m_close.end(), key);
    std::swap(m_close, m_closeNow);
    // Timing history.
    for (std::uint32_t i = 0; i < n; ++i) m_progress[i] = race.car(i).progress();
    m_timing.record(now, m_progress);
    // The tower, from last tick's order (the order is strict, so the result does not depend on it).
    for (Standing& s : m_standings) {
        const std::uint32_t i = s.car;
        s.progress = race.car(i).progress();
        s.laps = static_cast<int>(std::min<std::size_t>(race.car(i).totals().lapTimes.size(), static_cast<std::size_t>(m_laps)));
        s.finished = finished(i);
    }
    // Leader first (finished cars by their place at the flag), with timing-loop gaps: the runtime's.
    m_rank.assign(n, n);
    for (std::uint32_t p = 0; p < m_finishOrder.size(); ++p) m_rank[m_finishOrder[p]] = p;
    m_timing.rank(m_standings, m_rank, m_finishTime, now);
}

} // namespace bake
