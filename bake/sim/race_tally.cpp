#include "bake/sim/race_tally.h"

#include <algorithm>

namespace bake {

namespace {

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) { return (std::uint64_t(std::min(a, b)) << 32) | std::max(a, b); }

} // namespace

RaceTally::RaceTally(const Race& race, const std::vector<std::uint32_t>& gridSlots) {
    const std::size_t n = race.size();
    m_order.assign(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) m_order[i * n + j] = gridSlots[i] < gridSlots[j] ? 1 : -1;
    m_made.assign(n, 0);
    m_suffered.assign(n, 0);
    m_close.reserve(4 * n);
    m_mistakes.assign(n, {});
    m_closeNow.reserve(4 * n);
}

void RaceTally::update(const Race& race) {
    const std::uint32_t n = static_cast<std::uint32_t>(race.size());
    const trackwright::RaceWorld& world = race.world();
    // Passes for position, between cars still racing.
    for (std::uint32_t i = 0; i < n; ++i) {
        for (std::uint32_t j = i + 1; j < n; ++j) {
            if (world.finished(i) || world.finished(j)) continue;
            const double ahead = race.progress(i) - race.progress(j);
            const double margin = 0.5 * (race.trafficCar(i).length + race.trafficCar(j).length);
            std::int8_t& rel = m_order[i * n + j];
            const std::int8_t order = ahead > margin ? 1 : ahead < -margin ? -1 : rel;
            if (order == rel) continue;
            rel = order;
            // A place lost in the pit lane is not an overtake: the order changes, nobody passed.
            if (race.pitState(i) != trackwright::PitState::None || race.pitState(j) != trackwright::PitState::None) continue;
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
    // Mistakes, as each car's follower counts them (traffic/driver_mistakes.h).
    for (std::uint32_t i = 0; i < n; ++i) {
        const trackwright::MistakeTally tally = world.follower(i).mistakeTally();
        for (int k = 0; k < trackwright::kMistakeKinds; ++k)
            for (; m_mistakes[i].made[k] < tally.made[k]; ++m_mistakes[i].made[k])
                m_events.push_back({RaceEvent::Kind::Mistake, race.time(), i, i, race.car(i).body().state.position, false, static_cast<trackwright::MistakeKind>(k)});
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
}

} // namespace bake
