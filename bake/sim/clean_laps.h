#pragma once

#include "bake/sim/race.h"

#include <cstddef>
#include <vector>

namespace bake {

/// Which of each car's race laps were clean (issue 50: a driver's strength is measured on them): a
/// flying lap (not the first) on which no car was within reach ahead (kCleanAheadTime at its speed,
/// at least kCleanAheadGap), beside it or close behind (kCleanBehindTime, at least kCleanBehindGap),
/// and it had no contact, made no mistake and no pit stop. Call update after every step.
class CleanLapWatch {
public:
    static constexpr float kCleanAheadTime = 2.0f;   ///< s
    static constexpr float kCleanAheadGap = 50.0f;   ///< m
    static constexpr float kCleanBehindTime = 1.0f;  ///< s
    static constexpr float kCleanBehindGap = 25.0f;  ///< m

    explicit CleanLapWatch(std::size_t cars) : m_laps(cars), m_counted(cars, 0), m_contacts(cars, 0), m_mistakes(cars, 0), m_disturbed(cars, false) {}
    void update(const Race& race);
    /// s, car `car`'s clean laps in the order driven.
    const std::vector<double>& cleanLaps(std::size_t car) const { return m_laps[car]; }

private:
    std::vector<std::vector<double>> m_laps;
    std::vector<std::size_t> m_counted;   ///< laps seen completed
    std::vector<int> m_contacts;          ///< contact episodes seen
    std::vector<std::uint32_t> m_mistakes; ///< mistakes seen
    std::vector<bool> m_disturbed;        ///< this lap so far
};

} // namespace bake
