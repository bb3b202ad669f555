#pragma once

#include <cstdint>

namespace trackwright {

/// How one AI driver races (issue 25), so that a field spreads out as a real one does.
struct DriverProfile {
    float pace = 1.0f;         ///< fraction of the speed hints it drives at, (0, 1]
    /// 0…1: how hard it defends (the size of its defending move) and how readily it tries a pass
    /// (the catch time it commits at). 0 never defends.
    float aggression = 0.5f;
    /// 0…1: how evenly it laps. Its pace drops by up to (1 − consistency) · 2 % on stretches of
    /// ~200 m drawn from `seed`, so no two laps are the same; 1 laps like a metronome.
    float consistency = 0.9f;
    float reactionTime = 0.3f;  ///< s from the start signal to its throttle
    std::uint64_t seed = 0;     ///< its own noise (a race draws one per driver)
    /// [0.5, 1]: how fast it laps. 1 drives the car's ideal lap on its line; its clean lap takes
    /// 1/strength of the strength-1 lap's time, reached by taking corners and braking zones slower
    /// (traffic/driver_strength.h). `pace` scales that uniformly: a race's field still spreads by
    /// pace until race craft predicts cars that differ in the corners only (issue 50).
    float strength = 1.0f;
    /// 0…1: how pressure from a car close behind raises its mistakes (traffic/driver_mistakes.h):
    /// under pressure its rates grow by 1 + 2 · (1 − composure); 1 never cracks.
    float composure = 0.5f;
    /// 0…1: how early it tries a pass: the gap it commits from scales by 1 + 0.8 · (optimism − 0.5).
    float optimism = 0.5f;
    /// 0…1: how gently it handles brakes and throttle: its lock-ups and slides come at
    /// 1.5 − smoothness of their rates (traffic/driver_mistakes.h).
    float smoothness = 0.5f;
    /// 0…1: its pit crew's skill: a stop stands 1.25 − 0.5 · pitCrew of the track's pit stop time.
    float pitCrew = 0.5f;
    /// [0, 4]: how many of the documented mistakes it makes, as a multiple of their rates
    /// (traffic/driver_mistakes.h). 0, the default, makes none: a game turns them on.
    float mistakes = 0.0f;
};

/// True when every field is finite and in range (pace in (0, 1], aggression, consistency, composure,
/// optimism, smoothness and pit crew in [0, 1], reaction time in [0, 5] s, strength in [0.5, 1],
/// mistakes in [0, 4]).
bool validDriverProfile(const DriverProfile& profile);

/// The pace factor of `profile` on the stretch around `distance` m of the race (laps included):
/// pace · (1 − (1 − consistency) · 0.02 · u), u ∈ [0, 1) drawn from (seed, stretch) with SplitMix64,
/// eased between neighbouring stretches so the speed never steps. Deterministic, no state.
float paceAt(const DriverProfile& profile, double distance);

/// The most DriverProfile::mistakes: four times the documented rates.
inline constexpr float kMostMistakes = 4.0f;
/// s: the longest reaction time a profile may have.
inline constexpr float kMostReactionTime = 5.0f;

/// The factor on a track's pit stop time a driver's crew stands it for: 1.25 − 0.5 · pitCrew.
float pitCrewFactor(const DriverProfile& profile);

/// The factor on race craft's decision gap its optimism gives: 1 + 0.8 · (optimism − 0.5).
float optimismFactor(const DriverProfile& profile);

/// The most optimismFactor gives (optimism 1).
inline constexpr float kMostOptimismFactor = 1.4f;

/// SplitMix64: the next 64-bit number of the sequence whose state is `state` (advanced). The same
/// numbers on every platform, unlike the standard library's distributions.
std::uint64_t splitMix64(std::uint64_t& state);

} // namespace trackwright
