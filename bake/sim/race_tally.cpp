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
    m_history.assign(n * kHistorySize, 0.0);
    m_standings.resize(n);
    m_rank.reserve(n);
    m_close.reserve(4 * n);
    m_closeNow.reserve(4 * n);
}

double RaceTally::timeAt(std::uint32_t car, double progress, double now) const {
    // Samples in time order: k = 0 is the oldest kept. Progress grows with time but for the odd
    // teleport back onto the line, so the last sample at or below `progress` is searched from the newest.
    const std::size_t count = m_historyCount;
    const auto sample = [&](std::size_t k) { return m_history[car * kHistorySize + (m_historyHead + kHistorySize - count + k) % kHistorySize]; };
    const double oldestTime = m_nextSample - kHistoryStep * double(count);
    for (std::size_t k = count; k-- > 0;) {
        const double p = sample(k);
        if (p > progress) continue;
        if (k + 1 == count) return now;  // it is not yet where this car is: no gap to read
        const double p1 = sample(k + 1);
        const double f = p1 > p ? (progress - p) / (p1 - p) : 0.0;
        return oldestTime + kHistoryStep * (double(k) + f);
    }
    return oldestTime;
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
    while (now + 1e-9 >= m_nextSample) {
        for (std::uint32_t i = 0; i < n; ++i) m_history[i * kHistorySize + m_historyHead] = race.car(i).progress();
        m_historyHead = (m_historyHead + 1) % kHistorySize;
        m_historyCount = std::min(m_historyCount + 1, kHistorySize);
        m_nextSample += kHistoryStep;
    }
    // The tower.
    for (std::uint32_t i = 0; i < n; ++i) {
        Standing& s = m_standings[i];
        s.car = i;
        s.progress = race.car(i).progress();
        s.laps = static_cast<int>(std::min<std::size_t>(race.car(i).totals().lapTimes.size(), static_cast<std::size_t>(m_laps)));
        s.finished = finished(i);
    }
    std::vector<std::uint32_t>& rank = m_rank;
    rank.assign(n, n);
    for (std::uint32_t p = 0; p < m_finishOrder.size(); ++p) rank[m_finishOrder[p]] = p;
    std::stable_sort(m_standings.begin(), m_standings.end(), [&](const Standing& a, const Standing& b) {
        if (rank[a.car] != rank[b.car]) return rank[a.car] < rank[b.car];
        return a.progress > b.progress;
    });
    for (std::uint32_t p = 0; p < n; ++p) {
        Standing& s = m_standings[p];
        if (p == 0) {
            s.gapToLeader = s.gapToAhead = 0.0;
        } else if (s.finished) {
            s.gapToLeader = m_finishTime[s.car] - m_finishTime[m_standings[0].car];
            s.gapToAhead = m_finishTime[s.car] - m_finishTime[m_standings[p - 1].car];
        } else {
            s.gapToLeader = now - timeAt(m_standings[0].car, s.progress, now);
            s.gapToAhead = now - timeAt(m_standings[p - 1].car, s.progress, now);
        }
    }
}

} // namespace bake
