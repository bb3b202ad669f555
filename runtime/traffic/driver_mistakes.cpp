#include "trackwright/traffic/driver_mistakes.h"

#include <algorithm>

namespace trackwright {

std::string_view mistakeKindName(MistakeKind kind) {
    switch (kind) {
    case MistakeKind::LateBraking: return "late-braking";
    case MistakeKind::LockUp: return "lock-up";
    case MistakeKind::MissedApex: return "missed-apex";
    case MistakeKind::Slide: return "slide";
    }
    return "unknown";
}

float mistakeRate(MistakeKind kind, const DriverProfile& d, bool pressed) {
    const float strength = std::clamp(d.strength, kLeastStrength, 1.0f);
    float rate = kBaseMistakeRates[static_cast<int>(kind)] * std::clamp(d.mistakes, 0.0f, kMostMistakes) * (1.0f + 20.0f * (1.0f - strength));
    if (pressed) rate *= 1.0f + 2.0f * (1.0f - std::clamp(d.composure, 0.0f, 1.0f));
    // Rough hands lock the brakes and spin the wheels; they do not brake later or miss apexes more.
    if (kind == MistakeKind::LockUp || kind == MistakeKind::Slide) rate *= 1.5f - std::clamp(d.smoothness, 0.0f, 1.0f);
    return rate;
}

std::vector<LineCorner> lineCorners(const LineHints& line, const StrengthPlan& plan) {
    std::vector<LineCorner> corners;
    const std::uint32_t n = line.count;
    if (n < 3 || !line.hints) return corners;
    const float* h = line.hints;
    // Neighbours along the line; an open line's ends have none beyond them.
    const auto before = [&](std::uint32_t i, std::uint32_t& j) {
        if (i > 0) return j = i - 1, true;
        return line.closed ? (j = n - 1, true) : false;
    };
    const auto after = [&](std::uint32_t i, std::uint32_t& j) {
        if (i + 1 < n) return j = i + 1, true;
        return line.closed ? (j = 0, true) : false;
    };
    for (std::uint32_t i = 0; i < n; ++i) {
        std::uint32_t prev = 0, next = 0;
        // The last point of a slowest run: no lower point before it, a higher one after.
        if (!before(i, prev) || !after(i, next) || !(h[i] <= h[prev] && h[i] < h[next])) continue;
        // Back up the fall into it to where braking starts; forward to where the engine takes over.
        std::uint32_t braking = i, step = 0;
        for (std::uint32_t walked = 0; walked < n && before(braking, step) && h[step] >= h[braking]; ++walked) braking = step;
        if (!(h[braking] >= (1.0f + kLeastCornerDrop) * h[i])) continue;  // a ripple, not a corner
        std::uint32_t exit = i;
        for (std::uint32_t walked = 0; walked < n && !plan.engineSets(exit) && after(exit, step) && h[step] >= h[exit]; ++walked) exit = step;
        corners.push_back({braking, i, exit});
    }
    return corners;
}

void MistakeSchedule::start(std::uint64_t seed) {
    m_state = seed ^ 0x6D697374616B6573ull;  // "mistakes": apart from the pace noise drawn from the same seed
    // The first mark a random share of an interval away, as if the driver had been driving for
    // ever: a fresh start would put every first mistake a whole interval on, and short races
    // would see fewer than their rate.
    for (int k = 0; k < kMistakeKinds; ++k) {
        m_clock[k] = 0.0f;
        const float share = static_cast<float>(splitMix64(m_state) >> 40) / static_cast<float>(1u << 24);
        m_mark[k] = share * nextInterval();
    }
}

float MistakeSchedule::nextInterval() {
    const float u = static_cast<float>(splitMix64(m_state) >> 40) / static_cast<float>(1u << 24);
    return 0.5f + u;
}

int MistakeSchedule::atCorner(const DriverProfile& driver, std::uint32_t cornersPerLap, bool pressed) {
    if (cornersPerLap == 0) return kNone;
    int due = kNone;
    float overdue = 0.0f;
    for (int k = 0; k < kMistakeKinds; ++k) {
        m_clock[k] += mistakeRate(static_cast<MistakeKind>(k), driver, pressed) / static_cast<float>(cornersPerLap);
        if (m_clock[k] >= m_mark[k] && m_clock[k] - m_mark[k] >= overdue) {
            due = k;
            overdue = m_clock[k] - m_mark[k];
        }
    }
    if (due != kNone) {  // counted from this mistake on: the clocks stay small over any race
        m_clock[due] -= m_mark[due];
        m_mark[due] = nextInterval();
    }
    return due;
}

} // namespace trackwright
