#include "bake/sim/race_run.h"

#include "trackwright/plan/recovery_planner.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bake {

namespace {

constexpr float kCloseCallTime = 1.0f;     ///< s of time to collision (issue 25)
constexpr float kCloseCallLateral = 0.5f;  ///< m of lateral gap alongside (issue 25)

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// Flying laps: every timed lap but the first (it starts from the standing start).
std::vector<double> flyingLaps(const std::vector<double>& laps, int count) {
    const std::size_t n = std::min<std::size_t>(laps.size(), static_cast<std::size_t>(count));
    return n > 1 ? std::vector<double>(laps.begin() + 1, laps.begin() + static_cast<std::ptrdiff_t>(n)) : std::vector<double>{};
}

double timeLimit(const Race& race, int laps) {
    const double ideal = race.size() ? race.car(0).idealLapTime() : 0.0;
    return (ideal > 0.0 ? 3.0 * ideal : 600.0) * laps + 60.0;
}

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) { return (std::uint64_t(std::min(a, b)) << 32) | std::max(a, b); }

} // namespace

RaceResult runRace(const trackwright::BakedTrack& track, const RaceOptions& o) {
    RaceResult result;
    const std::vector<DriverProfile> drivers = spreadProfiles(o.cars, o.seed, o.minPace, o.maxPace);
    const std::vector<std::uint32_t> slots = gridSlots(drivers, o.grid, o.seed);
    const std::vector<RaceEntry> entries = gridEntries(track, drivers, slots, o.base);
    if (entries.empty()) return result;
    trackwright::RecoveryPlanner planner(track);
    Race race(track, entries, &planner);
    const std::size_t n = race.size();
    result.cars.resize(n);
    std::vector<float> lengths(n);
    for (std::size_t i = 0; i < n; ++i) {
        result.cars[i].pace = drivers[i].pace;
        result.cars[i].grid = slots[i] + 1;
        lengths[i] = race.trafficCar(i).length;
    }
    // Race order between each pair: +1 when i is ahead of j by more than a car length, −1 behind.
    std::vector<std::int8_t> order(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) order[i * n + j] = slots[i] < slots[j] ? 1 : -1;
    std::vector<std::uint64_t> close, closeNow;
    std::vector<std::uint32_t> finishOrder;
    const double limit = timeLimit(race, o.laps);
    while (finishOrder.size() < n && race.time() < limit) {
        race.step(o.dt);
        for (std::uint32_t i = 0; i < n; ++i) {
            RaceCarResult& r = result.cars[i];
            if (!r.finished && static_cast<int>(race.car(i).totals().lapTimes.size()) >= o.laps) {
                r.finished = true;
                r.finishTime = race.time();
                finishOrder.push_back(i);
            }
        }
        // Overtakes for position, between cars still racing.
        for (std::uint32_t i = 0; i < n; ++i) {
            for (std::uint32_t j = i + 1; j < n; ++j) {
                if (result.cars[i].finished || result.cars[j].finished) continue;
                const double ahead = race.car(i).progress() - race.car(j).progress();
                const double margin = 0.5 * (lengths[i] + lengths[j]);
                std::int8_t& rel = order[i * n + j];
                const std::int8_t now = ahead > margin ? 1 : ahead < -margin ? -1 : rel;
                if (now != rel) {
                    ++result.overtakes;
                    ++(now > 0 ? result.cars[i] : result.cars[j]).overtakesMade;
                    ++(now > 0 ? result.cars[j] : result.cars[i]).overtakesSuffered;
                    rel = now;
                }
            }
        }
        // Close calls, one per pair and episode.
        closeNow.clear();
        for (std::uint32_t i = 0; i < n; ++i) {
            const trackwright::CarTraffic& t = race.view().car(i);
            for (int k = 0; k < t.aheadCount; ++k)
                if (t.ahead[k].timeToCollision < kCloseCallTime && t.ahead[k].lateralGap < 0.0f) closeNow.push_back(pairKey(i, t.ahead[k].car));
            for (int k = 0; k < t.alongsideCount; ++k)
                if (t.alongside[k].lateralGap < kCloseCallLateral) closeNow.push_back(pairKey(i, t.alongside[k].car));
        }
        std::sort(closeNow.begin(), closeNow.end());
        closeNow.erase(std::unique(closeNow.begin(), closeNow.end()), closeNow.end());
        for (std::uint64_t key : closeNow) result.closeCalls += !std::binary_search(close.begin(), close.end(), key);
        std::swap(close, closeNow);
    }
    result.time = race.time();
    result.completed = finishOrder.size() == n;
    // Unfinished cars are classified behind, by progress.
    std::vector<std::uint32_t> unfinished;
    for (std::uint32_t i = 0; i < n; ++i)
        if (!result.cars[i].finished) unfinished.push_back(i);
    std::stable_sort(unfinished.begin(), unfinished.end(), [&](std::uint32_t a, std::uint32_t b) { return race.car(a).progress() > race.car(b).progress(); });
    finishOrder.insert(finishOrder.end(), unfinished.begin(), unfinished.end());
    for (std::uint32_t p = 0; p < n; ++p) result.cars[finishOrder[p]].finish = p + 1;

    result.rearContacts = race.contacts().rear;
    result.sideContacts = race.contacts().side;
    result.contacts = race.contacts().episodes;
    int withLost = 0;
    double lostPct = 0.0;
    for (std::uint32_t i = 0; i < n; ++i) {
        RaceCarResult& r = result.cars[i];
        const std::vector<double>& laps = race.car(i).totals().lapTimes;
        r.laps = static_cast<int>(std::min<std::size_t>(laps.size(), static_cast<std::size_t>(o.laps)));
        const std::vector<double> flying = flyingLaps(laps, o.laps);
        r.bestLap = flying.empty() ? 0.0 : *std::min_element(flying.begin(), flying.end());
        r.medianLap = median(flying);
        r.contacts = race.contacts().involved[i];
        r.blamed = race.contacts().blamed[i];
        if (!o.alone) continue;
        // The same car, pace and grid slot, alone on the track.
        Race alone(track, {entries[i]}, &planner);
        const double aloneLimit = timeLimit(alone, o.laps);
        while (static_cast<int>(alone.car(0).totals().lapTimes.size()) < o.laps && alone.time() < aloneLimit) alone.step(o.dt);
        r.medianAlone = median(flyingLaps(alone.car(0).totals().lapTimes, o.laps));
        if (r.medianAlone > 0.0 && r.medianLap > 0.0) {
            r.lostInTraffic = r.medianLap - r.medianAlone;
            result.meanLostInTraffic += r.lostInTraffic;
            lostPct += 100.0 * r.lostInTraffic / r.medianAlone;
            ++withLost;
        }
    }
    if (withLost) {
        result.meanLostInTraffic /= withLost;
        result.meanLostInTrafficPct = lostPct / withLost;
    }
    return result;
}

} // namespace bake
