#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace trackwright {

/// One line of the positions tower.
struct RaceStanding {
    std::uint32_t car = 0;     ///< index of the car (the order it was added in)
    double progress = 0.0;     ///< m of the race covered, laps included: what orders the cars still racing
    int laps = 0;              ///< laps completed (capped at the race's length)
    bool finished = false;     ///< the car has taken the flag
    double gapToLeader = 0.0;  ///< s behind the leader (0 for the leader)
    double gapToAhead = 0.0;   ///< s behind the car one place up (0 for the leader)
    bool retired = false;      ///< the car has retired (RaceWorld::retireCar): behind every car still racing
};

/// Timing-loop gaps, as a race's timing screens show them: how long ago the car ahead was where
/// this car is now — not distance over speed, which is wrong in every braking zone. Keeps a ring of
/// every car's progress sampled every `step` seconds and reads the gap off the car ahead's history,
/// interpolated between samples. Shared by the runtime's RaceWorld and the bake's race tally.
/// Allocates only in reset and addCar; record, timeAt and rank allocate nothing. Deterministic.
class RaceTiming {
public:
    static constexpr double kDefaultStep = 0.1;            ///< s between history samples
    static constexpr std::size_t kDefaultSamples = 1800;   ///< samples kept: three minutes at 0.1 s
    static constexpr double kMinStep = 0.001;              ///< s: finer than any tick is pointless
    static constexpr double kMaxStep = 60.0;               ///< s: coarser reads no gap worth showing
    /// Samples kept per car at most (8 bytes each): a day at the default step, 0.7 MB a car.
    static constexpr std::size_t kMaxSamples = 864000;

    /// True for a step and a ring size reset takes as given: step in [kMinStep, kMaxStep] (finite),
    /// samples in [2, kMaxSamples].
    static constexpr bool validSettings(double step, std::size_t samples) {
        return step >= kMinStep && step <= kMaxStep && samples >= 2 && samples <= kMaxSamples;
    }

    RaceTiming() = default;
    RaceTiming(std::size_t cars, double step = kDefaultStep, std::size_t samples = kDefaultSamples) { reset(cars, step, samples); }

    /// Forgets everything: room for `cars` cars, each a ring of `samples` samples every `step` s
    /// (a gap longer than samples · step reads as that long; settings validSettings refuses fall
    /// back to the default step and the nearest ring size). The clock starts at 0. Allocates.
    void reset(std::size_t cars, double step = kDefaultStep, std::size_t samples = kDefaultSamples);
    /// Makes room for `cars` cars without adding them (addCar up to that many then allocates nothing).
    void reserve(std::size_t cars) { m_history.reserve(cars * m_samples); }
    /// One more car, with a history of zeros: add cars before the first record.
    void addCar() { m_history.resize(m_history.size() + m_samples, 0.0); }
    std::size_t cars() const { return m_samples ? m_history.size() / m_samples : 0; }

    /// Takes every car's progress (m, laps included; progress[car]) at `now` s: a sample every
    /// `step` s from 0, every one due by `now` holding these values (a ringful at most: after a
    /// longer jump the next sample is a step after `now`). Call with now non-decreasing.
    void record(double now, std::span<const double> progress);
    /// s of race time at which `car` was at `progress` m, interpolated in its history; `now` when it
    /// has not yet got there (no gap to read), the oldest sample's time when it was there before it.
    double timeAt(std::uint32_t car, double progress, double now) const;

    /// Orders the tower and fills its gaps. Each standing arrives with car, progress, laps and
    /// finished filled, in any order (last tick's order sorts fastest); they leave leader first:
    /// finished cars by `finishPlace[car]` (their place at the flag; anything ≥ the car count for a
    /// car still racing), then by progress, ties by car index. Gaps: between finished cars the
    /// difference of `finishTime[car]` (s), else the timing-loop gap at `now`. An insertion sort:
    /// no allocation, O(n) when the order changed little.
    void rank(std::span<RaceStanding> standings, std::span<const std::uint32_t> finishPlace, std::span<const double> finishTime, double now) const;

private:
    /// timeAt, the search starting back from sample `newer` (time order, 0 the oldest kept) when
    /// that sample is past `progress`, else from the newest; leaves in `newer` the first sample
    /// past `progress`, where a search for a smaller progress may start.
    double timeAt(std::uint32_t car, double progress, double now, std::size_t& newer) const;

    std::size_t m_samples = kDefaultSamples;
    double m_step = kDefaultStep;
    /// Per car (car-major, m_samples each): a ring of progress samples, the newest at m_head − 1.
    std::vector<double> m_history;
    std::size_t m_count = 0, m_head = 0;
    double m_nextSample = 0.0;
};

} // namespace trackwright
