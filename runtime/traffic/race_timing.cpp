#include "trackwright/traffic/race_timing.h"

#include <algorithm>

namespace trackwright {

void RaceTiming::reset(std::size_t cars, double step, std::size_t samples) {
    // Out-of-range settings fall back to the nearest usable (RaceWorld refuses them before).
    m_samples = std::clamp<std::size_t>(samples, 2, kMaxSamples);
    m_step = step >= kMinStep && step <= kMaxStep ? step : kDefaultStep;
    m_history.assign(cars * m_samples, 0.0);
    m_count = m_head = 0;
    m_nextSample = 0.0;
}

void RaceTiming::record(double now, std::span<const double> progress) {
    const std::size_t n = std::min(progress.size(), cars());
    // At most a ringful of samples per call: a clock that jumped further (or so far that adding a
    // step no longer moves it) fills the ring once and takes its next sample a step from now.
    for (std::size_t taken = 0; taken <= m_samples && now + 1e-9 >= m_nextSample; ++taken) {
        for (std::size_t i = 0; i < n; ++i) m_history[i * m_samples + m_head] = progress[i];
        m_head = (m_head + 1) % m_samples;
        m_count = std::min(m_count + 1, m_samples);
        m_nextSample += m_step;
    }
    if (now + 1e-9 >= m_nextSample) m_nextSample = now + m_step;
}

double RaceTiming::timeAt(std::uint32_t car, double progress, double now) const {
    std::size_t newest = SIZE_MAX;
    return timeAt(car, progress, now, newest);
}

double RaceTiming::timeAt(std::uint32_t car, double progress, double now, std::size_t& newer) const {
    const std::size_t count = m_count;
    if (car >= cars()) return now;
    const double oldestTime = m_nextSample - m_step * double(count);
    if (count == 0) return oldestTime;
    // Samples in time order: k = 0 is the oldest kept.
    const double* ring = &m_history[car * m_samples];
    const std::size_t oldest = m_head >= count ? m_head - count : m_head + m_samples - count;
    const auto sample = [&](std::size_t k) {
        const std::size_t i = oldest + k;
        return ring[i < m_samples ? i : i - m_samples];
    };
    if (newer >= count || sample(newer) <= progress) {
        if (sample(count - 1) <= progress) return now;  // it is not yet where this car is: no gap to read
        newer = count - 1;
    }
    // The newest sample at or below `progress`: galloping back from `newer` (a gap to the car
    // ahead is a few samples, to the leader up to the whole ring), then halving. A linear scan over
    // three minutes of samples made the gaps most of a 40-car RaceWorld tick (perf: 58 %). Progress
    // grows with time but for the odd teleport back onto the line, which may read either side of it.
    std::size_t older = 0, stride = 1;  // sample(newer) > progress
    for (;;) {
        if (newer < stride) {
            if (sample(0) > progress) return oldestTime;  // it was there before the oldest sample
            older = 0;
            break;
        }
        if (sample(newer - stride) <= progress) {
            older = newer - stride;
            break;
        }
        newer -= stride;
        stride *= 2;
    }
    while (newer - older > 1) {
        const std::size_t middle = older + (newer - older) / 2;
        (sample(middle) <= progress ? older : newer) = middle;
    }
    const double p = sample(older), p1 = sample(newer);
    const double f = p1 > p ? (progress - p) / (p1 - p) : 0.0;
    return oldestTime + m_step * (double(older) + f);
}

void RaceTiming::rank(std::span<RaceStanding> standings, std::span<const std::uint32_t> finishPlace, std::span<const double> finishTime,
                      double now) const {
    const std::size_t n = standings.size();
    const auto place = [&](std::uint32_t car) { return car < finishPlace.size() ? finishPlace[car] : UINT32_MAX; };
    const auto before = [&](const RaceStanding& a, const RaceStanding& b) {
        const std::uint32_t pa = place(a.car), pb = place(b.car);
        if (pa != pb) return pa < pb;
        if (a.progress != b.progress) return a.progress > b.progress;
        return a.car < b.car;
    };
    for (std::size_t i = 1; i < n; ++i) {
        const RaceStanding s = standings[i];
        std::size_t j = i;
        for (; j > 0 && before(s, standings[j - 1]); --j) standings[j] = standings[j - 1];
        standings[j] = s;
    }
    const auto finishedAt = [&](std::uint32_t car) { return car < finishTime.size() ? finishTime[car] : now; };
    // Down the tower the cars still racing are behind one another, so each reads the leader's
    // history at or before where the one above read it: the search goes on from there, one sweep
    // back through the leader's ring for the whole field (10 000 cars: a search each was 8 % of a tick).
    std::size_t leaderSample = SIZE_MAX;
    for (std::size_t p = 0; p < n; ++p) {
        RaceStanding& s = standings[p];
        if (p == 0) {
            s.gapToLeader = s.gapToAhead = 0.0;
        } else if (s.finished) {
            s.gapToLeader = finishedAt(s.car) - finishedAt(standings[0].car);
            s.gapToAhead = finishedAt(s.car) - finishedAt(standings[p - 1].car);
        } else {
            s.gapToLeader = now - timeAt(standings[0].car, s.progress, now, leaderSample);
            s.gapToAhead = now - timeAt(standings[p - 1].car, s.progress, now);
        }
    }
}

} // namespace trackwright
