#include "bake/sim/race_run.h"

#include "bake/sim/blue_flags.h"
#include "bake/sim/clean_laps.h"

#include "bake/sim/race_tally.h"

#include "trackwright/drive/pit_stop.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/traffic/driver_profile.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bake {

namespace {

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

} // namespace

std::pair<int, int> pitLapRange(int laps) {
    const int first = laps / 3 + 1;
    return {first, std::max(first, 2 * laps / 3)};
}

std::vector<std::uint32_t> raceBoxes(const trackwright::BakedTrack& track) {
    std::vector<std::uint32_t> boxes;
    std::uint32_t index = 0;
    for (std::uint32_t from = 0; trackwright::findMarker(track, trackwright::format::kMarkerPitBox, from, index); from = index + 1) {
        trackwright::PitLane lane;
        trackwright::PitRequestStatus status;
        if (trackwright::findPitLane(track, index, 0, lane, status)) boxes.push_back(index);
    }
    return boxes;
}

RaceField lineUp(const trackwright::BakedTrack& track, const RaceOptions& o) {
    RaceField field;
    std::vector<DriverProfile>& drivers = field.drivers = spreadProfiles(o.cars, o.seed, o.spread);
    for (std::size_t i = 0; i < drivers.size() && i < o.profiles.size(); ++i) {
        const std::uint64_t drawnSeed = drivers[i].seed;
        drivers[i] = o.profiles[i];
        if (drivers[i].seed == 0) drivers[i].seed = drawnSeed;  // a given driver without a seed: the race's
    }
    if (o.mistakes)
        for (DriverProfile& d : drivers) d.mistakes = *o.mistakes;
    if (o.strength)
        for (std::size_t i = 0; i < drivers.size(); ++i)
            if (i >= o.ownStrength.size() || !o.ownStrength[i]) drivers[i].strength = *o.strength;
    field.carSlots = gridSlots(drivers, o.grid, o.seed);
    field.entries = gridEntries(track, drivers, field.carSlots, o.base);
    return field;
}

RaceResult runRace(const trackwright::BakedTrack& track, const RaceOptions& o) {
    RaceResult result;
    const RaceField field = lineUp(track, o);
    const std::vector<DriverProfile>& drivers = field.drivers;
    const std::vector<std::uint32_t>& slots = field.carSlots;
    const std::vector<RaceEntry>& entries = field.entries;
    if (entries.empty()) return result;
    trackwright::RecoveryPlanner planner(track);
    Race race(track, entries, o.laps, &planner, o.catchUp);
    const std::size_t n = race.size();
    result.cars.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        result.cars[i].pace = drivers[i].pace;
        result.cars[i].strength = drivers[i].strength;
        result.cars[i].grid = slots[i] + 1;
    }
    RaceTally tally(race, slots);
    CleanLapWatch cleanLaps(n);
    BlueFlagWatch blueFlags(track.view.routes[track.view.lines[o.base.line].route].length, trackwright::BlueFlagRules{}.range);
    // Pit stops: each car's lap from a stream of its own (the drivers and the grid stay as they were).
    const std::vector<std::uint32_t> boxes = o.pitStops ? raceBoxes(track) : std::vector<std::uint32_t>{};
    std::vector<bool> told(n, false);
    if (!boxes.empty()) {
        const auto [first, last] = pitLapRange(o.laps);
        std::uint64_t stream = o.seed ^ 0x8BB84B93962EACC9ull;
        for (std::size_t i = 0; i < n; ++i)
            result.cars[i].pitLap = first + static_cast<int>(trackwright::splitMix64(stream) % static_cast<std::uint64_t>(last - first + 1));
    }
    const double limit = timeLimit(race, o.laps);
    std::vector<double> startProgress;  // per car: its race distance on the grid (the first tick's)
    while (!race.allFinished() && race.time() < limit) {
        // Told as the car starts its pit lap (the laps before it completed), it pits at the lane's
        // next fork.
        for (std::size_t i = 0; i < n && !boxes.empty(); ++i)
            if (!told[i] && static_cast<int>(race.world().lapStatus(static_cast<std::uint32_t>(i)).lapsCompleted) + 1 >= result.cars[i].pitLap) {
                told[i] = true;
                race.requestPitStop(i, boxes[i % boxes.size()]);
            }
        race.step(o.dt);
        if (startProgress.empty())
            for (std::size_t i = 0; i < n; ++i) startProgress.push_back(race.progress(i));
        tally.update(race);
        blueFlags.update(race);
        cleanLaps.update(race);
        for (std::size_t i = 0; i < n && !boxes.empty(); ++i) {
            const trackwright::PitState state = race.pitState(i);
            if (state != trackwright::PitState::None && state != trackwright::PitState::Entering) result.cars[i].pitLaneTime += o.dt;
        }
    }
    result.blueFlagsShown = blueFlags.shown();
    result.blueFlagsObeyed = static_cast<int>(blueFlags.latencies().size());
    for (const double latency : blueFlags.latencies()) {
        result.blueFlagLatencyMean += latency / static_cast<double>(result.blueFlagsObeyed);
        result.blueFlagLatencyMax = std::max(result.blueFlagLatencyMax, latency);
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (const trackwright::PitStop* pit = race.pitStop(i)) {
            result.cars[i].pitStops = pit->stopsDone();
            result.pitStops += pit->stopsDone();
        }
        result.cars[i].stuckEvents = race.stuckStats(i).events;
        result.cars[i].mistakes = race.world().follower(static_cast<std::uint32_t>(i)).mistakeTally();
        result.stuckEvents += result.cars[i].stuckEvents;
    }
    result.time = race.time();
    result.completed = race.allFinished();
    result.overtakes = tally.overtakes();
    result.closeCalls = tally.closeCalls();
    result.events = tally.events();
    for (std::uint32_t p = 0; p < n; ++p) {
        const Standing& s = race.world().standings()[p];
        RaceCarResult& r = result.cars[s.car];
        r.finish = p + 1;
        r.finished = s.finished;
        r.finishTime = std::max(0.0, race.world().finishTime(s.car));
        r.overtakesMade = tally.overtakesMade(s.car);
        r.overtakesSuffered = tally.overtakesSuffered(s.car);
        if (!startProgress.empty()) result.distance += race.progress(s.car) - startProgress[s.car];
        if (const trackwright::RaceCraft* craft = race.raceCraft(s.car)) {
            const trackwright::RaceCraftCounts& c = craft->counts();
            r.craft = c;
            result.craft.looks += c.looks;
            result.craft.dropped += c.dropped;
            result.craft.attempts += c.attempts;
            result.craft.completed += c.completed;
            result.craft.aborted += c.aborted;
            result.craft.defends += c.defends;
            result.craft.yields += c.yields;
        }
    }
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
        r.cleanLaps = cleanLaps.cleanLaps(i);
        r.medianCleanLap = median(r.cleanLaps);
        r.contacts = race.contacts().involved[i];
        r.blamed = race.contacts().blamed[i];
        if (!o.alone) continue;
        // The same car, pace and grid slot, alone on the track.
        Race alone(track, {entries[i]}, o.laps, &planner);
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
