#include "trackwright/traffic/race_timing.h"

#include <algorithm>

namespace trackwright {

void RaceTiming::reset(std::size_t cars, double step, std::size_t samples) {
    m_samples = std::max<std::size_t>(samples, 2);
    m_step = step > 0.0 ? step : kDefaultStep;
    m_history.assign(cars * m_samples, 0.0);
    m_count = m_head = 0;
    m_nextSample = 0.0;
}

void RaceTiming::record(double now, std::span<const double> progress) {
    const std::size_t n = std::min(progress.size(), cars());
    while (now + 1e-9 >= m_nextSample) {
        for (std::size_t i = 0; i < n; ++i) m_history[i * m_samples + m_head] = progress[i];
        m_head = (m_head + 1) % m_samples;
        m_count = std::min(m_count + 1, m_samples);
        m_nextSample += m_step;
    }
}

double RaceTiming::timeAt(std::uint32_t car, double progress, double now) const {
    // Samples in time order: k = 0 is the oldest kept. Progress grows with time but for the odd
    // teleport back onto the line, so the last sample at or below `progress` is searched from the newest.
    const std::size_t count = m_count;
    if (car >= cars()) return now;
    const auto sample = [&](std::size_t k) { return m_history[car * m_samples + (m_head + m_samples - count + k) % m_samples]; };
    const double oldestTime = m_nextSample - m_step * double(count);
    for (std::size_t k = count; k-- > 0;) {
        const double p = sample(k);
        if (p > progress) continue;
        if (k + 1 == count) return now;  // it is not yet where this car is: no gap to read
        const double p1 = sample(k + 1);
        const double f = p1 > p ? (progress - p) / (p1 - p) : 0.0;
        return oldestTime + m_step * (double(k) + f);
    }
    return oldestTime;
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
    for (std::size_t p = 0; p < n; ++p) {
        RaceStanding& s = standings[p];
        if (p == 0) {
            s.gapToLeader = s.gapToAhead = 0.0;
        } else if (s.finished) {
            s.gapToLeader = finishedAt(s.car) - finishedAt(standings[0].car);
            s.gapToAhead = finishedAt(s.car) - finishedAt(standings[p - 1].car);
        } else {
            s.gapToLeader = now - timeAt(standings[0].car, s.progress, now);
            s.gapToAhead = now - timeAt(standings[p - 1].car, s.progress, now);
        }
    }
}

} // namespace trackwright
