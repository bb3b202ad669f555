#pragma once

#include "bake/sim/race.h"

#include <cstdint>
#include <vector>

namespace bake {

/// Blue flags in a race (issue 25's "blue-flag latency"), judged on the cars' race distances (laps
/// included): a flag is shown to a car when one a lap or more up comes within `range` m behind it
/// on the track (BlueFlagRules::range, what the runner's race craft reacts to); it is obeyed when
/// the lapping car's centre gets ahead of the lapped car's. The latency is the time between the
/// two. A flag withdrawn first (the lapping car dropped back out of range) is shown but not timed.
class BlueFlagWatch {
public:
    BlueFlagWatch(double lapLength, double range) : m_lap(lapLength), m_range(range) {}
    /// After each `race.step`.
    void update(const Race& race);

    int shown() const { return m_shown; }
    /// s from the flag to the lapping car getting by, one per flag obeyed, in the order obeyed.
    const std::vector<double>& latencies() const { return m_latencies; }

private:
    struct Flag {
        std::uint32_t lapper = 0, lapped = 0;
        double since = 0.0;  ///< s: shown at
    };
    double m_lap, m_range;
    std::vector<Flag> m_flags;  ///< shown and not yet obeyed or withdrawn, in the order shown
    int m_shown = 0;
    std::vector<double> m_latencies;
};

} // namespace bake
